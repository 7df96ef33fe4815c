"""The Store interface: a flat key -> bytes space with create-only writes.

Keys come from runner.store.keys only. `put_if_absent` is what makes a trial's side effects
at-most-once under Ray's at-least-once retries: the DONE marker is written with it, last.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from runner.errors import RefusedInput


class Store(ABC):
    uri: str

    @abstractmethod
    def put(self, key: str, data: bytes) -> None: ...

    @abstractmethod
    def put_if_absent(self, key: str, data: bytes) -> bool:
        """Write only if the key does not exist; True when this call created it."""

    @abstractmethod
    def get(self, key: str) -> bytes:
        """Raise KeyError when absent."""

    @abstractmethod
    def exists(self, key: str) -> bool: ...

    @abstractmethod
    def delete(self, key: str) -> None:
        """Remove a key; absent keys are fine."""

    @abstractmethod
    def list(self, prefix: str) -> list[str]:
        """Keys under prefix, sorted."""

    def preflight(self) -> None:  # noqa: B027 - most backends have nothing to check
        """Before anything is planned or spent: refuse (RefusedInput) a store that cannot
        work as given, and fail (StoreError) one that cannot be reached."""


SCHEMES = ("a directory", "file://DIR", "s3://BUCKET[/PREFIX]")


def open_store(uri: str, endpoint_url: str | None = None) -> Store:
    """Pick the backend by URI scheme; heavy clients (boto3) import only when used."""
    scheme, sep, _ = uri.partition("://")
    if not sep:
        scheme = ""
    if scheme == "s3":
        from runner.store.s3 import S3Store

        return S3Store(uri, endpoint_url)
    if scheme == "memory":
        from runner.store.memory import MemoryStore

        return MemoryStore()
    if scheme in ("", "file"):
        from pathlib import Path

        from runner.store.local import LocalStore

        return LocalStore(Path(uri.removeprefix("file://")))
    raise RefusedInput(f"--store {uri}: unsupported scheme {scheme}://; a store is "
                       f"{', '.join(SCHEMES)}")

"""The Store interface: a flat key -> bytes space with create-only and conditional writes.

Keys come from runner.store.keys only. `put_if_absent` is what makes a trial's side effects
at-most-once under Ray's at-least-once retries: the DONE marker is written with it, last.
`get_versioned` + `put_if_match` are a compare-and-swap: records several drivers rewrite (a
skill's index, a saved name) change through `runner.store.cas.update`, which retries on a
lost race, so two drivers finishing at once both keep their change.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable

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
    def get_versioned(self, key: str) -> tuple[bytes, str]:
        """The bytes and an opaque version of them (an ETag, a digest); KeyError when absent."""

    @abstractmethod
    def put_if_match(self, key: str, data: bytes, version: str | None) -> bool:
        """Write only if the key still holds `version` (None: only if it is absent); True
        when this call wrote, False when another writer changed the key first."""

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


def _local(uri: str, endpoint_url: str | None) -> Store:
    from pathlib import Path

    from runner.store.local import LocalStore

    return LocalStore(Path(uri.removeprefix("file://")))


def _s3(uri: str, endpoint_url: str | None) -> Store:
    from runner.store.s3 import S3Store

    return S3Store(uri, endpoint_url)


def _memory(uri: str, endpoint_url: str | None) -> Store:
    from runner.store.memory import MemoryStore

    return MemoryStore()


# Store backends by URI scheme, each importing lazily (boto3 loads only for s3://), the same
# pattern as sandbox backends (runner/sandbox/registry.py) and scorers (runner/scoring/base.py).
BACKENDS: dict[str, Callable[[str, str | None], Store]] = {
    "": _local, "file": _local, "s3": _s3, "memory": _memory}


def open_store(uri: str, endpoint_url: str | None = None) -> Store:
    scheme, sep, _ = uri.partition("://")
    factory = BACKENDS.get(scheme if sep else "")
    if factory is None:
        raise RefusedInput(f"--store {uri}: unsupported scheme {scheme}://; a store is "
                           f"{', '.join(SCHEMES)}")
    return factory(uri, endpoint_url)

"""A local directory store: keys are relative paths under a root.

Every write is atomic (complete or absent): bytes go to a temporary file in the same folder,
are flushed to disk, then renamed (put) or hard-linked (put_if_absent, which must not replace)
into place. A full disk or any other OS failure leaves no partial key and raises StoreError.
`put_if_match` is a compare-and-swap: under an exclusive lock on a lock file beside the key
(named like a temporary file, so listings skip it), the key's digest is compared with the
version the writer read, and only then is the new copy renamed into place. Every process on
the machine (or on a shared filesystem honouring flock) serialises on that lock.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

from runner.errors import RefusedInput, StoreError
from runner.store.base import Store

TMP_PREFIX = ".tmp-"


class LocalStore(Store):
    def __init__(self, root: Path) -> None:
        self.root = root.resolve()
        self.uri = str(self.root)

    def preflight(self) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise RefusedInput(f"--store {self.uri}: is a file, not a directory; pick a "
                               "directory (it is created if missing)")
        try:
            self.root.mkdir(parents=True, exist_ok=True)
            fd, probe = tempfile.mkstemp(dir=self.root, prefix=TMP_PREFIX)
            os.close(fd)
            os.unlink(probe)
        except OSError as exc:
            raise RefusedInput(f"--store {self.uri}: cannot write there ({exc.strerror}); "
                               "pick a writable directory") from exc

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root):
            raise ValueError(f"store key escapes the store: {key!r}")
        return path

    @contextlib.contextmanager
    def _staged(self, key: str, data: bytes) -> Iterator[tuple[Path, str]]:
        """A complete, flushed temporary copy of `data` beside the key's path."""
        path = self._path(key)
        tmp: str | None = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=TMP_PREFIX)
            with os.fdopen(fd, "wb") as handle:
                handle.write(data)
                handle.flush()
                os.fsync(handle.fileno())
            yield path, tmp
        except OSError as exc:
            raise StoreError(f"store {self.uri}: cannot write {key}: {exc}") from exc
        finally:
            if tmp is not None:
                with contextlib.suppress(FileNotFoundError):
                    os.unlink(tmp)

    def put(self, key: str, data: bytes) -> None:
        with self._staged(key, data) as (path, tmp):
            os.replace(tmp, path)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        with self._staged(key, data) as (path, tmp):
            try:
                os.link(tmp, path)  # atomic, and fails if the key exists
            except FileExistsError:
                return False
            return True

    @contextlib.contextmanager
    def _locked(self, key: str) -> Iterator[None]:
        path = self._path(key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(path.parent / f"{TMP_PREFIX}lock-{path.name}", os.O_RDWR | os.O_CREAT,
                         0o644)
        except OSError as exc:
            raise StoreError(f"store {self.uri}: cannot lock {key}: {exc}") from exc
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            yield
        finally:
            os.close(fd)  # closing releases the lock

    def get_versioned(self, key: str) -> tuple[bytes, str]:
        data = self.get(key)
        return data, hashlib.sha256(data).hexdigest()

    def put_if_match(self, key: str, data: bytes, version: str | None) -> bool:
        with self._staged(key, data) as (path, tmp), self._locked(key):
            try:
                current: str | None = hashlib.sha256(path.read_bytes()).hexdigest()
            except FileNotFoundError:
                current = None
            if current != version:
                return False
            os.replace(tmp, path)
            return True

    def get(self, key: str) -> bytes:
        try:
            return self._path(key).read_bytes()
        except FileNotFoundError as exc:
            raise KeyError(key) from exc
        except OSError as exc:
            raise StoreError(f"store {self.uri}: cannot read {key}: {exc}") from exc

    def exists(self, key: str) -> bool:
        return self._path(key).exists()

    def delete(self, key: str) -> None:
        try:
            self._path(key).unlink(missing_ok=True)
        except OSError as exc:
            raise StoreError(f"store {self.uri}: cannot delete {key}: {exc}") from exc

    def list(self, prefix: str) -> list[str]:
        base = self._path(prefix) if prefix else self.root
        if not base.exists():
            return []
        if base.is_file():
            return [prefix]
        return sorted(str(p.relative_to(self.root)) for p in base.rglob("*")
                      if p.is_file() and not p.name.startswith(TMP_PREFIX))

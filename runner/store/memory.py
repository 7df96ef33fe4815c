"""An in-memory store for unit tests of the logic around storage (not shared across processes)."""

from __future__ import annotations

import hashlib
import threading

from runner.store.base import Store


def _version(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


class MemoryStore(Store):
    uri = "memory://"

    def __init__(self) -> None:
        self._data: dict[str, bytes] = {}
        self._lock = threading.Lock()

    def put(self, key: str, data: bytes) -> None:
        with self._lock:
            self._data[key] = bytes(data)

    def put_if_absent(self, key: str, data: bytes) -> bool:
        with self._lock:
            if key in self._data:
                return False
            self._data[key] = bytes(data)
            return True

    def get(self, key: str) -> bytes:
        with self._lock:
            return self._data[key]

    def get_versioned(self, key: str) -> tuple[bytes, str]:
        with self._lock:
            data = self._data[key]
        return data, _version(data)

    def put_if_match(self, key: str, data: bytes, version: str | None) -> bool:
        with self._lock:
            current = self._data.get(key)
            if (None if current is None else _version(current)) != version:
                return False
            self._data[key] = bytes(data)
            return True

    def exists(self, key: str) -> bool:
        with self._lock:
            return key in self._data

    def delete(self, key: str) -> None:
        with self._lock:
            self._data.pop(key, None)

    def list(self, prefix: str) -> list[str]:
        with self._lock:
            return sorted(k for k in self._data if k.startswith(prefix))

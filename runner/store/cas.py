"""Read-change-write of one key by compare-and-swap, retried when another writer got there
first: what keeps both entries when two drivers finish runs of one skill at the same instant
(each rewrites that skill's index).

`change` receives the key's current bytes (None when absent) and returns the new bytes, or
None to leave the key as it is; it is called again on the fresh bytes after every lost race,
so it must be a pure function of them.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from runner.errors import StoreError
from runner.store.base import Store

ATTEMPTS = 50  # enough for dozens of drivers finishing in one instant
BACKOFF_S = 0.02  # first wait; doubles to BACKOFF_MAX_S, jittered so racers spread out
BACKOFF_MAX_S = 1.0


def read_versioned(store: Store, key: str) -> tuple[bytes | None, str | None]:
    try:
        data, version = store.get_versioned(key)
    except KeyError:
        return None, None
    return data, version


def update(store: Store, key: str, change: Callable[[bytes | None], bytes | None],
           attempts: int = ATTEMPTS) -> bytes | None:
    """Apply `change` to `key` atomically with respect to other `update`s; the key's bytes
    after it (None: absent and left so)."""
    wait = BACKOFF_S
    for _ in range(attempts):
        current, version = read_versioned(store, key)
        new = change(current)
        if new is None:
            return current
        if store.put_if_match(key, new, version):
            return new
        time.sleep(random.uniform(0, wait))  # noqa: S311 - jitter, not security
        wait = min(wait * 2, BACKOFF_MAX_S)
    raise StoreError(f"store {store.uri}: {key} kept changing under {attempts} attempts to "
                     "update it; another writer is rewriting it in a loop")

"""Session slots: how many claude sessions may talk to the model at once on this node.

The scheduler keeps more trials in flight than there are sessions (`--prefetch`): the extra
ones stage their working directory, start their gateway and their container, and then wait
here. When a session ends its slot goes to a waiting trial, whose claude starts at once: the
container start, staging, output collection, grading and storing of one trial overlap the
model time of the others instead of adding to the wall time.

A slot is an exclusive `flock` on one of N files. The kernel drops it when its holder dies,
so a killed worker never keeps a slot, and it works across Ray workers (processes) and
threads (each acquisition opens its own file description) alike.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from runner.sandbox.reap import SLOTS_DIR

__all__ = ["SLOTS_DIR", "SessionSlots", "node_sandbox_capacity"]
POLL_S = 0.02


class SessionSlots:
    def __init__(self, directory: Path, count: int) -> None:
        if count < 1:
            raise ValueError("a node needs at least one session slot")
        self.directory, self.count = directory, count

    @contextlib.contextmanager
    def hold(self, waiting: Callable[[], None] | None = None) -> Iterator[int]:
        """Block until a slot is free, hold it for the block; yields its number. `waiting`
        is called between polls (raise from it to give up, e.g. on a stop request)."""
        self.directory.mkdir(parents=True, exist_ok=True)
        while True:
            for number in range(self.count):
                fd = os.open(self.directory / f"{self.count}-{number}.lock",
                             os.O_RDWR | os.O_CREAT, 0o600)
                try:
                    fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    os.close(fd)
                    continue
                try:
                    os.utime(fd)  # when this node last started a session: see settle()
                    yield number
                finally:
                    os.close(fd)  # closing the only descriptor releases the lock
                return
            if waiting is not None:
                waiting()
            time.sleep(POLL_S)


    def settle(self, quiet_s: float) -> float:
        """Wait until no session of these slots started in the last `quiet_s` seconds (at most
        that long); returns the seconds waited. A claude starting up is the most CPU-hungry
        moment of a session: a prefetched container started beside it slows that start-up,
        on the session's clock, more than the prefetch gains."""
        waited = 0.0
        while waited < quiet_s:
            newest = 0.0
            for number in range(self.count):
                try:
                    newest = max(newest, (self.directory / f"{self.count}-{number}.lock")
                                 .stat().st_mtime)
                except FileNotFoundError:
                    continue
            left = min(newest + quiet_s - time.time(), quiet_s - waited)
            if left <= 0:
                break
            time.sleep(left)
            waited += left
        return waited


def node_sandbox_capacity() -> tuple[str, int] | None:
    """This Ray node's id and the `sandbox` resource it declares (sessions it holds), or None
    outside Ray or when the node declares none. Read once per worker process. (Keyed by node:
    two Ray nodes on one host share its scratch root, not their sessions.)"""
    global _capacity_read, _capacity
    if not _capacity_read:
        _capacity_read, _capacity = True, _read_capacity()
    return _capacity


_capacity_read = False
_capacity: tuple[str, int] | None = None


def _read_capacity() -> tuple[str, int] | None:
    try:
        import ray

        if not ray.is_initialized():
            return None
        node_id = ray.get_runtime_context().get_node_id()
        for node in ray.nodes():  # type: ignore[no-untyped-call]
            if node.get("NodeID") == node_id:
                total = (node.get("Resources") or {}).get("sandbox")
                return (str(node_id)[:16], int(total)) if total else None
    except Exception:  # noqa: BLE001 - no Ray, or Ray without a GCS: the pass's count holds
        return None
    return None

"""One driver per run: a lease in the store.

The driver creates `runs/<id>/LEASE` create-only and rewrites it every few seconds while it
runs; a lease not renewed for its time-to-live belongs to a driver that died and is taken over.
A second driver finds a live lease and refuses, naming the holder and its age (or, with
`--wait`, waits for it to end). Works on any store with create-only writes (local, S3).
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import socket
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime

from pydantic import BaseModel, ValidationError

from runner import config
from runner.errors import RunBusy, StoreError
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)


class LeaseRecord(BaseModel):
    token: str
    host: str
    pid: int
    acquired_at: datetime
    renewed_at: datetime

    def age_s(self) -> float:
        return (datetime.now(UTC) - self.renewed_at).total_seconds()

    def holder_is_dead(self) -> bool:
        """Known dead without waiting for the time-to-live: a driver on this host whose
        process is gone (killed, crashed). Elsewhere only the lease's age can tell."""
        if self.host != socket.gethostname():
            return False
        try:
            os.kill(self.pid, 0)
        except ProcessLookupError:
            return True
        except PermissionError:
            return False
        return False


class Lease:
    def __init__(self, store: Store, run_id: str, ttl_s: float = config.LEASE_TTL_S,
                 renew_s: float = config.LEASE_RENEW_S) -> None:
        self.store, self.run_id = store, run_id
        self.key = RunKeys(run_id).lease
        self.ttl_s, self.renew_s = ttl_s, renew_s
        now = datetime.now(UTC)
        self.record = LeaseRecord(token=secrets.token_hex(8), host=socket.gethostname(),
                                  pid=os.getpid(), acquired_at=now, renewed_at=now)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    def holder(self) -> LeaseRecord | None:
        try:
            return LeaseRecord.model_validate_json(self.store.get(self.key))
        except KeyError:
            return None
        except ValidationError:
            return None  # a torn lease is as good as none: it cannot be renewed by anyone

    def try_acquire(self) -> LeaseRecord | None:
        """None when the lease is ours now; otherwise the live holder."""
        if self.store.put_if_absent(self.key, self.record.model_dump_json().encode()):
            return None
        held = self.holder()
        if held is not None and held.age_s() <= self.ttl_s and not held.holder_is_dead():
            return held
        log.warning("run %s: taking over a stale lease (%s)", self.run_id,
                    "unreadable" if held is None else
                    f"{held.host} pid {held.pid}, last renewed {held.age_s():.0f}s ago")
        self.store.delete(self.key)
        if self.store.put_if_absent(self.key, self.record.model_dump_json().encode()):
            return None
        return self.holder() or self.record

    def acquire(self, wait: bool = False) -> None:
        while True:
            held = self.try_acquire()
            if held is None:
                break
            if not wait:
                raise RunBusy(
                    f"run {self.run_id} is being run by another driver ({held.host} pid "
                    f"{held.pid}, started {held.acquired_at:%Y-%m-%d %H:%M:%S} UTC, lease "
                    f"renewed {held.age_s():.0f}s ago): wait for it with --wait, stop it with "
                    f"`skill-eval stop {self.run_id}`, or pass --fresh for a separate run")
            time.sleep(self.renew_s)
        self._thread = threading.Thread(target=self._renew, name="skill-eval-lease",
                                        daemon=True)
        self._thread.start()

    def _renew(self) -> None:
        while not self._stop.wait(self.renew_s):
            self.record = self.record.model_copy(update={"renewed_at": datetime.now(UTC)})
            try:
                self.store.put(self.key, self.record.model_dump_json().encode())
            except StoreError as exc:
                log.warning("run %s: could not renew the lease: %s", self.run_id, exc)

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
        held = self.holder()
        if held is not None and held.token == self.record.token:
            with contextlib.suppress(StoreError):
                self.store.delete(self.key)


@contextlib.contextmanager
def leases(store: Store, run_ids: list[str], wait: bool = False) -> Iterator[None]:
    taken: list[Lease] = []
    try:
        for run_id in dict.fromkeys(run_ids):
            lease = Lease(store, run_id)
            lease.acquire(wait)
            taken.append(lease)
        yield
    finally:
        for lease in reversed(taken):
            lease.release()

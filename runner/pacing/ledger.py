"""The run-level budget and kill switch, shared by every gateway of a run across all nodes.

    Ledger (a Ray actor per run)    spent so far, the cap, and a stop reason once stopped
    BudgetGuard (in each gateway)   asks before forwarding, charges after each response

A gateway refuses new model requests once the run is stopped (cap reached, `skill-eval stop`,
or Ctrl-C), so in-flight sessions end at their next model call and no new trial starts.
Spend can exceed the cap by at most the responses already in flight: one wave.
"""

from __future__ import annotations

import threading
from typing import Any

from pydantic import BaseModel

from runner.pacing.actors import (
    PassActor,
    call_async,
    find_actor,
    is_remote,
    start_actor,
)


class LedgerState(BaseModel):
    cap_usd: float | None
    spent_usd: float
    stopped: str | None


class LocalLedger:
    """The ledger's logic; used in-process by tests and wrapped as a Ray actor for runs."""

    def __init__(self, cap_usd: float | None, spent_usd: float = 0.0,
                 label: str = "budget") -> None:
        self.cap_usd = cap_usd
        self.label = label  # what the cap is, in the stop reason (the run's, the store's)
        self.spent_usd = spent_usd  # a resumed run starts from what it already spent
        self.stopped: str | None = None
        self._lock = threading.Lock()
        # a later wave of a run whose earlier waves spent the cap starts stopped
        self._check()

    def charge(self, usd: float) -> LedgerState:
        with self._lock:
            self.spent_usd += usd
            self._check()
            return self.state()

    def _check(self) -> None:
        if self.cap_usd is not None and self.spent_usd >= self.cap_usd and not self.stopped:
            self.stopped = (f"{self.label}: spent ${self.spent_usd:.4f} of the "
                            f"${self.cap_usd:.4f} cap")

    def stop(self, reason: str) -> LedgerState:
        with self._lock:
            self.stopped = self.stopped or reason
            return self.state()

    def state(self) -> LedgerState:
        return LedgerState(cap_usd=self.cap_usd, spent_usd=self.spent_usd, stopped=self.stopped)


KIND = "ledger"


class Ledger:
    """The driver's handle on a pass's ledger, local or a Ray actor, with blocking calls."""

    def __init__(self, actor: PassActor) -> None:
        self._actor = actor
        self.pass_id = actor.pass_id

    def state(self) -> LedgerState:
        state: LedgerState = self._actor.call("state")
        return state

    def stop(self, reason: str) -> None:
        self._actor.tell("stop", reason)

    def close(self) -> None:
        self._actor.close()


def start_ledger(pass_id: str, cap_usd: float | None, spent_usd: float = 0.0,
                 in_process: bool = False, label: str = "budget") -> Ledger:
    """Create (or, on resume, replace) the pass's ledger."""
    return Ledger(start_actor(KIND, pass_id, LocalLedger, (cap_usd, spent_usd, label),
                              in_process))


def find_ledger(pass_id: str) -> Any:
    """What a trial's gateway charges: this process's ledger, or the pass's Ray actor."""
    return find_actor(KIND, pass_id)


class BudgetGuard:
    """What a gateway consults: None means no budget, a LocalLedger or a Ray actor handle."""

    def __init__(self, ledger: Any = None) -> None:
        self._ledger = ledger
        self._remote = is_remote(ledger, LocalLedger)
        self.stopped: str | None = None

    async def refresh(self) -> str | None:
        if self._ledger is None:
            return None
        state = await self._call("state")
        self.stopped = state.stopped
        return self.stopped

    async def charge(self, usd: float) -> None:
        if self._ledger is None or usd <= 0:
            return
        state = await self._call("charge", usd)
        self.stopped = state.stopped

    async def _call(self, method: str, *args: Any) -> LedgerState:
        state: LedgerState = await call_async(self._ledger, self._remote, method, *args)
        return state

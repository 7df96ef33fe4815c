"""The driver's side of a pass: progress, metrics, leaks, the budget and the stop flag."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from rich.console import Console
from rich.text import Text

from runner.driver.metrics import RunMetrics
from runner.driver.scheduler import Control
from runner.driver.stops import StopReason, requested
from runner.driver.storewide import StoreSpend
from runner.pacing.governor import Governor
from runner.pacing.ledger import Ledger
from runner.schema.enums import TrialStatus
from runner.schema.trial import TrialResult, TrialSpec
from runner.store.base import Store

log = logging.getLogger(__name__)
STOPPED_BY_USER = StopReason.USER
# A stop asked for (the wave's flag, the store's kill switch) is two reads of the store: once a
# second at most, not once per result, which on S3 (two HEADs, tens of ms each) would bound a
# driver's results per second whatever the cluster's size. Trials check the flag themselves
# before their session starts, so none starts late for this.
STOP_CHECK_S = 1.0


class Progress:
    """Progress on the driver's console. On a terminal: one live line with trials done by arm,
    holes, spend so far and an ETA. Elsewhere (a pipe, a CI log): one plain line per finished
    trial, `[5/12] orders-flatten r0 candidate fail 2.1s $0.027`. Silent on a quiet console."""

    def __init__(self, total: int, console: Console) -> None:
        self.total, self.done = total, 0
        self.console = console
        self.tty = console.is_terminal and not console.quiet
        self.by_arm: dict[str, int] = {}
        self.holes = 0
        self.spent = 0.0
        self.fresh = 0  # trials that ran in this pass (reused ones say nothing of speed)
        self.started = time.monotonic()

    def advance(self, result: TrialResult, reused: bool) -> None:
        self.done += 1
        self.by_arm[str(result.arm)] = self.by_arm.get(str(result.arm), 0) + 1
        self.holes += result.status.is_hole
        if result.usage is not None:
            self.spent += result.usage.cost_usd
        if self.console.quiet:
            return
        if self.tty:
            self.fresh += not reused
            self.console.file.write("\r\x1b[2K" + self.status_line())
            self.console.file.flush()
        elif not reused:
            self.console.print(Text(self.trial_line(result)))

    def trial_line(self, r: TrialResult) -> str:
        outcome = str(r.status) if r.status.is_hole else (
            "graded later" if r.passed is None else "pass" if r.passed else "fail")
        wall = "n/a" if r.wall_s is None else f"{r.wall_s:.1f}s"
        cost = "n/a" if r.usage is None else f"${r.usage.cost_usd:.3f}"
        retry = f" (attempt {r.attempt})" if r.attempt > 1 else ""
        return (f"[{self.done}/{self.total}] {r.case_id} r{r.repetition} {r.arm} {outcome} "
                f"{wall} {cost}{retry}")

    def status_line(self) -> str:
        arms = ", ".join(f"{arm} {n}" for arm, n in sorted(self.by_arm.items()))
        line = (f"trials {self.done}/{self.total} ({arms}), holes {self.holes}, "
                f"${self.spent:.2f}")
        elapsed = time.monotonic() - self.started
        if self.fresh and self.done < self.total:
            eta = elapsed / self.fresh * (self.total - self.done)
            line += f", ETA {int(eta // 60)}m{int(eta % 60):02d}s"
        return line

    def close(self) -> None:
        if self.tty and self.done:
            self.console.file.write("\r\x1b[2K")
            self.console.file.flush()


@dataclass(frozen=True)
class Spending:
    """What a wave's spend is held against: its ledger (None: no cap), its record in the
    store's day, and what the run had spent when the wave began."""

    ledger: Ledger | None = None
    store_spend: StoreSpend | None = None
    spent_before: float = 0.0


class RunControl(Control):
    def __init__(self, pass_id: str, store: Store, spending: Spending | None,
                 metrics: RunMetrics, progress: Progress,
                 governor: Governor | None = None) -> None:
        spending = spending or Spending()
        self.pass_id, self.store, self.metrics = pass_id, store, metrics
        self.ledger, self.store_spend = spending.ledger, spending.store_spend
        self.spent_before = spending.spent_before
        self.new_spend = 0.0  # what this pass's trials spent (sessions and grading)
        self.governor = governor
        # Not asked before a second has passed: nothing can have pushed back before the first
        # trials ran, and the governor actor, created a moment ago, would hold the first
        # wave until its worker has started (measured: ~2 s of every pass, bench/overhead.py)
        self._pressure_checked = time.monotonic()
        self._under_pressure = False
        self.progress = progress
        self.leaks: list[TrialResult] = []
        self.spent = 0.0
        self._asked: StopReason | None = None
        self._stop_checked = float("-inf")

    def on_submit(self, spec: TrialSpec) -> None:
        self.metrics.submitted(spec)

    def capacity(self, concurrency: int) -> int:
        """Fewer trials start while the upstream pushes back (half, at least one); asked of
        the governor at most once a second."""
        if self.governor is None:
            return concurrency
        now = time.monotonic()
        if now - self._pressure_checked >= 1.0:
            self._pressure_checked = now
            try:
                state = self.governor.state()
                self._under_pressure = state.under_pressure
                self.metrics.read_governor(state)
            except Exception:  # noqa: BLE001 - pacing is advice: never stop a run over it
                self._under_pressure = False
            self.metrics.pressure.set(1 if self._under_pressure else 0)
        return max(1, concurrency // 2) if self._under_pressure else concurrency

    def on_result(self, result: TrialResult, reused: bool) -> None:
        self.metrics.finished_trial(result, reused)
        if result.leak:
            self.leaks.append(result)
        if result.usage is not None:  # reused results were paid for too
            self.spent += result.usage.cost_usd
        if not reused:
            self.new_spend += (result.usage.cost_usd if result.usage else 0.0) + sum(
                s.cost_usd or 0.0 for s in result.scores.values())
        if not reused:
            log.info("trial %s %s rep %d %s: %s%s", result.trial_id[:12], result.case_id,
                     result.repetition, result.arm, result.status,
                     f" ({result.error})" if result.error else "")
        self.progress.advance(result, reused)

    def stop_reason(self, result: TrialResult | None) -> str | None:
        if self.leaks:
            return f"skill leak in case {self.leaks[0].case_id!r}"
        asked = self._requested(result)
        if asked is not None:
            self.stop(asked)
            return asked
        new_spend = self.new_spend
        if self.ledger is not None:
            state = self.ledger.state()
            self.metrics.budget(state.spent_usd)
            if state.stopped:
                return state.stopped
            new_spend = state.spent_usd - self.spent_before
        else:
            self.metrics.budget(self.spent)
        if self.store_spend is not None:
            reason = self.store_spend.exceeded(new_spend)
            if reason:
                self.stop(reason)
                return reason
        return None

    def _requested(self, result: TrialResult | None) -> StopReason | None:
        """A trial that saw the stop itself (it did not start) has it read at once."""
        now = time.monotonic()
        seen = result is not None and result.status is TrialStatus.STOPPED
        if self._asked is None and (seen or now - self._stop_checked >= STOP_CHECK_S):
            self._stop_checked = now
            self._asked = requested(self.store, self.pass_id)
        return self._asked

    def stop(self, reason: str) -> None:
        if self.ledger is not None:
            self.ledger.stop(reason)

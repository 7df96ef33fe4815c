"""The driver's side of a pass: progress, metrics, leaks, the budget and the stop flag."""

from __future__ import annotations

import logging
import sys
import time
from typing import TextIO

from runner.driver.budget import Ledger
from runner.driver.metrics import RunMetrics
from runner.driver.scheduler import Control
from runner.schema.trial import TrialResult, TrialSpec
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)
STOPPED_BY_USER = "stopped by `skill-eval stop`"
PLAIN_PROGRESS_S = 30.0  # a progress line this often when the output is not a terminal


class Progress:
    """A one-line live counter on a terminal; plain timestamped lines in a pipe or CI log."""

    def __init__(self, total: int, stream: TextIO | None = None) -> None:
        self.total, self.done = total, 0
        self.counts: dict[str, int] = {}
        self.stream = stream or sys.stderr
        self.tty = self.stream.isatty()
        self._last = 0.0

    def line(self) -> str:
        parts = " ".join(f"{k}={v}" for k, v in sorted(self.counts.items()))
        return f"trials {self.done}/{self.total} {parts}".rstrip()

    def advance(self, status: str) -> None:
        self.done += 1
        self.counts[status] = self.counts.get(status, 0) + 1
        now = time.monotonic()
        if self.tty:
            self.stream.write("\r\x1b[2K" + self.line())
            self.stream.flush()
        elif now - self._last >= PLAIN_PROGRESS_S or self.done == self.total:
            self._last = now
            self.stream.write(self.line() + "\n")
            self.stream.flush()

    def close(self) -> None:
        if self.tty and self.done:
            self.stream.write("\r\x1b[2K")
            self.stream.flush()


class RunControl(Control):
    def __init__(self, control_id: str, store: Store, ledger: Ledger | None,
                 metrics: RunMetrics, progress: Progress) -> None:
        self.control_id, self.store, self.ledger, self.metrics = control_id, store, ledger, metrics
        self.progress = progress
        self.leaks: list[TrialResult] = []
        self.spent = 0.0

    def on_submit(self, spec: TrialSpec) -> None:
        self.metrics.submitted(spec)

    def on_result(self, result: TrialResult, reused: bool) -> None:
        self.metrics.finished_trial(result, reused)
        if result.leak:
            self.leaks.append(result)
        if result.usage is not None:  # reused results were paid for too
            self.spent += result.usage.cost_usd
        if not reused:
            log.info("trial %s %s rep %d %s: %s%s", result.trial_id[:12], result.case_id,
                     result.repetition, result.arm, result.status,
                     f" ({result.error})" if result.error else "")
        self.progress.advance(str(result.status))

    def stop_reason(self, result: TrialResult | None) -> str | None:
        if self.leaks:
            return f"skill leak in case {self.leaks[0].case_id!r}"
        if self.store.exists(RunKeys(self.control_id).stop_flag):
            self.stop(STOPPED_BY_USER)
            return STOPPED_BY_USER
        if self.ledger is not None:
            state = self.ledger.state()
            self.metrics.budget(state.spent_usd)
            return state.stopped
        self.metrics.budget(self.spent)
        return None

    def stop(self, reason: str) -> None:
        if self.ledger is not None:
            self.ledger.stop(reason)

"""The scheduling loop: a bounded number of trials in flight on an Executor.

Finished trials (DONE in the store) are not submitted again: re-running a command resumes it.
`Control` lets the driver stop early: a leak (the measurement is void), the budget ledger or
`skill-eval stop` (checked every poll interval). Ctrl-C and SIGTERM cancel what is in flight so
that each trial's own cleanup runs.
"""

from __future__ import annotations

import logging
from typing import Any

from runner.driver import signals
from runner.driver.executor import Executor
from runner.schema.compact import shared_fields
from runner.schema.trial import TrialResult, TrialSpec
from runner.store.base import Store
from runner.store.keys import RunKeys
from runner.store.trials import read_done

log = logging.getLogger(__name__)
POLL_S = 1.0


class Control:
    """Hooks the driver gives the scheduler; the defaults do nothing."""

    def on_submit(self, spec: TrialSpec) -> None:
        """A trial was handed to the executor."""

    def on_result(self, result: TrialResult, reused: bool) -> None:
        """A trial finished (or its stored result was reused on resume)."""

    def stop_reason(self, result: TrialResult | None) -> str | None:
        """Why no further trial should start (None: carry on); polled and after each result."""
        return None

    def capacity(self, concurrency: int) -> int:
        """How many trials may be in flight now (fewer while the upstream pushes back)."""
        return concurrency


def finished(trials: list[TrialSpec], store: Store) -> dict[str, TrialResult]:
    """Results of the trials whose DONE exists: one listing per run, not a lookup per trial
    (100k HEAD requests against S3 would take longer than many runs)."""
    out: dict[str, TrialResult] = {}
    for run_id in sorted({t.run_id for t in trials}):
        keys = RunKeys(run_id)
        done_ids = keys.done_trial_ids(store.list(keys.trials))
        for spec in trials:
            if spec.run_id == run_id and spec.trial_id in done_ids:
                result = read_done(store, keys.trial(spec.trial_id))
                if result is not None:
                    out[spec.trial_id] = shared_fields(result)
    return out


def execute(trials: list[TrialSpec], executor: Executor, concurrency: int,
            control: Control | None = None, done: dict[str, TrialResult] | None = None,
            prefetch: int = 0) -> tuple[list[TrialResult], str | None]:
    """Run every trial (or reuse its stored result from `done`).

    `concurrency` trials run their sessions; `prefetch` more are in flight, preparing and
    then waiting for a session slot (runner.trial.slots). While the upstream pushes back
    nothing is prefetched, so the sessions really halve.
    Returns the results in completion order and why the run stopped early, if it did.
    """
    control = control or Control()
    done = done or {}
    results: list[TrialResult] = []
    pending: list[TrialSpec] = []
    for spec in trials:
        if spec.trial_id in done:
            results.append(done[spec.trial_id])
            control.on_result(done[spec.trial_id], True)
        else:
            pending.append(spec)
    stopped = control.stop_reason(None)
    if not pending or stopped:
        return results, stopped
    in_flight: dict[Any, TrialSpec] = {}
    queue = list(reversed(pending))
    try:
        while queue or in_flight:
            while queue and not stopped and len(in_flight) < _limit(control, concurrency,
                                                                   prefetch):
                spec = queue.pop()
                in_flight[executor.submit(spec)] = spec
                control.on_submit(spec)
            if not in_flight:
                break
            ready = executor.wait(list(in_flight), POLL_S)
            for handle in ready:
                spec = in_flight.pop(handle)
                # a million results are held for the report: each as small as it can be
                result = shared_fields(executor.result(handle, spec))
                results.append(result)
                control.on_result(result, False)
                stopped = stopped or control.stop_reason(result)
            if not ready:
                stopped = stopped or control.stop_reason(None)
            if stopped:
                queue.clear()
    except BaseException:
        log.warning("interrupted: cancelling %d trial(s) in flight", len(in_flight))
        with signals.shielded():  # a second Ctrl-C must not cut the cancellation short
            executor.cancel(list(in_flight))
        raise
    return results, stopped


def _limit(control: Control, concurrency: int, prefetch: int) -> int:
    capacity = control.capacity(concurrency)
    return capacity + prefetch if capacity >= concurrency else capacity

"""The driver's model calls after a wave's trials: the statement grades the trials left (batch
grading, or a resume that owes some), then the pairwise judge on the tied rows. A trial still
without its grade is a hole that says why. Both go through the wave's model access, capped at
the wave's cap from what the run has spent."""

from __future__ import annotations

from dataclasses import dataclass

from runner.driver.wave import Wave
from runner.grading.statements import grade_pending, settle, ungraded
from runner.judging.ties import Tie, judge_ties, pending_ties
from runner.pacing.governor import GovernorGuard
from runner.schema.plan import Plan
from runner.schema.report import Judgement
from runner.schema.trial import TrialResult
from runner.store.base import Store
from runner.store.keys import RunKeys


def spent_by(results: list[TrialResult]) -> float:
    """Metered dollars of finished trials (sessions and their grading): what a resumed run has
    already spent."""
    return sum(r.usage.cost_usd for r in results if r.usage is not None) + sum(
        s.cost_usd or 0.0 for r in results for s in r.scores.values())


def judged_cost(store: Store, judged: list[Tie]) -> float:
    """What the judge spent on these rows (their stored judgements)."""
    total = 0.0
    for tie in judged:
        try:
            total += Judgement.model_validate_json(store.get(tie.key)).cost_usd
        except (KeyError, ValueError):
            continue  # not judged (stopped, or its calls failed)
    return total


@dataclass(frozen=True)
class AfterTrials:
    results: list[TrialResult]
    stopped: str | None
    spent_usd: float  # what these calls spent


def after_trials(wave: Wave, plans: list[Plan], results: list[TrialResult],
                 spent: float | None = None, governor: GovernorGuard | None = None,
                 stopped: str | None = None, batch: bool = False) -> AfterTrials:
    """Grades owed, then the judge. `spent`: what the run has spent so far (default: its
    earlier waves and these results); `batch`: through Message Batches (--batch-grading)."""
    store = wave.store
    before = spent_by(results)
    start = wave.prior + before if spent is None else spent
    results, owed = settle(plans, results, store)
    failed: dict[str, str] = {}
    keys = RunKeys(wave.wave_id)
    if owed and stopped is None:
        stopped, failed = grade_pending(owed, store, wave.access(start, governor),
                                        wave.stop_reason,
                                        keys.batch("grader") if batch else None)
        results, _ = settle(plans, results, store)
    results = ungraded(results, failed, stopped)
    graded_usd = max(0.0, spent_by(results) - before)
    judged: list[Tie] = []
    if stopped is None:
        judged = pending_ties(plans, results, store)
        if judged:
            stopped = judge_ties(judged, store, wave.access(start + graded_usd, governor),
                                 wave.stop_reason, keys.batch("judge") if batch else None)
    return AfterTrials(results, stopped, graded_usd + judged_cost(store, judged))


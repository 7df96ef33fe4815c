"""Statements graded after the trials (`--batch-grading`): the driver makes the grader calls
the trials left (their attempt's grader.json: the request and the material it shows), in one
Message Batch, and decides each trial's statements with the interactive grader's own code
(runner.scoring.statements.decide: a pass stands only when its quote verifies in that very
material). Each grade is stored under runs/<id>/grades/ as it is decided, so a resumed run
neither re-grades nor re-pays, and applied to the trial's result.

A trial whose grade is still missing when the pass ends (its calls failed in every batch, or
the run stopped while the batch was pending) is a hole, never a guess; a resume grades it
again without running its session again. Without `--batch-grading`, grades a resumed run still
owes are made one call at a time, the same way.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from runner.errors import ModelCallError, ModelStopped
from runner.gateway.access import ModelAccess
from runner.gateway.batches import BatchClient
from runner.gateway.meter import Meter
from runner.grading.calls import run_calls
from runner.schema.case import PassRule
from runner.schema.enums import GradingMode, TrialStatus
from runner.schema.plan import Plan
from runner.schema.trial import GraderCall, Score, TrialResult, TrialSpec, Usage
from runner.scoring.base import passed
from runner.scoring.material import Material
from runner.scoring.statements import NAME, decide, graded
from runner.store.base import Store
from runner.store.keys import RunKeys

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class PendingGrade:
    spec: TrialSpec
    result: TrialResult

    @property
    def keys(self) -> RunKeys:
        return RunKeys(self.spec.run_id)

    @property
    def custom_id(self) -> str:
        return self.keys.custom_id("g", self.spec.trial_id)

    @property
    def key(self) -> str:
        return self.keys.grade(self.spec.trial_id)

    def call(self, store: Store) -> GraderCall:
        """The call the trial left (KeyError/ValueError when it cannot be read)."""
        attempt = self.keys.trial(self.spec.trial_id).attempt(self.result.attempt)
        return GraderCall.model_validate_json(store.get(attempt.grader))


def waiting(result: TrialResult) -> bool:
    score = result.scores.get(NAME)
    return score is not None and score.pending and not result.status.is_hole


def _stored(store: Store, key: str) -> Score | None:
    try:
        return Score.model_validate_json(store.get(key))
    except KeyError:
        return None
    except (ValidationError, ValueError):
        log.warning("unreadable grade %s: graded again", key)
        return None


def apply(result: TrialResult, score: Score, rule: PassRule | None = None) -> TrialResult:
    """The trial with its statements graded: pass/fail decided exactly as in the trial (under
    the case's own pass rule, if it has one)."""
    scores = {**result.scores, NAME: score}
    still = any(s.pending for s in scores.values())
    return result.model_copy(update={"scores": scores,
                                     "passed": None if still else passed(scores, rule)})


def settle(plans: list[Plan], results: list[TrialResult],
           store: Store) -> tuple[list[TrialResult], list[PendingGrade]]:
    """The results with every stored grade applied, and the grades still to make."""
    specs: dict[str, TrialSpec] = {}
    for trial in (t for p in plans for t in p.trials):
        # a trial several plans share (runner.driver.passes.shared_trials) is graded once,
        # under the run that ran it
        specs.setdefault(trial.trial_id, trial)
    out: list[TrialResult] = []
    todo: list[PendingGrade] = []
    for result in results:
        spec = specs.get(result.trial_id)
        if spec is None or not waiting(result):
            out.append(result)
            continue
        score = _stored(store, RunKeys(spec.run_id).grade(result.trial_id))
        if score is not None:
            out.append(apply(result, score, spec.case.pass_rule))
        else:
            out.append(result)
            todo.append(PendingGrade(spec, result))
    return out, todo


def ungraded(results: list[TrialResult], why: dict[str, str],
             stopped: str | None) -> list[TrialResult]:
    """Trials still waiting for a grade become holes that say why (a resume grades them)."""
    out = []
    for result in results:
        if not waiting(result):
            out.append(result)
        elif result.trial_id in why:
            out.append(result.model_copy(update={
                "status": TrialStatus.API_ERROR, "passed": None,
                "error": f"grading failed: {why[result.trial_id]}"}))
        else:
            out.append(result.model_copy(update={
                "status": TrialStatus.STOPPED, "passed": None,
                "error": f"grading pending: {stopped or 'not graded'}"}))
    return out


def _usage(message: dict[str, Any]) -> Usage:
    meter = Meter()
    meter.record(str(message.get("model") or ""), message.get("usage") or {}, batch=True)
    return meter.snapshot()


class _Grades:
    """The grades owed, their calls, and why each that could not be made failed."""

    def __init__(self, pending: list[PendingGrade], store: Store) -> None:
        self.store = store
        self.failed: dict[str, str] = {}
        self.calls: dict[str, tuple[PendingGrade, GraderCall]] = {}
        for item in pending:
            try:
                self.calls[item.custom_id] = (item, item.call(store))
            except (KeyError, ValueError) as exc:
                self.failed[item.result.trial_id] = (f"the trial's grader call cannot be read "
                                                     f"({exc})")

    def fail(self, custom_id: str, why: str) -> None:
        self.failed[self.calls[custom_id][0].result.trial_id] = why

    def decided(self, custom_id: str, message: dict[str, Any], usage: Usage,
                mode: GradingMode) -> None:
        item, call = self.calls[custom_id]
        try:
            checks = decide(item.spec.case, message,
                            Material(call.material, call.nonce, tuple(call.sources)))
        except ModelCallError as exc:
            self.failed[item.result.trial_id] = str(exc)
            return
        score = graded(checks, usage, str(call.request.get("model", "")), usage.cost_usd, mode)
        self.store.put(item.key, score.model_dump_json(indent=1).encode())
        self.failed.pop(item.result.trial_id, None)


def grade_pending(pending: list[PendingGrade], store: Store, access: ModelAccess,
                  stopped: Callable[[], str | None], batch_key: str | None = None,
                  client: BatchClient | None = None) -> tuple[str | None, dict[str, str]]:
    """Make the grades still owed (`access`: the model, capped at what the wave has left);
    each is stored as it is decided. `batch_key`: one Message Batch, recorded there while
    pending (--batch-grading); else one call at a time. Returns why grading stopped early
    (if it did) and why each grade that could not be made failed."""
    if not pending:
        return None, {}
    grades = _Grades(pending, store)
    log.info("grader: %d trial(s) to grade (%s)", len(grades.calls),
             "batch" if batch_key is not None else "one by one")
    try:
        if batch_key is not None:
            _in_batch(grades, client or access.batch_client(), batch_key, stopped)
        else:
            reason = _one_by_one(grades, access, stopped)
            if reason:
                return reason, grades.failed
    except ModelStopped as exc:
        return str(exc), grades.failed
    except ModelCallError as exc:
        for item, _ in grades.calls.values():
            grades.failed.setdefault(item.result.trial_id, str(exc))
        log.warning("grader: the batch failed: %s", exc)
    return None, grades.failed


def _in_batch(grades: _Grades, client: BatchClient, record_key: str,
              stopped: Callable[[], str | None]) -> None:
    answers = run_calls(
        {cid: call.request for cid, (_, call) in grades.calls.items()}, client, grades.store,
        record_key, stopped,
        lambda cid, message: grades.decided(cid, message, _usage(message), GradingMode.BATCH))
    for cid, why in answers.failed.items():
        grades.fail(cid, why)


def _one_by_one(grades: _Grades, access: ModelAccess,
                stopped: Callable[[], str | None]) -> str | None:
    for cid, (_, call) in grades.calls.items():
        reason = stopped()
        if reason:
            return reason
        single = access.client()
        try:
            message = single.create(call.request)
        except ModelCallError as exc:
            grades.fail(cid, str(exc))
            continue
        grades.decided(cid, message, single.usage(), GradingMode.INTERACTIVE)
    return None

"""Judge every tied row of a pass that has criteria, once: each judgement is stored under
runs/<id>/judge/ as it is made, so a resumed run neither re-judges nor re-pays.

Runs in the driver after the trials, while the pass's model endpoint (a scripted one in a dry
run) is up. Its calls go through ModelClient: metered, charged to a ledger that starts from
what the pass has spent under the same cap, refused once the run is stopped (the cap, or the
store's stop flag, checked before each row). With `--batch-grading` every row's two calls go
in one Message Batch (runner.grading.calls: resumable, failed calls retried alone, priced at
the batch rate) and are decided by the same code.
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
from runner.judging.judge import (
    CANDIDATE_FIRST,
    OPPONENT_FIRST,
    criteria,
    decide_pair,
    judge_pair,
    pair_requests,
)
from runner.planning.ids import digest_id
from runner.schema.enums import Arm, GradingMode, Outcome
from runner.schema.plan import Plan
from runner.schema.report import JudgeCall, Judgement
from runner.schema.trial import TrialResult, TrialSpec
from runner.scoring.base import Evidence
from runner.scoring.material import Material, build_material
from runner.store.base import Store
from runner.store.keys import RunKeys
from runner.store.trials import standing
from runner.trial.transcript import parse_transcript

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tie:
    plan: Plan
    spec: TrialSpec  # the candidate's
    candidate: TrialResult
    opponent: TrialResult
    rule: str

    @property
    def key(self) -> str:
        return RunKeys(self.plan.run_id).judgement(digest_id({
            "candidate": self.candidate.trial_id, "opponent": self.opponent.trial_id,
            "model": self.plan.judge_model, "rule": self.rule}))


def ties(plan: Plan, results: dict[str, TrialResult]) -> list[Tie]:
    """Rows where both arms scored the same on checks and the case gives the judge criteria;
    with `judge_all` (a blind A/B of every case), every scored row."""
    if plan.judge_model is None:
        return []
    by_key = {(t.case.id, t.repetition, t.arm): t for t in plan.trials}
    found: list[Tie] = []
    for (case, rep, arm), spec in sorted(by_key.items()):
        if arm is not Arm.CANDIDATE or spec.trial_id not in results:
            continue
        rule = criteria(spec.case, plan.judge_expected_output, plan.judge_all)
        if rule is None:
            continue
        cand = results[spec.trial_id]
        for opponent in (Arm.BASELINE, Arm.INCUMBENT):
            other_spec = by_key.get((case, rep, opponent))
            other = results.get(other_spec.trial_id) if other_spec else None
            if other is None or cand.status.is_hole or other.status.is_hole \
                    or (cand.passed != other.passed and not plan.judge_all):
                continue
            found.append(Tie(plan, spec, cand, other, rule))
    return found


def stored(store: Store, run_id: str) -> list[Judgement]:
    out = []
    for key in store.list(RunKeys(run_id).judgements):
        try:
            out.append(Judgement.model_validate_json(store.get(key)))
        except (KeyError, ValidationError):
            log.warning("unreadable judgement %s: judged again", key)
    return out


def _material(store: Store, run_id: str, result: TrialResult, skill_name: str) -> Material:
    keys = standing(store, run_id, result.trial_id)
    try:
        transcript = parse_transcript(store.get(keys.transcript))
    except KeyError:
        transcript = parse_transcript(b"")
    prefix = keys.output("")
    outputs = {k[len(prefix):]: store.get(k) for k in store.list(prefix)}
    return build_material(Evidence(transcript.assistant_text, outputs, {}, b"",
                                   tuple(transcript.calls), staged=result.inputs), skill_name)


def pending_ties(plans: list[Plan], results: list[TrialResult], store: Store) -> list[Tie]:
    """The tied rows the judge should read and has no stored judgement for."""
    by_id = {r.trial_id: r for r in results}
    found = [t for p in plans for t in ties(p, by_id)]
    if not found:
        return []
    done = {k for p in plans for k in store.list(RunKeys(p.run_id).judgements)}
    return [t for t in found if t.key not in done]


def judge_ties(pending: list[Tie], store: Store, access: ModelAccess,
               stopped: Callable[[], str | None], batch_key: str | None = None,
               client: BatchClient | None = None) -> str | None:
    """Judge the pending ties (`pending_ties`) through `access` (the model, capped at what the
    wave has left); returns why judging stopped early, if it did. A judge call that keeps
    failing leaves its row a tie without a judgement (logged), never a guess. `batch_key`:
    every row's two calls go in one Message Batch (runner.grading.calls), recorded there
    while pending."""
    if not pending:
        return None
    log.info("judge: %d tied row(s) to judge%s", len(pending),
             " (batch)" if batch_key is not None else "")
    if batch_key is not None:
        return _judge_batch(pending, store, client or access.batch_client(), stopped, batch_key)
    for tie in pending:
        reason = stopped()
        if reason:
            return reason
        single = access.client()
        run_id, name = tie.plan.run_id, tie.plan.skill.name
        try:
            outcome, calls = judge_pair(
                single, tie.spec.case, tie.rule, _material(store, run_id, tie.candidate, name),
                _material(store, run_id, tie.opponent, name), str(tie.plan.judge_model))
        except ModelStopped as exc:
            return str(exc)
        except (ModelCallError, KeyError) as exc:
            _not_judged(tie, exc)
            continue
        usage = single.usage()
        _store(store, tie, outcome, calls, usage.cost_usd, usage.requests,
               GradingMode.INTERACTIVE)
    return None


def _not_judged(tie: Tie, why: object) -> None:
    log.warning("judge: %s rep %d vs %s not judged: %s", tie.spec.case.id,
                tie.spec.repetition, tie.opponent.arm, why)


def _store(store: Store, tie: Tie, outcome: Outcome, calls: list[JudgeCall], cost_usd: float,
           requests: int, mode: GradingMode) -> None:
    judgement = Judgement(
        case=tie.spec.case.id, repetition=tie.spec.repetition, opponent=tie.opponent.arm,
        candidate_trial=tie.candidate.trial_id, opponent_trial=tie.opponent.trial_id,
        model=str(tie.plan.judge_model), calls=calls, outcome=outcome, cost_usd=cost_usd,
        requests=requests, mode=mode)
    store.put(tie.key, judgement.model_dump_json(indent=1).encode())


def _judge_batch(pending: list[Tie], store: Store, client: BatchClient,
                 stopped: Callable[[], str | None], record_key: str) -> str | None:
    """Both orders of every row in one batch; a row is decided once both its answers are in
    (the same decision code as one call at a time)."""
    rows: dict[str, tuple[Tie, list[str]]] = {}
    calls: dict[str, dict[str, Any]] = {}
    for tie in pending:
        run_id, name = tie.plan.run_id, tie.plan.skill.name
        try:
            bodies = pair_requests(tie.spec.case, tie.rule,
                                   _material(store, run_id, tie.candidate, name),
                                   _material(store, run_id, tie.opponent, name),
                                   str(tie.plan.judge_model))
        except KeyError as exc:
            _not_judged(tie, exc)
            continue
        digest = tie.key.rsplit("/", 1)[-1].removesuffix(".json")
        ids = [RunKeys(run_id).custom_id("j", f"{digest}-{n}") for n in (1, 2)]
        rows[digest] = (tie, ids)
        for cid, (_, body) in zip(ids, bodies, strict=True):
            calls[cid] = body
    answered: dict[str, dict[str, Any]] = {}

    def on_answer(custom_id: str, message: dict[str, Any]) -> None:
        answered[custom_id] = message
        for tie, ids in rows.values():
            if custom_id in ids and all(i in answered for i in ids):
                _decide(store, tie, [answered[i] for i in ids])

    try:
        answers = run_calls(calls, client, store, record_key, stopped, on_answer)
    except ModelStopped as exc:
        return str(exc)
    except ModelCallError as exc:
        log.warning("judge: the batch failed: %s", exc)
        return None
    for tie, ids in rows.values():
        why = [answers.failed[i] for i in ids if i in answers.failed]
        if why:
            _not_judged(tie, why[0])
    return None


def _decide(store: Store, tie: Tie, messages: list[dict[str, Any]]) -> None:
    orders = [CANDIDATE_FIRST, OPPONENT_FIRST]
    try:
        outcome, calls = decide_pair(list(zip(orders, messages, strict=True)))
    except ModelCallError as exc:
        _not_judged(tie, exc)
        return
    meter = Meter()
    for message in messages:
        meter.record(str(message.get("model") or ""), message.get("usage") or {}, batch=True)
    usage = meter.snapshot()
    _store(store, tie, outcome, calls, usage.cost_usd, usage.requests, GradingMode.BATCH)

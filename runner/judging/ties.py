"""Judge every tied row of a pass that has criteria, once: each judgement is stored under
runs/<id>/judge/ as it is made, so a resumed run neither re-judges nor re-pays.

Runs in the driver after the trials, while the pass's model endpoint (a scripted one in a dry
run) is up. Its calls go through ModelClient: metered, charged to a ledger that starts from
what the pass has spent under the same cap, refused once the run is stopped (the cap, or the
store's stop flag, checked before each row).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass

from pydantic import ValidationError

from runner.errors import ModelCallError, ModelStopped
from runner.gateway.client import ModelClient
from runner.gateway.credentials import read_credential
from runner.judging.judge import criteria, judge_pair
from runner.pacing.governor import GovernorGuard
from runner.pacing.ledger import BudgetGuard, LocalLedger
from runner.planning.ids import digest_id
from runner.schema.enums import Arm
from runner.schema.plan import Plan
from runner.schema.report import Judgement
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
                                   tuple(transcript.calls)), skill_name)


def pending_ties(plans: list[Plan], results: list[TrialResult], store: Store) -> list[Tie]:
    """The tied rows the judge should read and has no stored judgement for."""
    by_id = {r.trial_id: r for r in results}
    found = [t for p in plans for t in ties(p, by_id)]
    if not found:
        return []
    done = {k for p in plans for k in store.list(RunKeys(p.run_id).judgements)}
    return [t for t in found if t.key not in done]


def judge_ties(pending: list[Tie], upstream: str, store: Store, cap_usd: float | None,
               spent_usd: float, attempts: int, backoff_s: float,
               stopped: Callable[[], str | None],
               governor: GovernorGuard | None = None) -> str | None:
    """Judge the pending ties (`pending_ties`); returns why judging stopped early, if it did.
    A judge call that keeps failing leaves its row a tie without a judgement (logged), never
    a guess."""
    if not pending:
        return None
    guard = BudgetGuard(LocalLedger(cap_usd, spent_usd)) if cap_usd is not None else None
    log.info("judge: %d tied row(s) to judge", len(pending))
    for tie in pending:
        reason = stopped()
        if reason:
            return reason
        client = ModelClient(upstream, read_credential(), guard, attempts,
                             backoff_s, governor)
        run_id, name = tie.plan.run_id, tie.plan.skill.name
        try:
            outcome, calls = judge_pair(
                client, tie.spec.case, tie.rule, _material(store, run_id, tie.candidate, name),
                _material(store, run_id, tie.opponent, name), str(tie.plan.judge_model))
        except ModelStopped as exc:
            return str(exc)
        except (ModelCallError, KeyError) as exc:
            log.warning("judge: %s rep %d vs %s not judged: %s", tie.spec.case.id,
                        tie.spec.repetition, tie.opponent.arm, exc)
            continue
        usage = client.usage()
        judgement = Judgement(
            case=tie.spec.case.id, repetition=tie.spec.repetition, opponent=tie.opponent.arm,
            candidate_trial=tie.candidate.trial_id, opponent_trial=tie.opponent.trial_id,
            model=str(tie.plan.judge_model), calls=calls, outcome=outcome,
            cost_usd=usage.cost_usd, requests=usage.requests)
        store.put(tie.key, judgement.model_dump_json(indent=1).encode())
    return None

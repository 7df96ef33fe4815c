"""Build a run's Report from its plan and its trial results (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Iterable

from runner.analysis.adaptive import decide, released
from runner.analysis.cases import case_deltas, case_stats, non_discriminating
from runner.analysis.credentials import credentials_used, window_moves
from runner.analysis.rows import adjust_family, arm_cost, build_rows, compare
from runner.analysis.runtime import runtime_table
from runner.costs.pricing import PRICE_TABLE_VERSION
from runner.schema.enums import Arm, CredentialKind, GradingMode, Outcome, RunStatus
from runner.schema.plan import Plan
from runner.schema.report import (
    AdaptiveSummary,
    Comparison,
    Failure,
    Judgement,
    Report,
    TrialLine,
)
from runner.schema.trial import TrialResult, TrialSpec

DRY_RUN_NOTE = ("dry run against a scripted model endpoint: no model was called and nothing "
                "was spent; dollar figures price the scripted token counts")


def run_status(partial: bool, stopped: str | None, leaked: bool) -> RunStatus:
    if leaked:
        return RunStatus.REFUSED
    if stopped:
        return RunStatus.STOPPED
    return RunStatus.PARTIAL if partial else RunStatus.COMPLETED


def modes(found: Iterable[GradingMode | None]) -> str | None:
    """How a grader's calls were made across a run: one mode, or both joined by '+'."""
    seen = sorted({str(m) for m in found if m is not None})
    return "+".join(seen) if seen else None


def build_report(plan: Plan, results: list[TrialResult], stopped: str | None = None,
                 judgements: Iterable[Judgement] = ()) -> Report:
    ordered = sorted(results, key=lambda r: (r.case_id, r.repetition, r.arm))
    judged = {(j.candidate_trial, j.opponent_trial): j for j in judgements}
    asked = frozenset(t.case.id for t in plan.trials if plan.judge_model and (
        plan.judge_all or t.case.rubric
        or (plan.judge_expected_output and t.case.expected_output)))
    rows = build_rows(ordered, judged, asked)
    graded = any(s.model for r in ordered for s in r.scores.values())
    opponents = [a for a in (Arm.BASELINE, Arm.INCUMBENT) if a in plan.arms]
    adaptive = plan.adaptive is not None
    by_id = {r.trial_id: r for r in results}
    # a sequential run is read at the alpha its stopping look spent (runner.analysis.adaptive)
    alpha = decide(plan, by_id).alpha if adaptive else plan.alpha
    comparisons = adjust_family([compare(rows, o, alpha, case_weighted=adaptive,
                                         family=len(opponents)) for o in opponents])
    head = comparisons[0]
    expected = released(plan, by_id)
    incomplete = len(results) < len(expected)
    partial = incomplete or any(r.outcome is Outcome.HOLE for r in rows)
    return Report(
        status=run_status(partial, stopped, any(r.leak for r in ordered)),
        run_id=plan.run_id, skill=plan.skill.name, skill_digest=plan.skill.digest,
        model=plan.model, dry_run=plan.dry_run, note=DRY_RUN_NOTE if plan.dry_run else None,
        verdict=head.verdict, net_lift=head.net_lift, wins=head.wins, losses=head.losses,
        ties=head.ties, holes=head.holes, partial=partial,
        sign_test_p=head.sign_test_p, comparisons=comparisons,
        arms={str(a): arm_cost(ordered, a) for a in plan.arms}, rows=rows,
        trials=[TrialLine(trial_id=r.trial_id, case=r.case_id, repetition=r.repetition,
                          arm=r.arm, status=r.status, passed=r.passed,
                          failed_checks=[c.check for c in r.checks if not c.passed],
                          failures=[Failure(check=c.check, detail=c.detail)
                                    for c in r.checks if not c.passed],
                          skills_loaded=r.skills_loaded, safety=r.safety, error=r.error,
                          process_followed=None if r.process is None else bool(
                              r.process.passed),
                          node=r.node,
                          attempt=r.attempt, attempts=r.attempts,
                          retried_because=r.retried_because)
                for r in ordered],
        incumbent_note=plan.incumbent_note, stopped=stopped, price_table=PRICE_TABLE_VERSION,
        grader_model=plan.grader_model if graded else None,
        judge_model=plan.judge_model if judged else None,
        judge_cost_usd=sum(j.cost_usd for j in judged.values()) if judged else None,
        judge_calls=sum(j.requests for j in judged.values()),
        grader_mode=modes(s.mode for r in ordered for s in r.scores.values() if s.model),
        judge_mode=modes(j.mode for j in judged.values()),
        image_id=plan.image_id, isolation=plan.isolation, k=plan.k, cases=plan.cases,
        regraded_from=plan.regraded_from, skills=[s.name for s in plan.skills],
        baseline_mode=plan.baseline_mode, left_out=plan.left_out,
        started_at=plan.created_at, per_case=(stats := case_stats(ordered, plan.skill.name)),
        case_deltas=case_deltas(stats), non_discriminating=non_discriminating(ordered),
        runtime=runtime_table(ordered, plan.skill.name, plan.arms), alpha=plan.alpha,
        adaptive=adaptive_summary(plan, expected, ordered, comparisons),
        credentials=(used := credentials_used(ordered)),
        cost_notional=CredentialKind.OAUTH_TOKEN in used,
        usage_windows=window_moves(ordered))


def adaptive_summary(plan: Plan, expected: list[TrialSpec], ran: list[TrialResult],
                     comparisons: list[Comparison]) -> AdaptiveSummary | None:
    """`--k auto`: sessions against the fixed design, where it stopped, cost per decision."""
    if plan.adaptive is None:
        return None
    reps: dict[str, int] = dict.fromkeys(plan.cases, 0)
    for spec in expected:
        reps[spec.case.id] = max(reps.get(spec.case.id, 0), spec.repetition + 1)
    fixed = len(plan.trials)
    state = decide(plan, {r.trial_id: r for r in ran})
    firm = sum(1 for c in comparisons if c.firm)
    usd = [r.usage.cost_usd for r in ran if r.usage is not None]
    spent = None if not usd or any(u is None for u in usd) else sum(u or 0.0 for u in usd)
    return AdaptiveSummary(min_k=plan.adaptive.min_k, max_k=plan.adaptive.max_k,
                           sessions=len(ran), fixed_sessions=fixed,
                           saving=1 - len(ran) / fixed if fixed else 0.0, repetitions=reps,
                           look=state.look + 1, looks=state.looks, stop_alpha=state.alpha,
                           stopped_because=state.stopped, firm_verdicts=firm,
                           sessions_per_firm=len(ran) / firm if firm else None,
                           usd_per_firm=None if spent is None or not firm else spent / firm)

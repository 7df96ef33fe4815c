"""Build a run's Report from its plan and its trial results (pure: no I/O)."""

from __future__ import annotations

from collections.abc import Iterable

from runner.analysis.adaptive import Decision, decide, decide_cut, released
from runner.analysis.cases import case_deltas
from runner.analysis.credentials import moves
from runner.analysis.fold import ReportFold, fold, order
from runner.analysis.rows import adjust_family, compare
from runner.costs.pricing import PRICE_TABLE_VERSION
from runner.schema.enums import Arm, CredentialKind, GradingMode, Outcome, RunStatus
from runner.schema.models import Futility
from runner.schema.plan import Plan
from runner.schema.report import (
    AdaptiveSummary,
    Comparison,
    Judgement,
    Report,
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
                 judgements: Iterable[Judgement] = (), futility: Futility | None = None
                 ) -> Report:
    return fold_report(fold(plan, sorted(results, key=order), judgements), stopped, futility)


def fold_report(folded: ReportFold, stopped: str | None = None,
                futility: Futility | None = None) -> Report:
    """The report of a folded run (runner.analysis.fold): what build_report gives for the same
    results, without holding them. `futility`: a model of a `--k auto` multi-model run that
    stopped getting work (runner.analysis.models.futility): what it ran is the whole run, read
    at the last look it completed."""
    plan, rows, judged = folded.plan, folded.rows, folded.judged
    opponents = [a for a in (Arm.BASELINE, Arm.INCUMBENT) if a in plan.arms]
    adaptive = plan.adaptive is not None
    by_id = folded.by_id
    # a sequential run is read at the alpha its stopping look spent (runner.analysis.adaptive)
    state = (None if not adaptive else decide(plan, by_id) if futility is None else
             decide_cut(plan, by_id, f"futility: trails {futility.trails} by the margin"))
    alpha = state.alpha if state is not None else plan.alpha
    comparisons = adjust_family([compare(rows, o, alpha, case_weighted=adaptive,
                                         family=len(opponents)) for o in opponents])
    head = comparisons[0]
    expected = released(plan, by_id)
    if futility is not None:  # a decision, not a hole: nothing more was to run
        expected = [t for t in expected if t.trial_id in by_id]
    incomplete = folded.count < len(expected)
    partial = incomplete or any(r.outcome is Outcome.HOLE for r in rows)
    return Report(
        status=run_status(partial, stopped, folded.leaked),
        run_id=plan.run_id, skill=plan.skill.name, skill_digest=plan.skill.digest,
        model=plan.model, dry_run=plan.dry_run, note=DRY_RUN_NOTE if plan.dry_run else None,
        verdict=head.verdict, net_lift=head.net_lift, wins=head.wins, losses=head.losses,
        ties=head.ties, holes=head.holes, partial=partial,
        sign_test_p=head.sign_test_p, comparisons=comparisons,
        arms={str(a): folded.arms[a].cost() for a in plan.arms}, rows=rows,
        trials=folded.lines,
        incumbent_note=plan.incumbent_note, stopped=stopped, price_table=PRICE_TABLE_VERSION,
        grader_model=plan.grader_model if folded.graded else None,
        judge_model=plan.judge_model if judged else None,
        judge_cost_usd=sum(j.cost_usd for j in judged.values()) if judged else None,
        judge_calls=sum(j.requests for j in judged.values()),
        grader_mode=modes(folded.grader_modes),
        judge_mode=modes(j.mode for j in judged.values()),
        image_id=plan.image_id, isolation=plan.isolation, k=plan.k, cases=plan.cases,
        regraded_from=plan.regraded_from, skills=[s.name for s in plan.skills],
        baseline_mode=plan.baseline_mode, left_out=plan.left_out,
        started_at=plan.created_at, per_case=(stats := folded.cases.stats()),
        case_deltas=case_deltas(stats), non_discriminating=folded.signals.signals(),
        unpassed=folded.unpassed.cases_unpassed(),
        runtime=folded.runtime.table(plan.arms), alpha=plan.alpha,
        adaptive=adaptive_summary(plan, expected, folded.kept, comparisons, state),
        futility=futility,
        credentials=(used := sorted(folded.credentials)),
        cost_notional=CredentialKind.OAUTH_TOKEN in used,
        usage_windows=moves(folded.windows))


def adaptive_summary(plan: Plan, expected: list[TrialSpec], ran: list[TrialResult],
                     comparisons: list[Comparison],
                     state: Decision | None = None) -> AdaptiveSummary | None:
    """`--k auto`: sessions against the fixed design, where it stopped, cost per decision."""
    if plan.adaptive is None:
        return None
    reps: dict[str, int] = dict.fromkeys(plan.cases, 0)
    for spec in expected:
        reps[spec.case.id] = max(reps.get(spec.case.id, 0), spec.repetition + 1)
    fixed = len(plan.trials)
    state = state or decide(plan, {r.trial_id: r for r in ran})
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

"""Per-case statistics (docs/statistics.md#cost-and-the-runtime-table): each case in each arm across
its k repetitions, candidate-minus-opponent deltas, and checks that cannot tell the arms apart.

Do not pick a winner from one aggregate number: these are what a reader checks next.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable

from runner.schema.enums import Always, Arm
from runner.schema.report import CaseArmStats, CaseDelta, CheckSignal, Spread
from runner.schema.trial import TrialResult


def spread(values: Iterable[float | int | None]) -> Spread:
    got = [float(v) for v in values if v is not None]
    if not got:
        return Spread(n=0, mean=None, sd=None)
    return Spread(n=len(got), mean=statistics.fmean(got),
                  sd=statistics.stdev(got) if len(got) > 1 else None)


def _loaded(result: TrialResult, skill: str) -> bool:
    return any(s.rsplit(":", 1)[-1] == skill for s in result.skills_loaded)


def case_stats(results: list[TrialResult], skill: str) -> list[CaseArmStats]:
    groups: dict[tuple[str, Arm], list[TrialResult]] = {}
    for r in results:
        groups.setdefault((r.case_id, r.arm), []).append(r)
    out = []
    for (case, arm), group in sorted(groups.items()):
        scored = [r for r in group if not r.status.is_hole]
        out.append(CaseArmStats(
            case=case, arm=arm, scored=len(scored), holes=len(group) - len(scored),
            pass_rate=spread(1.0 if r.passed else 0.0 for r in scored if r.passed is not None),
            wall_s=spread(r.wall_s for r in scored),
            tokens=spread(r.usage.input_tokens + r.usage.output_tokens if r.usage else None
                          for r in scored),
            cost_usd=spread(r.usage.cost_usd if r.usage else None for r in scored),
            tool_calls=spread(r.tool_calls for r in scored),
            skill_loads=sum(1 for r in scored if _loaded(r, skill)),
            safety_violations=sum(len(r.safety) for r in scored)))
    return out


def _minus(a: float | None, b: float | None) -> float | None:
    return None if a is None or b is None else a - b


def case_deltas(stats: list[CaseArmStats]) -> list[CaseDelta]:
    by = {(s.case, s.arm): s for s in stats}
    out = []
    for (case, arm), cand in sorted(by.items()):
        if arm is not Arm.CANDIDATE:
            continue
        for opponent in (Arm.BASELINE, Arm.INCUMBENT):
            other = by.get((case, opponent))
            if other is None:
                continue
            out.append(CaseDelta(
                case=case, opponent=opponent,
                success=_minus(cand.pass_rate.mean, other.pass_rate.mean),
                tool_calls=_minus(cand.tool_calls.mean, other.tool_calls.mean),
                tokens=_minus(cand.tokens.mean, other.tokens.mean),
                cost_usd=_minus(cand.cost_usd.mean, other.cost_usd.mean),
                skill_loads=cand.skill_loads,
                safety_violations=cand.safety_violations - other.safety_violations))
    return out


def non_discriminating(results: list[TrialResult]) -> list[CheckSignal]:
    """Deciding checks whose outcome was the same in every scored trial of a case, in both the
    candidate and an opponent: they measure nothing about the skill."""
    outcomes: dict[tuple[str, str], dict[Arm, set[bool]]] = {}
    for r in results:
        if r.status.is_hole:
            continue
        for score in r.scores.values():
            if not score.decides:
                continue
            for item in score.checks:
                arms = outcomes.setdefault((r.case_id, item.check), {})
                arms.setdefault(r.arm, set()).add(item.passed)
    out = []
    for (case, label), arms in sorted(outcomes.items()):
        if Arm.CANDIDATE not in arms or len(arms) < 2:
            continue
        seen = set().union(*arms.values())
        if len(seen) == 1:
            out.append(CheckSignal(case=case, check=label,
                                   always=Always.PASS if seen.pop() else Always.FAIL))
    return out

"""Per-case statistics (docs/statistics.md#cost-and-the-runtime-table): each case in each arm across
its k repetitions, candidate-minus-opponent deltas, and checks that cannot tell the arms apart.

Do not pick a winner from one aggregate number: these are what a reader checks next.
"""

from __future__ import annotations

import statistics
from array import array
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
    fold = CaseFold(skill)
    for r in results:
        fold.add(r)
    return fold.stats()


class _CaseArm:
    """One case in one arm: counts, and each figure's values as 8-byte numbers."""

    __slots__ = ("scored", "holes", "pass_rate", "wall_s", "tokens", "cost_usd", "tool_calls",
                 "skill_loads", "safety_violations")

    def __init__(self) -> None:
        self.scored = self.holes = self.skill_loads = self.safety_violations = 0
        self.pass_rate, self.wall_s, self.tokens = array("d"), array("d"), array("d")
        self.cost_usd, self.tool_calls = array("d"), array("d")


class CaseFold:
    """case_stats a result at a time (runner.analysis.fold): what a group of results gave,
    without holding the results."""

    def __init__(self, skill: str) -> None:
        self.skill = skill
        self.groups: dict[tuple[str, Arm], _CaseArm] = {}

    def add(self, r: TrialResult) -> None:
        group = self.groups.setdefault((r.case_id, r.arm), _CaseArm())
        if r.status.is_hole:
            group.holes += 1
            return
        group.scored += 1
        if r.passed is not None:
            group.pass_rate.append(1.0 if r.passed else 0.0)
        for values, value in ((group.wall_s, r.wall_s),
                              (group.tool_calls, r.tool_calls)):
            if value is not None:
                values.append(value)
        if r.usage is not None:
            group.tokens.append(r.usage.input_tokens + r.usage.output_tokens)
            group.cost_usd.append(r.usage.cost_usd)
        group.skill_loads += _loaded(r, self.skill)
        group.safety_violations += len(r.safety)

    def stats(self) -> list[CaseArmStats]:
        return [CaseArmStats(
            case=case, arm=arm, scored=g.scored,
            holes=g.holes, pass_rate=spread(g.pass_rate), wall_s=spread(g.wall_s),
            tokens=spread(g.tokens), cost_usd=spread(g.cost_usd),
            tool_calls=spread(g.tool_calls), skill_loads=g.skill_loads,
            safety_violations=g.safety_violations)
            for (case, arm), g in sorted(self.groups.items())]


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
    fold = SignalFold()
    for r in results:
        fold.add(r)
    return fold.signals()


class SignalFold:
    """non_discriminating a result at a time: per (case, check), the outcomes each arm saw."""

    def __init__(self) -> None:
        self.outcomes: dict[tuple[str, str], dict[Arm, set[bool]]] = {}

    def add(self, r: TrialResult) -> None:
        if r.status.is_hole:
            return
        for score in r.scores.values():
            if not score.decides:
                continue
            for item in score.checks:
                arms = self.outcomes.setdefault((r.case_id, item.check), {})
                arms.setdefault(r.arm, set()).add(item.passed)

    def signals(self) -> list[CheckSignal]:
        out = []
        for (case, label), arms in sorted(self.outcomes.items()):
            if Arm.CANDIDATE not in arms or len(arms) < 2:
                continue
            seen = set().union(*arms.values())
            if len(seen) == 1:
                out.append(CheckSignal(case=case, check=label,
                                       always=Always.PASS if seen.pop() else Always.FAIL))
        return out

"""The runtime table (docs/statistics.md#cost-and-the-runtime-table), at the head of the report: per
arm and per opponent's delta, task success, runs that loaded the skill, tool calls, tokens, cost and
safety violations.

Each figure is computed per repetition (over that repetition's scored trials of the arm) and
reported as its mean and sample sd over repetitions; a delta is the candidate's value minus the
opponent's in the same repetition. Unmeasured stays None (printed n/a), never 0.
"""

from __future__ import annotations

import statistics
from array import array
from collections.abc import Callable

from runner.analysis.cases import spread
from runner.schema.enums import Arm
from runner.schema.report import RuntimeFigure
from runner.schema.trial import TrialResult


def _mean(values: array[float]) -> float | None:
    return statistics.fmean(values) if values else None


class _Rep:
    """One arm's scored trials in one repetition: what each figure reads of them."""

    __slots__ = ("trials", "success", "tools", "tokens", "cost", "loaded", "unsafe")

    def __init__(self) -> None:
        self.trials = self.loaded = self.unsafe = 0
        self.success, self.tools, self.tokens, self.cost = (array("d"), array("d"),
                                                            array("d"), array("d"))

    def add(self, r: TrialResult, skill: str) -> None:
        self.trials += 1
        if r.passed is not None:
            self.success.append(1.0 if r.passed else 0.0)
        if r.tool_calls is not None:
            self.tools.append(r.tool_calls)
        if r.usage is not None:
            self.tokens.append(r.usage.input_tokens + r.usage.output_tokens)
            self.cost.append(r.usage.cost_usd)
        self.loaded += any(s.rsplit(":", 1)[-1] == skill for s in r.skills_loaded)
        self.unsafe += len(r.safety)

    def count(self, n: int) -> float | None:
        return float(n) if self.trials else None


Figure = Callable[[_Rep], float | None]
EMPTY = _Rep()

FIGURES: tuple[tuple[str, Figure], ...] = (
    ("task success", lambda g: _mean(g.success)),
    ("runs that loaded it", lambda g: g.count(g.loaded)),
    ("tool calls", lambda g: _mean(g.tools)), ("tokens", lambda g: _mean(g.tokens)),
    ("cost USD", lambda g: _mean(g.cost)),
    ("safety violations", lambda g: g.count(g.unsafe)))


def runtime_table(results: list[TrialResult], skill: str, arms: list[Arm]) -> list[RuntimeFigure]:
    fold = RuntimeFold(skill)
    for r in results:
        fold.add(r)
    return fold.table(arms)


class RuntimeFold:
    """The table's lines: per arm the figure per repetition (success, tool calls, tokens and
    cost: mean per session; loads and safety violations: count per repetition), its spread
    over repetitions, and per opponent the spread of the candidate's per-repetition delta.
    The baseline has no skill to load: its loads and their delta are n/a. Fed a result at a
    time (runner.analysis.fold): it keeps each (arm, repetition)'s figures' inputs, never the
    results."""

    def __init__(self, skill: str) -> None:
        self.skill = skill
        # grouped once: filtering every result per (figure, arm, repetition) grew with k squared
        self.by_rep: dict[tuple[Arm, int], _Rep] = {}
        self.reps: set[int] = set()

    def add(self, r: TrialResult) -> None:
        self.reps.add(r.repetition)
        if not r.status.is_hole:
            self.by_rep.setdefault((r.arm, r.repetition), _Rep()).add(r, self.skill)

    def table(self, arms: list[Arm]) -> list[RuntimeFigure]:
        reps = sorted(self.reps)
        out: list[RuntimeFigure] = []
        for label, figure in FIGURES:
            per: dict[Arm, dict[int, float | None]] = {}
            for arm in arms:
                if label == "runs that loaded it" and arm is Arm.BASELINE:
                    continue
                per[arm] = {rep: figure(self.by_rep.get((arm, rep), EMPTY)) for rep in reps}
            deltas = {}
            mine = per.get(Arm.CANDIDATE, {})
            for opponent in (Arm.BASELINE, Arm.INCUMBENT):
                if opponent not in arms or Arm.CANDIDATE not in arms:
                    continue
                theirs = per.get(opponent, {})
                values: list[float | None] = []
                for rep in reps:
                    a, b = mine.get(rep), theirs.get(rep)
                    values.append(None if a is None or b is None else a - b)
                deltas[str(opponent)] = spread(values)
            out.append(RuntimeFigure(
                figure=label, deltas=deltas,
                arms={str(arm): spread(per[arm].values()) if arm in per else spread([])
                      for arm in arms}))
        return out

"""The runtime table (docs/statistics.md#cost-and-the-runtime-table), at the head of the report: per
arm and per opponent's delta, task success, runs that loaded the skill, tool calls, tokens, cost and
safety violations.

Each figure is computed per repetition (over that repetition's scored trials of the arm) and
reported as its mean and sample sd over repetitions; a delta is the candidate's value minus the
opponent's in the same repetition. Unmeasured stays None (printed n/a), never 0.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable

from runner.analysis.cases import spread
from runner.schema.enums import Arm
from runner.schema.report import RuntimeFigure
from runner.schema.trial import TrialResult

Figure = Callable[[list[TrialResult], str], float | None]


def _mean(values: list[float | int | None]) -> float | None:
    got = [float(v) for v in values if v is not None]
    return statistics.fmean(got) if got else None


def _success(trials: list[TrialResult], skill: str) -> float | None:
    return _mean([1.0 if r.passed else 0.0 for r in trials if r.passed is not None])


def _loaded(trials: list[TrialResult], skill: str) -> float | None:
    return float(sum(1 for r in trials if any(s.rsplit(":", 1)[-1] == skill
                                              for s in r.skills_loaded))) if trials else None


def _tools(trials: list[TrialResult], skill: str) -> float | None:
    return _mean([r.tool_calls for r in trials])


def _tokens(trials: list[TrialResult], skill: str) -> float | None:
    return _mean([r.usage.input_tokens + r.usage.output_tokens if r.usage else None
                  for r in trials])


def _cost(trials: list[TrialResult], skill: str) -> float | None:
    return _mean([r.usage.cost_usd if r.usage else None for r in trials])


def _unsafe(trials: list[TrialResult], skill: str) -> float | None:
    return float(sum(len(r.safety) for r in trials)) if trials else None


FIGURES: tuple[tuple[str, Figure], ...] = (
    ("task success", _success), ("runs that loaded it", _loaded),
    ("tool calls", _tools), ("tokens", _tokens), ("cost USD", _cost),
    ("safety violations", _unsafe))


def runtime_table(results: list[TrialResult], skill: str, arms: list[Arm]) -> list[RuntimeFigure]:
    """The table's lines: per arm the figure per repetition (success, tool calls, tokens and
    cost: mean per session; loads and safety violations: count per repetition), its spread
    over repetitions, and per opponent the spread of the candidate's per-repetition delta.
    The baseline has no skill to load: its loads and their delta are n/a."""
    # grouped once: filtering every result per (figure, arm, repetition) grew with k squared
    by_rep: dict[tuple[Arm, int], list[TrialResult]] = {}
    for r in results:
        if not r.status.is_hole:
            by_rep.setdefault((r.arm, r.repetition), []).append(r)
    reps = sorted({r.repetition for r in results})
    out: list[RuntimeFigure] = []
    for label, figure in FIGURES:
        per: dict[Arm, dict[int, float | None]] = {}
        for arm in arms:
            if label == "runs that loaded it" and arm is Arm.BASELINE:
                continue
            per[arm] = {rep: figure(by_rep.get((arm, rep), []), skill) for rep in reps}
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

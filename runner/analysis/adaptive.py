"""Adaptive k (`run --k auto --max-k N`): which repetitions a run needs, decided from results
(pure: no I/O; the scheduler asks, the report counts).

Every case starts at `min_k` repetitions. Then, round by round (round r adds repetition r):
a case gets repetition r only when

  1. it ran every repetition so far (a case that stopped stays stopped),
  2. its vote is unsettled: its scored rows against some opponent disagree (not all wins, all
     losses or all ties), and
  3. more repetitions can still change some comparison's verdict or its firmness: some
     outcome of the rows the unsettled cases could still add (up to `max_k` each) reads a
     different verdict, or flips firm / not firm (runner.analysis.confidence).

A round is decided only once every trial of the rounds before it is finished, so each decision
is a function of stored results alone: a resumed run recomputes exactly the decisions the
killed one made, never a different one, and runs only what they released. Decisions ignore the
judge (it reads ties after the trials), and a hole is no row (it settles nothing).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction

from runner.analysis.confidence import aa_rate, is_firm
from runner.analysis.rows import build_rows, tallies
from runner.analysis.stats import PASS_LINE, case_weighted_lift, lift_verdict
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.plan import Plan
from runner.schema.report import Row
from runner.schema.trial import TrialResult, TrialSpec

RowsOf = Callable[[str, int], list[Row] | None]  # (case, rep) -> its rows, None: not finished


Tallies = dict[str, tuple[int, int, int]]  # case -> (wins, losses, ties)


@dataclass(frozen=True)
class Reading:
    """What a comparison reads: its verdict and whether it is firm."""

    verdict: Verdict
    firm: bool


def reading(cases: Tallies, alpha: float) -> Reading:
    """The comparison's reading with adaptive k: case-weighted net lift, its A/A rate."""
    lift = case_weighted_lift(cases.values())
    v = lift_verdict(lift)
    return Reading(v, v in (Verdict.PASS, Verdict.FAIL) and is_firm(
        aa_rate(list(cases.values()), weighted=True), alpha))


def unsettled(rows: Iterable[Row]) -> bool:
    """A case's rows against one opponent disagree (holes left out)."""
    return len({r.outcome for r in rows if r.outcome is not Outcome.HOLE}) > 1


def _lift(cases: Tallies, extra: dict[str, int], sign: int) -> Fraction:
    """The case-weighted lift when every extra row goes one way (+1 wins, -1 losses)."""
    total = Fraction(0)
    for case, (w, lo, t) in cases.items():
        e = extra.get(case, 0)
        total += Fraction(w - lo + sign * e, w + lo + t + e)
    return total / len(cases)


def _extended(cases: Tallies, extra: dict[str, int], how: str) -> Tallies:
    out = dict(cases)
    for case, e in extra.items():
        w, lo, t = cases.get(case, (0, 0, 0))
        n = w + lo + t
        if how == "wins":
            out[case] = (w + e, lo, t)
        elif how == "losses":
            out[case] = (w, lo + e, t)
        elif how == "ties":
            out[case] = (w, lo, t + e)
        else:  # the case keeps its own mix
            aw = round(Fraction(w * e, n)) if n else 0
            al = min(e - aw, round(Fraction(lo * e, n))) if n else 0
            out[case] = (w + aw, lo + al, t + e - aw - al)
    return out


def can_change(rows: list[Row], growing: list[str], remaining: int, alpha: float) -> bool:
    """Whether up to `remaining` more rows for each case in `growing` can change this
    comparison's verdict or firmness. Extra rows come a round at a time (one per growing case
    per round). After each round: the verdicts between all-losses and all-wins, then the
    firmness at the extremes (all wins, all losses, all ties, each case keeping its mix)."""
    cases = tallies(rows)
    if not cases:
        return False
    now = reading(cases, alpha)
    extra = dict.fromkeys(growing, 0)
    for _round in range(remaining):
        for case in growing:
            extra[case] += 1
        low, high = _lift(cases, extra, -1), _lift(cases, extra, +1)
        reachable = {lift_verdict(low), lift_verdict(high)}
        if low < PASS_LINE and high > -PASS_LINE:
            reachable.add(Verdict.NEUTRAL)
        if reachable != {now.verdict}:
            return True
        for how in ("wins", "losses", "ties", "mix"):
            if reading(_extended(cases, extra, how), alpha) != now:
                return True
    return False


def grow(rows: list[Row], active: list[str], remaining: int, alpha: float) -> list[str]:
    """The cases of `active` that get one more repetition (rule 2 and 3 of the module)."""
    by_case: dict[tuple[str, Arm], list[Row]] = {}
    for r in rows:
        by_case.setdefault((r.case, r.opponent), []).append(r)
    opponents = sorted({r.opponent for r in rows})
    growing = [c for c in active if any(unsettled(by_case.get((c, o), [])) for o in opponents)]
    if not growing or remaining <= 0:
        return []
    for opponent in opponents:
        mine = [r for r in rows if r.opponent is opponent]
        if can_change(mine, growing, remaining, alpha):
            return growing
    return []


def plan_reps(cases: list[str], min_k: int, max_k: int, alpha: float,
              rows_of: RowsOf) -> dict[str, int]:
    """Repetitions released per case, from what has finished: round by round, each round
    decided only when every released repetition before it has finished."""
    reps = dict.fromkeys(cases, min(min_k, max_k))
    for r in range(min(min_k, max_k), max_k):
        active = [c for c in cases if reps[c] == r]
        if not active:
            break
        rows: list[Row] = []
        for case in cases:
            for rep in range(reps[case]):
                got = rows_of(case, rep)
                if got is None:
                    return reps  # a round is decided only on finished rounds
                rows += got
        for case in grow(rows, active, max_k - r, alpha):
            reps[case] = r + 1
    return reps


def released(plan: Plan, results: Mapping[str, TrialResult]) -> list[TrialSpec]:
    """The trials a plan runs given the results so far (every trial without adaptive k)."""
    if plan.adaptive is None:
        return list(plan.trials)
    by: dict[tuple[str, int], list[TrialSpec]] = {}
    for spec in plan.trials:
        by.setdefault((spec.case.id, spec.repetition), []).append(spec)

    def rows_of(case: str, rep: int) -> list[Row] | None:
        specs = by.get((case, rep), [])
        if any(s.trial_id not in results for s in specs):
            return None
        return build_rows(results[s.trial_id] for s in specs)

    reps = plan_reps(plan.cases, plan.adaptive.min_k, plan.adaptive.max_k, plan.alpha, rows_of)
    return [t for t in plan.trials if t.repetition < reps.get(t.case.id, 0)]

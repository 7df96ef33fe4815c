"""Sequential runs (`run --k auto --min-k A --max-k B`): the run, not the case, decides when
it has seen enough (pure: no I/O; the scheduler asks `released`, the report counts).

The design, fixed before any trial runs (a function of the plan alone):

1. **Seeded case order.** The cases are ordered by sha256(run id + case id): the same run
   always releases them in the same order, and no one picks which cases go first.
2. **Looks.** Trials go out in stages; after each, one look at the comparisons. First the
   floor of FLOOR cases (or all, if fewer) at min_k repetitions, then twice as many cases, and
   so on up to every case, still at min_k; then one more repetition of every case per stage up
   to max_k. The last look is the fixed design: every case at max_k.
3. **Alpha spending.** Look j may spend alpha_j = alpha * (sessions added by stage j) /
   (sessions of the fixed design): the alphas sum to alpha. A comparison is firm at look j
   when its verdict band holds and its A/A rate (the exact case-level sign-flip test of
   runner.analysis.confidence), adjusted by Holm over the run's opponents, is <= alpha_j. By
   the union bound the chance that an A/A run reads firm at any look, however the looks
   depend on each other, is at most the sum: alpha. No model of the judge, of the
   repetitions' clustering or of the difficulty is needed: each look's test is exact on its
   own rows, so the guarantee holds under this optional stopping.
4. **Stopping.** The run stops at the first look where every comparison is firm (either way)
   or **cannot become firm**: no outcome of the trials still to come, not even every one of
   them won (or lost), would make it firm at a later look. Otherwise the next stage goes out.

A look is taken only once every trial released before it has finished (a hole is finished),
and reads the checks alone (the judge breaks ties after the trials): each decision is a
function of stored results, so a resumed run recomputes exactly the decisions the killed one
made and never re-decides. The report's comparisons are then read at the stopping look's
alpha_j (`stop_alpha`), with the judge's rows.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from runner.analysis.confidence import CaseTally, aa_rate, holm, is_firm
from runner.analysis.rows import build_rows, tallies
from runner.analysis.stats import case_weighted_lift, lift_verdict
from runner.schema.enums import Verdict
from runner.schema.plan import Plan
from runner.schema.report import Row
from runner.schema.trial import TrialResult, TrialSpec

FLOOR = 8  # cases before any look: below 6 no sweep is firm, 8 leaves room to spend alpha


@dataclass(frozen=True)
class Look:
    """A stage's size (the first `cases` of the seeded order, `k` repetitions each) and the
    alpha its look may spend."""

    cases: int
    k: int
    alpha: float


@dataclass(frozen=True)
class Decision:
    """Where a sequential run stands: the last look released (index), and why it stopped
    (None: still running, or the fixed design is done)."""

    look: int
    looks: int
    alpha: float
    stopped: str | None


def case_order(run_id: str, cases: Sequence[str]) -> list[str]:
    """The seeded order cases go out in."""
    return sorted(cases, key=lambda c: hashlib.sha256(f"{run_id}\0{c}".encode()).hexdigest())


def schedule(n_cases: int, min_k: int, max_k: int, alpha: float) -> list[Look]:
    """The looks (point 2 and 3 of the module docstring)."""
    min_k = min(min_k, max_k)
    sizes: list[tuple[int, int]] = []
    n = min(n_cases, FLOOR)
    while n < n_cases:
        sizes.append((n, min_k))
        n *= 2
    sizes += [(n_cases, k) for k in range(min_k, max_k + 1)]
    total = n_cases * max_k
    looks, before = [], 0
    for cases, k in sizes:
        looks.append(Look(cases, k, alpha * (cases * k - before) / total))
        before = cases * k
    return looks


def _reading(cases: Sequence[CaseTally]) -> tuple[bool, float | None]:
    """(the verdict band holds, the A/A rate) of a comparison's case tallies."""
    reads = lift_verdict(case_weighted_lift(cases))
    return reads in (Verdict.PASS, Verdict.FAIL), aa_rate(cases, weighted=True)


def can_become_firm(cases: dict[str, CaseTally], order: Sequence[str], now: int,
                    looks: Sequence[Look], family: int) -> bool:
    """Whether some later look could read firm: at each, every row still to come won (or
    every one lost), the cases still to come swept the same way; tested at that look's alpha
    over Holm's strictest step (alpha / family)."""
    for j in range(now + 1, len(looks)):
        look = looks[j]
        for sign in (1, -1):
            grown: list[CaseTally] = []
            for case in order[:look.cases]:
                w, lo, t = cases.get(case, (0, 0, 0))
                extra = look.k - (w + lo + t)
                if extra > 0:
                    w, lo = (w + extra, lo) if sign > 0 else (w, lo + extra)
                grown.append((w, lo, t))
            band, rate = _reading(grown)
            if band and is_firm(rate, look.alpha / family):
                return True
    return False


def look_state(rows: list[Row], order: Sequence[str], now: int,
               looks: Sequence[Look]) -> str | None:
    """At look `now`: why the run stops here (None: it goes on)."""
    opponents = sorted({r.opponent for r in rows})
    if not opponents:
        return None if now + 1 < len(looks) else "the fixed design is done"
    per: list[dict[str, CaseTally]] = [
        tallies(r for r in rows if r.opponent is o) for o in opponents]
    readings = [_reading(list(t.values())) for t in per]
    adjusted = holm([rate for _, rate in readings])
    firm = [band and is_firm(adj, looks[now].alpha)
            for (band, _), adj in zip(readings, adjusted, strict=True)]
    if all(firm):
        return f"firm at look {now + 1} of {len(looks)}"
    if now + 1 == len(looks):
        return "the fixed design is done"
    if not any(can_become_firm(t, order, now, looks, len(opponents))
               for t, f in zip(per, firm, strict=True) if not f):
        return (f"cannot become firm by the last look ({len(order)} cases x k="
                f"{looks[-1].k}): stopped at look {now + 1} of {len(looks)}")
    return None


def decide(plan: Plan, results: Mapping[str, TrialResult]) -> Decision:
    """The sequential run's state from stored results alone (deterministic: a resume
    recomputes it)."""
    assert plan.adaptive is not None
    order = case_order(plan.run_id, plan.cases)
    looks = schedule(len(order), plan.adaptive.min_k, plan.adaptive.max_k, plan.alpha)
    for j, look in enumerate(looks):
        specs = _stage(plan, order, look)
        if any(s.trial_id not in results for s in specs):
            return Decision(j, len(looks), look.alpha, None)
        rows = build_rows(results[s.trial_id] for s in specs)
        stopped = look_state(rows, order, j, looks)
        if stopped is not None or j + 1 == len(looks):
            return Decision(j, len(looks), look.alpha, stopped or "the fixed design is done")
    raise AssertionError("a schedule has at least one look")


def decide_cut(plan: Plan, results: Mapping[str, TrialResult], why: str) -> Decision:
    """A sequential run cut short by a decision outside its own looks (a model of a
    multi-model run stopped for futility): read at the last look it completed (the first, if
    none), at the alpha that look spends, never at a later look's."""
    state = decide(plan, results)
    if state.stopped is not None:  # its own design had ended anyway
        return state
    assert plan.adaptive is not None
    looks = schedule(len(plan.cases), plan.adaptive.min_k, plan.adaptive.max_k, plan.alpha)
    last = max(state.look - 1, 0)
    return Decision(last, len(looks), looks[last].alpha, why)


def _stage(plan: Plan, order: Sequence[str], look: Look) -> list[TrialSpec]:
    chosen = set(order[:look.cases])
    return [t for t in plan.trials if t.case.id in chosen and t.repetition < look.k]


def released(plan: Plan, results: Mapping[str, TrialResult]) -> list[TrialSpec]:
    """The trials a plan runs given the results so far (every trial without --k auto)."""
    if plan.adaptive is None:
        return list(plan.trials)
    order = case_order(plan.run_id, plan.cases)
    looks = schedule(len(order), plan.adaptive.min_k, plan.adaptive.max_k, plan.alpha)
    return _stage(plan, order, looks[decide(plan, results).look])


def stop_alpha(plan: Plan, results: Mapping[str, TrialResult]) -> float:
    """The alpha the report reads a sequential run at: its stopping look's."""
    return decide(plan, results).alpha

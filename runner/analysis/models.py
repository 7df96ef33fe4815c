"""The model table of a multi-model run (docs/statistics.md#the-model-table): each model's
with-skill pass rate against the best model's at a margin (non-inferiority), and the skill on a
smaller model against no skill on a bigger one (the stand-in comparison). Pure: no I/O."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import combinations
from statistics import NormalDist

from runner.analysis.adaptive import released
from runner.analysis.rows import adjust_family, build_rows, compare
from runner.costs.pricing import price_for
from runner.schema.enums import Arm, Verdict
from runner.schema.models import (
    Futility,
    ModelRow,
    ModelTable,
    NonInferiority,
    StandIn,
    Standing,
)
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.trial import TrialResult

DEFAULT_MARGIN = 0.10  # config.MARGIN (analysis may not import config)
TEST = ("Tango's score test for paired proportions, one-sided at the margin, pairs of case x "
        "repetition with counts divided by k (a case's repetitions weigh one case)")
Pair = tuple[bool, bool]  # (reference passed, this one passed)


_NORMAL = NormalDist()


def _normal_sf(z: float) -> float:
    return 1 - _NORMAL.cdf(z)


def tango_z(b: float, c: float, n: float, delta: float) -> float | None:
    """Tango (1998): the score statistic of H0 p(ref only) - p(this only) = delta, from b
    pairs where only the reference passed, c where only this one did, n pairs in all. The
    restricted estimate of p(this only) is the positive root of
    2n q^2 - (b(1+delta) + c(1-delta) - 2n delta) q - c delta (1-delta) = 0."""
    if n <= 0:
        return None
    big_b = b * (1 + delta) + c * (1 - delta) - 2 * n * delta
    q = (big_b + math.sqrt(big_b ** 2 + 8 * n * c * delta * (1 - delta))) / (4 * n)
    variance = n * (2 * q + delta * (1 - delta))
    if variance <= 0:
        return None
    return (b - c - n * delta) / math.sqrt(variance)


def noninferiority(pairs: Sequence[Pair], k: int, margin: float,
                   alpha: float) -> NonInferiority:
    """Reference minus this model's pass rate, tested against `margin` both ways."""
    n = len(pairs)
    b = sum(1 for ref, this in pairs if ref and not this)
    c = sum(1 for ref, this in pairs if this and not ref)
    scale = 1 / max(k, 1)
    z = tango_z(b * scale, c * scale, n * scale, margin)
    bound = None
    if n:
        crit = _NORMAL.inv_cdf(1 - alpha)
        # the bound is the largest delta the one-sided test at alpha does not reject
        lo, hi = -1.0, 1.0
        for _ in range(60):
            mid = (lo + hi) / 2
            at = tango_z(b * scale, c * scale, n * scale, mid) if mid > -1 else None
            if at is not None and at < -crit:
                hi = mid
            else:
                lo = mid
        bound = hi
    return NonInferiority(test=TEST, pairs=n, difference=(b - c) / n if n else 0.0,
                          margin=margin, z=z,
                          p_good=None if z is None else 1 - _normal_sf(z),
                          p_bad=None if z is None else _normal_sf(z), upper_bound=bound)


def _passed(results: Sequence[TrialResult], arm: Arm) -> dict[tuple[str, int], bool]:
    return {(r.case_id, r.repetition): bool(r.passed) for r in results
            if r.arm is arm and not r.status.is_hole and r.passed is not None}


def pair_up(reference: Sequence[TrialResult], ref_arm: Arm, other: Sequence[TrialResult],
            other_arm: Arm) -> list[Pair]:
    """Both models' outcomes on the same case x repetition (holes on either side left out)."""
    ref, this = _passed(reference, ref_arm), _passed(other, other_arm)
    return [(ref[key], this[key]) for key in sorted(ref.keys() & this.keys())]


def price_order(models: Sequence[str]) -> list[str]:
    """Cheapest first, by the price table's output then input price (then the name)."""
    def key(model: str) -> tuple[float, float, str]:
        price, _ = price_for(model)
        return price.output, price.input, model
    return sorted(models, key=key)


GOOD = (Standing.BEST, Standing.GOOD_ENOUGH)


def _standing(test: NonInferiority) -> tuple[Standing, float | None]:
    """The standing the observed difference gives, and the one-sided p of the test that
    matches it (small: the standing is firm). No pairs: untested (a difference of 0 over no
    pairs is no evidence that the model is good enough)."""
    if not test.pairs:
        return Standing.UNTESTED, None
    good = test.difference < test.margin
    return (Standing.GOOD_ENOUGH if good else Standing.NOT_GOOD_ENOUGH,
            test.p_good if good else test.p_bad)


def shaffer_good(p_good: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down over every model's p_good, with Shaffer's first step: the model truly
    best cannot trail another by the margin, so at most m - 1 of the m "trails by the margin
    or more" hypotheses are true together, and the smallest p is multiplied by m - 1, not m
    (two models: no adjustment). The chance that any model truly at or beyond the margin is
    called good enough firmly is then at most alpha.

    When a p is missing (None: no pairs, e.g. the best model's rows are all holes), the
    hypothesis that cannot be true may be the missing one, and all m of those tested can be
    true together: plain Holm over them (the smallest times m)."""
    known = sorted((p, i) for i, p in enumerate(p_good) if p is not None)
    m = len(known)
    shaffer = m == len(p_good)  # the restriction holds only over the whole table
    out: list[float | None] = [None] * len(p_good)
    running = 0.0
    for rank, (p, i) in enumerate(known):
        running = max(running, min(1.0, max(m - rank - (shaffer and rank == 0), 1) * p))
        out[i] = running
    return out


def holm_standings(rows: Sequence[ModelRow], alpha: float) -> list[ModelRow]:
    """Firmness over the whole table: good enough is firm when the row's p_good, adjusted over
    the models (`shaffer_good`; plain Holm when a row's p is missing), is at most alpha.
    Tested one by one at alpha, two or three models exactly at the margin were called good
    enough firmly by some test about twice as often as alpha (bench/models_more.py), and
    `cheapest_firm` with them. Not good enough stays a question about one model: its p_bad
    at alpha."""
    adjusted = shaffer_good([r.test.p_good if r.test else None for r in rows])
    out = []
    for row, adj in zip(rows, adjusted, strict=True):
        p = adj if row.standing in GOOD else row.firm_p
        out.append(row.model_copy(update={"firm_p_adjusted": p,
                                          "firm": p is not None and p <= alpha}))
    return out


def _stand_in(smaller: Report, bigger: Report, results: dict[str, list[TrialResult]],
              margin: float, alpha: float) -> StandIn:
    """Candidate on the smaller model against baseline on the bigger, with the run's row
    code: ties stay ties (the judge compared arms of one model only)."""
    small = [r for r in results[smaller.model] if r.arm is Arm.CANDIDATE]
    big = [r for r in results[bigger.model] if r.arm is Arm.BASELINE]
    rows = build_rows([*small, *big])
    comparison = compare(rows, Arm.BASELINE, alpha)
    test = noninferiority(pair_up(big, Arm.BASELINE, small, Arm.CANDIDATE), bigger.k,
                          margin, alpha)
    within = test.difference < margin and comparison.verdict is not Verdict.FAIL
    firm = (test.p_good is not None and test.p_good <= alpha) if within else (
        comparison.firm or (test.p_bad is not None and test.p_bad <= alpha))
    return StandIn(smaller=smaller.model, bigger=bigger.model, comparison=comparison,
                   pass_smaller_with=smaller.arms[str(Arm.CANDIDATE)].pass_rate,
                   pass_bigger_without=bigger.arms[str(Arm.BASELINE)].pass_rate,
                   test=test, stands_in=within, firm=firm)


def _cost(report: Report) -> tuple[float | None, float | None]:
    arm = report.arms.get(str(Arm.CANDIDATE))
    if arm is None or arm.cost_usd is None or not arm.trials:
        return None, None
    passes = sum(1 for t in report.trials if t.arm is Arm.CANDIDATE and t.passed)
    return arm.cost_usd / arm.trials, (arm.cost_usd / passes if passes else None)


def build_model_table(reports: Sequence[Report], results: dict[str, list[TrialResult]],
                      margin: float = DEFAULT_MARGIN, alpha: float = 0.05,
                      stopped: frozenset[str] = frozenset()) -> ModelTable:
    """`reports`: one per model (each an ordinary candidate-vs-baseline run); `results`:
    each model's trial results, by model. The comparisons shown (each model's own and every
    stand-in) share alpha by Holm."""
    by_model = {r.model: r for r in reports}
    order = price_order(list(by_model))
    rank = {m: i for i, m in enumerate(order)}

    def rate(model: str) -> float:
        """The with-skill pass rate; -1 for a model with none (every trial a hole), so it is
        never taken as the best or as another model's reference while any model was seen."""
        value = by_model[model].arms.get(str(Arm.CANDIDATE))
        return -1.0 if value is None or value.pass_rate is None else value.pass_rate
    best = max(order, key=lambda m: (rate(m), rank[m]))
    stand_ins = [_stand_in(by_model[small], by_model[big], results, margin, alpha)
                 for small, big in combinations(order, 2)
                 if str(Arm.BASELINE) in by_model[big].arms]
    own = [next((c for c in by_model[m].comparisons if c.opponent is Arm.BASELINE), None)
           for m in order]
    family = adjust_family([c for c in own if c is not None]
                           + [s.comparison for s in stand_ins], alpha, "model comparisons")
    adjusted = iter(family)
    own = [next(adjusted) if c is not None else None for c in own]
    stand_ins = [s.model_copy(update={"comparison": next(adjusted)}) for s in stand_ins]
    rows = []
    for model, comparison in zip(order, own, strict=True):
        report = by_model[model]
        per_session, per_pass = _cost(report)
        # against the best of the others: the best model by observation is tested against
        # the runner-up, so picking the best from the data grants no model firmness
        reference = max((m for m in order if m != model), key=lambda m: (rate(m), rank[m]))
        test = noninferiority(
            pair_up(results[reference], Arm.CANDIDATE, results[model], Arm.CANDIDATE),
            report.k, margin, alpha)
        standing, firm_p = _standing(test)
        if model == best and rate(model) >= 0:
            standing = Standing.BEST
        without = report.arms.get(str(Arm.BASELINE))
        rows.append(ModelRow(
            model=model, run_id=report.run_id, price_rank=rank[model],
            known_price=price_for(model)[1], sessions=sum(a.trials for a in report.arms.values()),
            pass_with=report.arms[str(Arm.CANDIDATE)].pass_rate,
            pass_without=without.pass_rate if without else None, comparison=comparison,
            cost_per_session=per_session, cost_per_pass=per_pass, standing=standing,
            firm=False, firm_p=firm_p, test=test, reference=reference,
            stopped_early=model in stopped))
    rows = holm_standings(rows, alpha)
    enough = [r.model for r in rows if r.standing in GOOD]
    # firm: shown within the margin of the best other model (the best too needs the test)
    firm_enough = [r.model for r in rows if r.standing in GOOD and r.firm]
    return ModelTable(models=rows, best=best, margin=margin, alpha=alpha,
                      cheapest_good_enough=enough[0] if enough else None,
                      cheapest_firm=firm_enough[0] if firm_enough else None,
                      stand_ins=stand_ins, correction=(family[0].correction if family else None) or
                      "none (no comparison)", test=TEST)


def futile(plans: Sequence[Plan], results: Mapping[str, TrialResult]) -> set[str]:
    """Under --k auto, the runs (by run id) of a multi-model run whose model can no longer be
    good enough (`futility`)."""
    return set(futility(plans, results))


def futility(plans: Sequence[Plan], results: Mapping[str, TrialResult]) -> dict[str, Futility]:
    """Under --k auto, by run id, each model of a multi-model run that can no longer be good
    enough while its design would still give it work: even if every candidate trial it may
    still run passed, and every one the other models may still run failed, its with-skill
    pass rate over its whole design would trail another model's by the margin or more. Such
    a model stops getting work; what it ran is its report, a decided run."""
    if len(plans) < 2 or any(p.adaptive is None or p.margin is None for p in plans):
        return {}
    floor: dict[str, float] = {}
    ceiling: dict[str, float] = {}
    for plan in plans:
        mine = [t.trial_id for t in plan.trials if t.arm is Arm.CANDIDATE]
        ran = [results[i] for i in mine if i in results]
        passed = sum(1 for r in ran if r.passed)
        # a hole is left out of the pass rate, as in the report: never a failure that lowers
        # a model's ceiling (a model losing trials to the endpoint is not futile for that)
        graded = len(mine) - sum(1 for r in ran if r.status.is_hole)
        unrun = len(mine) - len(ran)
        floor[plan.run_id] = passed / graded if graded else 0.0
        ceiling[plan.run_id] = (passed + unrun) / graded if graded else 1.0
    out = {}
    for plan in plans:
        ahead = max((q for q in plans if q is not plan), key=lambda q: floor[q.run_id])
        cut = any(t.trial_id not in results for t in released(plan, results))
        if cut and floor[ahead.run_id] - ceiling[plan.run_id] >= (plan.margin or 0.0):
            out[plan.run_id] = Futility(trails=ahead.model, at_most=ceiling[plan.run_id],
                                        other_at_least=floor[ahead.run_id],
                                        margin=plan.margin or 0.0)
    return out

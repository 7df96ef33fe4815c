"""How often the verdict is noise: the A/A rate of a design, firmness, and the sizes that settle.

Pure (no I/O); imported by the report, the planner and adaptive k.

The A/A model (what `aa_rate` assumes, stated once here)
-------------------------------------------------------
An A/A run compares a skill with itself. Its rows are the report's rows: one per scored
(case, repetition) of a comparison, holes left out.

1. Each case has its own difficulty: a success probability p drawn independently per case from
   a symmetric Beta(a, a) distribution (a = 1: uniform, every difficulty equally likely).
2. Both arms succeed on a case with that same p, each repetition of each arm independently.
   So a row is a win with probability p(1-p), a loss with the same probability, else a tie
   (both passed or both failed: p^2 + (1-p)^2). Repetitions of one case share p, which is what
   ties them together.
3. The shape `a` is set from the comparison's **observed tie rate** t (ties over scored rows):
   the model's tie rate is 1 - 2 E[p(1-p)] = (a+1) / (2a+1), so a = (1-t) / (2t-1). Identical
   arms tie at least half the time (p(1-p) <= 1/4), so t is clamped to [1/2, 1]: t = 1/2 is a
   coin per case (p = 1/2 everywhere), t -> 1 makes every case all-pass or all-fail.
4. The verdict rule is docs/statistics.md's, unchanged: net lift (W-L)/(W+L+T) >= +1/3 reads PASS,
   <= -1/3 FAIL, else NEUTRAL. With N scored rows and D = W - L, PASS is 3D >= N.

`aa_rate` is the probability that such an A/A run of the same design (the same cases with the
same number of scored rows each, the same tie rate) reads a verdict at least as far from
NEUTRAL as the one observed: PASS or FAIL, with a net lift at least as far from zero as the
observed one (never less than the 1/3 line). It is two-sided, so that firm verdicts of either
sign are wrong at most `alpha` of the time; the model is symmetric, so an A/A run reads PASS
half that often and FAIL half that often. For a NEUTRAL it is 1.0. It is computed exactly:
each case's (wins, losses, ties) distribution integrates the Beta difficulty in closed form,
and the cases convolve. With adaptive k the statistic is the case-weighted net lift (each
case's rows weigh 1/k_c), convolved the same way on a common denominator. Above EXACT_ROWS
scored rows (EXACT_WEIGHTED_ROWS for the case-weighted one) a normal law with the exact
variance stands in: there every tail that matters is far below any alpha.
A verdict is **firm** when it is PASS or FAIL and `aa_rate <= alpha`.

The power model (`power`) adds a true effect to the A/A model: a share `lift` of the cases is
one the candidate always wins (every repetition), the other cases are A/A as above; the
expected net lift is then `lift`. It is deliberately case-level: a skill's effect lives in
some cases, not spread evenly over rows, so more repetitions cannot stand in for more cases.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import comb, erfc, exp, lcm, lgamma, sqrt

from runner.analysis.stats import PASS_LINE
from runner.schema.report import Size

DEFAULT_ALPHA = 0.05
DEFAULT_TIE_RATE = 2 / 3  # uniform difficulty: what a design is judged at before any data
POWER_TARGET = 0.8
MAX_K = 20
_COIN = 1e6  # shapes above this are p = 1/2 exactly
EXACT_ROWS = 600  # above this many scored rows, a normal law with the exact variance
EXACT_WEIGHTED_ROWS = 200  # the same for adaptive k's case-weighted statistic


def shape_for(tie_rate: float) -> float | None:
    """The Beta(a, a) shape whose A/A tie rate is `tie_rate` (clamped to [1/2, 1]); None is the
    coin (a = infinity), 0.0 the fully decided case (a -> 0)."""
    t = min(1.0, max(0.5, tie_rate))
    if t >= 1.0:
        return 0.0
    a = (1 - t) / (2 * t - 1) if t > 0.5 else float("inf")
    return None if a > _COIN else a


@lru_cache(maxsize=4096)
def case_outcomes(k: int, shape: float | None) -> tuple[tuple[int, int, float], ...]:
    """One A/A case with k scored rows: ((wins, losses, probability), ...) over every split,
    ties being the rest."""
    out: list[tuple[int, int, float]] = []
    for w in range(k + 1):
        for lo in range(k + 1 - w):
            t = k - w - lo
            ways = comb(k, w) * comb(k - w, lo)
            out.append((w, lo, ways * _moment(w + lo, t, shape)))
    return tuple(out)


def _moment(m: int, t: int, shape: float | None) -> float:
    """E[q^m s^t] with q = p(1-p), s = p^2 + (1-p)^2 and p ~ Beta(shape, shape)."""
    if shape is None:
        return 0.25 ** m * 0.5 ** t
    if shape == 0.0:
        return 1.0 if m == 0 else 0.0
    a = shape
    norm = 2 * lgamma(a) - lgamma(2 * a)
    total = 0.0
    for i in range(t + 1):  # s^t = sum_i C(t,i) p^(2i) (1-p)^(2(t-i)): all terms positive
        x, y = m + 2 * i, m + 2 * (t - i)
        total += comb(t, i) * exp(lgamma(a + x) + lgamma(a + y) - lgamma(2 * a + x + y) - norm)
    return total


def _diff_dist(k: int, shape: float | None, decided: float = 0.0) -> dict[int, float]:
    """D = wins - losses of one case; `decided`: the chance it is a case the candidate always
    wins (the power model)."""
    dist: dict[int, float] = {}
    for w, lo, p in case_outcomes(k, shape):
        dist[w - lo] = dist.get(w - lo, 0.0) + p * (1 - decided)
    dist[k] = dist.get(k, 0.0) + decided
    return dist


def _convolve(a: dict[int, float], b: dict[int, float]) -> dict[int, float]:
    out: dict[int, float] = {}
    for x, px in a.items():
        for y, py in b.items():
            out[x + y] = out.get(x + y, 0.0) + px * py
    return out


def diff_distribution(design: Sequence[int], tie_rate: float,
                      decided: float = 0.0) -> dict[int, float]:
    """The distribution of D = W - L over a design (scored rows per case)."""
    return dict(_diff_cached(_key(design), round(tie_rate, 9), decided))


def _key(design: Sequence[int]) -> tuple[int, ...]:
    return tuple(sorted(k for k in design if k > 0))


@lru_cache(maxsize=8192)
def _diff_cached(design: tuple[int, ...], tie_rate: float,
                 decided: float) -> tuple[tuple[int, float], ...]:
    shape = shape_for(tie_rate)
    dist: dict[int, float] = {0: 1.0}
    for k in design:
        dist = _convolve(dist, _diff_dist(k, shape, decided))
    return tuple(sorted(dist.items()))


def _threshold(scale: int, lift: float | Fraction) -> Fraction:
    """|statistic| an A/A run must reach: at least the verdict line, at least the observed
    lift, in units where a net lift of 1 is `scale`."""
    exact = lift if isinstance(lift, Fraction) else Fraction(lift).limit_denominator(10_000)
    return max(PASS_LINE, abs(exact)) * scale


@lru_cache(maxsize=4096)
def _weighted_cached(design: tuple[int, ...],
                     tie_rate: float) -> tuple[int, tuple[tuple[int, float], ...]]:
    """Case-weighted net lift (every case weighs the same, its rows 1/k each), as the integer
    S = sum over cases of D_c * L / k_c with L the least common multiple of the k's: its
    scale (lift 1 = len(design) * L) and distribution."""
    scale = lcm(*design)
    dist: dict[int, float] = {0: 1.0}
    for k in sorted(set(design)):
        group = _diff_cached((k,) * design.count(k), tie_rate, 0.0)
        dist = _convolve(dist, {d * (scale // k): p for d, p in group})
    return len(design) * scale, tuple(sorted(dist.items()))


def aa_tail(design: Sequence[int], tie_rate: float, lift: float | Fraction = 0.0,
            weighted: bool = False) -> float:
    """P(an A/A run of this design, at this tie rate, reads PASS or FAIL with a net lift at
    least `lift` from zero); `lift` 0 (or below the line): P(PASS) + P(FAIL). `weighted`: the
    net lift weighs every case the same (adaptive k), not every row."""
    key = _key(design)
    if not key:
        return 0.0
    tau = round(tie_rate, 9)
    mixed = weighted and len(set(key)) > 1
    if sum(key) > (EXACT_WEIGHTED_ROWS if mixed else EXACT_ROWS):
        return _normal_tail(key, tau, lift, mixed)
    if weighted and len(set(key)) > 1:
        scale, dist = _weighted_cached(key, tau)
    else:
        scale, dist = sum(key), _diff_cached(key, tau, 0.0)
    line = _threshold(scale, lift)
    return min(1.0, sum(p for d, p in dist if abs(d) >= line))


def _normal_tail(design: tuple[int, ...], tie_rate: float, lift: float | Fraction,
                 weighted: bool) -> float:
    """Above EXACT_ROWS rows: the same tail from a normal law whose variance is exact (each
    case's from its own distribution), with a continuity correction on the row statistic."""
    shape = shape_for(tie_rate)
    variance = 0.0
    for k in set(design):
        per_case = sum(p * (w - lo) ** 2 for w, lo, p in case_outcomes(k, shape))
        weight = (1 / k) ** 2 if weighted else 1.0
        variance += design.count(k) * per_case * weight
    if variance <= 0:
        return 0.0
    scale = len(design) if weighted else sum(design)
    line = float(_threshold(scale, lift)) - (0.0 if weighted else 0.5)
    return min(1.0, erfc(line / sqrt(2 * variance)))


def aa_rate(design: Sequence[int], wins: int, losses: int, ties: int,
            lift: Fraction | None = None) -> float | None:
    """A comparison's A/A rate: the chance that an A/A run of its design (scored rows per
    case) at its observed tie rate reads a verdict at least as far from NEUTRAL as it did
    (a NEUTRAL: 1.0, every run does; no scored row: None). `lift`: a case-weighted net lift
    (adaptive k), read against the same statistic; default the rows' net lift."""
    rows = wins + losses + ties
    if rows == 0:
        return None
    weighted = lift is not None
    lift = Fraction(wins - losses, rows) if lift is None else lift
    if abs(lift) < PASS_LINE:
        return 1.0
    return aa_tail(design, ties / rows, lift, weighted)


def is_firm(rate: float | None, alpha: float = DEFAULT_ALPHA) -> bool:
    """PASS and FAIL only (a NEUTRAL's rate is 1.0)."""
    return rate is not None and rate <= alpha


def firm_size(cases: int, k: int, tie_rate: float, lift: float = 0.0,
              alpha: float = DEFAULT_ALPHA, max_k: int = MAX_K) -> Size | None:
    """The size that settles a verdict: at these cases, the smallest k (up to max_k) at which
    an A/A run reaches this net lift (at least the verdict line) at most alpha of the time
    at this tie rate; failing that, the fewest cases (up to 4x plus 10) at this k. None when
    neither does."""
    cases = max(1, cases)
    for kk in range(max(1, k), max_k + 1):
        if aa_tail((kk,) * cases, tie_rate, lift) <= alpha:
            return Size(cases=cases, k=kk)
    for n in range(cases + 1, 4 * cases + 11):
        if aa_tail((max(1, k),) * n, tie_rate, lift) <= alpha:
            return Size(cases=n, k=max(1, k))
    return None


def can_be_firm(design: Sequence[int], alpha: float = DEFAULT_ALPHA) -> bool:
    """Whether any outcome of this design could be a firm verdict (the strongest is every row
    a win, or a win and ties)."""
    rows = sum(_key(design))
    if rows == 0:
        return False
    for ties in range(0, rows):
        wins = rows - ties
        if 3 * wins < rows:
            break
        rate = aa_rate(design, wins, 0, ties)
        if rate is not None and rate <= alpha:
            return True
    return False


def case_vote(outcomes: Iterable[int]) -> int:
    """A case's repetitions collapsed to one vote: +1 (win), -1 (loss) or 0 (tie), by the
    majority of its decided rows (+1 / -1; ties are 0 and do not vote); an even split is a tie."""
    net = sum(1 if o > 0 else -1 if o < 0 else 0 for o in outcomes)
    return (net > 0) - (net < 0)


# --- power -----------------------------------------------------------------------------------


def _joint(design: Sequence[int], shape: float | None,
           decided: float) -> dict[tuple[int, int], float]:
    """Joint distribution of (D, T) over a design under the power model."""
    dist: dict[tuple[int, int], float] = {(0, 0): 1.0}
    for k in design:
        case: dict[tuple[int, int], float] = {}
        for w, lo, p in case_outcomes(k, shape):
            key = (w - lo, k - w - lo)
            case[key] = case.get(key, 0.0) + p * (1 - decided)
        case[(k, 0)] = case.get((k, 0), 0.0) + decided
        out: dict[tuple[int, int], float] = {}
        for (d1, t1), p1 in dist.items():
            for (d2, t2), p2 in case.items():
                key = (d1 + d2, t1 + t2)
                out[key] = out.get(key, 0.0) + p1 * p2
        dist = out
    return dist


def firm_wins(design: Sequence[int], ties: int, alpha: float = DEFAULT_ALPHA) -> int | None:
    """The smallest D = W - L that is a firm PASS for this design with this many ties (the A/A
    tail falls as D grows); None: no D is."""
    rows = sum(_key(design))
    if rows == 0:
        return None
    dist = dict(_diff_cached(_key(design), round(ties / rows, 9), 0.0))
    tail = 0.0
    best: int | None = None
    for d in range(rows, 0, -1):
        tail += dist.get(d, 0.0) + dist.get(-d, 0.0)
        if 3 * d < rows or tail > alpha:
            break
        best = d
    return best


def power(design: Sequence[int], lift: float, tie_rate: float = DEFAULT_TIE_RATE,
          alpha: float = DEFAULT_ALPHA) -> float:
    """P(a firm PASS) when a share `lift` of the cases is a sure win and the rest are A/A at
    this tie rate (the power model in the module's docstring)."""
    design = _key(design)
    rows = sum(design)
    if rows == 0:
        return 0.0
    joint = _joint(design, shape_for(tie_rate), min(1.0, max(0.0, lift)))
    floors = {t: firm_wins(design, t, alpha) for t in range(rows + 1)}
    total = 0.0
    for (d, t), p in joint.items():
        floor = floors[t]
        if floor is not None and d >= floor:
            total += p
    return total


def cases_for_power(k: int, lift: float, start: int, tie_rate: float = DEFAULT_TIE_RATE,
                    alpha: float = DEFAULT_ALPHA, target: float = POWER_TARGET,
                    max_cases: int = 60) -> int | None:
    """The fewest cases (at least `start`, at most `max_cases`) at k repetitions with power
    >= target, found by doubling then bisecting (power rises with cases, give or take the
    steps of the verdict line); None when `max_cases` falls short. A lift at or below the
    PASS line is never caught: observed lifts spread around it."""
    if lift <= PASS_LINE:
        return None

    def enough(n: int) -> bool:
        return power((k,) * n, lift, tie_rate, alpha) >= target

    lo = hi = max(1, start)
    while not enough(hi):
        if hi >= max_cases:
            return None
        lo, hi = hi + 1, min(max_cases, 2 * hi)
    while lo < hi:
        mid = (lo + hi) // 2
        if enough(mid):
            hi = mid
        else:
            lo = mid + 1
    return hi


def k_for_power(cases: int, lift: float, tie_rate: float = DEFAULT_TIE_RATE,
                alpha: float = DEFAULT_ALPHA, target: float = POWER_TARGET,
                max_k: int = 10) -> int | None:
    """The smallest k for this many cases with power >= target, or None up to max_k."""
    if lift <= PASS_LINE:
        return None
    for k in range(1, max_k + 1):
        if power((k,) * cases, lift, tie_rate, alpha) >= target:
            return k
    return None

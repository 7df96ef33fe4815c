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

The firmness test (what `aa_rate` is; the Beta model above is only the design-time model of
the planner's verdict rate `aa_tail` and of the power model)
------------------------------------------------------------------------------------------
Under A/A the two arms are exchangeable within a case, whoever decides its rows (checks, a
judge that breaks ties at random, one that always picks a side, repetitions that share more
than the case's difficulty): swapping the arms of one case turns its D_c = W_c - L_c into
-D_c and leaves everything else alone. So, conditional on the magnitudes |D_c| the run
observed, the signs are independent fair coins: the exact **case-level sign-flip** null. At
k = 1 it is Binomial(W + L, 1/2) on W - L, the decided rows' sign test; above k = 1 a case is
one unit, so clustered repetitions cannot inflate it. It needs no tie rate and no difficulty
law: it is valid for any of them.

`aa_rate` is how often an A/A run of this design reads a verdict at least as far from NEUTRAL
as the observed one, under that null: P(|net lift| >= max(1/3, |observed|)), either sign
(two-sided: a firm verdict of either sign is wrong at most alpha of the time; one side is half
of it). A NEUTRAL: 1.0. Computed exactly (cases grouped by magnitude, binomial signs within a
group; FLIP_SUPPORT bounds the exact enumeration, a normal law with the exact variance beyond).
With adaptive k the statistic is the case-weighted net lift (D_c / n_c per case), the same way.
A verdict is **firm** when it is PASS or FAIL and its A/A rate, adjusted by Holm over the run's
family of comparisons (`holm`), is <= alpha. A clean sweep of n cases reads 2 / 2^n, so no
design under `clean_sweep_cases(alpha)` cases (6 at alpha 0.05) can be firm, whatever k.

The power model (`power`) adds a true effect to the A/A model: a share `lift` of the cases is
one the candidate always wins (every repetition), the other cases are A/A as above; the
expected net lift is then `lift`. It is deliberately case-level: a skill's effect lives in
some cases, not spread evenly over rows, so more repetitions cannot stand in for more cases.
"""

from __future__ import annotations

import random
from bisect import bisect
from collections.abc import Iterable, Sequence
from fractions import Fraction
from functools import lru_cache
from math import ceil, comb, erfc, exp, lcm, lgamma, sqrt
from typing import TypeVar

import numpy as np

from runner.analysis.stats import PASS_LINE
from runner.schema.report import ALPHA, Size

Sum = TypeVar("Sum", int, Fraction)

DEFAULT_ALPHA = ALPHA  # runner.config.ALPHA, through schema (analysis may not read config)
DEFAULT_TIE_RATE = 2 / 3  # uniform difficulty: what a design is judged at before any data
POWER_TARGET = 0.8
MAX_K = 20
_COIN = 1e6  # shapes above this are p = 1/2 exactly
EXACT_ROWS = 600  # above this many scored rows, a normal law with the exact variance
EXACT_WEIGHTED_ROWS = 200  # the same for adaptive k's case-weighted statistic
FLIP_SUPPORT = 200_000  # above this many sign patterns' sums, the flip test's normal law


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


def _convolve(a: dict[Sum, float], b: dict[Sum, float]) -> dict[Sum, float]:
    """The law of x + y for independent x ~ a, y ~ b (integer or exact fractional sums)."""
    out: dict[Sum, float] = {}
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


CaseTally = tuple[int, int, int]  # one case's (wins, losses, ties) against one opponent


def _magnitudes(cases: Sequence[CaseTally], weighted: bool) -> tuple[Fraction, ...]:
    """Each case's |W - L| (weighted: |W - L| / its scored rows), cases with no row left out."""
    out = []
    for w, lo, t in cases:
        n = w + lo + t
        if n:
            out.append(Fraction(abs(w - lo), n if weighted else 1))
    return tuple(sorted(out))


@lru_cache(maxsize=16384)
def _flip_dist(groups: tuple[tuple[Fraction, int], ...]) -> tuple[tuple[Fraction, float], ...]:
    """The law of S = sum_c s_c m_c with independent fair signs s_c, cases grouped by their
    magnitude m: within a group of c cases, the number of + signs is Binomial(c, 1/2)."""
    dist: dict[Fraction, float] = {Fraction(0): 1.0}
    for m, c in groups:
        if m == 0:
            continue
        group = {m * (2 * j - c): comb(c, j) / 2 ** c for j in range(c + 1)}
        dist = _convolve(dist, group)
    return tuple(sorted(dist.items()))


def flip_tail(magnitudes: Sequence[Fraction], line: Fraction) -> float:
    """P(|S| >= line) for S = sum of the magnitudes with independent fair signs: the exact
    case-level sign-flip tail. Above FLIP_SUPPORT distinct sums a normal law with the exact
    variance (sum of m^2) stands in."""
    counts: dict[Fraction, int] = {}
    for m in magnitudes:
        if m:
            counts[m] = counts.get(m, 0) + 1
    if not counts:
        return 1.0 if line <= 0 else 0.0
    groups = tuple(sorted(counts.items()))
    if all(m.denominator == 1 for m, _ in groups):  # |S| >= line on the integer grid
        return _int_tail(tuple((int(m), c) for m, c in groups), ceil(line))
    support = 1
    for _, c in groups:
        support *= c + 1
    if support > FLIP_SUPPORT:
        variance = float(sum(m * m * c for m, c in groups))
        return min(1.0, erfc(float(line) / sqrt(2 * variance)))
    return min(1.0, sum(p for s, p in _flip_dist(groups) if abs(s) >= line))


def aa_rate(cases: Sequence[CaseTally], weighted: bool = False) -> float | None:
    """A comparison's A/A rate: how often an A/A run of its design reads a verdict at least as
    far from NEUTRAL as it did (either sign), under the exact conditional null of the module
    docstring (each case's W - L kept, its sign a fair coin). A NEUTRAL: 1.0; no scored row:
    None. `weighted`: the case-weighted net lift (adaptive k), else the rows' net lift."""
    rows = sum(w + lo + t for w, lo, t in cases)
    if rows == 0:
        return None
    lift = _lift_of(cases, weighted)
    if abs(lift) < PASS_LINE:
        return 1.0
    scale = sum(1 for w, lo, t in cases if w + lo + t) if weighted else rows
    return flip_tail(_magnitudes(cases, weighted), abs(lift) * scale)


def _lift_of(cases: Sequence[CaseTally], weighted: bool) -> Fraction:
    scored = [(w, lo, t) for w, lo, t in cases if w + lo + t]
    if weighted:
        return sum((Fraction(w - lo, w + lo + t) for w, lo, t in scored),
                   Fraction(0)) / len(scored)
    rows = sum(w + lo + t for w, lo, t in scored)
    return Fraction(sum(w - lo for w, lo, _ in scored), rows)


def is_firm(rate: float | None, alpha: float = DEFAULT_ALPHA) -> bool:
    """PASS and FAIL only (a NEUTRAL's rate is 1.0)."""
    return rate is not None and rate <= alpha


def holm(rates: Sequence[float | None]) -> list[float | None]:
    """Holm's step-down adjustment of a family's A/A rates (None stays None, left out of the
    family): adjusted <= alpha for a comparison exactly when Holm's procedure rejects it, so
    the chance that any comparison of the family reads firm under A/A is at most alpha."""
    known = sorted((r, i) for i, r in enumerate(rates) if r is not None)
    m = len(known)
    out: list[float | None] = [None] * len(rates)
    running = 0.0
    for rank, (r, i) in enumerate(known):
        running = max(running, min(1.0, (m - rank) * r))
        out[i] = running
    return out


def clean_sweep_cases(alpha: float = DEFAULT_ALPHA) -> int:
    """The fewest cases whose clean sweep (every case won, or every case lost) is firm: an A/A
    run sweeps either way 2 / 2^n of the time, whatever k."""
    n = 1
    while 2.0 ** (1 - n) > alpha:
        n += 1
    return n


def can_be_firm(design: Sequence[int], alpha: float = DEFAULT_ALPHA) -> bool:
    """Whether any outcome of this design (scored rows per case) could be a firm verdict: its
    strongest is a clean sweep, whose rate is 2 / 2^cases."""
    return len(_key(design)) >= clean_sweep_cases(alpha)


def firm_size(cases: Sequence[CaseTally], alpha: float = DEFAULT_ALPHA,
              weighted: bool = False, max_cases: int = 200) -> Size | None:
    """If this lift held: the fewest cases (at this k) at which a run whose cases repeat this
    one's pattern (its cases cycled) would be firm; None when none up to `max_cases` is. Under
    a case-level test repetitions do not stand in for cases, so the k stays."""
    scored = [c for c in cases if sum(c)]
    if not scored or abs(_lift_of(scored, weighted)) < PASS_LINE:
        return None
    k = max(sum(c) for c in scored)
    for n in range(len(scored) + 1, max_cases + 1):
        grown = [scored[i % len(scored)] for i in range(n)]
        if is_firm(aa_rate(grown, weighted), alpha):
            return Size(cases=n, k=k)
    return None


def case_vote(outcomes: Iterable[int]) -> int:
    """A case's repetitions collapsed to one vote: +1 (win), -1 (loss) or 0 (tie), by the
    majority of its decided rows (+1 / -1; ties are 0 and do not vote); an even split is a tie."""
    net = sum(1 if o > 0 else -1 if o < 0 else 0 for o in outcomes)
    return (net > 0) - (net < 0)


# --- power -----------------------------------------------------------------------------------

POWER_DRAWS = 1000  # seeded draws per power figure above k = 1 (k = 1 is exact)
POWER_SEED = 20260


def power(design: Sequence[int], lift: float, tie_rate: float = DEFAULT_TIE_RATE,
          alpha: float = DEFAULT_ALPHA) -> float:
    """P(a firm PASS) when a share `lift` of the cases is a sure win and the rest are A/A at
    this tie rate (the power model in the module's docstring), read by the real test
    (`aa_rate`): exact at k = 1, else a seeded simulation of POWER_DRAWS runs."""
    key = _key(design)
    if not key:
        return 0.0
    return _power_cached(key, round(min(1.0, max(0.0, lift)), 9), round(tie_rate, 9), alpha)


@lru_cache(maxsize=4096)
def _power_cached(design: tuple[int, ...], lift: float, tie_rate: float, alpha: float) -> float:
    shape = shape_for(tie_rate)
    if set(design) == {1}:
        return _power_k1(len(design), lift, shape, alpha)
    rng = random.Random(POWER_SEED)
    tables = {k: _cumulative(k, shape) for k in set(design)}
    rows = sum(design)
    hits = 0
    for _ in range(POWER_DRAWS):
        diffs: dict[int, int] = {}
        total = 0
        for k in design:
            if rng.random() < lift:
                d = k
            else:
                probs, splits = tables[k]
                w, lo = splits[min(len(splits) - 1, bisect(probs, rng.random()))]
                d = w - lo
            total += d
            diffs[abs(d)] = diffs.get(abs(d), 0) + 1
        if 3 * total >= rows and _int_tail(tuple(sorted(diffs.items())), total) <= alpha:
            hits += 1
    return hits / POWER_DRAWS


@lru_cache(maxsize=65536)
def _int_tail(groups: tuple[tuple[int, int], ...], line: int) -> float:
    """flip_tail for whole-number magnitudes (the row statistic): the law of S on an integer
    grid, each group's binomial signs convolved in (numpy: the power loop asks thousands)."""
    dist = _int_dist(groups)
    offset = (len(dist) - 1) // 2
    if line <= 0:
        return 1.0
    low, high = offset - line, offset + line  # the tails: S <= -line and S >= line
    return min(1.0, float(dist[:max(0, low + 1)].sum() + dist[max(0, high):].sum()))


@lru_cache(maxsize=16384)
def _int_dist(groups: tuple[tuple[int, int], ...]) -> np.ndarray:
    dist = np.ones(1)
    for m, c in groups:
        if m == 0:
            continue
        group = np.zeros(2 * m * c + 1)
        for j in range(c + 1):
            group[2 * m * j] = comb(c, j) / 2.0 ** c
        dist = np.convolve(dist, group)
    return dist


def _cumulative(k: int, shape: float | None) -> tuple[list[float], list[tuple[int, int]]]:
    total, probs, splits = 0.0, [], []
    for w, lo, p in case_outcomes(k, shape):
        total += p
        probs.append(total)
        splits.append((w, lo))
    return probs, splits


def _power_k1(n: int, lift: float, shape: float | None, alpha: float) -> float:
    """k = 1: a case is a win (lift + (1 - lift) q), a loss ((1 - lift) q) or a tie, q =
    E[p(1-p)]; the firm PASS outcomes are those (W, L) whose sign test is <= alpha."""
    q = sum(p for w, lo, p in case_outcomes(1, shape) if w == 1)
    pw, pl = lift + (1 - lift) * q, (1 - lift) * q
    pt = max(0.0, 1 - pw - pl)
    total = 0.0
    for w in range(n + 1):
        for lo in range(n + 1 - w):
            if 3 * (w - lo) < n or not is_firm(aa_rate([(1, 0, 0)] * w + [(0, 1, 0)] * lo
                                                       + [(0, 0, 1)] * (n - w - lo)), alpha):
                continue
            total += (comb(n, w) * comb(n - w, lo) * pw ** w * pl ** lo * pt ** (n - w - lo))
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

"""The numbers of docs/statistics.md: net lift, verdict bands, the exact two-sided sign test."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from math import comb

from runner.schema.enums import Verdict

PASS_LINE = Fraction(1, 3)


def net_lift(wins: int, losses: int, ties: int) -> float | None:
    """(W - L) / (W + L + T); None when no row was scored."""
    scored = wins + losses + ties
    return None if scored == 0 else (wins - losses) / scored


def verdict(wins: int, losses: int, ties: int) -> Verdict:
    """>= +1/3 PASS, <= -1/3 FAIL, else NEUTRAL; no scored row: NO EVIDENCE.

    Compared in exact fractions so that exactly one third lands on the line, not beside it.
    """
    scored = wins + losses + ties
    if scored == 0:
        return Verdict.NO_EVIDENCE
    lift = Fraction(wins - losses, scored)
    if lift >= PASS_LINE:
        return Verdict.PASS
    if lift <= -PASS_LINE:
        return Verdict.FAIL
    return Verdict.NEUTRAL


def lift_verdict(lift: Fraction | None) -> Verdict:
    """The verdict bands applied to a net lift computed elsewhere (a case-weighted one)."""
    if lift is None:
        return Verdict.NO_EVIDENCE
    if lift >= PASS_LINE:
        return Verdict.PASS
    if lift <= -PASS_LINE:
        return Verdict.FAIL
    return Verdict.NEUTRAL


def case_weighted_lift(tallies: Iterable[tuple[int, int, int]]) -> Fraction | None:
    """Adaptive k's net lift: the mean over cases of each case's (W - L) / (W + L + T), so
    every case weighs the same whatever its repetitions. With equal repetitions it is exactly
    (W - L) / (W + L + T) over the rows. None when no case has a scored row."""
    lifts = [Fraction(w - lo, w + lo + t) for w, lo, t in tallies if w + lo + t]
    return sum(lifts, Fraction(0)) / len(lifts) if lifts else None


def sign_test(wins: int, losses: int) -> float | None:
    """Exact two-sided binomial test of W vs L under p = 1/2 (ties dropped).

    p = min(1, 2 * P(X <= min(W, L))), X ~ Binomial(W + L, 1/2): the same value as
    scipy.stats.binomtest(W, W + L, 0.5).pvalue for the symmetric null. None when W + L = 0.
    """
    n = wins + losses
    if n == 0:
        return None
    k = min(wins, losses)
    tail = sum(comb(n, i) for i in range(k + 1))
    return min(1.0, float(Fraction(2 * tail, 2**n)))

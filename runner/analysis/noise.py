"""The regression gate's noise model (pure): is a drop between two runs larger than the runs'
own noise? A stratified permutation test, the redraw that is exact at the level it states.

Under "nothing changed" the before and after runs are two draws of the same thing: within one
stratum (a case for task success and process, a query for triggers), every trial of either run
is as likely to have landed in either. So the null redraws keep each stratum's trials and shuffle
which run each belongs to (a hypergeometric draw of its successes), and recompute the figure's
change. p = (1 + redraws at least as low as the observed change) / (1 + redraws); a drop
fails at CONFIDENCE 95% when p <= 5%, so an unchanged skill fails at most 5% of the time
(less where few trials leave the redraws coarse). `survived` is 1 - p: the share of null
redraws the observed drop goes below. Repetitions within a stratum and the stratum's own
difficulty are conditioned on, not modelled.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

Stratum = tuple[int, int, int, int]  # (trials before, successes before, trials after, after)
Change = Callable[[Sequence[Stratum]], float | None]  # the figure's after - before

REDRAWS = 2000
CONFIDENCE = 0.95
SEED = 1729  # the redraws are reproducible: the same runs give the same answer


def pooled_change(strata: Sequence[Stratum]) -> float | None:
    """A pooled share's change: successes over trials, after minus before."""
    na, nb = sum(s[0] for s in strata), sum(s[2] for s in strata)
    if not na or not nb:
        return None
    return sum(s[3] for s in strata) / nb - sum(s[1] for s in strata) / na


def _shuffled(strata: Sequence[Stratum], rng: random.Random) -> list[Stratum]:
    out = []
    for na, a, nb, b in strata:
        ones, n = a + b, na + nb
        if ones in (0, n) or not na or not nb:
            out.append((na, a, nb, b))
            continue
        drawn = sum(1 for i in rng.sample(range(n), na) if i < ones)
        out.append((na, drawn, nb, ones - drawn))
    return out


def drop_test(strata: Sequence[Stratum], change: Change = pooled_change,
              redraws: int | None = None, seed: int = SEED) -> tuple[float, float] | None:
    """(survived, noise): the share of null redraws the observed change goes below (1 - p),
    and half the 95% spread of the null changes. None when nothing can be redrawn (no stratum
    ran in both runs)."""
    observed = change(strata)
    if observed is None or not any(s[0] and s[2] for s in strata):
        return None
    rng = random.Random(seed)
    count = redraws or REDRAWS
    null: list[float] = []
    for _ in range(count):
        value = change(_shuffled(strata, rng))
        if value is not None:
            null.append(value)
    if not null:
        return None
    at_most = sum(1 for v in null if v <= observed + 1e-12)
    null.sort()
    spread = (null[int(0.975 * (len(null) - 1))] - null[int(0.025 * (len(null) - 1))]) / 2
    return 1 - (1 + at_most) / (1 + len(null)), spread


def beyond_noise(survived: float) -> bool:
    return survived >= CONFIDENCE - 1e-12

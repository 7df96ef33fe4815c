"""The power planner behind `estimate --detect LIFT` (pure: the CLI prices the options).

For a skill's case count and a k, three sizes: the current one, the smallest k at these cases,
and the fewest cases at this k, that catch a true net lift LIFT with a firm PASS at least
`target` of the time, under the power model of runner.analysis.confidence.
"""

from __future__ import annotations

from runner.analysis.confidence import (
    DEFAULT_ALPHA,
    DEFAULT_TIE_RATE,
    POWER_TARGET,
    aa_tail,
    can_be_firm,
    cases_for_power,
    clean_sweep_cases,
    k_for_power,
    power,
)
from runner.analysis.stats import PASS_LINE
from runner.schema.runs import PowerPlan, SizeOption


def _option(label: str, cases: int | None, k: int | None, lift: float, alpha: float,
            tie_rate: float) -> SizeOption:
    if cases is None or k is None:
        return SizeOption(label=label, cases=None, k=None)
    design = (k,) * cases
    return SizeOption(label=label, cases=cases, k=k, power=power(design, lift, tie_rate, alpha),
                      aa_rate=aa_tail(design, tie_rate))


def plan_detect(cases: int, k: int, lift: float, alpha: float = DEFAULT_ALPHA,
                tie_rate: float = DEFAULT_TIE_RATE, target: float = POWER_TARGET,
                max_k: int = 10, max_cases: int = 60) -> PowerPlan:
    """The sizes that catch a true net lift `lift` (0 < lift <= 1) with a firm PASS."""
    more_k = k_for_power(cases, lift, tie_rate, alpha, target, max_k)
    more_cases = cases_for_power(k, lift, cases, tie_rate, alpha, target, max_cases)
    note = None
    if lift <= float(PASS_LINE):
        note = (f"a true net lift of {lift:+.0%} sits at or below the PASS line (+33%): "
                "observed lifts spread around it, so no size reads PASS with "
                f"{target:.0%} power")
    return PowerPlan(
        detect=lift, alpha=alpha, target_power=target, tie_rate=tie_rate, cases=cases, k=k,
        can_be_firm=can_be_firm((k,) * cases, alpha), note=note,
        options=[_option("current size", cases, k, lift, alpha, tie_rate),
                 _option("more repetitions", cases if more_k else None, more_k, lift, alpha,
                         tie_rate),
                 _option("more cases", more_cases, k if more_cases else None, lift, alpha,
                         tie_rate)])


def size_warning(cases: int, k: int, alpha: float = DEFAULT_ALPHA) -> str | None:
    """Before spending: a size at which no outcome can be a firm verdict, and the fewest cases
    that can (None when this size can). Under the case-level test more repetitions cannot."""
    if can_be_firm((k,) * cases, alpha):
        return None
    enough = clean_sweep_cases(alpha)
    return (f"{cases} case(s) x k={k} can never give a firm verdict at alpha {alpha:g}: even "
            f"a clean sweep is read that way by an A/A run {2 ** (1 - cases):.0%} of the time "
            f"(the test counts cases, not repetitions); {enough} cases can "
            "(skill-eval estimate SKILL --detect LIFT plans a size)")

"""`skill-eval estimate` below the command line: the run's plan priced by the driver's own
`estimate_run` (the skill's history from the store, when the store is there: reading never
creates one), and with `detect` the planner's sizes, each priced."""

from __future__ import annotations

from pathlib import Path

from runner.analysis.planner import plan_detect
from runner.costs.estimate import estimate_plan, per_model, scaled
from runner.driver.evaluate import estimate_run
from runner.errors import RefusedInput
from runner.planning.plan import make_plan
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.runs import Estimate, PowerPlan
from runner.store.base import open_store


def estimate_eval(opts: RunOptions, detect: float | None = None) -> tuple[Plan, Estimate]:
    """The plan and what its trials would cost; `detect` (a true net lift) adds the sizes
    that catch it with a firm PASS 80% of the time."""
    if opts.models:  # every model at its own price
        if detect is not None:
            raise RefusedInput("--detect plans one model's size; give one --model with it")
        plans = [make_plan(opts.model_copy(update={"model": m, "models": ()}))
                 for m in dict.fromkeys(opts.models)]
        return plans[0], per_model([(p.model, _priced(p, opts)) for p in plans])
    plan = make_plan(opts)
    result = _priced(plan, opts)
    if detect is not None:
        result = result.model_copy(update={"power": power_plan(plan, result, detect,
                                                                opts.alpha)})
    return plan, result


def _priced(plan: Plan, opts: RunOptions) -> Estimate:
    if "://" in opts.store_uri or Path(opts.store_uri).is_dir():
        return estimate_run(plan, open_store(opts.store_uri, opts.store_endpoint))
    return estimate_plan(plan, {})


def power_plan(plan: Plan, current: Estimate, lift: float, alpha: float) -> PowerPlan:
    """The planner's sizes, each priced by scaling this plan's estimate (per session, per
    grader call, per judge call) to its sessions."""
    cases = len(plan.cases)
    power = plan_detect(cases, plan.k, lift, alpha)
    options = []
    for option in power.options:
        if option.cases is None or option.k is None:
            options.append(option)
            continue
        factor = option.cases * option.k / (cases * plan.k)
        options.append(option.model_copy(update={
            "sessions": option.cases * option.k * len(plan.arms),
            "cost": scaled(current, factor)}))
    return power.model_copy(update={"options": options})

"""`skill-eval estimate`: What a run would cost, before spending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import STORE, run_options, use
from runner.schema.plan import Plan
from runner.schema.runs import Estimate, PowerPlan


@main.command(epilog=CHECK_EXIT_CODES, short_help="What a run would cost, before spending.")
@click.argument("skill", type=click.Path(path_type=Path))
@use("k", "max_k", "min_k", "model", "case_ids", "incumbent_path", "grader_model",
     "judge_model", "no_judge", *STORE)
@click.option("--detect", type=click.FloatRange(0, 1, min_open=True), default=None,
              metavar="LIFT",
              help="Plan a size: the k and the number of cases that catch a true net lift "
                   "LIFT (e.g. 0.5) with a firm PASS 80% of the time, each priced.")
@use("alpha")
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON on stdout.")
@guarded
def estimate(skill: Path, as_json: bool, detect: float | None, **params: Any) -> None:
    """What evaluating SKILL would cost: sessions per arm, grader and judge calls, tokens and
    dollars from the versioned price table. Offline and free; uses the skill's past runs in the
    store when there are any, else a generous per-session default.

    \b
    Examples:
      skill-eval estimate examples/csv-summary
      skill-eval estimate ./my-skill --k 3 --incumbent ./my-skill-v1 --store s3://evals/runs
      skill-eval estimate ./my-skill --detect 0.5 --json
    """
    from runner.costs.estimate import estimate_plan
    from runner.planning.plan import make_plan
    from runner.render.terminal import render_estimate, render_power
    from runner.store.base import open_store
    from runner.store.runs import token_history

    opts = run_options(skill, params)
    plan = make_plan(opts)
    history = {}
    if "://" in opts.store_uri or Path(opts.store_uri).is_dir():
        history = token_history(open_store(opts.store_uri, opts.store_endpoint),
                                plan.skill.name, opts.model)
    result = estimate_plan(plan, history)
    if detect is not None:
        result = result.model_copy(update={"power": _power(plan, result, detect, opts.alpha)})
    if as_json:
        console.out().print_json(result.model_dump_json())
        return
    render_estimate(result, console.out(), f"{plan.skill.name}: {len(plan.trials)} trial(s) "
                                           "would cost")
    if result.power is not None:
        render_power(result.power, console.out())


def _power(plan: Plan, current: Estimate, lift: float, alpha: float) -> PowerPlan:
    """The planner's sizes, each priced by scaling this plan's estimate (per session, per
    grader call, per judge call) to its sessions."""
    from runner.analysis.planner import plan_detect
    from runner.costs.estimate import scaled

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

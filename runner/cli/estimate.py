"""`skill-eval estimate`: What a run would cost, before spending."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import STORE, run_options, use


@main.command(epilog=CHECK_EXIT_CODES, short_help="What a run would cost, before spending.")
@click.argument("skill", type=click.Path(path_type=Path))
@use("k", "model", "case_ids", "incumbent_path", "grader_model", "judge_model", "no_judge",
     *STORE)
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON on stdout.")
@guarded
def estimate(skill: Path, as_json: bool, **params: Any) -> None:
    """What evaluating SKILL would cost: sessions per arm, grader and judge calls, tokens and
    dollars from the versioned price table. Offline and free; uses the skill's past runs in the
    store when there are any, else a generous per-session default.

    \b
    Examples:
      skill-eval estimate examples/csv-summary
      skill-eval estimate ./my-skill --k 3 --incumbent ./my-skill-v1 --store s3://evals/runs
    """
    from runner.costs.estimate import estimate_plan
    from runner.planning.plan import make_plan
    from runner.render.terminal import render_estimate
    from runner.store.base import open_store
    from runner.store.runs import token_history

    opts = run_options(skill, params)
    plan = make_plan(opts)
    history = {}
    if "://" in opts.store_uri or Path(opts.store_uri).is_dir():
        history = token_history(open_store(opts.store_uri, opts.store_endpoint),
                                plan.skill.name, opts.model)
    result = estimate_plan(plan, history)
    if as_json:
        console.out().print_json(result.model_dump_json())
        return
    render_estimate(result, console.out(), f"{plan.skill.name}: {len(plan.trials)} trial(s) "
                                           "would cost")

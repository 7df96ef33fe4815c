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
@use("k", "max_k", "min_k", "models", "case_ids", "cases_file", "skill_name", "incumbent_path",
     "grader_model", "judge_model", "no_judge", *STORE)
@click.option("--detect", type=click.FloatRange(0, 1, min_open=True), default=None,
              metavar="LIFT",
              help="Plan a size: the k and the number of cases that catch a true net lift "
                   "LIFT (e.g. 0.5) with a firm PASS 80% of the time, each priced.")
@use("alpha", "as_json")
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
      skill-eval estimate ./my-skill --model claude-haiku-4-5 --model claude-opus-4-5
      skill-eval estimate ./my-skills               # a collection: each skill's run, and the sum
    """
    from runner.driver.api import collection_at, estimate_collection, estimate_eval, total
    from runner.render.terminal import render_estimate, render_power

    found = collection_at(skill, params.get("skill_name"), params.get("cases_file"))
    if found is not None:
        if detect is not None:
            raise click.BadParameter("plan a size for one skill of the collection "
                                     "(--skill-name NAME)", param_hint="--detect")
        priced = estimate_collection(run_options(found.root, params), found)
        if as_json:
            console.out().print_json(total([e for _, e in priced]).model_dump_json())
            return
        for line in found.lines():
            console.out().print(line, markup=False)
        for plan, each in priced:
            render_estimate(each, console.out(), f"{plan.skill.name}: {len(plan.trials)} "
                                                 "trial(s) would cost")
        render_estimate(total([e for _, e in priced]), console.out(),
                        f"the collection: {sum(len(p.trials) for p, _ in priced)} trial(s) "
                        "would cost")
        return

    plan, result = estimate_eval(run_options(skill, params), detect)
    if as_json:
        console.out().print_json(result.model_dump_json())
        return
    models = len({line.model for line in result.lines if line.model}) or 1
    render_estimate(result, console.out(), f"{plan.skill.name}: {len(plan.trials) * models} "
                                           "trial(s) would cost")
    if result.power is not None:
        render_power(result.power, console.out())

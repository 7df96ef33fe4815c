"""`skill-eval trigger`: Trigger evaluation: does the skill fire, and only when it should."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import config, console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import POSITIVE, SANDBOX, STORE, run_options, use


@main.command(epilog=EXIT_CODES, short_help="Does the skill fire, and only when it should?")
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--skills-dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The library the skill competes with (each folder a skill).")
@click.option("--with-neighbours", "with_neighbours", default=0, type=click.IntRange(min=0),
              help="Also measure the N library skills whose descriptions overlap most (and "
                   "that have trigger sets): an edit can take a neighbour's requests.")
@use("mode", "k", "models", "model_script", "session_budget_usd", "max_budget_usd",
     "store_budget_usd", "concurrency", "timeout_s", *STORE, *SANDBOX, "executor", "fresh",
     "save", "ray_address", "shared_store", "forward_credentials", "notify",
     # the same settings, with what a trigger run means by them
     k=click.option("--k", "--runs", "k", default=config.TRIGGER_RUNS, show_default=True,
                    type=click.IntRange(min=1),
                    help="Sessions per query (the model is not deterministic)."),
     timeout_s=click.option("--timeout", "timeout_s", default=config.TRIGGER_TIMEOUT_S,
                            show_default=True, type=click.FloatRange(min=1),
                            help="Per-session limit, seconds."),
     session_budget_usd=click.option("--session-budget-usd", type=POSITIVE,
                                     help="Per-session cap (default 0.25: the decision lands "
                                          "in a turn or two)."),
     max_budget_usd=click.option("--max-budget-usd", type=POSITIVE,
                                 help="Cap on the whole trigger run."))
@use("as_json")
@guarded
def trigger(skill: Path, skills_dir: Path | None, with_neighbours: int, mode: str,
            as_json: bool, **params: Any) -> None:
    """Trigger evaluation: each query of SKILL's trigger set runs --k times as a headless
    claude session in a fresh container, with the skill among --skills-dir's skills, not in
    plan mode, with the read-only tools only (Skill Read Glob Grep), no MCP server and a
    per-session budget cap. What counts is the first skill each session loads. Prints the
    confusion matrix, recall, precision and F1, each query's fire rate and where its misses
    went, train and validation figures (60/40, stratified), EV010 and the bill.

    \b
    Examples:
      skill-eval trigger ./my-skill --skills-dir ~/.claude/skills --k 3
      skill-eval trigger ./my-skill --mode catalog       # cheap: a model reads the catalog
      skill-eval trigger ./my-skill --skills-dir lib --with-neighbours 2 --save before
      skill-eval trigger ./my-skill --model claude-haiku-4-5 --model claude-sonnet-4-5
    """
    from runner.driver.api import RunBudget, for_trigger, notifying, run_with_neighbours
    from runner.render.terminal import render_trigger

    opts = run_options(skill, params, force=True)
    models = list(opts.models) or [opts.model]
    if len(models) > 1 and opts.save:
        raise click.BadParameter("--save names one run, and several models make one per "
                                 "model", param_hint="--save")
    budget = RunBudget()  # one --max-budget-usd over every model's trigger run
    by_model: dict[str, list[Any]] = {}
    with notifying(opts.notify, "trigger") as note:
        for model in models:
            by_model[model] = run_with_neighbours(
                opts.model_copy(update={"model": model, "models": ()}), skills_dir, mode,
                with_neighbours, console.err(), budget)
        note.notice = for_trigger([r for found in by_model.values() for r in found])
    if as_json:
        data: Any = {m: [r.model_dump(mode="json") for r in found]
                     for m, found in by_model.items()}
        console.out().print_json(data=data if len(models) > 1 else data[models[0]])
        return
    for model, reports in by_model.items():
        if len(models) > 1:
            console.out().print(Text(f"\nmodel {model}:", style="bold"))
        for number, report in enumerate(reports):
            if number:
                console.out().print(Text(f"\nneighbour {report.skill}:", style="bold"))
            render_trigger(report, console.out())

"""`skill-eval runs`: List the runs in a store."""

from __future__ import annotations

import click

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, read_store, use


@main.command(epilog=EXIT_CODES, short_help="List the runs in a store, newest first.")
@use(*STORE)
@click.option("--skill-name", "--skill", "skill_name", default=None, metavar="NAME",
              help="Only runs of the skill of this name.")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(min=1),
              help="Show at most this many.")
@click.option("--batch", "batch_id", default=None, metavar="ID",
              help="Show this batch's evals and where each stands (while it runs, or after).")
@use("as_json")
@guarded
def runs(store_uri: str, store_endpoint: str | None, skill_name: str | None, limit: int,
         batch_id: str | None, as_json: bool) -> None:
    """List the runs in a store, newest first: id, skill and digest, verdict, net lift,
    trials, holes, cost, when it finished, status (a dry run says so). Read from each skill's
    index (one read per skill): nothing is changed.

    \b
    Examples:
      skill-eval runs
      skill-eval runs --store s3://evals/nightly --skill-name csv-summary --limit 10
      skill-eval runs --store s3://evals/nightly --batch b-3f2a9c0d1e4b5a6f
    """
    from runner.driver.api import list_runs
    from runner.render.terminal import render_runs

    store = read_store(store_uri, store_endpoint)
    if batch_id is not None:  # a batch's module loads the driver's run machinery: only here
        from runner.driver.api import batch_status
        from runner.render.terminal import render_batch

        evals = batch_status(store, batch_id)
        if as_json:
            console.out().print_json(data=[e.model_dump(mode="json") for e in evals])
        else:
            render_batch(batch_id, evals, console.out())
        return
    found = list_runs(store, skill_name)[:limit]
    if as_json:
        console.out().print_json(data=[r.model_dump(mode="json") for r in found])
        return
    render_runs(found, console.out())

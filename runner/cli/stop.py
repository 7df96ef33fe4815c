"""`skill-eval stop`: stop a run or batch from another shell, or every run of the store."""

from __future__ import annotations

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, use


@main.command(epilog=EXIT_CODES, short_help="Stop a run or batch, or every run of the store.")
@click.argument("run_id", required=False)
@click.option("--all", "stop_all", is_flag=True,
              help="Stop every run, batch and regrade using the store, and refuse new ones "
                   "(resumes included) until `stop --lift`.")
@click.option("--lift", is_flag=True, help="Lift the store's kill switch (`stop --all`).")
@use(*STORE)
@guarded
def stop(run_id: str | None, stop_all: bool, lift: bool, store_uri: str,
         store_endpoint: str | None) -> None:
    """Stop RUN_ID (or a batch id) cleanly from another shell: no new trial starts, in-flight
    trials end at their next model call, and the driver writes a partial report.

    With --all, the store's kill switch: every driver using the store stops the same way, and
    no run, batch or regrade starts on it (a resume neither) until `stop --lift`.

    \b
    Examples:
      skill-eval stop r-8cfe993a564bfb22
      skill-eval stop --all --store s3://evals/nightly
      skill-eval stop --lift --store s3://evals/nightly
    """
    from runner.driver.api import engage, request_stop, store_at
    from runner.driver.api import lift as lift_switch

    if sum([run_id is not None, stop_all, lift]) != 1:
        raise click.UsageError("name one: RUN_ID, --all or --lift")
    store = store_at(store_uri, store_endpoint)
    if run_id is not None:
        request_stop(store, run_id)
        console.out().print(Text(f"stop requested for {run_id}"))
        return
    store.preflight()
    if stop_all:
        engage(store, "skill-eval stop --all")
        console.out().print(Text(f"every run of {store.uri} stops; none starts until "
                                 "`skill-eval stop --lift`"))
        return
    if lift_switch(store):
        console.out().print(Text(f"kill switch lifted: runs may start on {store.uri}"))
    else:
        console.out().print(Text(f"{store.uri}: the kill switch was not on"))

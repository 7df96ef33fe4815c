"""`skill-eval stop`: Stop a run or batch from another shell."""

from __future__ import annotations

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, use


@main.command(epilog=EXIT_CODES, short_help="Stop a run or batch from another shell.")
@click.argument("run_id")
@use(*STORE)
@guarded
def stop(run_id: str, store_uri: str, store_endpoint: str | None) -> None:
    """Stop RUN_ID (or a batch id) cleanly from another shell: no new trial starts, in-flight
    trials end at their next model call, and the driver writes a partial report.

    \b
    Example:
      skill-eval stop r-8cfe993a564bfb22
    """
    from runner.driver.api import request_stop
    from runner.store.base import open_store

    request_stop(open_store(store_uri, store_endpoint), run_id)
    console.out().print(Text(f"stop requested for {run_id}"))

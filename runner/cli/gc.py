"""`skill-eval gc`: Remove what interrupted runs left behind."""

from __future__ import annotations

import sys

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.errors import InfraError


@main.command(epilog=EXIT_CODES, short_help="Remove what interrupted runs left behind.")
@click.option("--run", "run_id", help="Only this run's leftovers (running or not).")
@click.option("--all", "include_running", is_flag=True,
              help="Also running sandboxes (after a driver crashed mid-run).")
@guarded
def gc(run_id: str | None, include_running: bool) -> None:
    """Remove what interrupted runs left behind: sandbox containers (by label), workspace
    mounts, scratch directories, and cached skill and fixture bundles no trial is using.
    By default running sandboxes are kept, and so is what ended or was touched in the last 10
    minutes (a live run may still be reading it); --all and --run take everything of theirs.

    \b
    Examples:
      skill-eval gc
      skill-eval gc --run r-8cfe993a564bfb22
    """
    from runner.driver.api import reap_leftovers

    reaped = reap_leftovers(run_id, include_running)
    console.out().print(Text(
        f"removed {reaped.containers} container(s), {reaped.mounts} mount(s), "
        f"{reaped.scratch_dirs} scratch dir(s), {reaped.bundles} cached bundle(s)"
        + (f"; {reaped.failed} container(s) could not be removed" if reaped.failed else "")))
    if reaped.failed:
        sys.exit(InfraError.exit_code)

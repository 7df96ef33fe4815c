"""`skill-eval publish SKILL --store URL`: the folder's exact bytes become a published version
of the skill in the team store."""

from __future__ import annotations

import sys
from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import guarded, main
from runner.cli.options import STORE, read_store, use

PUBLISH_EXIT_CODES = """\b
Exit codes:
  0  published (or, asked about a FAIL, declined: nothing written)
  2  refused: not a skill folder, a store that cannot be used, or the newest receipt of these
     bytes is FAIL and there is no terminal to ask on (give --yes)
  3  the store failed
  4  a bug in skill-eval itself
"""


@main.command(epilog=PUBLISH_EXIT_CODES,
              short_help="Publish a skill's exact bytes to the team store.")
@click.argument("skill", type=click.Path(path_type=Path))
@use(*STORE)
@click.option("--from-store", "from_store", default=None, metavar="STORE",
              help="Where the runs of these bytes were made, when not the team store: their "
                   "verified receipts are attached (copied) on publishing (default: --store).")
@click.option("--yes", "-y", "yes", is_flag=True,
              help="Publish even when the newest receipt of these bytes is FAIL, without "
                   "asking (needed off a terminal, e.g. in CI).")
@guarded
def publish(skill: Path, store_uri: str, store_endpoint: str | None, from_store: str | None,
            yes: bool) -> None:
    """Record the exact bytes of the SKILL folder (the digest receipts carry) as a published
    version of the skill in the team store (--store: an s3:// bucket is the team's
    registry, a directory works too). The verified receipts of these bytes are attached; a
    receipt of bytes never published stays out of the team's view (`--incumbent team`,
    `evidence`) until they are. When the newest receipt of these bytes is FAIL, publish asks
    first; off a terminal it refuses unless --yes.

    \b
    Examples:
      skill-eval publish ./my-skill --store s3://team-evals/registry
      skill-eval publish ./my-skill --store s3://team-evals/registry --from-store ./store
      skill-eval publish ./my-skill --store s3://team-evals/registry --yes   # in CI
    """
    from runner.driver.api import publish_skill, store_at

    err = console.err()

    def confirm(run_id: str) -> bool:
        return click.confirm(f"the newest receipt of these bytes (run {run_id}) is FAIL; "
                             "publish them anyway?", default=False, err=True)

    done = publish_skill(skill, lambda: store_at(store_uri, store_endpoint),
                         (lambda: read_store(from_store, store_endpoint)) if from_store
                         else None, yes, sys.stdin.isatty(), confirm)
    if done.version is None:
        err.print(Text("not published"))
        return
    for check in done.found.not_verified:
        err.print(Text(f"not attached: run {check.run_id}: {check.label}", style="yellow"))
    console.out().print(Text(
        f"published {done.skill.name} (sha256 {done.skill.short_digest}) to {done.team_uri}: "
        f"{len(done.version.receipts)} receipt(s) attached"
        + (f", newest {done.version.newest_verdict}" if done.version.newest_verdict
           else ", no receipt yet (a run of these bytes attaches when it completes in this "
                "store)")))

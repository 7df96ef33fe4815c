"""`skill-eval merge` (and `batch --merge`): shards' reports as one result (tables, JSON,
JUnit, the Actions summary, the gate)."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.ci import check_ci
from runner.cli.options import CI, OUTPUT, use
from runner.cli.output import check_writable, emit, verdict_exit


@main.command(epilog=EXIT_CODES, short_help="Merge shards' reports into one result.")
@click.argument("sources", nargs=-1, required=True, metavar="SOURCE...")
@click.option("--s3-endpoint-url", "store_endpoint", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible endpoint for s3:// sources (MinIO, ...).")
@use(*OUTPUT, *CI)
@guarded
def merge(sources: tuple[str, ...], store_endpoint: str | None, report_json: Path | None,
          as_json: bool, quiet: bool, gate: bool, gate_max_p: float | None,
          junit: Path | None) -> None:
    """Read the reports of several shards as one result: each SOURCE is a report file
    (written by --report-json, one report or a list) or a store (a directory or
    s3://bucket/prefix: every run's report in it). A run found in two sources counts once.
    Prints the tables (or --json), writes --report-json and --junit, and gates like `batch`;
    in GitHub Actions it annotates the cases and appends the job summary. `skill-eval batch
    --merge SOURCE...` is the same.

    \b
    Examples:
      skill-eval merge shard-1.json shard-2.json --junit junit.xml --gate
      skill-eval merge ./store-a ./store-b --report-json all.json
      skill-eval merge s3://evals/pr-123/shard-1 s3://evals/pr-123/shard-2 --gate
    """
    merged_result(sources, store_endpoint, report_json, as_json, quiet, gate, gate_max_p,
                  junit)


def merged_result(sources: tuple[str, ...], store_endpoint: str | None,
                  report_json: Path | None, as_json: bool, quiet: bool, gate: bool,
                  gate_max_p: float | None, junit: Path | None) -> None:
    """The one implementation of `merge` and `batch --merge`."""
    from runner.driver.api import ci_outputs
    from runner.driver.api import merge_shards as merged

    check_writable(report_json, "--report-json")
    check_ci(junit)
    shards = merged(list(sources), store_endpoint)
    reports = [s.report for s in shards]
    emit(reports, report_json, as_json)
    ci_outputs(reports, junit, {s.report.skill: s.folder for s in shards if s.folder})
    console.err(quiet=quiet).print(Text(
        f"merged {len(reports)} run(s) from {len(sources)} source(s): " + ", ".join(
            f"{r.skill} {r.verdict}" for r in reports), style="dim"))
    verdict_exit(reports, console.err(quiet=quiet), gate, gate_max_p)

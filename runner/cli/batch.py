"""`skill-eval batch`: Run many evals under one limit and one budget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import config, console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.ci import check_ci
from runner.cli.merge import merged_result
from runner.cli.options import CI, OUTPUT, use
from runner.cli.output import check_writable, emit, verdict_exit


@main.command(epilog=EXIT_CODES, short_help="Run many evals under one limit and one budget.")
@click.argument("batch_file", nargs=-1, required=True, metavar="BATCH_FILE | --merge SOURCE...")
@click.option("--merge", "merge_sources", is_flag=True,
              help="Run nothing: read the arguments as shards (report files or stores) and "
                   "merge them into one result, as `skill-eval merge` does (--junit, --gate "
                   "and the Actions summary on the merged result).")
@use("store_uri", "store_endpoint", "ray_address", "metrics_port", "metrics_host",
     "store_budget_usd", "force", "wait", "alpha", "batch_grading", "shared_store",
     "forward_credentials", "notify",
     *OUTPUT, *CI,
     # the batch file's own settings stand unless a flag overrides them
     store_uri=click.option("--store", "store_uri", default=None,
                            help="Override the batch file's store (directory or "
                                 "s3://bucket/prefix)."),
     store_endpoint=click.option("--s3-endpoint-url", "store_endpoint",
                                 envvar="AWS_ENDPOINT_URL_S3",
                                 help="S3-compatible endpoint (MinIO, ...) for an s3:// store, "
                                      "over the batch file's; with --merge, for s3:// sources."),
     metrics_host=click.option("--metrics-host", default=None,
                               help="Address the metrics server binds (default 127.0.0.1)."),
     alpha=click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
                        default=None, help="Override every eval's alpha: a PASS or FAIL is "
                                           "firm when an A/A run of its size reads one at most "
                                           f"this often (default {config.ALPHA})."))
@guarded
def batch(batch_file: tuple[str, ...], merge_sources: bool, report_json: Path | None,
          as_json: bool, quiet: bool, gate: bool, gate_max_p: float | None,
          junit: Path | None, **params: Any) -> None:
    """Run every eval in BATCH_FILE in one driver: one concurrency limit, one budget,
    resumable as a whole (re-run the same command). Relative paths in the file (skills,
    store, model script) are read from the file's folder. For overnight queues on a cluster,
    submit it as a Ray job (see docs/cluster.md, "The overnight queue"). With --json the
    reports are a JSON list. With --merge, the arguments are shards (report files or stores,
    as `skill-eval merge` reads them) and their reports are one result: nothing runs.

    \b
    Examples:
      skill-eval batch nightly.yaml
      skill-eval batch nightly.yaml --store s3://evals/nightly --gate
      skill-eval batch nightly.yaml --notify https://hooks.slack.com/services/T/B/X
      skill-eval batch nightly.yaml --batch-grading   # or `batch_grading: true` in the file
      ray job submit --address http://HEAD:8265 --working-dir . -- skill-eval batch nightly.yaml
      skill-eval batch --merge shard-1.json ./store-b --junit junit.xml --gate
      skill-eval batch --merge s3://evals/pr-1/a s3://evals/pr-1/b \
          --s3-endpoint-url http://minio:9000
    """
    store_endpoint = params.pop("store_endpoint")  # both modes read stores through it
    if merge_sources:
        refuse_run_flags(params)
        return merged_result(batch_file, store_endpoint, report_json, as_json, quiet, gate,
                             gate_max_p, junit)
    from runner.driver.api import (
        BatchFlags,
        batch_folders,
        batch_line,
        batch_notify,
        ci_outputs,
        for_batch,
        notifying,
        run_batch_file,
        trigger_runs,
    )
    from runner.render.models import render_model_table

    path = one_batch_file(batch_file)
    check_writable(report_json, "--report-json")
    check_ci(junit)
    err = console.err(quiet=quiet)
    flags = BatchFlags(**params, store_endpoint=store_endpoint)
    with notifying(batch_notify(path, flags), "batch") as note:
        summary, reports = run_batch_file(path, flags, err)
        note.notice = for_batch(summary.batch_id, reports, summary.stopped,
                                trigger_runs(summary))
        emit(reports, report_json, as_json)
        if not as_json:  # an eval on several models: its table, as `run --model A --model B`
            for table in summary.model_tables:
                console.out().print()
                render_model_table(table, console.out())
        ci_outputs(reports, junit, batch_folders(path))
        err.print(Text(batch_line(summary)))
        verdict_exit(reports, err, gate, gate_max_p)


def one_batch_file(given: tuple[str, ...]) -> Path:
    """Without --merge, exactly one argument: a batch file that exists."""
    if len(given) != 1:
        raise click.UsageError(f"expected one BATCH_FILE, got {len(given)} argument(s); to "
                               "merge shards' results pass --merge SOURCE...")
    path = Path(given[0])
    if not path.is_file():
        raise click.BadParameter(f"{path}: no such batch file", param_hint="'BATCH_FILE'")
    return path


def refuse_run_flags(params: dict[str, Any]) -> None:
    """--merge runs nothing: a flag that sets how a batch runs would be silently ignored."""
    given = sorted(k for k, v in params.items() if v not in (None, False))
    if given:
        flags = ", ".join("--" + k.removesuffix("_uri").replace("_", "-") for k in given)
        raise click.UsageError(f"--merge reads results and runs nothing: {flags} would be "
                               "ignored; drop it (s3:// sources take --s3-endpoint-url)")

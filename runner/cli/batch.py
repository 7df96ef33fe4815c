"""`skill-eval batch`: Run many evals under one limit and one budget."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.ci import batch_folders, check_ci, ci_outputs
from runner.cli.options import CI, OUTPUT, use
from runner.cli.output import check_writable, emit, verdict_exit


@main.command(epilog=EXIT_CODES, short_help="Run many evals under one limit and one budget.")
@click.argument("batch_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@use("store_uri", "ray_address", "metrics_port", "metrics_host", "store_budget_usd", "force",
     "wait", "alpha", "batch_grading", "shared_store", "forward_credentials", "notify",
     *OUTPUT, *CI,
     # the batch file's own settings stand unless a flag overrides them
     store_uri=click.option("--store", "store_uri", default=None,
                            help="Override the batch file's store (directory or "
                                 "s3://bucket/prefix)."),
     metrics_host=click.option("--metrics-host", default=None,
                               help="Address the metrics server binds (default 127.0.0.1)."),
     alpha=click.option("--alpha", type=click.FloatRange(0, 1, min_open=True, max_open=True),
                        default=None, help="Override every eval's alpha: a PASS or FAIL is "
                                           "firm when an A/A run of its size reads one at most "
                                           "this often (default 0.05)."),
     as_json=click.option("--json", "as_json", is_flag=True,
                          help="Print the reports (a JSON list) on stdout instead of the "
                               "tables."))
@guarded
def batch(batch_file: Path, store_uri: str | None, ray_address: str | None,
          metrics_port: int | None, metrics_host: str | None, store_budget_usd: float | None,
          force: bool, wait: bool, alpha: float | None, batch_grading: bool | None,
          shared_store: bool, forward_credentials: bool, notify: str | None,
          report_json: Path | None,
          as_json: bool, quiet: bool, gate: bool, gate_max_p: float | None,
          junit: Path | None) -> None:
    """Run every eval in BATCH_FILE in one driver: one concurrency limit, one budget,
    resumable as a whole (re-run the same command). Relative paths in the file (skills,
    store, model script) are read from the file's folder. For overnight queues on a cluster,
    submit it as a Ray job (see docs/cluster.md, "The overnight queue").

    \b
    Examples:
      skill-eval batch nightly.yaml
      skill-eval batch nightly.yaml --store s3://evals/nightly --gate
      skill-eval batch nightly.yaml --notify https://hooks.slack.com/services/T/B/X
      skill-eval batch nightly.yaml --batch-grading   # or `batch_grading: true` in the file
      ray job submit --address http://HEAD:8265 --working-dir . -- skill-eval batch nightly.yaml
    """
    from runner.driver.batch import run_batch
    from runner.driver.notify import for_batch, notifying

    check_writable(report_json, "--report-json")
    check_ci(junit)
    err = console.err(quiet=quiet)
    overrides = {
        "store_uri": store_uri, "ray_address": ray_address, "metrics_port": metrics_port,
        "metrics_host": metrics_host, "force": force or None, "wait": wait or None,
        "store_budget_usd": store_budget_usd, "batch_grading": batch_grading or None,
        "shared_store": shared_store or None,
        "forward_credentials": forward_credentials or None, "notify": notify}
    with notifying(notify or file_notify(batch_file), "batch") as note:
        summary, reports = run_batch(batch_file, err, overrides=overrides,
                                     eval_overrides={"alpha": alpha})
        note.notice = for_batch(summary.batch_id, reports, summary.stopped,
                                [r for r in summary.runs if r.get("kind") == "trigger"])
        emit(reports, report_json, as_json)
        ci_outputs(reports, junit, batch_folders(batch_file))
        err.print(Text(f"batch {summary.batch_id}: " + ", ".join(
            f"{r['skill']} {r['verdict']}" for r in summary.runs)
            + (f" (stopped: {summary.stopped})" if summary.stopped else "")))
        verdict_exit(reports, err, gate, gate_max_p)


def file_notify(path: Path) -> str | None:
    """The batch file's own `notify:` URL, read even when the file is refused later (a
    refusal overnight is what the notification is for)."""
    import yaml

    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    url = data.get("notify") if isinstance(data, dict) else None
    return url if isinstance(url, str) and url.startswith(("http://", "https://")) else None

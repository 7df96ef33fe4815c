"""`skill-eval view`: Look at runs in the browser."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, read_store, use
from runner.cli.output import check_writable


@main.command(epilog=EXIT_CODES, short_help="Look at a run in the browser.")
@click.argument("run_id", required=False)
@use(*STORE)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on (loopback unless you say otherwise).")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write RUN_ID's page (default: the newest run) to this file and exit.")
@click.option("--against", metavar="BEFORE",
              help="Show RUN_ID (a run id or --save name) compared against BEFORE, as "
                   "`skill-eval compare BEFORE RUN_ID` says it.")
@click.option("--allow-different", "allow", default="",
              help="With --against: digests that may differ (see `compare --help`).")
@click.option("--evidence", "evidence_of", metavar="SKILL",
              help="Show SKILL's evidence card (a skill name) instead of a run.")
@guarded
def view(run_id: str | None, store_uri: str, store_endpoint: str | None, host: str,
         port: int, html_file: Path | None, against: str | None, allow: str,
         evidence_of: str | None) -> None:
    """Look at runs in the browser: verdict and comparisons first, cost per arm, charts, the
    case x arm x repetition grid, and every row side by side (transcripts as turns, output
    files with a diff between arms, each check, grader quote and judge call). Read-only; the
    page runs no script and loads nothing from the network.

    \b
    Examples:
      skill-eval view                         # serve every run in .skill-eval on loopback
      skill-eval view r-8cfe993a564bfb22 --store s3://evals/nightly
      skill-eval view --html report.html      # the newest run as one static page (CI artifact)
      skill-eval view v2 --against v1         # the regression gate's comparison
      skill-eval view --evidence csv-summary --html card.html
    """
    from runner.driver.api import history_page, run_html, run_path, serve_viewer

    store = read_store(store_uri, store_endpoint)
    if against is not None and run_id is None:
        raise click.BadParameter("name the run to show against it: view AFTER --against "
                                 "BEFORE", param_hint="--against")
    allowed = tuple(a.strip() for a in allow.split(",") if a.strip())
    if against is not None or evidence_of is not None:
        text, path = history_page(store, against, run_id, allowed, evidence_of)
        wrote = ""
    elif html_file is not None:
        check_writable(html_file, "--html")  # before the run is read
        text, chosen = run_html(store, run_id)
        wrote = f" (run {chosen})"
    else:
        text, path = "", run_path(store, run_id)
    if html_file is not None:
        check_writable(html_file, "--html")
        html_file.write_text(text, encoding="utf-8")
        console.out().print(Text(f"wrote {html_file}{wrote}"))
        return
    serve_viewer(store, host, port, path, lambda line: console.out().print(Text(line)))

"""`skill-eval view`: Look at runs in the browser."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, read_store, use
from runner.cli.output import check_writable
from runner.errors import RefusedInput
from runner.store.base import Store


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
    from urllib.parse import quote

    from runner.render.html import run_page, trigger_page
    from runner.view.load import latest_run, load_run, load_trigger

    store = read_store(store_uri, store_endpoint)
    if against is not None or evidence_of is not None:
        if against is not None and run_id is None:
            raise click.BadParameter("name the run to show against it: view AFTER --against "
                                     "BEFORE", param_hint="--against")
        from runner.history.compare import compare_refs
        from runner.history.evidence import evidence_card
        from runner.render.history_html import compare_page, evidence_page

        allowed = tuple(a.strip() for a in allow.split(",") if a.strip())
        if against is not None and run_id is not None:
            text = compare_page(compare_refs(store, against, run_id, allowed))
            path = f"/compare/{quote(against, safe='')}/{quote(run_id, safe='')}" + (
                f"?allow={quote(','.join(allowed))}" if allowed else "")
        else:
            assert evidence_of is not None
            text = evidence_page(evidence_card(store, evidence_of))
            path = f"/evidence/{quote(evidence_of, safe='')}"
        if html_file is not None:
            check_writable(html_file, "--html")
            html_file.write_text(text, encoding="utf-8")
            console.out().print(Text(f"wrote {html_file}"))
            return
        _serve(store, host, port, path)
        return
    if html_file is not None:
        check_writable(html_file, "--html")
        chosen = run_id or latest_run(store)
        if chosen.startswith("t-"):  # a trigger run
            html_file.write_text(trigger_page(load_trigger(store, chosen), chosen),
                                 encoding="utf-8")
        else:
            report, views, history = load_run(store, chosen)
            html_file.write_text(run_page(report, views, history), encoding="utf-8")
        console.out().print(Text(f"wrote {html_file} (run {chosen})"))
        return
    if run_id is not None:  # refuse an unknown run now, not in the browser
        (load_trigger if run_id.startswith("t-") else load_run)(store, run_id)
    kind = "trigger" if run_id and run_id.startswith("t-") else "run"
    _serve(store, host, port, f"/{kind}/{run_id}" if run_id else "/")


def _serve(store: Store, host: str, port: int, path: str) -> None:
    from runner.aio import HostedApp
    from runner.view.server import Viewer

    hosted = HostedApp(Viewer(store).app())
    try:
        url = hosted.start_tcp(host, port)
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    target = f"{url}{path}"
    try:
        console.out().print(Text(f"serving {target} (read-only; Ctrl-C stops)"))
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        hosted.stop()

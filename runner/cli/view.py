"""`skill-eval view`: Look at runs in the browser."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import STORE, use
from runner.cli.output import check_writable
from runner.errors import RefusedInput


@main.command(epilog=EXIT_CODES, short_help="Look at a run in the browser.")
@click.argument("run_id", required=False)
@use(*STORE)
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on (loopback unless you say otherwise).")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write RUN_ID's page (default: the newest run) to this file and exit.")
@guarded
def view(run_id: str | None, store_uri: str, store_endpoint: str | None, host: str,
         port: int, html_file: Path | None) -> None:
    """Look at runs in the browser: verdict and comparisons first, cost per arm, charts, the
    case x arm x repetition grid, and every row side by side (transcripts as turns, output
    files with a diff between arms, each check, grader quote and judge call). Read-only; the
    page runs no script and loads nothing from the network.

    \b
    Examples:
      skill-eval view                         # serve every run in .skill-eval on loopback
      skill-eval view r-8cfe993a564bfb22 --store s3://evals/nightly
      skill-eval view --html report.html      # the newest run as one static page (CI artifact)
    """
    from runner.render.html import run_page, trigger_page
    from runner.store.base import open_store
    from runner.view.load import latest_run, load_run, load_trigger

    if "://" not in store_uri and not Path(store_uri).is_dir():
        raise RefusedInput(f"--store {store_uri}: no such directory, so no runs there; name "
                           "the store the runs were made with (run --store)")
    store = open_store(store_uri, store_endpoint)
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
    from runner.aio import HostedApp
    from runner.view.server import Viewer

    if run_id is not None:  # refuse an unknown run now, not in the browser
        (load_trigger if run_id.startswith("t-") else load_run)(store, run_id)
    hosted = HostedApp(Viewer(store).app())
    try:
        url = hosted.start_tcp(host, port)
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    kind = "trigger" if run_id and run_id.startswith("t-") else "run"
    target = f"{url}/{kind}/{run_id}" if run_id else f"{url}/"
    try:
        console.out().print(Text(f"serving {target} (read-only; Ctrl-C stops)"))
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        hosted.stop()

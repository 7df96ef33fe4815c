"""`skill-eval serve-model`: Serve a scripted Messages API endpoint."""

from __future__ import annotations

import time
from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.errors import RefusedInput


@main.command("serve-model", epilog=EXIT_CODES,
              short_help="Serve a scripted Messages API endpoint.")
@click.argument("script", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--port", default=8787, show_default=True, type=click.IntRange(0, 65535))
@click.option("--host", default="127.0.0.1", show_default=True)
@guarded
def serve_model(script: Path, port: int, host: str) -> None:
    """Serve a scripted Messages API endpoint (for manual runs and debugging).

    \b
    Example:
      skill-eval serve-model examples/csv-summary/model-script.yaml --port 8787
      ANTHROPIC_BASE_URL=http://127.0.0.1:8787 ANTHROPIC_API_KEY=x claude -p hi
    """
    from runner.scripted.script import load_script
    from runner.scripted.server import ScriptedEndpoint

    endpoint = ScriptedEndpoint(load_script(script), host, port)
    try:
        url = endpoint.__enter__()
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    try:
        console.err().print(Text(f"scripted model endpoint at {url} (Ctrl-C stops)"))
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        endpoint.__exit__(None, None, None)

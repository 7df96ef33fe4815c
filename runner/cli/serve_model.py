"""`skill-eval serve-model`: Serve a scripted Messages API endpoint."""

from __future__ import annotations

from pathlib import Path

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main


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
    from runner.driver.api import serve_script

    serve_script(script, host, port, lambda line: console.err().print(Text(line)))

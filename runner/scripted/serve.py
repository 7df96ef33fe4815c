"""`skill-eval serve-model`: a model script served as a Messages API endpoint in the
foreground, for manual runs and debugging (not an upstream a run chooses)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from runner.aio import serve_until_interrupted
from runner.errors import RefusedInput
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint


def serve_script(script: Path, host: str, port: int, announce: Callable[[str], None]) -> None:
    """The scripted endpoint of `script` on host:port until Ctrl-C."""
    endpoint = ScriptedEndpoint(load_script(script), host, port)
    try:
        url = endpoint.__enter__()
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    serve_until_interrupted(lambda: announce(f"scripted model endpoint at {url} (Ctrl-C stops)"),
                            lambda: endpoint.__exit__(None, None, None))

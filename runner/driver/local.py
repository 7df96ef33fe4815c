"""What the commands that run no eval do on this machine, below the command line: rank a
library's descriptions for a prompt (`route`), remove what interrupted runs left (`gc`), and
serve the viewer until Ctrl-C (`view`; `serve-model` is runner.scripted.serve)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from runner.aio import HostedApp, serve_until_interrupted
from runner.authoring.skill import load_library
from runner.errors import RefusedInput
from runner.sandbox.base import Reaped
from runner.sandbox.reap import reap_bundles
from runner.sandbox.registry import open_sandbox
from runner.schema.options import SandboxConfig
from runner.store.base import Store
from runner.triggers.route import Match, rank
from runner.view.server import Viewer


def route_prompt(skills_dir: Path, prompt: str, top: int) -> list[Match]:
    """The `top` skills under `skills_dir` whose descriptions share most of the prompt's
    wording, best first (offline: no activation is observed)."""
    library = load_library(skills_dir)
    return rank(prompt, {s.name: s.description for s in library})[:top]


def reap_leftovers(run_id: str | None, include_running: bool) -> Reaped:
    """Sandboxes, mounts and scratch of interrupted runs (`run_id`: only its own, running or
    not), and the bundle cache once nothing runs here."""
    reaped = open_sandbox(SandboxConfig()).reap_run(
        run_id, include_running=include_running or run_id is not None)
    if run_id is None and not reaped.kept:  # nothing runs here: no trial needs the cache
        reaped = reaped.plus(reap_bundles())
    return reaped


def serve_viewer(store: Store, host: str, port: int, path: str,
                 announce: Callable[[str], None]) -> None:
    """The read-only viewer of `store` on host:port until Ctrl-C, announcing `path` on it."""
    hosted = HostedApp(Viewer(store).app())
    try:
        url = hosted.start_tcp(host, port)
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    serve_until_interrupted(
        lambda: announce(f"serving {url}{path} (read-only; Ctrl-C stops)"), hosted.stop)

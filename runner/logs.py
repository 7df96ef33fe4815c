"""Logging: what the runner does, on stderr at `--log-level`, and in full (INFO and up) in a
per-run log stored with the run (`runs/<id>/driver.log`), so a failed overnight batch can be
diagnosed from the store alone."""

from __future__ import annotations

import contextlib
import io
import logging
from collections.abc import Iterator

from runner.store.base import Store

FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
LEVELS = ("debug", "info", "warning", "error")


def configure(level: str) -> None:
    """stderr logging for the command line; called once by the CLI."""
    root = logging.getLogger("runner")
    root.setLevel(logging.DEBUG)
    if not any(getattr(h, "skill_eval_console", False) for h in root.handlers):
        console = logging.StreamHandler()
        console.setFormatter(logging.Formatter(FORMAT))
        console.skill_eval_console = True  # type: ignore[attr-defined]
        root.addHandler(console)
    for existing in root.handlers:
        if getattr(existing, "skill_eval_console", False):
            existing.setLevel(getattr(logging, level.upper()))


@contextlib.contextmanager
def run_log(store: Store, keys: list[str]) -> Iterator[None]:
    """Capture the runner's log while the block runs; store it under each key at the end."""
    buffer = io.StringIO()
    handler = logging.StreamHandler(buffer)
    handler.setLevel(logging.INFO)
    handler.setFormatter(logging.Formatter(FORMAT))
    root = logging.getLogger("runner")
    root.setLevel(logging.DEBUG)
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)
        data = buffer.getvalue().encode()
        for key in keys:
            with contextlib.suppress(Exception):  # the log must never mask the real outcome
                store.put(key, data)

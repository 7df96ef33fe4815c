"""The two consoles the command line writes to. Never hard-wrapped (paths, URLs, digests and
run ids stay whole in a pipe or a CI log) and never colour-guessed from the text."""

from __future__ import annotations

from rich.console import Console


def out() -> Console:
    return Console(soft_wrap=True, highlight=False)


def err(quiet: bool = False) -> Console:
    """stderr; `quiet` silences progress and notes (errors use a console of their own)."""
    return Console(stderr=True, soft_wrap=True, highlight=False, quiet=quiet)

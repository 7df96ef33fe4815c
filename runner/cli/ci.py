"""What the CI outputs need before the run: a --junit path that can be written. The outputs
themselves (the JUnit file, GitHub Actions annotations and summary) are written by
runner.driver.ci through the driver's public API."""

from __future__ import annotations

from pathlib import Path

from runner.cli.output import check_writable


def check_ci(junit: Path | None) -> None:
    """Before anything is spent: a --junit path that cannot be written is refused."""
    check_writable(junit, "--junit")

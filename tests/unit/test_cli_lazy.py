"""The command group imports a command's module when that command runs (runner.cli.app.
COMMANDS): every module that declares a command is in that table under the command's name,
or its command would never be found."""

from __future__ import annotations

import re
from pathlib import Path

from runner.cli.app import COMMANDS, main

CLI = Path(__file__).resolve().parents[2] / "runner" / "cli"
DECLARES = re.compile(r"^@main\.command\((?:\"([\w-]+)\")?", re.M)


def declared() -> dict[str, str]:
    """command name -> module, from each module's `@main.command(...)` lines."""
    found: dict[str, str] = {}
    for path in sorted(CLI.glob("*.py")):
        for match in DECLARES.finditer(path.read_text()):
            found[match.group(1) or path.stem] = path.stem
    return found


def test_every_declared_command_is_in_the_table() -> None:
    assert declared() == COMMANDS


def test_every_command_in_the_table_is_found() -> None:
    assert sorted(main.every_command()) == sorted(COMMANDS)

"""One flag per idea: `--skill` meant three things (a folder added to a run, the folder a
regrade reads its cases from, a skill name to filter by). Each has its own name now, and the
old spelling still parses to the same parameter, so scripts written against it keep working."""

from __future__ import annotations

from pathlib import Path

import click
import pytest

from runner.cli import main

# command, new spelling, parameter it fills, argv before the flag, value, parsed value
CASES = [
    ("run", "--add-skill", "skill_paths", [], "./pdf", (Path("./pdf"),)),
    ("regrade", "--cases-from", "skill_path", ["r-0"], "./my-skill", Path("./my-skill")),
    ("runs", "--skill-name", "skill_name", [], "csv-summary", "csv-summary"),
    ("compare", "--skill-name", "skill", ["v1", "v2"], "csv-summary", "csv-summary"),
]


def _parsed(command: str, argv: list[str]) -> dict[str, object]:
    cmd = main.every_command()[command]
    assert isinstance(cmd, click.Command)
    with cmd.make_context(command, argv, resilient_parsing=False) as ctx:
        return dict(ctx.params)


@pytest.mark.parametrize(("command", "flag", "param", "head", "value", "parsed"), CASES)
def test_the_new_name_and_the_old_spelling_fill_the_same_parameter(
        command: str, flag: str, param: str, head: list[str], value: str,
        parsed: object) -> None:
    new = _parsed(command, [*head, flag, value])
    old = _parsed(command, [*head, "--skill", value])
    assert new[param] == parsed and old[param] == parsed


def test_no_command_takes_a_bare_skill_flag_for_anything_else() -> None:
    """Where `--skill` is still accepted it is the alias of one of the named flags above."""
    named = {(c, f) for c, f, *_ in CASES}
    for name, cmd in main.every_command().items():
        for p in cmd.params:
            if isinstance(p, click.Option) and "--skill" in p.opts:
                assert any((name, flag) in named for flag in p.opts), (name, p.opts)

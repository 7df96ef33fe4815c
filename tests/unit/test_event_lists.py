"""`required_events` / `forbidden_events` (runner.authoring.event_lists): checks on what the
run did, never the case's metadata. An event that is a tool's name is a tool-call check (`!Tool`
when forbidden); an event of the authors' own protocol cannot be checked (the run never
records their event stream) and is said as dropped checks with their count (EV012). Before,
both lists were kept as "metadata, not graded"."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: ledger-keeper\ndescription: Records ledger changes after the user "
            "confirms. Use when a user asks to change the ledger.\n---\nConfirm, then write.\n")


def _check(tmp_path: Path, case: dict[str, Any], *flags: str) -> Result:
    skill = tmp_path / "ledger-keeper"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "ledger-keeper",
        "evals": [{"id": "c1", "prompt": "Move the March rent entry from cash to bank, please.",
                   "expectations": ["Shows the change before making it"], **case}]}))
    return CliRunner().invoke(main, ["check", str(skill), *flags])


def test_events_that_are_tools_are_tool_call_checks(tmp_path: Path) -> None:
    result = _check(tmp_path, {"required_events": ["Read"], "forbidden_events": ["Bash"]},
                    "--json")
    assert result.exit_code == 0, result.output
    case = json.loads(result.output)["cases"][0]
    tools = [c["entry"] for c in case["checks"] if c["kind"] == "tool_call"]
    assert tools == ["Read", "!Bash"], case["checks"]
    assert not case["ignored"], case["ignored"]


def test_events_of_the_authors_protocol_are_dropped_checks_counted(tmp_path: Path) -> None:
    result = _check(tmp_path, {"required_events": ["change_shown", "user_confirmed", "Read"],
                               "forbidden_events": ["silent_write"]})
    assert result.exit_code == 0, result.output
    assert "`required_events`: 2 check(s) on events of the authors' own protocol " \
           "(change_shown, user_confirmed) dropped, not graded" in result.output, result.output
    assert "`forbidden_events`: 1 check(s) on events" in result.output, result.output
    assert "metadata required_events" not in result.output, "no longer kept as metadata"


def test_other_event_fields_stay_as_they_were(tmp_path: Path) -> None:
    """Negative: a field about events with no word of obligation is no check list."""
    result = _check(tmp_path, {"events_seen": ["change_shown"]}, "--json")
    assert result.exit_code == 0, result.output
    case = json.loads(result.output)["cases"][0]
    assert not [c for c in case["checks"] if c["kind"] == "tool_call"]
    assert any("events_seen" in i for i in case["ignored"]), case["ignored"]

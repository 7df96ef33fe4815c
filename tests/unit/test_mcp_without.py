"""MCP readings an author's words overturn (issue 26, rule 6): a case whose prompt says the
MCP is not there asks for the way without it; a count before "MCP tools" names no server; a
call with an alternative in words ("calls or proposes calling") is not graded on calls only."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.mcp import stated_servers
from runner.scoring.on_calls import on_calls
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: streams\ndescription: Manages stream workspaces. Use when the user "
            "works with stream processors.\n---\nThis skill uses the atlas-mcp MCP server: "
            "call `mcp__atlas-mcp__discover` first.\n")


def test_a_case_about_going_without_the_mcp_needs_none(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "without", "prompt": "My MCP tools aren't available right now. Which shell "
                                    "commands list my atlas-mcp processors?",
         "expected_output": "The shell commands"},
        {"id": "with", "prompt": "Use atlas-mcp to list my processors.",
         "expected_output": "The processors"}], name="streams", skill_md=SKILL_MD)
    needs = {f["case"] for f in check_json(skill)["findings"] if f["code"] == "EV016"}
    assert "with" in needs and "without" not in needs


def test_a_count_before_mcp_tools_names_no_server(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "x", "expected_output": "y"}],
                       name="streams", skill_md="---\nname: streams\ndescription: d. Use when "
                       "asked.\n---\nThe skill uses four MCP tools to manage workspaces.\n")
    assert stated_servers(skill) == {}


@pytest.mark.parametrize(("text", "calls_only"), [
    ("LLM calls or proposes calling atlas-build with connectionType Kafka", False),
    ("Runs the linter or tells the user to run it", False),
    ("Calls the Write tool to save the report", True)])
def test_an_alternative_in_words_is_not_calls_only(text: str, calls_only: bool) -> None:
    assert on_calls(text) is calls_only

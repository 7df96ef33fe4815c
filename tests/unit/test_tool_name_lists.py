"""Bare tool names under a field listing the tools to call (issue 26 follow-up 4): each is a
tool-call check (called at least once, the native `tool_calls` grammar); other words under
such a field, and a negative field, stay as before; a tool the sandbox cannot serve keeps
EV014 (the web tools) or EV016 (an MCP tool)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.tool_names import tool_matcher
from runner.schema.trial import ToolCall
from runner.scoring.process import parse_call_matcher
from tests.helpers import check_json, check_verbose, make_skill

PROMPT = "Write a short summary of the week into summary.md."


def skill_with(tmp_path: Path, **fields: Any) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "sum", "prompt": PROMPT, "assertions": ["Summary"], **fields}]})


@pytest.mark.parametrize(("field", "value", "matchers"), [
    ("expected_tools", ["Bash", "Read"], ("Bash", "Read")),
    ("tools_used", ["bash", "write"], ("Bash", "Write")),  # claude's names, any case
    ("required_tools", "Grep", ("Grep",)),  # a scalar is one item
    ("expected_tools", ["Bash:wc -l", "Read|Grep"], ("Bash:wc -l", "Read|Grep")),
])
def test_bare_tool_names_are_tool_call_checks(tmp_path: Path, field: str, value: Any,
                                              matchers: tuple[str, ...]) -> None:
    caseset = load_caseset(skill_with(tmp_path, **{field: value}))
    (only,) = caseset.evals
    assert only.tool_calls == matchers
    assert field not in only.extra
    assert any(f"`{field}` read as tool-call checks" in f.message for f in caseset.findings)
    for matcher in matchers:
        parse_call_matcher(matcher)  # the grammar the process scorer reads


def test_a_tool_name_check_passes_when_the_tool_was_called() -> None:
    matcher = parse_call_matcher("Bash")
    assert matcher.matches(ToolCall(name="Bash", input='{"command":"ls"}'))
    assert not matcher.matches(ToolCall(name="Read", input="{}"))


@pytest.mark.parametrize("fields", [
    {"expected_tools": ["pandas", "openpyxl"]},  # libraries, not tools of claude's
    {"allowed_tools": ["Bash"]},  # what the run may use, not a call to make
])
def test_other_words_are_not_tool_calls(tmp_path: Path, fields: dict[str, Any]) -> None:
    caseset = load_caseset(skill_with(tmp_path, **fields))
    assert caseset.evals[0].tool_calls == ()
    assert not any("read as tool-call checks" in f.message for f in caseset.findings)


@pytest.mark.parametrize("fields", [
    {"forbidden_tools": ["Bash"]}, {"tools_not_used": ["bash"]}])
def test_a_negative_field_is_calls_none_may_make(tmp_path: Path,
                                                 fields: dict[str, Any]) -> None:
    # (runner.authoring.call_lists): a negative field names calls none may make, `!Tool`
    assert load_caseset(skill_with(tmp_path, **fields)).evals[0].tool_calls == ("!Bash",)


@pytest.mark.parametrize(("entry", "matcher"), [
    ("Read", "Read"), ("webfetch", "WebFetch"), ("mcp__notes__search", "mcp__notes__search"),
    ("Bash|Grep:TODO", "Bash|Grep:TODO"), ("pandas", None), ("Bash|pandas", None),
    ("Use the Read tool", None), (3, None)])
def test_tool_matcher(entry: Any, matcher: str | None) -> None:
    assert tool_matcher(entry) == matcher


def test_tools_the_sandbox_cannot_serve_keep_their_findings(tmp_path: Path) -> None:
    caseset = load_caseset(skill_with(tmp_path, expected_tools=["WebSearch", "mcp__x__y"]))
    assert caseset.evals[0].tool_calls == ("WebSearch", "mcp__x__y")
    codes = {f.code for f in caseset.findings}
    assert {"EV014", "EV016"} <= codes


def test_check_shows_each_tool_call(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, tools_used=["Bash", "Read"])
    (case,) = check_json(skill)["cases"]
    calls = [c for c in case["checks"] if c["kind"] == "tool_call"]
    assert [c["entry"] for c in calls] == ["Bash", "Read"]
    assert all("called at least once" in c["origin"] for c in calls)
    assert case["ignored"] == []
    shown = check_verbose(skill)
    assert "tool_call Bash" in shown and "ignored: tools_used" not in shown

"""Checks on a tool's input field, or on any of several tools (runner.authoring.tool_inputs)."""

from __future__ import annotations

import json
from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.authoring.tool_inputs import any_tool_matcher, input_field_matcher
from runner.schema.trial import ToolCall
from runner.scoring.process import parse_call_matcher
from tests.helpers import check_cli as check
from tests.helpers import make_skill


def _call(name: str, **given: str) -> ToolCall:
    return ToolCall(name=name, input=json.dumps(given, ensure_ascii=False))


def test_a_field_and_its_text_match_inside_that_field_only() -> None:
    source = input_field_matcher({"tool": "Write", "input_key": "content",
                                  "input_value": 'say "done"\n## 1. Scope'})
    assert source is not None
    matcher = parse_call_matcher(source)
    assert matcher.matches(_call("Write", file_path="a.md", content='x\nsay "done"\n## 1. Scope'))
    assert not matcher.matches(_call("Write", file_path='say "done"\n## 1. Scope', content="x"))
    assert not matcher.matches(_call("Edit", content='say "done"\n## 1. Scope'))
    assert input_field_matcher({"tool": "Write", "input_value": "x"}) is None  # no field named
    assert input_field_matcher({"tool": "not a tool", "input_key": "a", "input_value": "x"}) \
        is None


def test_a_list_of_tools_is_any_of_them() -> None:
    assert any_tool_matcher({"tools": ["Glob", "Read", "Glob"]}) == "Glob|Read"
    assert any_tool_matcher({"tools": ["Read the file first"]}) is None
    assert any_tool_matcher({"tools": []}) is None


def test_a_harness_typed_input_check_is_a_tool_call_check_said(tmp_path: Path) -> None:
    case = {"id": "a", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
            "assertions": [
                {"type": "tool_input_matches", "tool": "Bash", "input_key": "command",
                 "input_value": "wc -l"},
                {"type": "not_tool_input_matches", "tool": "Write", "input_key": "file_path",
                 "input_value": ".env"},
                {"type": "tool_called", "tools": ["Glob", "Read"]},
                {"type": "not_tool_called", "tools": ["WebFetch"]}]}
    skill = make_skill(tmp_path, [case], name="tidy-notes")
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "type 'tool_input_matches' read as a tool-call check: a call of its tool" \
        in result.output
    assert "type 'not_tool_called' read as a tool-call check: no call of any of the tools" \
        in result.output
    calls = load_caseset(skill, "tidy-notes").evals[0].tool_calls
    assert calls[0].startswith("Bash:re:") and calls[1].startswith("!Write:re:")
    assert calls[2:] == ("Glob|Read", "!WebFetch")

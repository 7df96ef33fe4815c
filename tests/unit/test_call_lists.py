"""A case's top-level lists of the tools to call and never call (`must_call`, `must_not_call`,
`forbidden_tools`), their counts (`exact_call_counts`) and order (`must_call_in_order`):
tool-call checks and process items on the run's calls (runner.authoring.call_lists); a
server's tool (`notes.search`) is EV016, never an unknown field; an empty list is no check."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.schema.trial import ToolCall
from runner.scoring.deterministic import check_call
from runner.scoring.process import grade_item
from tests.helpers import make_skill

PROMPT = "Find the notes about the March budget and summarize them."


def _cases(tmp_path: Path, *cases: dict[str, Any]) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": f"c{n}", "prompt": PROMPT, **case} for n, case in enumerate(cases, 1)]})


def _call(name: str) -> ToolCall:
    return ToolCall(name=name, input="{}")


def test_call_lists_of_a_servers_tools_are_checks_and_ev016(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {
        "must_call": ["notes.search", "notes.summarize"], "must_not_call": ["notes.delete"],
        "exact_call_counts": {"notes.search": 1, "notes.delete": 0},
        "must_call_in_order": ["notes.search", "notes.summarize"]}))
    (case,) = caseset.evals
    assert case.tool_calls == ("notes.search", "notes.summarize", "!notes.delete",
                               "!notes.delete")
    items = {i.id: i for i in case.process}
    assert items["must_call_in_order"].order == ("notes.search", "notes.summarize")
    count = items["exact_call_counts.notes.search"]
    assert (count.count, count.min, count.max) == ("notes.search", 1, 1)
    assert not case.extra
    (need,) = [f for f in caseset.findings if f.code == "EV016"]
    # the tools the case needs called; one it must never call is no need
    assert "'notes.search'" in need.message and "notes.delete" not in need.message
    assert {"EV009"} & {f.code for f in caseset.findings} == set()


def test_the_checks_grade_the_calls_as_the_author_meant(tmp_path: Path) -> None:
    (case,) = load_caseset(_cases(tmp_path, {
        "must_call": ["Grep"], "forbidden_calls": ["bash"],
        "call_counts": {"Read": 2}})).evals
    assert case.tool_calls == ("Grep", "!Bash")
    ran = (_call("Grep"), _call("Read"), _call("Read"))
    assert all(check_call(m, ran).passed for m in case.tool_calls)
    assert not check_call("!Bash", (*ran, _call("Bash"))).passed
    (count,) = case.process
    assert grade_item(count, list(ran)).passed
    assert not grade_item(count, [*ran, _call("Read")]).passed  # exactly 2, not 3


def test_an_empty_list_is_no_check_said_once(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {"must_call": ["Grep"], "must_not_call": []},
                                  {"must_call": ["Read"], "must_not_call": []}))
    assert [c.tool_calls for c in caseset.evals] == [("Grep",), ("Read",)]
    said = [f for f in caseset.findings if "`must_not_call` is empty" in f.message]
    assert len(said) == 1 and "(2 items)" in said[0].message


@pytest.mark.parametrize("fields", [
    {"must_call": ["Run the tests first", "Grep"]},  # a sentence: not a list of tool names
    {"must_call": ["pandas"]},  # a plain word: no tool's form
    {"must_call": [{"args_contain": ["sync"]}]},  # an object: command_calls' shape
    {"exact_call_counts": {"Grep": "once"}},  # a count that is no number
])
def test_other_lists_are_left_as_they_were(tmp_path: Path, fields: dict[str, Any]) -> None:
    try:
        caseset = load_caseset(_cases(tmp_path, {"assertions": ["March"], **fields}))
    except CaseSetRefused:
        return  # refused as before: never half read
    (case,) = caseset.evals
    assert case.tool_calls == () and case.process == ()
    assert not any("read as tool-call checks" in f.message for f in caseset.findings)


def test_run_settings_and_command_mappings_stay_as_they_were(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {
        "assertions": ["March"], "allowed_tools": ["Read"],
        "command_assertions": {"must_call": [{"args_contain": ["grep", "March"]}]}}))
    (case,) = caseset.evals
    assert case.tool_calls == ("Bash:re:(?=[\\s\\S]*(?<![\\w-])grep(?![\\w-]))"
                               "(?=[\\s\\S]*(?<![\\w-])March(?![\\w-]))",)
    assert case.process == ()


def test_a_native_tool_call_to_a_servers_tool_is_ev016_undeclared(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {"tool_calls": ["notes_search", "Read"]}))
    (need,) = [f for f in caseset.findings if f.code == "EV016"]
    assert "'notes_search'" in need.message and "'Read'" not in need.message
    # claude's own tools alone need no server
    quiet = load_caseset(_cases(tmp_path / "b", {"tool_calls": ["Read", "!Bash"]}))
    assert not any(f.code == "EV016" for f in quiet.findings)

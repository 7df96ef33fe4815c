"""What a check means (issue 26), through the real `skill-eval check`: absences are
not-contains checks on the right material, routing expectations are trigger queries (a case
that is only one is moved out), a statement comparing with another case is flagged, not graded
blind. Each set is small and written for the rule."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.crosscase import other_case_reference
from runner.authoring.routing import about_firing, routing_value
from tests.helpers import check_cli as check
from tests.helpers import check_json as report_of
from tests.helpers import make_skill

SKILL_MD = ("---\nname: plain-prose\ndescription: Rewrites drafts into plain prose without "
            "filler. Use when asked to tidy a draft.\n---\nRewrite the draft, write out.md.\n")


def skill_with(tmp_path: Path, evals: Any) -> Path:
    # a list is the set file as written (a bare list), not a list of cases to wrap
    written = json.dumps(evals) if isinstance(evals, list) else evals
    return make_skill(tmp_path, written, name="plain-prose", skill_md=SKILL_MD)


def graded(report: dict[str, Any]) -> dict[str, list[str]]:
    return {c["id"]: [x["entry"] for x in c["checks"]] for c in report["cases"]}


def test_absences_are_not_contains_checks_with_the_authors_operand(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "plain-prose", "evals": [{
        "id": "page", "prompt": "Rewrite the launch post and write it to out.md.",
        "expectations": ["No em dash", "Does not contain 'As an AI'",
                         "out.md must not include `TODO`",
                         "Never uses the word delve",
                         "No badge above the headline",
                         "The post names the launch date"]}]})
    report = report_of(skill)
    case = report["cases"][0]
    entries = [c["entry"] for c in case["checks"]]
    assert "not:—" in entries and "not:As an AI" in entries and "not:delve" in entries
    # what cannot be literal stays with the grader
    assert "No badge above the headline" in entries
    assert "The post names the launch date" in entries
    assert "No em dash" not in entries
    # a named file: the check reads that file
    assert "out.md: not:TODO" in entries
    plain = check(str(skill))
    assert "4 statement(s) of absence read as not-contains checks" in plain.output


def test_an_absence_is_graded_on_the_work_deterministically(tmp_path: Path) -> None:
    """The check made from "No em dash" fails on an em dash in a file the agent wrote and
    passes without one: no grader is asked."""
    from runner.authoring.caseset import load_caseset
    from runner.scoring.base import Evidence
    from runner.scoring.deterministic import grade

    skill = skill_with(tmp_path, {"skill_name": "plain-prose", "evals": [{
        "id": "a", "prompt": "Rewrite the draft into out.md.",
        "expectations": ["Zero em dashes", "index.html contains no 'lorem ipsum'"]}]})
    case = load_caseset(skill).evals[0]
    assert case.statements == ()
    dashed = grade(case, Evidence("Done.", {"out.md": "Fast — and cheap".encode(),
                                            "index.html": b"<p>ok</p>"}))
    clean = grade(case, Evidence("Done.", {"out.md": b"Fast and cheap",
                                           "index.html": b"<p>ok</p>"}))
    assert not all(c.passed for c in dashed)
    assert all(c.passed for c in clean), clean
    keyed = grade(case, Evidence("Done.", {"out.md": b"x", "index.html": b"lorem ipsum"}))
    assert any(not c.passed and "index.html" in c.check for c in keyed)


def test_forbidden_and_avoid_lists_are_not_contains_checks(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "plain-prose", "evals": [{
        "id": "f", "prompt": "Rewrite the draft.",
        "forbidden": ["As an AI", "delve", "Calls the web to check every single fact",
                      "Invent sources."],
        "avoid": "—", "banned_phrases": ["game changer"],
        "expected": {"must_not_include": ["Lorem"]}}]})
    entries = graded(report_of(skill))["f"]
    assert {"not:As an AI", "not:delve", "not:—", "not:game changer", "not:Lorem"} <= set(
        entries)
    # sentences of behaviour (four words or more, or ending as a sentence) stay statements
    assert "The run avoids this failure: Calls the web to check every single fact" in entries
    assert "The run avoids this failure: Invent sources." in entries


@pytest.mark.parametrize(("key", "value", "fires"), [
    ("should_trigger", True, True), ("should_trigger", False, False),
    ("expect_skill", False, False), ("expect_skill", "yes", True),
    ("skill_should_load", False, False), ("expected_activation", True, True),
    ("expected_behavior", "no_trigger", False), ("expected_behavior", "trigger", True),
    ("expect_behavior", "should not activate", False), ("behavior", "should_trigger", True),
    ("expected", "not triggered", False), ("expected_behavior", "decline", False),
    ("expected_behavior", "Summarises the notes", None), ("trigger_input", "Tidy my notes", None),
    ("notes", "trigger", None), ("triggers", ["a", "b"], None),
])
def test_routing_fields(key: str, value: Any, fires: bool | None) -> None:
    assert routing_value(key, value) is fires


@pytest.mark.parametrize(("statement", "fires"), [
    ("The skill should activate", True), ("The plain-prose skill should not load", False),
    ("Skill is invoked", True), ("The skill declines", False),
    ("Does not trigger the skill", False), ("Claude should not use the skill", False),
    ("The skill is not loaded for this request", False), ("Skill doesn't fire", False),
    ("The pdf skill gets triggered.", True),
    ("The skill should not activate (off-topic)", False),
    ("Skill triggers correctly on an English research request", True),
    ("The skill activates when asked to summarise", True),
    ("The skill loads, then writes summary.md", None),
    ("The skill loads and writes summary.md", None), ("The skill's output is a summary", None),
    ("Uses the skill to write summary.md", None), ("The summary is loaded into memory", None),
    # no subject: the skill's own set speaking of it, the request after the verb
    ("Triggers on casual phrasing", True), ("Should not activate for a billing question", False),
    ("Triggers a rebuild of the index", None), ("Fires when asked, then lists each plan", None),
])
def test_statements_about_the_skill_firing(statement: str, fires: bool | None) -> None:
    assert about_firing(statement) is fires


def test_routing_expectations_are_trigger_queries_and_a_routing_case_moves_out(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "plain-prose", "evals": [
        {"id": "off", "prompt": "What is the capital of Peru?",
         "expectedBehavior": "should_not_trigger",
         "expected_output": "Answers without the skill"},
        {"id": "quiet", "prompt": "Sort these numbers: 3 1 2",
         "expectations": ["The skill should not activate"]},
        {"id": "on", "prompt": "Tidy this draft: we will ship, basically, on Friday.",
         "expect_skill": True, "expectations": ["The rewrite keeps the Friday date"]}]})
    report = report_of(skill)
    assert graded(report) == {"on": ["The rewrite keeps the Friday date"]}
    messages = [f"{f['code']} {f['case']} {f['message']}" for f in report["findings"]]
    assert any(m.startswith("EV012 off only a routing expectation") for m in messages)
    assert any(m.startswith("EV012 quiet only a routing expectation") for m in messages)
    assert any("3 trigger expectation(s) in the runtime set (1 should fire, 2 should not)" in m
               for m in messages), messages
    plain = check(str(skill))
    assert plain.exit_code == 0 and "3 trigger expectation(s)" in plain.output


def test_a_set_of_routing_cases_only_is_a_trigger_set(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "a", "prompt": "Tidy this draft", "should_trigger": True},
        {"id": "b", "prompt": "What time is it?", "should_trigger": False}])
    result = check(str(skill))  # accepted as the skill's trigger set (issue 26)
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in result.output


@pytest.mark.parametrize(("statement", "other"), [
    ("Same structure as case 2's answer", "case 2"),
    ("The output follows the same format as eval #3", "eval #3"),
    ("More concise than the previous case's response", "previous case"),
    ("Uses the same section headings as in test 'invoice'", "test 'invoice'"),
    ("Consistent with the output of case 1", "case 1"),
    ("Differs from the earlier example only in tone", "earlier example"),
    ("Handles the edge case 2 of the spec", None),
    ("Runs test 3 of the suite and reports it", None),
    ("The summary is shorter than 200 words", None),
    ("Uses the same terminology as the input file", None),
    ("Names the test case that fails", None),
])
def test_a_reference_to_another_case(statement: str, other: str | None) -> None:
    assert other_case_reference(statement) == other


def test_a_statement_comparing_with_another_case_is_flagged_not_graded(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "plain-prose", "evals": [
        {"id": "one", "prompt": "Tidy this draft: ship Friday.",
         "expectations": ["Keeps the Friday date"]},
        {"id": "two", "prompt": "Tidy this draft: ship Monday.",
         "expectations": ["Same structure as case 1's answer", "Keeps the Monday date"]}]})
    report = report_of(skill)
    assert graded(report)["two"] == ["Keeps the Monday date"]
    flagged = [f for f in report["findings"] if f["code"] == "EV017"]
    assert len(flagged) == 1 and flagged[0]["case"] == "two"
    assert "never sees the other output" in flagged[0]["message"]


@pytest.mark.parametrize(("statement", "fires"), [
    ("report-lint은 트리거하지 않아야 한다", False), ("report-lint은 트리거된다", True),
    ("report-lint 스킬이 트리거되어야 한다", True), ("report-lint을 사용해 보고서를 쓴다", None),
])
def test_a_skill_called_by_its_name_before_a_korean_particle(statement: str,
                                                              fires: bool | None) -> None:
    """"report-lint은 트리거하지 않아야 한다": the particle written onto the name ends it, and
    the active "트리거하다" says firing as the passive "트리거되다" does."""
    assert about_firing(statement, ("report-lint",)) is fires


@pytest.mark.parametrize(("statement", "fires"), [
    ("Triggers systems-design skill via explicit command", True),
    ("Triggers systems-design skill through the /systemsdesign command", True),
    ("Triggers systems-design skill by reading the brief and summarising it", None),
])
def test_how_the_skill_is_called_is_part_of_firing(statement: str, fires: bool | None) -> None:
    """"via the explicit command", "through /x": how it is called is still about firing; "by
    reading ... and summarising" is work the run must show."""
    assert about_firing(statement, ("systems-design",)) is fires


@pytest.mark.parametrize(("statement", "fires"), [
    ("激活本 Skill；", True),  # "activate this skill;": a list's item, its separator after it
    ("不激活本 Skill；", False),
    ("激活本 Skill 的现图完整性审查；", None),  # the skill's review done: work to show
])
def test_firing_said_in_chinese_with_this_and_a_separator(statement: str,
                                                          fires: bool | None) -> None:
    assert about_firing(statement) is fires

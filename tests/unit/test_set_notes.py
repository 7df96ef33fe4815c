"""A set whose own notes call it a trigger (routing, activation) test is read as one (issue
26, rule 7): each case's `expected_skill` is the skill its prompt should fire, another
skill's name (held by the repository or not) a should-not-trigger query, never the skill a
case of a collection belongs to; a label beside the route (`expected_mode`) is said, not
graded. A description that only says what the skill does, and a collection's set naming
each case's skill, stay as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.set_notes import says_trigger
from runner.triggers.routed import routed_set
from tests.helpers import check_cli, write_data, write_skill_md

ROUTES = [
    {"id": "log-a-firing", "input": "Log tonight's bisque firing: cone 04, 9 hours",
     "expected_skill": "kiln-log", "expected_mode": "record"},
    {"id": "compare-firings", "input": "How did this glaze firing compare with last week's?",
     "expected_skill": "kiln-log", "expected_mode": "compare"},
    {"id": "not-kiln-log", "input": "Mix me a celadon glaze recipe for 5 kg",
     "expected_skill": "glaze-mixer", "_note": "recipes are the glaze skill's job"},
]
COMMENT = "kiln-log trigger-detection scenarios. Used by our benchmark script."


def kiln_skill(tmp_path: Path) -> Path:
    return write_skill_md(tmp_path / "kiln-log", "kiln-log", "Keeps a pottery kiln's firing "
                          "log: records each firing and compares firings.")


def test_a_set_its_notes_call_a_trigger_test_is_the_trigger_set(tmp_path: Path) -> None:
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {"_comment": COMMENT, "scenarios": ROUTES})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert "the set's own notes call it a trigger test (`_comment`: " in result.output
    assert "`expected_mode` in 2 trigger query(ies) (log-a-firing, compare-firings): a label " \
           "of the route, not graded" in result.output, result.output
    assert "shared by several skills" not in result.output
    assert "The work's mode is" not in result.output
    found = routed_set(skill, "kiln-log")
    assert found is not None
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [
        (r["input"], r["expected_skill"] == "kiln-log") for r in ROUTES]


@pytest.mark.parametrize("notes", [
    {"description": "Tests whether kiln-log activates on firing-log requests"},
    {"type": "routing"},
    {"purpose": "Which skill is chosen for each request."},
])
def test_any_note_field_in_yaml_too(tmp_path: Path, notes: dict[str, Any]) -> None:
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.yaml", {**notes, "evals": ROUTES})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output


def test_a_readme_beside_the_set_says_it(tmp_path: Path) -> None:
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {"scenarios": ROUTES})
    (skill / "evals" / "README.md").write_text("# Routing tests for kiln-log\n\nRun them "
                                               "before each release.\n")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries" in result.output
    assert "README beside the set: '# Routing tests for kiln-log'" in result.output


def test_a_readme_about_another_file_says_nothing_of_this_one(tmp_path: Path) -> None:
    """Negative: the README's trigger line names another file of the folder."""
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {"scenarios": ROUTES})
    write_data(skill / "evals" / "triggers.json", [{"query": "log my firing",
                                                     "should_trigger": True}])
    (skill / "evals" / "README.md").write_text("Trigger tests live in triggers.json.\n")
    result = check_cli(str(skill), "-v")
    assert "own notes call it a trigger test" not in result.output, result.output


def test_behaviour_rows_stay_runtime_beside_the_routes(tmp_path: Path) -> None:
    """A trigger test with a behaviour row: that row is a runtime case (its route offered),
    the routing rows are trigger queries."""
    skill = kiln_skill(tmp_path)
    behaviour = {"id": "cone-in-log", "input": "Log a glaze firing to cone 6, 11 hours",
                 "expected_skill": "kiln-log",
                 "expectations": ["The log entry names cone 6 and the 11-hour duration"]}
    write_data(skill / "evals" / "evals.json", {"description": "Routing scenarios plus one "
                                                "behaviour case", "evals": [*ROUTES, behaviour]})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "1 case(s): cone-in-log" in result.output, result.output
    assert "4 trigger expectation(s) in the runtime set (3 should fire, 1 should not)" \
        in result.output, result.output
    assert "The log entry names cone 6" in result.output
    assert "The work's mode is" not in result.output


def test_a_description_of_what_the_skill_does_changes_nothing(tmp_path: Path) -> None:
    """Negative: "triggers" in passing is no note on the set: `expected_mode` stays graded."""
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {
        "description": "Evals for kiln-log, which triggers a cooling alarm when a kiln "
                       "overheats", "evals": ROUTES[:2]})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "The work's mode is: record" in result.output, result.output
    assert "own notes call it a trigger test" not in result.output


def test_a_collection_set_naming_each_case_skill_stays_attributed(tmp_path: Path) -> None:
    """Negative: a set shared by two skills with no note saying it is a trigger test:
    `expected_skill` still says which skill each case is for."""
    kiln = write_skill_md(tmp_path / "skills" / "kiln-log", "kiln-log", "Keeps a kiln's "
                          "firing log.")
    write_skill_md(tmp_path / "skills" / "glaze-mixer", "glaze-mixer", "Mixes glaze recipes.")
    write_data(tmp_path / "evals" / "evals.json", {"description": "Cases of our pottery skills",
                                                   "evals": [
        {"id": "log", "input": "Log a cone 6 firing", "expected_skill": "kiln-log",
         "expectations": ["The entry names cone 6"]},
        {"id": "mix", "input": "Mix a celadon glaze", "expected_skill": "glaze-mixer",
         "expectations": ["The recipe lists silica"]}]})
    result = check_cli(str(kiln), "-v")
    assert result.exit_code == 0, result.output
    assert "1 case(s): log" in result.output, result.output
    assert "trigger" not in result.output.splitlines()[0]


@pytest.mark.parametrize(("text", "said"), [
    ("skill-creator trigger-detection seed scenarios", True),
    ("this file is the hub-level trigger smoke test only", True),
    ("Tests that brainstorming activates before design work", True),
    ("Activation and behaviour checks for the skill", True),
    ("触发测试用例", True),
    ("this skill triggers deploys", False),
    ("Tests that the skill triggers deploys correctly", False),
    ("Validates that model routing does not degrade accuracy", False),
    ("See references/trigger-eval-guide.md for how to write queries", False),
])
def test_what_a_note_says(text: str, said: bool) -> None:
    assert says_trigger(text) is said


def test_a_bare_expected_names_the_route_in_a_trigger_test(tmp_path: Path) -> None:
    """`expected: <skill>` in a set its notes call a routing test: this skill's name fires,
    another's (not held by the repository) does not, a sentence stays expected output."""
    skill = kiln_skill(tmp_path)
    write_data(skill / "evals" / "evals.json", {"_note": "Routing probe for kiln-log.",
                                                "evals": [
        {"prompt": "Log tonight's firing: cone 04", "expected": "kiln-log"},
        {"prompt": "Mix a celadon glaze", "expected": "glaze-mixer"}]})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in result.output
    assert "(`_note`: 'Routing probe for kiln-log.')" in result.output, result.output
    write_data(skill / "evals" / "evals.json", {"_note": "Routing probe for kiln-log.",
                                                "evals": [
        {"prompt": "Log tonight's firing: cone 04", "expected": "kiln-log"},
        {"prompt": "Log a cone 6 firing", "expected": "An entry naming cone 6"}]})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "An entry naming cone 6" in result.output and "1 case(s)" in result.output

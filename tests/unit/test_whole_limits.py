"""A limit on the whole output (`min_output_lines: 5`, `max_words: 300`): the authors' harness
counts the reply it captured, so the field is a check on the work, never metadata left aside.
A floor on lines is counted exactly, as `grep -c "^"` counts lines; any other limit is a claim
for the grader."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.fields import whole_limit
from runner.scoring.checks import check_text

SKILL_MD = "---\nname: long-form\ndescription: Use when asked for a long write-up.\n---\nBody.\n"


def _set(tmp_path: Path, case: dict[str, object]) -> Path:
    skill = tmp_path / "long-form"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"skill_name": "long-form", "evals": [{"id": "w1", "prompt": "Write up the outage.",
                                               "expected_output": "A write-up.", **case}]}))
    return skill


@pytest.mark.parametrize(("text", "passes"), [
    ("one\ntwo\nthree", True),          # three lines, the last with no newline
    ("one\ntwo\nthree\n", True),        # three lines
    ("\n\n\n", True),                   # three empty lines still count
    ("one\ntwo\n", False),              # two lines
    ("one\ntwo", False),
    ("", False),
])
def test_a_floor_on_lines_counts_as_grep_does(text: str, passes: bool) -> None:
    kind, check = whole_limit("min_output_lines", 3) or ("", "")
    assert kind == "check"
    assert check_text(check, text, "final text").passed is passes


def test_the_floor_is_graded_on_the_case_and_said(tmp_path: Path) -> None:
    caseset = load_caseset(_set(tmp_path, {"min_output_lines": 4, "max_output_words": 300}),
                           "long-form")
    (case,) = caseset.evals
    assert [a for a in case.assertions if a.startswith("re:")] == [
        r"re:\A(?:[^\n]*\n){3}[\s\S]"]
    assert "The output is at most 300 words long" in case.statements
    messages = " ".join(f.message for f in caseset.findings)
    assert "`min_output_lines`: a limit on the whole output" in messages
    assert "min_output_lines" not in json.dumps(case.extra)


@pytest.mark.parametrize(("name", "value"), [
    ("min_output_lines", 0), ("min_output_lines", True), ("min_output_lines", "50"),
    ("max_words_per_sentence", 20),  # a limit on each unit: limit_statement's
    ("min_score", 3), ("lines", 4),
    ("max_length", 2048),  # bare: as often a model's setting as a limit on the output
])
def test_other_fields_and_values_are_no_whole_limit(name: str, value: object) -> None:
    assert whole_limit(name, value) is None


def test_every_spelling_of_a_limit(tmp_path: Path) -> None:
    assert whole_limit("max_response_length", 800) == (
        "statement", "The output is at most 800 characters long")
    assert whole_limit("response_min_words", 100) == (
        "statement", "The output is at least 100 words long")
    assert whole_limit("min_lines", 2) == ("check", r"re:\A(?:[^\n]*\n){1}[\s\S]")

"""A condition after the claim ("Applies filters if relevant", "Stages 4.5 and 5 run if changes
found") is graded like one before it: the statement passes with no quote when the condition does
not hold. Not a condition: "if" after a verb of asking or checking (whether), a hypothetical
inside what an explanation names ("Explains what to do if the build fails"), advice about an
event ("Recommends rollback if the deploy fails"). A leading condition cut at a label's colon
("If SOURCE: URLs cite uv docs, ...") runs on to its comma."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.scoring.conditional import condition_of, without_condition
from tests.helpers import check_verbose, write_data, write_skill_md


@pytest.mark.parametrize(("statement", "condition", "claim"), [
    ("Applies filters if relevant (e.g. status)", "relevant", "Applies filters"),
    ("Stages 4.5 and 5 run if changes found.", "changes found", "Stages 4.5 and 5 run"),
    ("Suggests tags for discoverability if wiki database", "wiki database",
     "Suggests tags for discoverability"),
    ("Asks for clarification if the request is ambiguous", "the request is ambiguous",
     "Asks for clarification"),
    ("Commits, unless the tests fail", "not (the tests fail)", "Commits"),
])
def test_a_closing_condition_is_read(statement: str, condition: str, claim: str) -> None:
    assert condition_of(statement) == condition
    assert without_condition(statement) == claim


@pytest.mark.parametrize("statement", [
    "Asks if the user wants a draft",
    "Explains what to do if the build fails",
    "Recommends rollback if the deploy fails",
    "Works even if offline",
    "Lists the files",
])
def test_no_condition_where_if_means_whether_or_content(statement: str) -> None:
    assert condition_of(statement) is None
    assert without_condition(statement) == statement


def test_a_label_colon_does_not_cut_the_condition() -> None:
    text = "If SOURCE: URLs cite uv docs, the scanner fetches them."
    assert condition_of(text) == "SOURCE: URLs cite uv docs"
    assert without_condition(text) == "the scanner fetches them."
    assert condition_of("If the user asks for X: do Y") == "the user asks for X"


def test_check_shows_a_closing_condition(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "notes", "notes", "Files notes in a wiki.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": "File these notes: 'ship on Friday'.",
         "expectations": ["Suggests tags if wiki database", "Names the note's date"]}]})
    shown = check_verbose(skill)
    assert "conditional: passes with no quote when 'wiki database' does not hold" in shown
    assert "statement Names the note's date: grader model: pass only" in shown

"""A condition after the claim ("Applies filters if relevant", "Stages 4.5 and 5 run if changes
found") is graded like one before it: the statement passes with no quote when the condition does
not hold. Not a condition: "if" after a verb of asking or checking (whether), a hypothetical
inside what an explanation names ("Explains what to do if the build fails"), advice about an
event ("Recommends rollback if the deploy fails"). A leading condition cut at a label's colon
("If SOURCE: URLs cite uv docs, ...") runs on to its comma."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.case import Case
from runner.scoring.conditional import condition_of, without_condition
from runner.scoring.material import Material, Source
from runner.scoring.statements import decide, grader_request
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
    assert ("maybe conditional: the grader first decides whether the closing 'wiki database' "
            "is a condition on the case (then it passes with no quote when that does not hold) "
            "or part of what the work must show (then pass only") in shown
    assert "statement Names the note's date: grader model: pass only" in shown


def test_the_grader_decides_whether_a_closing_clause_is_a_condition() -> None:
    """A closing "when X" can be what the work must show ("Uses a table when plans are
    compared" in an answer asked to compare): the grader reads the sentence and says which; a
    clause it finds required is graded like any statement, so a pass needs its quote."""
    case = Case(id="c", prompt="Compare our two plans for a customer.", statements=[
        "Uses a table when plans are compared", "If the user asks, the reply is short"])
    shown = grader_request(case, "", "m")["messages"][0]["content"]
    assert "Uses a table when plans are compared [closing condition?]" in shown
    assert "If the user asks, the reply is short [conditional]" in shown
    assert "[closing condition?]" in grader_request(case, "", "m")["system"]
    said = "Basic costs 5 dollars; Pro costs 9 dollars."
    material = Material(f"=== source: final text ===\n{said}", "n0",
                        (Source(name="final text", text=said),))

    def grade(**grade: Any) -> dict[str, Any]:
        return {"content": [{"type": "tool_use", "name": "record_grades",
                             "input": {"grades": [{"statement": 1, **grade}]}}]}

    required = case.model_copy(update={"statements": case.statements[:1]})
    (result,) = decide(required, grade(passed=True, evidence="", source="", reason="part of it",
                                       condition_holds=True), material)
    assert not result.passed  # part of what is required: no quote, no pass
    (result,) = decide(required, grade(passed=True, evidence="", source="",
                                       reason="no comparison asked", condition_holds=False),
                       material)
    assert result.passed and "condition does not hold" in (result.evidence or "")


@pytest.mark.parametrize(("statement", "condition", "claim"), [
    ("Rewrite (if provided) avoids all the banned words", "Rewrite (if provided)",
     "Rewrite avoids all the banned words"),
    ("The table (when one is written) has a header row", "one is written",
     "The table has a header row"),
    ("Cita la fuente (si aplica)", "Cita la fuente (si aplica)", "Cita la fuente"),
    ("给出改写（如有）", "给出改写 (如有)", "给出改写"),
    ("Includes the file list (unless the user said no)", "not (the user said no)",
     "Includes the file list"),
])
def test_a_condition_in_parentheses_is_read(statement: str, condition: str,
                                            claim: str) -> None:
    """A parenthetical condition after what it is about: the statement applies only where
    that arose; what it claims then is the sentence without the parentheses."""
    assert condition_of(statement) == condition
    assert without_condition(statement) == claim


@pytest.mark.parametrize("statement", [
    "Uses the helper (e.g. parse.py)", "Mentions the cost (in USD)",
    "Explains what happens (if the build fails)", "Returns 401 (if the id is null)"])
def test_parentheses_holding_no_condition_on_the_case(statement: str) -> None:
    assert condition_of(statement) is None


def test_a_conditional_avoidance_is_an_absence_graded_only_where_it_arose(
        tmp_path: Path) -> None:
    """"Rewrite (if provided) avoids the banned words": an absence (nothing to quote) under a
    condition (no rewrite: it passes with no quote), as `check -v` shows it."""
    skill = write_skill_md(tmp_path / "copy", "copy", "Critiques marketing copy.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": "Critique this tagline: 'Synergy for all'.",
         "expectations": ["Rewrite (if provided) avoids all the banned words"]}]})
    shown = check_verbose(skill)
    assert ("grader model, conditional: passes with no quote when 'Rewrite (if provided)' "
            "does not hold; when it holds, an absence") in shown, shown

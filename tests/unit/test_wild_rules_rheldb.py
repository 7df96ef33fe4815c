"""R held's misreadings of negations and of the user's project, each by a small set of its own
through the real `skill-eval check` (issue 26): a denial closed by the author's participle
note or aside, a ceiling on an act with no count, and a pointer at the user's whole project
that only tells the situation."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.had_context import had_as_context
from runner.authoring.own_project import read_on_its_prompt
from runner.schema.case import Case
from runner.scoring.absence import states_absence
from tests.helpers import check_cli, check_verbose, write_data, write_skill_md

ABSENT = "an absence: passes when nothing in the material breaks it"


def _skill(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    skill = write_skill_md(tmp_path / "tidy", "tidy", "Finds unused code and dependencies in a "
                           "project. Use when asked to clean up a codebase.")
    write_data(skill / "evals" / "evals.json", {"skill_name": "tidy", "evals": cases})
    return skill


# -- a denial's closing note, and a ceiling on an act -----------------------------------------

@pytest.mark.parametrize("statement", [
    "Does NOT flag `left-pad` as unused — referenced in babel.config.js (config-only use)",
    "Does NOT flag `lib/hooks.ts` as unused — loaded via a dynamic import in main.ts",
    "Does NOT delete `lib/hooks.ts` (loaded at runtime — deleting it breaks the app)",
    "Does NOT invent problems; any suggestions are framed as optional polish",
    "At most offer minor suggestions, clearly marked as optional",
    "At most note: the cast on line 3 is narrow, and mention a runtime validator",
])
def test_a_denial_with_its_authors_note_and_a_ceiling_are_absences(statement: str) -> None:
    assert states_absence(statement)


@pytest.mark.parametrize("statement", [
    "Does NOT flag `left-pad` — asks the user to confirm it first",  # a verb with an object
    "Does NOT delete `lib/hooks.ts` (and reports it as dynamic)",  # an aside of more work
    "Does NOT invent problems; suggestions are framed as optional polish",  # a claim
    "At most 3 suggestions",  # a count bound
    "At most a few lines of prose",  # a noun's bound
])
def test_a_clause_of_more_work_or_a_count_still_needs_its_quote(statement: str) -> None:
    assert not states_absence(statement)


def test_check_shows_such_denials_and_ceilings_as_absences(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "audit", "prompt": "Find what is unused in this project.",
                               "files": ["evals/files/app/package.json"],
                               "expectations": [
                                   "Does NOT flag `left-pad` as unused — referenced in "
                                   "babel.config.js",
                                   "Does NOT delete `lib/hooks.ts` (loaded at runtime — "
                                   "deleting it breaks the app)",
                                   "At most offer minor suggestions, marked as optional",
                                   "Flags `old-dep` as an unused dependency of the project"]}])
    write_data(skill / "evals" / "files" / "app" / "package.json", '{"name": "app"}\n')
    out = check_verbose(skill)
    lines = [line for line in out.splitlines() if line.strip().startswith("statement ")]
    assert len(lines) == 4, out
    assert all(ABSENT in line for line in lines[:3]), out
    assert ABSENT not in lines[3]  # the positive claim still needs its quote


# -- a pointer at the user's whole project ------------------------------------------------------

def _case(prompt: str, *statements: str) -> Case:
    return Case(id="c", prompt=prompt, statements=statements)


def test_a_project_told_as_the_situation_is_read_on_the_prompt() -> None:
    assert read_on_its_prompt(_case(
        "I've got a `Result<E, A>` type in our Kotlin codebase and a form with 8 fields. "
        "Which typeclass should I use?", "Names Applicative as the typeclass"),
        "our Kotlin codebase")
    assert read_on_its_prompt(_case(
        "Write a prompt for Claude Code: tidy our repo and delete anything unused.",
        "The prompt asks for approval before deleting"), "our repo")


def test_a_project_the_work_is_on_still_refuses() -> None:
    # the request acts on it
    assert not read_on_its_prompt(_case(
        "Run a dependency audit on this codebase and list anything unused.",
        "Lists unused dependencies"), "this codebase")
    # a criterion reads its files
    assert not read_on_its_prompt(_case(
        "I've got a Flask app in our repo that is slow. Why?",
        "Reads the repo's source code before answering"), "our repo")
    assert not read_on_its_prompt(_case("How do I fix my changes?", "Explains"), "my changes")


def test_check_reads_a_told_project_on_its_prompt_and_refuses_a_worked_one(
        tmp_path: Path) -> None:
    told = _skill(tmp_path / "a", [{"id": "advice", "prompt": "i keep hand-writing commit "
                                    "messages for this repo and half come out wrong. help me "
                                    "design a skill for it.",
                                    "expectations": ["Produces a design brief, not a SKILL.md"]}])
    result = check_cli(str(told))
    assert result.exit_code == 0, result.output
    assert "points at 'this repo'" in result.output
    assert "read on its prompt: not refused" in result.output
    worked = _skill(tmp_path / "b", [{"id": "survey", "prompt": "Run a code survey on this "
                                      "codebase and list duplicate helpers.",
                                      "expectations": ["Produces a survey report"]}])
    refused = check_cli(str(worked))
    assert refused.exit_code != 0
    assert "EV009" in refused.output and "'this codebase'" in refused.output


# -- a file the prompt writes into, or tells as the user's while asking advice ------------------

def test_a_file_to_document_into_in_spanish_is_no_missing_input(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "plan", "prompt": "Implementa paginación en GET /users, "
                               "actualiza los tests y documenta los contratos en el NOTES.md.",
                               "expectations": ["Plans the NOTES.md contract documentation as "
                                                "its own subtask"]}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "NOTES.md" not in result.output
    # near-miss: a file to read in the same language stays the case's missing input
    read = _skill(tmp_path / "r", [{"id": "plan", "prompt": "Revisa NOTES.md y resume los "
                                    "contratos.", "expectations": ["Names each contract"]}])
    assert "EV009" in check_cli(str(read)).output


def test_a_file_told_as_the_users_while_asking_advice_is_context(tmp_path: Path) -> None:
    prompt = ("In our billing-py project we have a simple rate check in limits.py that uses "
              "fixed windows (e.g. limit=60 window=60). It works but doesn't handle bursts. "
              "What's the upgrade path to make this production-grade? We also need it to work "
              "with our Redis cache.")
    assert had_as_context(prompt, "limits.py")
    skill = _skill(tmp_path, [{"id": "advice", "prompt": prompt,
                               "expected_output": "Outlines a token-bucket upgrade path"}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "'limits.py' as something the user already has" in result.output
    # near-miss: a question that names the file asks about it: its content is needed
    named = _skill(tmp_path / "n", [{"id": "advice", "prompt": prompt.replace(
        "make this production-grade", "make limits.py production-grade"),
        "expected_output": "Outlines a token-bucket upgrade path"}])
    assert "EV009" in check_cli(str(named)).output


def test_a_write_scope_the_criteria_forbid_using_is_no_missing_input(tmp_path: Path) -> None:
    prompt = ("Run task T7: you may edit src/alerts.ts and tests/alerts.test.ts. The acceptance "
              "changed an hour ago and the task was not refreshed. Can you start coding?")
    skill = _skill(tmp_path, [{"id": "stale", "prompt": prompt, "expectations": [
        "Blocks the implementation until the task is refreshed",
        "Does not write any code"]}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "criteria expect the agent to go without it" in result.output
    # near-miss: the same scope with criteria that want the code written stays refused
    coded = _skill(tmp_path / "c", [{"id": "stale", "prompt": prompt, "expectations": [
        "Implements the overdue reminder in src/alerts.ts"]}])
    assert "EV009" in check_cli(str(coded)).output

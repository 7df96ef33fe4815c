"""A case telling its situation in words (`scenario`, `situation`, `intent`) and no prompt
(runner.authoring.situations): that text is the request, sent as written; `context` joins it;
`skill_loaded` beside it is a trigger expectation, and a set of `skill_loaded`-only cases is a
trigger set. Before, each such case was refused for having no prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.situations import described_place
from runner.errors import CaseSetError
from tests.helpers import check_cli, make_skill

TOLD = "User pastes notes where one action has no owner and asks to tidy them into actions."


@pytest.mark.parametrize("field", ["scenario", "situation", "intent"])
def test_a_situation_told_in_words_is_the_request(tmp_path: Path, field: str) -> None:
    case = {"id": "told", field: TOLD, "expectations": ["Marks the action as unassigned"]}
    caseset = load_caseset(make_skill(tmp_path, [case]), "tidy-notes")
    assert caseset.evals[0].prompt == TOLD
    assert any(f"`{field}` read as the prompt" in f.message for f in caseset.findings)


def test_context_joins_the_situation(tmp_path: Path) -> None:
    case = {"id": "told", "intent": TOLD, "context": "Notes: 'fix login; Ana emails vendor'",
            "expect": ["Marks the login fix as unassigned"]}
    prompt = load_caseset(make_skill(tmp_path, [case]), "tidy-notes").evals[0].prompt
    assert prompt.startswith(TOLD) and "Context:\nNotes: 'fix login" in prompt


def test_a_label_under_scenario_is_no_request(tmp_path: Path) -> None:
    """Negative: `scenario: happy-path` labels the case; it stays refused for no prompt."""
    case: dict[str, Any] = {"id": "x", "scenario": "happy path", "expectations": ["Tidies"]}
    with pytest.raises(CaseSetError, match="no prompt"):
        load_caseset(make_skill(tmp_path, [case]), "tidy-notes")


def test_a_prompt_beside_a_scenario_stays_the_request(tmp_path: Path) -> None:
    case = {"id": "p", "prompt": "Tidy my notes please, they are below.", "scenario": TOLD,
            "expectations": ["Tidies"]}
    assert load_caseset(make_skill(tmp_path, [case]), "tidy-notes").evals[0].prompt \
        .startswith("Tidy my notes please")


def test_skill_loaded_only_cases_told_in_words_are_a_trigger_set(tmp_path: Path) -> None:
    """Through the CLI: each scenario is a trigger query, not a case refused for no prompt."""
    skill = make_skill(tmp_path, [
        {"id": "fires", "scenario": "User asks: 'clean up these meeting notes for me'",
         "skill_loaded": True},
        {"id": "quiet", "scenario": "User asks: 'what is the capital of France?'",
         "skill_loaded": False}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in result.output
    assert "no case set" not in result.output, "the set file is found by its situations"


@pytest.mark.parametrize("field", ["state_simulation", "state", "given", "preconditions"])
def test_state_given_in_a_field_is_told_with_the_request(tmp_path: Path, field: str) -> None:
    case = {"id": "s", "prompt": "tidy my standup notes, the usual way",
            field: "NOTES=present (3 items, none with owners), TEMPLATE=missing",
            "expectations": ["Marks all three actions as unassigned"]}
    read = load_caseset(make_skill(tmp_path, [case]), "tidy-notes")
    label = field.replace("_", " ").capitalize()
    assert read.evals[0].prompt.endswith(f"{label}:\nNOTES=present (3 items, none with owners)"
                                         ", TEMPLATE=missing")
    assert any(f"`{field}` sent with the prompt" in f.message and "the state the work starts "
               "from" in f.message for f in read.findings)


def test_state_that_names_files_is_not_sent(tmp_path: Path) -> None:
    """Negative: a state field that only names files is material to stage, not text."""
    case = {"id": "s", "prompt": "tidy my standup notes, the usual way",
            "state": ["notes/standup.md"], "expectations": ["Marks the actions unassigned"]}
    read = load_caseset(make_skill(tmp_path, [case]), "tidy-notes")
    assert read.evals[0].prompt == "tidy my standup notes, the usual way"


def test_a_situation_telling_the_folder_it_runs_in_needs_that_folder(tmp_path: Path) -> None:
    assert described_place("Mid-task in a git repo with a .notes/ at root, user types /tidy.") \
        == "in a git repo with a .notes/ at root"
    assert described_place("Run from a cwd whose basename is .notes (self-application).") \
        == "from a cwd whose basename is .notes (self-application)"
    assert described_place("Run in a directory that is not a git repo.") is None
    skill = make_skill(tmp_path, [
        {"id": "repo", "scenario": "Mid-task in a git repo with a .notes/ at root, user types "
         "/tidy.", "expectations": ["Writes .notes/latest.md"]},
        {"id": "bare", "scenario": "Run in a directory that is not a git repo.",
         "expectations": ["Writes .notes/latest.md"]}])
    out = check_cli(str(skill)).output
    assert "case 'repo': no arm can pass it: its `scenario` says the run happens 'in a git " \
        "repo with a .notes/ at root', a working directory the case does not stage" in out
    assert "case 'bare': no arm" not in out

"""A set's top-level note speaking to the agent under test (runner.authoring.agent_notes):
its sentences to the agent, or fixing its output, are sent with each prompt; the rest of the
note (and a note that only describes the set) is kept, never sent."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.agent_notes import addressed
from runner.authoring.caseset import load_caseset
from tests.helpers import make_skill

NOTE = ("Dry-run evals. Subagent MUST NOT run any command. Output is a single JSON file "
        "decision.json with {action, reasoning}.")
CASE = {"id": "c", "prompt": "tidy my standup notes, the usual way",
        "expected_output": "decision.json with action='Tidy'"}


def test_only_the_sentences_to_the_agent_are_read() -> None:
    assert addressed(NOTE) == ["Subagent MUST NOT run any command.", "Output is a single JSON "
                               "file decision.json with {action, reasoning}."]
    assert addressed("These cases test tidying. Written in May.") == []


def test_a_note_to_the_agent_is_sent_with_each_prompt(tmp_path: Path) -> None:
    read = load_caseset(make_skill(tmp_path, {"note": NOTE, "evals": [CASE]}), "tidy-notes")
    assert read.evals[0].prompt == ("tidy my standup notes, the usual way\n\nNote:\nSubagent "
                                    "MUST NOT run any command. Output is a single JSON file "
                                    "decision.json with {action, reasoning}.")
    assert any("speaks to the agent under test" in f.message for f in read.findings)


def test_a_note_describing_the_set_is_not_sent(tmp_path: Path) -> None:
    """Negative."""
    read = load_caseset(make_skill(tmp_path, {"note": "Tidying cases, written in May.",
                                              "evals": [CASE]}), "tidy-notes")
    assert read.evals[0].prompt == "tidy my standup notes, the usual way"


def test_a_note_saying_what_the_agent_should_do_is_an_expectation_never_sent(
        tmp_path: Path) -> None:
    """"The agent should ask ..." in lower case is what a good answer does: sent with the
    prompt it would hand both arms the criterion."""
    note = "The agent should ask which week the notes cover before tidying them."
    assert addressed(note) == []
    read = load_caseset(make_skill(tmp_path, {"note": note, "evals": [CASE]}), "tidy-notes")
    assert read.evals[0].prompt == "tidy my standup notes, the usual way"

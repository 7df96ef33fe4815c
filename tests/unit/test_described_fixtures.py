"""`files` entries describing a fixture in words (runner.authoring.described_fixtures): no
path, so never refused as a missing file; the case is read on its prompt, EV012 when the prompt
states what the fixture holds, EV014 when it does not. Before, each was refused (EV009) as a
fixture "not in the skill"."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.described_fixtures import described, states_material
from tests.helpers import check_cli, check_json, make_skill


@pytest.mark.parametrize(("entry", "said"), [
    ("fixture: notes/standup.md marked FINAL", True),
    ("given: a tracker export", True),
    ("notes/standup.md with 3 decisions and 2 actions", True),
    ("evals/files/standup.md", False),
    ("Meeting Notes 2024.md", False),
])
def test_a_description_is_read_by_its_grammar(entry: str, said: bool) -> None:
    assert described(entry) is said


def test_the_prompt_states_the_material() -> None:
    assert states_material("Tidy the standup notes (3 decisions, 2 actions, one unowned).")
    assert states_material("Tidy these notes: ship friday, Ana emails the vendor today")
    assert not states_material("Tidy the standup notes (v2).")
    assert not states_material("Tidy the standup notes.")


def test_a_described_fixture_the_prompt_states_is_read_on_the_prompt(tmp_path: Path) -> None:
    """Through the CLI: accepted, the description kept, nothing staged, EV012 says so."""
    case = {"id": "told", "prompt": "Tidy notes/standup.md (3 decisions and 2 actions, one "
            "action without an owner).", "expectations": ["Marks one action unassigned"],
            "files": ["fixture: notes/standup.md with 3 decisions and 2 actions"]}
    report = check_json(make_skill(tmp_path, [case]))
    assert report["cases"][0]["fixtures"] == []
    messages = [f["message"] for f in report["findings"]]
    assert any("describes its fixture in words" in m and "the prompt itself states" in m
               for m in messages), messages
    assert not any(f["code"] == "EV009" for f in report["findings"])


def test_a_described_fixture_the_prompt_does_not_state_cannot_pass(tmp_path: Path) -> None:
    """Negative: the criteria read contents no arm has: EV014, on an accepted set."""
    case = {"id": "blind", "prompt": "Tidy my standup notes.",
            "expectations": ["Marks the login fix unassigned"],
            "files": ["fixture: standup notes with an unowned login fix"]}
    result = check_cli(str(make_skill(tmp_path, [case])))
    assert result.exit_code == 0, result.output
    assert "EV014" in result.output and "describes its fixture in words" in result.output

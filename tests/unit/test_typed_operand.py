"""A typed check's `value` in words is its operand, a label beside it only names it
(runner.authoring.dialects.typed_operand): `{type: behavior, value: "<the behaviour in full>",
description: "<a short label>"}` was graded on the label, and the behaviour the author wrote
was dropped without a line."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from runner.authoring.dialects import typed_operand
from runner.cli import main

SKILL_MD = ("---\nname: ad-copy\ndescription: Writes ad copy for a course launch. Use when "
            "asked for an ad.\n---\nAsk the five questions, then draft.\n")
BEHAVIOUR = ("After the user confirms, the second stage drafts three hooks and marks each "
             "claim that needs a human check")
LABEL = "Second stage drafts hooks"


def test_the_value_in_words_is_the_operand() -> None:
    typed = {"type": "behavior", "value": BEHAVIOUR, "description": LABEL}
    assert typed_operand(typed) == BEHAVIOUR
    # no label beside it, an identifier, or no type: the object's other rules decide
    assert typed_operand({"type": "behavior", "value": BEHAVIOUR}) is None
    assert typed_operand({"type": "behavior", "value": "stage_two", "description": LABEL}) \
        is None
    assert typed_operand({"value": BEHAVIOUR, "description": LABEL}) is None


def _checks(tmp_path: Path, asserts: list[dict[str, Any]]) -> list[str]:
    skill = tmp_path / "ad-copy"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        [{"id": "launch", "input": "Write a launch ad for the Vibe Coding course.",
          "asserts": asserts}]))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    return [str(c["entry"]) for c in json.loads(result.output)["cases"][0]["checks"]]


def test_check_grades_the_behaviour_not_its_label(tmp_path: Path) -> None:
    entries = _checks(tmp_path, [
        {"type": "contains", "value": "Vibe Coding", "description": "Names the course"},
        {"type": "behavior", "value": BEHAVIOUR, "description": LABEL}])
    assert "Vibe Coding" in entries
    assert any(BEHAVIOUR in e for e in entries), entries
    assert not any(e == LABEL for e in entries), entries

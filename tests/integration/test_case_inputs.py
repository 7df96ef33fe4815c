"""An input named in a field of its own, end to end (issue 26): a case that gives its input as
`input_file` (no `files`) has that file in the real claude session's working directory, in a
real container, in both arms, where the scripted agent's Bash reads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: counter
description: Counts the lines of meeting notes. Use when asked to "count the notes".
---
Count the lines of the notes with wc -l and write the number to count.txt.
"""


def test_an_input_named_in_its_own_field_reaches_both_arms(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "counter"
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "files" / "notes.md").write_text("Ana: budget\nBo: room\nCy: deck\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "counter", "evals": [
        {"id": "lines", "prompt": "Count the lines of notes.md into count.txt.",
         "input_file": "files/notes.md", "outputs": [{"path": "count.txt", "contains": ["3"]}]}]}))
    count = {"tool_use": {"name": "Bash", "input": {"command": "wc -l < notes.md > count.txt"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "notes.md", "skill": "counter"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "counter:counter"}}},
                   count, {"text": "Counted."}]},
        {"name": "bare", "when": {"prompt": "notes.md"}, "turns": [count, {"text": "Counted."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {t.arm: t for t in report.trials}
    # without notes.md staged the redirect fails and no count.txt is written: both would fail
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is True, by[Arm.BASELINE].failures

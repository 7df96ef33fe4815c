"""An inline fixture end to end (issue 26 item 8): given in the case as {path, content}, it
is in the real claude session's working directory, in a real container, where the scripted
agent's Bash reads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm, Outcome

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: counter
description: Counts the lines of meeting notes. Use when asked to "count the notes".
---
Count the lines of the notes with wc -l and write the number to count.txt.
"""


def test_claude_reads_an_inline_fixture_in_its_sandbox(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "counter"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "counter", "evals": [
        {"id": "lines", "prompt": "Count the lines of data/notes.md into count.txt.",
         "files": [{"path": "data/notes.md", "content": "Ana: budget\nBo: room\nCy: deck\n"}],
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]}))
    count = {"tool_use": {"name": "Bash",
                          "input": {"command": "wc -l < data/notes.md > count.txt"}}}
    guess = {"tool_use": {"name": "Bash", "input": {"command": "echo 0 > count.txt"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "data/notes.md", "skill": "counter"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "counter:counter"}}},
                   count, {"text": "Counted."}]},
        {"name": "bare", "when": {"prompt": "data/notes.md"},
         "turns": [guess, {"text": "Guessed."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {t.arm: t for t in report.trials}
    # only a staged data/notes.md lets wc write 3 (without it the redirect fails: no count.txt)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert report.rows[0].outcome is Outcome.WIN

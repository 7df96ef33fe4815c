"""A repository's own layout end to end (issue 26, rule 8): the skill in a subfolder, its set at
the repository root under a name of its own, its fixture in the root's `evals/fixtures/`,
resolved from the set's folder and staged into the real claude session's working directory,
in a real container, where the scripted agent's Bash reads it."""

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
NOTES = "evals/fixtures/standup/notes.md"


def test_a_root_set_under_its_own_name_stages_its_fixture_from_the_sets_folder(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = repo / "skills" / "counter"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (repo / "evals" / "fixtures" / "standup").mkdir(parents=True)
    (repo / NOTES).write_text("Ana: budget\nBo: room\nCy: deck\n")
    (repo / "evals" / "counting_questions.json").write_text(json.dumps([
        {"id": "lines", "question": f"Count the lines of ./{NOTES} into count.txt.",
         "files": ["fixtures/standup"],
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]))
    count = {"tool_use": {"name": "Bash", "input": {"command": f"wc -l < {NOTES} > count.txt"}}}
    guess = {"tool_use": {"name": "Bash", "input": {"command": "echo 0 > count.txt"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "notes.md", "skill": "counter"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "counter:counter"}}},
                   count, {"text": "Counted."}]},
        {"name": "bare", "when": {"prompt": "notes.md"},
         "turns": [guess, {"text": "Guessed."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {t.arm: t for t in report.trials}
    # only the staged notes let wc write 3 (without them the redirect fails: no count.txt)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert report.rows[0].outcome is Outcome.WIN

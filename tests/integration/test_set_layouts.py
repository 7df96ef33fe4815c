"""A repository's own layout end to end (issue 26, rule 8): the skill in a subfolder, its set at
the repository root under a name of its own, its fixture in the root's `evals/fixtures/`,
resolved from the set's folder and staged into the real claude session's working directory,
in a real container, where the scripted agent's Bash reads it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from tests.helpers import COUNTER_MD, arms_script, bash_turn, run_both_arms

pytestmark = pytest.mark.integration

NOTES = "evals/fixtures/standup/notes.md"


def test_a_root_set_under_its_own_name_stages_its_fixture_from_the_sets_folder(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = repo / "skills" / "counter"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(COUNTER_MD)
    (repo / "evals" / "fixtures" / "standup").mkdir(parents=True)
    (repo / NOTES).write_text("Ana: budget\nBo: room\nCy: deck\n")
    (repo / "evals" / "counting_questions.json").write_text(json.dumps([
        {"id": "lines", "question": f"Count the lines of ./{NOTES} into count.txt.",
         "files": ["fixtures/standup"],
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]))
    script = write_script(arms_script(
        "counter", "notes.md",
        [bash_turn(f"wc -l < {NOTES} > count.txt"), {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Guessed."}]))
    report, by = run_both_arms(options, skill, script)
    # only the staged notes let wc write 3 (without them the redirect fails: no count.txt)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert report.rows[0].outcome is Outcome.WIN


WORLD = "evals/scenes/standup/notes.md"


def test_a_bare_fixture_name_lands_where_the_prompt_names_its_file(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    """`fixture: standup` held by two folders of the set's (scenes/ and runs/): the one whose
    file the prompt names is staged, at the path the prompt names, in a real container."""
    skill = tmp_path / "counter"
    skill.mkdir()
    (skill / "SKILL.md").write_text(COUNTER_MD)
    for folder, text in (("scenes", "Ana: budget\nBo: room\nCy: deck\n"), ("runs", "old\n")):
        (skill / "evals" / folder / "standup").mkdir(parents=True)
        (skill / "evals" / folder / "standup" / "notes.md").write_text(text)
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "lines", "fixture": "standup",
         "prompt": f"Count the lines of ./{WORLD} into count.txt (evals/runs/standup/ is "
                   "yesterday's).",
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]}))
    script = write_script(arms_script(
        "counter", "notes.md",
        [bash_turn(f"wc -l < {WORLD} > count.txt"), {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Guessed."}]))
    report, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert report.rows[0].outcome is Outcome.WIN

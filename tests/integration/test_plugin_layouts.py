"""A plugin's layout end to end (issue 26, rule 8): the skill's set in `evals/cases/<skill>/`
(one case file each) and a shared root case naming the skill, read beside it, both run in
real containers with the real claude against the scripted endpoint."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: greeter
description: Writes a greeting file. Use when asked to "write the greeting".
---
Write hello.txt holding the word Hello.
"""


def test_a_case_folder_and_a_shared_case_naming_the_skill_both_run(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = repo / "skills" / "greeter"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    own = repo / "evals" / "cases" / "greeter"
    own.mkdir(parents=True)
    (own / "hello.json").write_text(json.dumps(
        {"id": "hello", "prompt": "Write the greeting into hello.txt.",
         "outputs": [{"path": "hello.txt", "contains": ["Hello"]}]}))
    (repo / "evals" / "shared.json").write_text(json.dumps([
        {"id": "again", "skill": "greeter", "prompt": "Write the greeting again into hello.txt.",
         "outputs": [{"path": "hello.txt", "contains": ["Hello"]}]},
        {"id": "other", "skill": "farewell", "prompt": "Say bye.", "assertions": ["Bye"]}]))
    write = {"tool_use": {"name": "Bash", "input": {"command": "echo Hello > hello.txt"}}}
    script = write_script({"scenarios": [
        {"name": "any", "when": {"prompt": "hello.txt"},
         "turns": [write, {"text": "Written."}]}]})
    report = run_eval(options(skill=skill, model_script=script, arms=(Arm.BASELINE, Arm.CANDIDATE)))
    assert {t.case for t in report.trials} == {"hello", "again"}
    # both arms write it (the script answers alike): each case ran and was graded on its output
    assert all(t.passed for t in report.trials), [t.failures for t in report.trials]

"""Absences written in other languages (issue 26): a Chinese statement and a Spanish check
string saying what must not be there are graded as not-contains checks on what real claude
wrote in its container (no grader is asked)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm, Outcome

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: plain-prose
description: Rewrites drafts into plain prose. Use when asked to "plainify the draft".
---
Rewrite the draft without placeholders and write it to out.md.
"""


def test_absences_in_chinese_and_spanish_decide_on_the_work(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "plain-prose"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "plain-prose",
                                                            "evals": [
        {"id": "draft", "prompt": "Plainify the draft 'fast, cheap' into out.md.",
         "expectations": ["回答中不包含“TODO”"], "assertions": ["no contiene 'FIXME'"]}]},
        ensure_ascii=False))
    plain = {"tool_use": {"name": "Bash",
                          "input": {"command": "printf 'Fast and cheap.\\n' > out.md"}}}
    marked = {"tool_use": {"name": "Bash", "input": {
        "command": "printf 'Fast, cheap. TODO FIXME\\n' > out.md"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "out.md", "skill": "plain-prose"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "plain-prose:plain-prose"}}},
                   plain, {"text": "Done."}]},
        {"name": "bare", "when": {"prompt": "out.md"},
         "turns": [marked, {"text": "Done."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {t.arm: t for t in report.trials}
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "TODO" in said and "FIXME" in said, said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]
    assert report.rows[0].outcome is Outcome.WIN

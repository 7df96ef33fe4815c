"""Requirement tiers end to end (issue 26): `must` / `must_not` literals are checks on what
real claude wrote in its container, `should` beside `must` and a check object marked
`optional: true` are reported and never graded (so work leaving them out still passes), and an
`expect` object's `regex` is a check of that kind."""

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


def test_tiers_decide_on_the_work_and_soft_items_are_not_graded(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "plain-prose"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "plain-prose",
                                                            "evals": [
        {"id": "draft", "prompt": "Plainify the draft 'fast, cheap' into out.md.",
         "must": ["Fast and cheap"], "must_not": ["TODO"],
         "should": ["badge"],  # soft beside must: neither arm writes it, neither fails on it
         "expect": {"regex": r"(?m)^Fast"},
         "assertions": [{"type": "contains", "value": "sparkle", "optional": True}]}]}))
    plain = {"tool_use": {"name": "Bash",
                          "input": {"command": "printf 'Fast and cheap.\\n' > out.md"}}}
    todo = {"tool_use": {"name": "Bash", "input": {
        "command": "printf 'Fast and cheap. TODO\\n' > out.md"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "out.md", "skill": "plain-prose"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "plain-prose:plain-prose"}}},
                   plain, {"text": "Done."}]},
        {"name": "bare", "when": {"prompt": "out.md"},
         "turns": [todo, {"text": "Done."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {t.arm: t for t in report.trials}
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    failed = " ".join(by[Arm.BASELINE].failed_checks)
    assert "TODO" in failed and "badge" not in failed and "sparkle" not in failed, failed
    assert report.rows[0].outcome is Outcome.WIN

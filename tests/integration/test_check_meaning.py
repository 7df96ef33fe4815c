"""What a check means, end to end (issue 26): statements of absence written as sentences are
graded as not-contains checks on what real claude wrote in its container (no grader is
asked), and a case that is only a routing expectation is never run."""

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
Rewrite the draft without dashes or placeholders and write it to out.md.
"""


def test_absences_decide_on_the_work_and_a_routing_case_is_not_run(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "plain-prose"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "plain-prose",
                                                            "evals": [
        {"id": "draft", "prompt": "Plainify the draft 'fast, cheap' into out.md.",
         "expectations": ["No em dash", "out.md must not include `TODO`"]},
        {"id": "route", "prompt": "What is two plus two?", "should_trigger": False}]}))
    plain = {"tool_use": {"name": "Bash",
                          "input": {"command": "printf 'Fast and cheap.\\n' > out.md"}}}
    dashed = {"tool_use": {"name": "Bash", "input": {
        "command": "printf 'Fast \\342\\200\\224 cheap. TODO\\n' > out.md"}}}
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "out.md", "skill": "plain-prose"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "plain-prose:plain-prose"}}},
                   plain, {"text": "Done."}]},
        {"name": "bare", "when": {"prompt": "out.md"},
         "turns": [dashed, {"text": "Done."}]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    assert {t.case for t in report.trials} == {"draft"}  # the routing case never ran
    by = {t.arm: t for t in report.trials}
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "—" in said and "TODO" in said, said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]
    assert report.rows[0].outcome is Outcome.WIN

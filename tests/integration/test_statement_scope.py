"""Which material a statement is graded on, end to end (issue 26): a passive claim that a
script was run ("`scripts/x.py` was run") passes only in the arm whose real claude session ran
it; the other arm's final text saying it ran is a claim, and a grader that takes it for
evidence is overruled."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm, Outcome

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: parcel-quote
description: Quotes parcel shipping costs. Use when asked to "quote this parcel".
---
Run scripts/x.py and report the estimate it prints.
"""
CLAIM = "I ran scripts/x.py: the estimate is 41.20 EUR."


def grade(evidence: str, source: str) -> dict[str, Any]:
    return {"tool_use": {"name": "record_grades", "input": {"grades": [
        {"statement": 1, "passed": True, "evidence": evidence, "source": source,
         "reason": "scripted"}]}}}


def test_a_passive_run_statement_passes_only_where_the_session_ran_it(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "parcel-quote"
    (skill / "evals" / "files" / "scripts").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "files" / "scripts" / "x.py").write_text("print('estimate 41.20 EUR')\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "parcel-quote",
                                                            "evals": [
        {"id": "parcel", "prompt": "Quote the parcel: 2 kg to Lyon.",
         "files": ["evals/files/scripts/x.py"],
         "expectations": ["`scripts/x.py` was run"]}]}))
    script = write_script({"scenarios": [
        {"name": "skilled", "when": {"prompt": "Quote the parcel", "skill": "parcel-quote"},
         "turns": [{"tool_use": {"name": "Skill",
                                 "input": {"skill": "parcel-quote:parcel-quote"}}},
                   {"tool_use": {"name": "Bash", "input": {"command": "python3 scripts/x.py"}}},
                   {"text": "The estimate is 41.20 EUR."}]},
        {"name": "bare", "when": {"prompt": "Quote the parcel"}, "turns": [{"text": CLAIM}]},
        # the grader passes both: the session's call in one, the claim in the other
        {"name": "grader-call", "when": {"purpose": "grader", "prompt": "python3 scripts/x.py"},
         "turns": [grade("python3 scripts/x.py", "")]},
        {"name": "grader-claim", "when": {"purpose": "grader"},
         "turns": [grade("I ran scripts/x.py", "final text")]}]})
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    assert report.script_unmatched == 0
    by = {t.arm: t for t in report.trials}
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    (failure,) = by[Arm.BASELINE].failures
    assert "only its tool calls show" in failure.detail, failure.detail
    assert report.rows[0].outcome is Outcome.WIN

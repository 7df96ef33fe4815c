"""A statement that compares the work with a file of the set ("The total matches
worked-example.md"), end to end (issue 26): the file's text reaches the grader's request as a
reference, while real claude's session in its container never has the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: sum-sales
description: Sums sales rows. Use when asked to "sum the sales".
---
Add the rows and give the total.
"""
WORKED = "Worked example, for the grader: the total is 42 (REF-MARK-7731).\n"
LOOK = ("if ls -aR . | grep -q worked-example; then echo HAS > seen.txt; "
        "else echo NONE > seen.txt; fi; cat seen.txt")


def grade(passed: bool) -> dict[str, Any]:
    return {"tool_use": {"name": "record_grades", "input": {"grades": [
        {"statement": 1, "passed": passed, "evidence": "The total is 42." if passed else "",
         "source": "final text", "reason": "scripted"}]}}}


def test_the_grader_gets_the_reference_and_the_session_never_has_it(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "sum-sales", "evals": [
        {"id": "sum", "prompt": "Sum the sales: 20, 12 and 10.",
         "expectations": ["The total matches worked-example.md"],
         "outputs": [{"path": "seen.txt", "contains": ["NONE"]}]}]},
        {"evals/worked-example.md": WORKED}, name="sum-sales", skill_md=SKILL_MD)
    turns = [bash_turn(LOOK), {"text": "The total is 42."}]
    script = arms_script("sum-sales", "Sum the sales", turns, turns)
    # the grader passes only a request that carries the reference's own text
    script["scenarios"] += [
        {"name": "grader-ref", "when": {"purpose": "grader", "prompt": "REF-MARK-7731"},
         "turns": [grade(True)]},
        {"name": "grader-blind", "when": {"purpose": "grader"}, "turns": [grade(False)]}]
    report, by = run_both_arms(options, skill, write_script(script))
    assert report.script_unmatched == 0
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        # seen.txt says NONE: no file of the session's working directory is the reference
        assert by[arm].passed is True, by[arm].failures

"""Rules from sample E's tuning half (issue 26), end to end: the codes a review must cite
(`expected_rule_ids`) decide on what real claude wrote in its container, exact to the code,
and a near-miss case that only says the skill (called by its name) stays out is never run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from tests.helpers import arms_script, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: lint-review
description: Reviews a retry configuration against the team's lint rules. Use when asked
  to review retries.
---
Cite each broken rule by its code (NET-RETRY-004 for a missing backoff).
"""


def test_cited_codes_decide_and_a_near_miss_is_not_run(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "lint-review", "evals": [
        {"id": "retries", "prompt": "Lint-review the retries: 3 retries, no backoff.",
         "expected_rule_ids": ["NET-RETRY-004"]},
        {"id": "near", "prompt": "Fix the type error in src/app.ts.",
         "expected_output": "Does not run lint-review. No review report."}]},
        name="lint-review", skill_md=SKILL_MD)
    script = write_script(arms_script(
        "lint-review", "Lint-review the retries",
        [{"text": "| NET-RETRY-004 | major | no backoff |"}],
        [{"text": "NET-RETRY-0041 looks off: add a backoff."}]))
    report, by = run_both_arms(options, skill, script)
    assert {t.case for t in report.trials} == {"retries"}  # the near miss never ran
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False  # a longer code is not the one asked for
    assert report.rows[0].outcome is Outcome.WIN

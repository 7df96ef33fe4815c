"""What a check means, end to end (issue 26): statements of absence written as sentences are
graded as not-contains checks on what real claude wrote in its container (no grader is
asked), and a case that is only a routing expectation is never run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from tests.helpers import arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: plain-prose
description: Rewrites drafts into plain prose. Use when asked to "plainify the draft".
---
Rewrite the draft without dashes or placeholders and write it to out.md.
"""


def test_absences_decide_on_the_work_and_a_routing_case_is_not_run(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "plain-prose", "evals": [
        {"id": "draft", "prompt": "Plainify the draft 'fast, cheap' into out.md.",
         "expectations": ["No em dash", "out.md must not include `TODO`"]},
        {"id": "route", "prompt": "What is two plus two?", "should_trigger": False}]},
        name="plain-prose", skill_md=SKILL_MD)
    script = write_script(arms_script(
        "plain-prose", "out.md",
        [bash_turn("printf 'Fast and cheap.\\n' > out.md"), {"text": "Done."}],
        [bash_turn("printf 'Fast \\342\\200\\224 cheap. TODO\\n' > out.md"), {"text": "Done."}]))
    report, by = run_both_arms(options, skill, script)
    assert {t.case for t in report.trials} == {"draft"}  # the routing case never ran
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "—" in said and "TODO" in said, said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]
    assert report.rows[0].outcome is Outcome.WIN

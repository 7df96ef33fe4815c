"""Issue 26 (sample E's tune half, second pass), end to end through real claude in its
container with a scripted model: a denial heading list items given apart is graded as
not-contains checks on what claude wrote (never as positive items), and a case saying the
skill "should NOT trigger council" (part of the skill's name) is a trigger query, never run."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: word-council
description: Convenes a council that writes firm requirement docs. Use for "firm specs".
---
Write the spec to spec.md in firm words.
"""


def test_a_split_denial_list_decides_and_a_routing_case_is_not_run(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "word-council", "evals": [
        {"id": "spec", "prompt": "Our offline sync needs requirements; write them to spec.md.",
         "expectations": ["The spec must not contain these words:", "- MAYBE", "- TBD"]},
        {"id": "route", "prompt": "What is two plus two?",
         "expectations": ["Should NOT trigger council"]}]},
        name="word-council", skill_md=SKILL_MD)
    script = write_script(arms_script(
        "word-council", "spec.md",
        [bash_turn("printf 'Sync runs every hour.\\n' > spec.md"), {"text": "Done."}],
        [bash_turn("printf 'Sync runs MAYBE hourly. TBD\\n' > spec.md"), {"text": "Done."}]))
    report, by = run_both_arms(options, skill, script)
    assert {t.case for t in report.trials} == {"spec"}  # the routing case never ran
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "MAYBE" in said and "TBD" in said, said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]

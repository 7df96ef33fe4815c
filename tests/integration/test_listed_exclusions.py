"""Issue 26 (sample E), end to end: a denial heading a list of literals ("The output excludes
these canary strings: ...") is graded as not-contains checks on what real claude wrote in its
container, no grader asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: clean-notes
description: Writes release notes without internal markers. Use when asked to "clean the notes".
---
Write the notes to out.md, never any internal marker.
"""


def test_listed_canaries_decide_on_the_work(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "clean-notes", "evals": [
        {"id": "notes", "prompt": "Clean the notes 'fixed login' into out.md.",
         "expectations": ["The output excludes these canary strings: PLUM-4410, HIDDEN_KEY_Q"]}]},
        name="clean-notes", skill_md=SKILL_MD)
    script = write_script(arms_script(
        "clean-notes", "out.md",
        [bash_turn("printf 'Fixed login.\\n' > out.md"), {"text": "Done."}],
        [bash_turn("printf 'Fixed login. PLUM-4410\\n' > out.md"), {"text": "Done."}]))
    _, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    said = " ".join(f"{f.check} {f.detail}" for f in by[Arm.BASELINE].failures)
    assert "PLUM-4410" in said and "HIDDEN_KEY_Q" not in said, said
    assert not [c for c in by[Arm.BASELINE].failed_checks if c.startswith("statement")]

"""An input named in a field of its own, end to end (issue 26): a case that gives its input as
`input_file` (no `files`) has that file in the real claude session's working directory, in a
real container, in both arms, where the scripted agent's Bash reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import COUNTER_MD, arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration


def test_an_input_named_in_its_own_field_reaches_both_arms(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "lines", "prompt": "Count the lines of notes.md into count.txt.",
         "input_file": "files/notes.md", "outputs": [{"path": "count.txt", "contains": ["3"]}]}]},
        {"evals/files/notes.md": "Ana: budget\nBo: room\nCy: deck\n"},
        name="counter", skill_md=COUNTER_MD)
    count = [bash_turn("wc -l < notes.md > count.txt"), {"text": "Counted."}]
    script = write_script(arms_script("counter", "notes.md", count, count))
    _report, by = run_both_arms(options, skill, script)
    # without notes.md staged the redirect fails and no count.txt is written: both would fail
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is True, by[Arm.BASELINE].failures

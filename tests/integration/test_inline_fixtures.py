"""An inline fixture end to end (issue 26 item 8): given in the case as {path, content}, it
is in the real claude session's working directory, in a real container, where the scripted
agent's Bash reads it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from tests.helpers import COUNTER_MD, arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration


def test_claude_reads_an_inline_fixture_in_its_sandbox(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "lines", "prompt": "Count the lines of data/notes.md into count.txt.",
         "files": [{"path": "data/notes.md", "content": "Ana: budget\nBo: room\nCy: deck\n"}],
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]},
        name="counter", skill_md=COUNTER_MD)
    script = write_script(arms_script(
        "counter", "data/notes.md",
        [bash_turn("wc -l < data/notes.md > count.txt"), {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Guessed."}]))
    report, by = run_both_arms(options, skill, script)
    # only a staged data/notes.md lets wc write 3 (without it the redirect fails: no count.txt)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert report.rows[0].outcome is Outcome.WIN

"""A set file beside SKILL.md end to end (issue 26, sample E tune half): the skill's root
`eval.json` (a bare list of cases) is its set, runs through the real claude in real containers,
and never reaches the candidate: the scripted agent lists the skill folder it was given, and
the case passes only when that listing holds the skill's SKILL.md and its own config.json but
not eval.json."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from tests.helpers import arms_script, bash_turn, run_both_arms

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: lister
description: Writes folder listings. Use when asked to list what a skill ships.
---
Write listing.txt with every file of the skill.
"""


def test_a_root_eval_json_runs_and_never_reaches_the_candidate(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "lister"
    skill.mkdir()
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "config.json").write_text(json.dumps({"depth": 2}))
    (skill / "eval.json").write_text(json.dumps([
        {"id": "listing", "prompt": "List every file of the skill into listing.txt.",
         "outputs": [{"path": "listing.txt",
                      "contains": ["lister/SKILL.md", "lister/config.json", "not:eval.json"]}]},
        {"id": "fires", "prompt": "what does my skill ship?", "kind": "trigger",
         "should_trigger": True}]))
    listing = "find /opt/skill -type f > listing.txt 2>/dev/null; true"
    script = write_script(arms_script(
        "lister", "listing.txt", [bash_turn(listing), {"text": "Listed."}],
        [bash_turn(listing), {"text": "Listed."}]))
    report, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False  # no skill staged: nothing listed
    assert report.rows[0].outcome is Outcome.WIN
    assert {t.case for t in report.trials} == {"listing"}  # the trigger case never ran

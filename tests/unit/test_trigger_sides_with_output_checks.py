"""A set of trigger sides named by their firing (`positive_triggers`, `negative_triggers`)
with checks written once for every answer (`output_assertions`): the positive prompts are
runs graded on those checks (and trigger queries), the negative ones trigger queries only."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.groups import _group_side
from tests.helpers import check_json, make_skill


@pytest.mark.parametrize(("name", "fires"), [
    ("positive_triggers", True), ("negative_triggers", False), ("should-not-fire", False),
    ("non_triggers", False), ("trigger_positive", True), ("happy_paths", None),
    ("negative", False)])
def test_a_group_named_by_its_side_and_firing(name: str, fires: bool | None) -> None:
    assert _group_side(name) is fires


def test_sides_with_output_checks_grade_the_positive_runs(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {
        "skill": "tidy-notes",
        "positive_triggers": [
            {"prompt": "tidy these notes: ship Friday, Ana owns it", "reason": "explicit"},
            {"prompt": "clean up my meeting notes: budget approved", "reason": "implicit"}],
        "negative_triggers": [{"prompt": "Write a commit message.", "reason": "not notes"}],
        "output_assertions": ["Output is a bulleted list",
                              "Each bullet names an owner when one is given"]})
    got = check_json(skill)
    assert [c["id"] for c in got["cases"]] == ["positive_triggers-1", "positive_triggers-2"]
    for case in got["cases"]:
        assert [c["entry"] for c in case["checks"]] == [
            "Output is a bulleted list", "Each bullet names an owner when one is given"]
    said = " ".join(f["message"] for f in got["findings"])
    assert "should-trigger" in said and "trigger sides" in said

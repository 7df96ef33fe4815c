"""A case written as a template with its values beside it (issue 26, placeholders in
prompts): `{{blank}}`s the case's `parameters` name are filled before anything is sent, in
every text of the case; a blank the mapping does not name stays refused (EV009)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.parameters import filled
from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

CASE = {"id": "cut", "prompt": "Cut {{start}} to {{end}} of the clip and name it {{name}}.",
        "parameters": {"start": "0:00", "end": "2:35", "name": "SegmentA.mp4"},
        "assertions": ["Names the output {{name}}"]}


def test_blanks_named_by_the_parameters_are_filled() -> None:
    item, key, blanks = filled(CASE, ("prompt",))
    assert (key, blanks) == ("parameters", ["start", "end", "name"])
    assert item["prompt"] == "Cut 0:00 to 2:35 of the clip and name it SegmentA.mp4."
    assert item["assertions"] == ["Names the output SegmentA.mp4"]
    assert "parameters" not in item
    half = {**CASE, "parameters": {"start": "0:00"}}
    assert filled(half, ("prompt",)) == (half, "", [])


def test_check_sends_the_filled_prompt_and_refuses_an_unnamed_blank(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "clips", "clips", "Cuts video clips losslessly.")
    write_data(skill / "evals" / "evals.json", {"evals": [CASE]})
    got = check(str(skill), "-v")
    assert got.exit_code == 0, got.output
    assert "filled from the case's `parameters`" in got.output
    assert "Names the output SegmentA.mp4" in got.output
    write_data(skill / "evals" / "evals.json", {"evals": [
        {**CASE, "parameters": {"start": "0:00", "end": "2:35"}}]})
    got = check(str(skill))
    assert got.exit_code == 2, got.output
    assert "EV009" in got.output and "placeholder" in got.output

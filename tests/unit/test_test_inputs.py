"""A list of prompts with nothing to grade, in a folder of the authors' tests of the skill's
own code (`tests/prompts.json` beside `tests/test_generator.py`), is their material: `check`
says it is not a case set, never refuses it as a set whose cases would all tie (EV008)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

PROMPTS = {"prompts": [
    {"id": "flow", "name": "Flow", "description": "A login flow",
     "prompt": "Draw a login flowchart. Save as 'login.excalidraw'."},
    {"id": "arch", "name": "Arch", "description": "Three services",
     "prompt": "Draw three services and a database."}]}


def _skill(tmp_path: Path, with_tests: bool) -> Path:
    skill = write_skill_md(tmp_path / "diagrams", "diagrams", "Draws diagrams. Use when "
                           "asked for a diagram.", "Run scripts/gen.py.\n")
    _write(skill / "tests" / "prompts.json", PROMPTS)
    if with_tests:
        (skill / "tests" / "test_generator.py").write_text("def test_flow():\n    assert 1\n")
    return skill


def test_prompts_beside_test_modules_are_their_material_not_a_set(tmp_path: Path) -> None:
    result = check(str(_skill(tmp_path, with_tests=True)))
    assert "EV008" not in result.output, result.output
    assert "tests/prompts.json (not a case set: prompts with nothing to grade, in a folder of " \
        "the authors' tests of the skill's own code (tests/test_generator.py" in result.output


def test_the_same_prompts_alone_stay_a_set_refused_for_nothing_to_grade(
        tmp_path: Path) -> None:
    result = check(str(_skill(tmp_path, with_tests=False)))
    assert result.exit_code != 0 and "EV008" in result.output, result.output

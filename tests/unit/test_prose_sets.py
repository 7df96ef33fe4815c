"""Sets their authors wrote as prose under no set's name (docs/case-sets.md, "Prose or Markdown
sets"): a Markdown file whose sections are cases with checks and no prompt (`Assert:` lines),
or a folder of case folders holding prose only (a scenario and grading notes each), is found
and refused *as a prose set* with `cases --generate --from`, never "no case set". Sets of our
own, never a public skill's."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.casedirs import prose_case_dirs
from runner.authoring.generate import source_text
from runner.authoring.layouts import find_prose
from runner.authoring.mdtasks import markdown_cases, prose_cases
from tests.helpers import check_cli as check
from tests.helpers import write_skill_md

DESCRIPTION = "Plans a vegetable bed rotation for the season. Use when planning the garden."

_ASSERTS = """# Eval: spring rotation

## no-brassicas-twice
Assert: the plan never puts brassicas in the same bed two years running.

## asks-for-bed-count
Assert: the agent asks how many beds there are before planning.
"""


def _skill(tmp_path: Path) -> Path:
    return write_skill_md(tmp_path / "bed-rotation", "bed-rotation", DESCRIPTION)


def test_assert_lines_under_case_headings_are_a_prose_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    (skill / "evals").mkdir()
    (skill / "evals" / "spring-rotation.md").write_text(_ASSERTS)
    assert prose_cases(skill / "evals" / "spring-rotation.md") == 2
    assert markdown_cases(_ASSERTS) is None  # no prompt: not read as it is
    assert find_prose(skill) == skill / "evals" / "spring-rotation.md"
    got = check(str(skill))
    assert got.exit_code != 0 and "no case set" not in got.output
    assert "a prose or Markdown case set" in got.output
    assert f"--generate --from {skill / 'evals' / 'spring-rotation.md'}" in got.output


def test_assert_lines_beside_a_prompt_are_its_checks(tmp_path: Path) -> None:
    cases = markdown_cases("## Case 1\n**Prompt:** plan four beds\nAssert: beans follow "
                           "the brassicas\n")
    assert cases is not None and cases[0]["statements"] == ["beans follow the brassicas"]


def test_a_rubric_with_one_section_is_no_prose_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    (skill / "evals").mkdir()
    (skill / "evals" / "rubric.md").write_text("# Rubric\n\n## Hard fails\nAssert: no bed is "
                                               "left empty.\n")
    assert prose_cases(skill / "evals" / "rubric.md") == 0
    assert find_prose(skill) is None
    assert "no case set" in check(str(skill)).output


def _prose_case(folder: Path, scenario: bool = True) -> None:
    folder.mkdir(parents=True)
    if scenario:
        (folder / "scenario.md").write_text("**User message:**\n\nPlan my four beds.\n")
    (folder / "grading-notes.md").write_text("## Must\n\n- Rotates the brassicas\n")


def test_case_folders_of_prose_only_are_a_prose_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    cases = skill / "evals" / "cases"
    _prose_case(cases / "01-four-beds")
    _prose_case(cases / "02-two-beds", scenario=False)  # the authors left one unfinished
    (cases / "INDEX.md").write_text("| ID | Trap |\n")
    assert prose_case_dirs(cases)
    assert find_prose(skill) == cases
    got = check(str(skill))
    assert got.exit_code != 0 and "no case set" not in got.output
    assert f"--generate --from {cases}" in got.output
    drafted_from = source_text(cases)
    assert "== 01-four-beds/scenario.md ==" in drafted_from and "Rotates the brassicas" \
        in drafted_from


def test_folders_holding_data_are_no_prose_set(tmp_path: Path) -> None:
    cases = tmp_path / "cases"
    _prose_case(cases / "a")
    (cases / "b").mkdir()
    (cases / "b" / "beds.csv").write_text("bed,crop\n")
    (cases / "c").mkdir()
    (cases / "c" / "beds.json").write_text("{}")
    assert not prose_case_dirs(cases)  # most of its folders hold data

"""A set whose own notes say its cases are the arguments of a program of the skill
(runner.authoring.harnessed): a test of that program, not of the agent, refused (EV008)
naming the program and the note, never sent as prompts built from the fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.harnessed import program_test
from tests.unit.test_wild_sets import check, skill_with

NOTE = "Run: python3 shout.py --mode <mode> --text '<text>' and check its output."
CASES: list[dict[str, Any]] = [
    {"id": "up", "mode": "upper", "input_text": "hi there", "expected_contains": ["HI THERE"]},
    {"id": "help", "mode": "help", "input_text": "", "expected_not_contains": ["Traceback"]}]


def test_cases_that_are_the_programs_arguments_are_a_program_test(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {}, {"shout.py": "print('x')\n"})
    found = program_test({"_meta": {"instructions": NOTE}}, CASES, skill, skill / "evals")
    assert found is not None and found.program == "shout.py"
    assert found.where == "_meta.instructions" and "<mode>" in found.line
    readme = skill / "evals" / "README.md"
    readme.write_text(f"# Evals\n\n{NOTE}\n")
    found = program_test({}, CASES, skill, skill / "evals")
    assert found is not None and found.where == "evals/README.md"


def test_no_program_test_without_the_program_its_blanks_or_with_a_prompt(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {}, {"shout.py": "print('x')\n"})
    about = {"_meta": {"instructions": NOTE}}
    other = {"_meta": {"instructions": NOTE.replace("shout.py", "gone.py")}}
    assert program_test(other, CASES, skill, skill / "evals") is None  # not a file of the skill
    blanks = [{"id": "x", "tone": "calm", "expected_contains": ["HI"]}]
    assert program_test(about, blanks, skill, skill / "evals") is None  # no field it names
    prompted = [{**c, "prompt": "Shout this."} for c in CASES]
    assert program_test(about, prompted, skill, skill / "evals") is None  # the agent's cases


def test_check_refuses_a_program_test_naming_the_program_and_the_note(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "_meta": {"instructions": NOTE},
                                  "evals": CASES}, {"shout.py": "print('x')\n"})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "EV008: its 2 case(s) are the arguments of the skill's program shout.py" \
        in result.output
    assert "`_meta.instructions`" in result.output and "not of the agent" in result.output

"""One folder per case as a case set (issue 26, runner.authoring.casedirs): a folder whose
subfolders each hold a prompt file is a set, one case a subfolder; its rubric gives statements,
its `expected*` file the expected output (never staged), its `check.sh` / `grade.py` the grader
command (never staged), every other file a fixture staged at the working directory's root."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.cli import main
from runner.errors import CaseSetError
from runner.schema.case import Case

SKILL_MD = """---
name: fold
description: Turns notes and data files into short reports. Use when asked for a report.
---
Write the report the user asks for.
"""


def make_skill(root: Path, files: dict[str, str]) -> Path:
    skill = root / "fold"
    skill.mkdir()
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in files.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text, encoding="utf-8")
    return skill


def check(skill: Path) -> str:
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    return result.output


def by_id(skill: Path) -> dict[str, Case]:
    return {c.id: c for c in load_caseset(skill, "fold").evals}


SCENARIOS = {
    "evals/scenarios/weekly/prompt.md": "Write a weekly report from data.csv into report.md.\n",
    "evals/scenarios/weekly/rubric.md": "# Rubric\n- report.md has a Summary heading\n"
                                        "- the totals match data.csv\n",
    "evals/scenarios/weekly/data.csv": "team,hours\nops,12\n",
    "evals/scenarios/weekly/src/app.py": "print('hi')\n",
    "evals/scenarios/bugfix/task.md": "Fix the crash in app.py.\n",
    "evals/scenarios/bugfix/app.py": "x = 1 / 0\n",
    "evals/scenarios/bugfix/check.sh": "#!/bin/sh\npython3 app.py\n",
}


def test_scenario_folders_are_cases_through_check(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, SCENARIOS)
    out = check(skill)
    assert "2 case(s): bugfix, weekly" in out
    assert "statement report.md has a Summary heading" in out
    assert "statement the totals match data.csv" in out
    assert "fixture evals/scenarios/weekly/data.csv -> staged at ./data.csv" in out
    assert "fixture evals/scenarios/weekly/src/app.py -> staged at ./src/app.py" in out
    assert "grader command `bash bugfix/check.sh`" in out
    assert "weekly/: prompt from prompt.md; statements from rubric.md" in out  # its sources


def test_rubric_prompt_and_grader_are_never_staged(tmp_path: Path) -> None:
    cases = by_id(make_skill(tmp_path, SCENARIOS))
    weekly, bugfix = cases["weekly"], cases["bugfix"]
    assert weekly.prompt == "Write a weekly report from data.csv into report.md."
    assert {weekly.fixture_destination(f).as_posix() for f in weekly.files} \
        == {"data.csv", "src/app.py"}
    assert [bugfix.fixture_destination(f).as_posix() for f in bugfix.files] == ["app.py"]
    assert bugfix.grader_program is not None
    assert bugfix.grader_program.path == "evals/scenarios/bugfix/check.sh"


@pytest.mark.parametrize(("prompt_name", "prompt", "expected_name"), [
    ("input.txt", "Résume ce texte en trois points.", "expected.json"),
    ("INPUT.md", "请用三点总结这段文字。", "expected.md"),
    ("PROMPT.md", "Fasse diesen Text in drei Punkten zusammen.", "expected_output.txt"),
])
def test_case_folders_with_an_expected_file(tmp_path: Path, prompt_name: str, prompt: str,
                                            expected_name: str) -> None:
    skill = make_skill(tmp_path, {f"evals/cases/case-01/{prompt_name}": prompt + "\n",
                                  f"evals/cases/case-01/{expected_name}": "- one\n- two\n",
                                  "evals/cases/case-01/notes.txt": "text\n"})
    (case,) = load_caseset(skill, "fold").evals
    assert case.id == "case-01" and case.prompt == prompt
    assert case.expected_output == "- one\n- two"  # graded as expected_output, not statements
    assert [Path(f).name for f in case.files] == ["notes.txt"]  # the answer key is not staged
    assert f"expected output from {expected_name}" in check(skill)


def test_an_expected_folder_inside_the_case_is_its_answer_never_staged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/cases/c1/prompt.md": "Write out.md from in.txt.\n",
                                  "evals/cases/c1/in.txt": "x\n",
                                  "evals/cases/c1/expected/out.md": "# Out\n"})
    (case,) = load_caseset(skill, "fold").evals
    assert case.expected_output == "# Out"
    assert [Path(f).name for f in case.files] == ["in.txt"]


def test_input_folders_beside_expected_outputs(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/fixtures/alpha/prompt.md": "Tabulate notes.txt.\n",
                                  "evals/fixtures/alpha/notes.txt": "a\n",
                                  "evals/fixtures/beta/prompt.txt": "Tabulate log.txt.\n",
                                  "evals/fixtures/beta/log.txt": "b\n",
                                  "evals/expected/alpha.md": "| a |\n",
                                  "evals/expected/beta.md": "| b |\n"})
    cases = by_id(skill)
    assert cases["alpha"].expected_output == "| a |" and cases["beta"].expected_output == "| b |"
    assert [cases["beta"].fixture_destination(f).as_posix() for f in cases["beta"].files] \
        == ["log.txt"]


@pytest.mark.parametrize(("rubric", "statements"), [
    ("1. Names the owner\n2) Gives a date\n", ["Names the owner", "Gives a date"]),
    ("* [ ] Cite la source\n+ [x] Reste court\n", ["Cite la source", "Reste court"]),
    ("The answer is short and names the owner.\n", ["The answer is short and names the owner."]),
])
def test_a_rubric_s_list_lines_or_whole_text_are_statements(tmp_path: Path, rubric: str,
                                                            statements: list[str]) -> None:
    skill = make_skill(tmp_path, {"evals/scenarios/a/prompt.md": "Plan the release.\n",
                                  "evals/scenarios/a/criteria.md": rubric})
    (case,) = load_caseset(skill, "fold").evals
    assert list(case.statements) == statements
    assert case.files == ()  # the criteria file is for the grader only


def test_front_matter_of_the_prompt_file_reads_like_a_task_file(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {
        "evals/scenarios/one/prompt.md": "---\nid: first\ngrader: bash one/verify.sh --q\n"
                                         "---\nDo the first thing.\n",
        "evals/scenarios/one/verify.sh": "#!/bin/sh\nexit 0\n"})
    (case,) = load_caseset(skill, "fold").evals
    assert case.id == "first" and case.prompt == "Do the first thing."
    assert case.grader_program is not None and case.grader_program.args == ("--q",)
    assert case.files == ()


def test_several_grader_programs_unnamed_are_refused_naming_them(tmp_path: Path) -> None:
    files = {"evals/scenarios/b/prompt.md": "Do b.\n", "evals/scenarios/b/check.sh": "exit 0\n",
             "evals/scenarios/b/grade.py": "print(1)\n"}
    with pytest.raises(CaseSetError, match=r"case 'b': several grader programs "
                                           r"\(check.sh, grade.py\)"):
        load_caseset(make_skill(tmp_path, files), "fold")
    files["evals/scenarios/b/prompt.md"] = "---\ngrader: python3 b/grade.py\n---\nDo b.\n"
    (tmp_path / "named").mkdir()
    (case,) = load_caseset(make_skill(tmp_path / "named", files), "fold").evals
    assert case.grader_program is not None
    assert case.grader_program.path == "evals/scenarios/b/grade.py"


@pytest.mark.parametrize("folder", ["tests", "scenarios"])
def test_case_folders_at_the_skill_root(tmp_path: Path, folder: str) -> None:
    skill = make_skill(tmp_path, {f"{folder}/one/prompt.md": "Do one.\n",
                                  f"{folder}/one/checks.md": "- says one\n",
                                  f"{folder}/two/task.md": "Do two.\n",
                                  f"{folder}/two/expected.md": "two\n"})
    assert sorted(by_id(skill)) == ["one", "two"]


def test_python_m_runner_check_reads_case_folders(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, SCENARIOS)
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, "-m", "runner", "check", str(skill), "-v"],
                          capture_output=True, text=True, env=env, check=False, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 case(s): bugfix, weekly" in done.stdout


# -- what must not change ---------------------------------------------------------------------

def test_fixtures_folder_of_an_evals_json_set_is_not_read_as_cases(tmp_path: Path) -> None:
    evals = {"skill_name": "fold", "evals": [
        {"id": "a", "prompt": "Summarise evals/fixtures/alpha/input.md.",
         "files": ["evals/fixtures/alpha/input.md"], "expected_output": "x"}]}
    skill = make_skill(tmp_path, {"evals/evals.json": json.dumps(evals),
                                  "evals/fixtures/alpha/input.md": "Some input text.\n",
                                  "evals/fixtures/beta/prompt.md": "Another input.\n"})
    assert list(by_id(skill)) == ["a"]
    assert "one folder per case" not in check(skill)


@pytest.mark.parametrize("files", [
    {"evals/scenarios/a/data.csv": "x\n", "evals/scenarios/b/notes.txt": "y\n"},
    {"evals/scenarios/a/data.csv": "x\n", "evals/scenarios/b/prompt.md": "Do b.\n"},
    {"evals/scenarios/a/input.json": "{}\n", "evals/scenarios/b/input.json": "{}\n"},
])
def test_subfolders_without_prompt_files_are_no_set(tmp_path: Path,
                                                    files: dict[str, str]) -> None:
    skill = make_skill(tmp_path, files)
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(skill, "fold")


def _repo(root: Path, files: dict[str, str]) -> None:
    (root / ".git").mkdir()
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


def test_case_folders_in_a_shared_evals_above_several_skills_are_no_one_s_set(
        tmp_path: Path) -> None:
    _repo(tmp_path, {"evals/scenarios/a/prompt.md": "Do a.\n",
                     "skills/fold/SKILL.md": SKILL_MD,
                     "skills/other/SKILL.md": SKILL_MD.replace("name: fold", "name: other")})
    # read, but no case names its skill: refused naming the cases and the fix, never run
    # against either skill
    with pytest.raises(CaseSetError, match=r"none naming its skill \(a\).*expected_skill"):
        load_caseset(tmp_path / "skills" / "fold", "fold")


def test_case_folders_at_the_root_of_a_one_skill_repository_are_its_set(
        tmp_path: Path) -> None:
    """The repository's only skill sits in a subfolder, its case folders in the root's
    `evals/`: they are its set, each case's files staged from there at the work's root."""
    _repo(tmp_path, {"evals/scenarios/slow-join/prompt.md": "Why so slow? See probe.tsv.\n",
                     "evals/scenarios/slow-join/rubric.md": "1. names the join\n",
                     "evals/scenarios/slow-join/fixtures/probe.tsv": "q\t9s\n",
                     "evals/run.sh": "#!/bin/sh\n",
                     "skills/fold/SKILL.md": SKILL_MD})
    skill = tmp_path / "skills" / "fold"
    (case,) = load_caseset(skill, "fold").evals
    assert case.id == "slow-join" and case.statements == ("names the join",)
    out = check(skill)
    assert "fixtures/probe.tsv" in out and "rubric.md" not in " ".join(case.files)


def test_a_folder_without_a_prompt_beside_case_folders_is_reported_not_read(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/one/prompt.txt": "Report on a.\n",
                                  "evals/one/rubric.md": "- names a\n",
                                  "evals/two/prompt.txt": "Report on b.\n",
                                  "evals/two/rubric.md": "- names b\n",
                                  "evals/three/prompt.txt": "Report on c.\n",
                                  "evals/three/rubric.md": "- names c\n",
                                  "evals/four/SCENARIO.md": "Driven by scenario.sh.\n"})
    assert set(by_id(skill)) == {"one", "two", "three"}
    out = check(skill)
    assert "four/: no prompt file" in out and "four: not a case set" in out, out


def test_one_case_folder_beside_a_data_folder_is_no_set(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/one/prompt.txt": "Report on a.\n",
                                  "evals/shared/data.csv": "a,b\n"})
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(skill, "fold")

"""Checks the author's own grader program decides (issue 26.1): checks typed `static` /
`programmatic` whose ids the program computes read its named results (else they are reported,
not sent to the grader model in silence); a grader given as a command line (`bash check.sh`)
runs like a grader program, as written, in the working directory; Markdown task files with a
grader in their front matter are cases."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.cli import main
from runner.errors import CaseSetError
from runner.sandbox.base import ProgramSpec, run_host_program
from runner.schema.case import Case
from runner.schema.programs import GraderProgram

SKILL_MD = """---
name: tm
description: Writes a status report with a title and a summary. Use when asked for a report.
---
Write report.md with a "# Title" line and a "## Summary" section.
"""
GRADER = """import json, pathlib, sys
work = pathlib.Path(sys.argv[1])
text = (work / "report.md").read_text() if (work / "report.md").exists() else ""
def check_has_summary():
    return "## Summary" in text
print(json.dumps({"checks": {"has_title": text.startswith("# "),
                             "has_summary": check_has_summary()}}))
"""
CHECK_SH = "#!/bin/sh\ngrep -q '^# ' report.md && [ \"$1\" = --strict ]\n"
PROMPT = "Write a weekly status report for the data team into report.md."


def make_skill(root: Path, files: dict[str, str]) -> Path:
    skill = root / "tm"
    skill.mkdir()
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in files.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return skill


def typed_set(*checks: dict[str, Any], **top: Any) -> str:
    return json.dumps({"skill_name": "tm", **top, "evals": [
        {"id": "weekly", "prompt": PROMPT, "checks": list(checks)}]})


TITLE = {"id": "has_title", "type": "static", "description": "The report starts with a title"}
SUMMARY = {"id": "has_summary", "type": "programmatic", "description": "It has a summary"}
TEAM = {"id": "mentions_team", "type": "static", "description": "The report names the team"}


# -- rule 1: typed checks the program decides -----------------------------------------------

def test_typed_checks_the_program_computes_read_its_named_results(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": typed_set(TITLE, SUMMARY),
                                  "evals/grader.py": GRADER})
    caseset = load_caseset(skill)
    (only,) = caseset.evals
    assert only.grader_program is not None
    assert only.grader_program.checks == ("has_title", "has_summary")  # a function name too
    assert only.statements == ()  # none sent to the grader model as prose


def test_a_typed_check_no_program_computes_stays_a_statement_reported_with_the_fix(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": typed_set(TITLE, TEAM),
                                  "evals/grader.py": GRADER})
    caseset = load_caseset(skill)
    (only,) = caseset.evals
    assert only.grader_program is not None and only.grader_program.checks == ("has_title",)
    assert only.statements == ("The report names the team",)
    (found,) = [f for f in caseset.findings if "mentions_team" in f.message]
    assert found.code == "EV012" and "never computes it" in found.message
    assert "grader_program" in (found.fix or "")


def test_a_typed_check_without_any_program_is_reported(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": typed_set(TEAM)})
    caseset = load_caseset(skill)
    assert caseset.evals[0].statements == ("The report names the team",)
    assert any("no grader program that computes it" in f.message for f in caseset.findings)


@pytest.mark.parametrize("check", [
    {"id": "tone", "type": "llm", "description": "The report reads as a status update"},
    {"id": "has_title", "type": "contains", "value": "Summary"},  # a text check stays one
])
def test_other_typed_checks_are_read_as_before(tmp_path: Path, check: dict[str, Any]) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": typed_set(check),
                                  "evals/grader.py": GRADER})
    caseset = load_caseset(skill)
    assert caseset.evals[0].grader_program is None
    assert not any("typed as a program's" in f.message for f in caseset.findings)


def test_check_v_lists_the_typed_checks_as_the_programs(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": typed_set(TITLE, TEAM),
                                  "evals/grader.py": GRADER})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    assert "grader_program evals/grader.py: has_title" in result.output
    assert "statement The report names the team" in result.output
    assert "(mentions_team)" in result.output  # its origin, not another check's
    assert "statement The report starts with a title" not in result.output


# -- rule 3: command graders ------------------------------------------------------------------

@pytest.mark.parametrize(("command", "interpreter", "path", "args"), [
    ("bash check.sh", ("bash",), "check.sh", ()),
    ("python -u evals/grade.py --strict", ("python3", "-u"), "evals/grade.py", ("--strict",)),
    ("./evals/check.sh -v", (), "./evals/check.sh", ("-v",)),
    ("pytest tests/test_out.py", ("pytest",), "tests/test_out.py", ()),
])
def test_a_command_line_is_split_into_interpreter_program_and_arguments(
        command: str, interpreter: tuple[str, ...], path: str, args: tuple[str, ...]) -> None:
    program = GraderProgram.model_validate({"command": command})
    assert (program.interpreter, program.path, program.args) == (interpreter, path, args)
    assert program.is_command and GraderProgram.model_validate(command) == program


def test_a_path_grader_digests_as_before_commands() -> None:
    dumped = GraderProgram(path="evals/grade.py").model_dump()
    assert set(dumped) == {"path", "checks", "threshold", "found"}


def test_a_command_grader_is_found_beside_the_set_and_runs_in_the_work(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": json.dumps({
        "skill_name": "tm", "grader_program": "bash check.sh --strict",
        "evals": [{"id": "weekly", "prompt": PROMPT}]}), "evals/check.sh": CHECK_SH})
    caseset = load_caseset(skill)
    (only,) = caseset.evals
    program = only.grader_program
    assert program is not None and program.path == "evals/check.sh"
    assert "evals/check.sh" in caseset.fixture_files()
    work = tmp_path / "work"
    work.mkdir()
    spec = ProgramSpec(trial_id="t", run_id="r", workdir=work, program=skill / program.path,
                       timeout_s=10, pass_work=True, interpreter=program.interpreter,
                       args=program.args, as_command=True)
    assert spec.command("/j/check.sh", "/work") == ["bash", "/j/check.sh", "--strict"]
    assert run_host_program(spec).exit_code != 0  # no report yet
    (work / "report.md").write_text("# Weekly\n")
    assert run_host_program(spec).exit_code == 0  # its cwd is the work; --strict passed


@pytest.mark.parametrize(("command", "said"), [
    ("bash nothere.sh", "'nothere.sh' is no file of the skill"),
    ("pytest evals/check.sh", "starts a command with 'pytest', which the sandbox image lacks"),
])
def test_a_command_grader_that_cannot_run_is_refused_naming_it(tmp_path: Path, command: str,
                                                               said: str) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": json.dumps({
        "skill_name": "tm", "grader_program": command,
        "evals": [{"id": "weekly", "prompt": PROMPT}]}), "evals/check.sh": CHECK_SH})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill)
    (problem,) = refused.value.problems
    assert problem.code == "EV009" and said in problem.message and command in problem.message


def test_check_v_shows_the_command(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": json.dumps({
        "skill_name": "tm", "grader_program": "bash check.sh --strict",
        "evals": [{"id": "weekly", "prompt": PROMPT}]}), "evals/check.sh": CHECK_SH})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    assert "grader_program evals/check.sh" in result.output
    assert "the command `bash check.sh --strict`" in result.output


def test_a_case_with_a_command_grader_round_trips() -> None:
    case = Case(id="c", prompt="p", grader_program=GraderProgram.model_validate("bash e/x.sh"))
    assert Case.model_validate_json(case.model_dump_json()) == case
    assert yaml.safe_dump(case.model_dump(mode="json"))


# -- rule 4: Markdown task files --------------------------------------------------------------

TASK = """---
id: weekly-report
grader: "bash check.sh --strict"
---
Write a weekly status report for the data team into report.md.
"""


@pytest.mark.parametrize("folder", ["tasks", "evals/tasks"])
def test_markdown_task_files_with_a_grader_are_cases(tmp_path: Path, folder: str) -> None:
    second_md = "---\nexpected: Summary\n---\nWrite a summary of the week into summary.md.\n"
    skill = make_skill(tmp_path, {f"{folder}/weekly.md": TASK, f"{folder}/check.sh": CHECK_SH,
                                  f"{folder}/README.md": "# About\nThese are the tasks.\n",
                                  f"{folder}/second.md": second_md})
    caseset = load_caseset(skill, "tm")
    weekly, second = sorted(caseset.evals, key=lambda c: c.id != "weekly-report")
    assert weekly.id == "weekly-report" and weekly.prompt == PROMPT
    assert weekly.grader_program is not None
    assert weekly.grader_program.path == f"{folder}/check.sh"  # beside the task files
    assert weekly.grader_program.args == ("--strict",)
    assert second.id == "second" and second.prompt.startswith("Write a summary")
    assert len(caseset.evals) == 2  # the README is prose, not a task


def test_a_single_task_file_is_read_with_cases(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"tasks/weekly.md": TASK, "tasks/check.sh": CHECK_SH})
    caseset = load_caseset(skill, "tm", set_file=skill / "tasks" / "weekly.md")
    assert [c.id for c in caseset.evals] == ["weekly-report"]


@pytest.mark.parametrize("files", [
    {"tasks/weekly.md": "# Weekly\nWrite a weekly status report into report.md.\n"},
    {"tasks/weekly.md": "---\ntitle: Weekly\n---\nWrite a weekly status report.\n"},
])
def test_markdown_tasks_that_are_prose_only_are_no_set(tmp_path: Path,
                                                       files: dict[str, str]) -> None:
    skill = make_skill(tmp_path, files)
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(skill)


def test_a_prose_markdown_set_is_still_refused_with_the_draft_command(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.md": "# Cases\n1. Write a weekly report.\n"})
    with pytest.raises(CaseSetError, match="--generate --from"):
        load_caseset(skill)


# -- rule 2: no prompt, where the author's program builds it ----------------------------------

HARNESS = '''import json, sys
def build_prompt(case):
    return f"Write a status report on {case['topic']} for {case['audience']}."
for case in json.load(open("evals/evals.json"))["evals"]:
    print(build_prompt(case))
'''
NO_PROMPT = json.dumps({"skill_name": "tm", "evals": [
    {"id": "q3", "topic": "Q3 sales", "audience": "the board", "expected_output": "# Q3"}]})


def test_a_case_without_prompt_whose_program_builds_it_is_refused_naming_the_program(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": NO_PROMPT, "evals/run_eval.py": HARNESS})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill)
    (problem,) = refused.value.problems
    assert problem.code == "EV009" and "evals/run_eval.py builds the prompt" in problem.message
    assert "`topic`, `audience`" in problem.message and "under `prompt`" in (problem.fix or "")


@pytest.mark.parametrize("program", [
    "import sys\nprint(sys.argv)\n",  # reads none of the case's fields
    "import json\nprint(json.dumps({'topic': 1}))\n",  # reads one, builds no prompt
])
def test_a_case_without_prompt_otherwise_gets_the_usual_refusal(tmp_path: Path,
                                                                program: str) -> None:
    skill = make_skill(tmp_path, {"evals/evals.json": NO_PROMPT, "evals/grade.py": program})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill)
    (problem,) = refused.value.problems
    assert problem.message.startswith("no prompt: the case has")


# -- rule 3: a check that runs a command ------------------------------------------------------

def command_set(*graders: dict[str, Any]) -> str:
    return yaml.safe_dump({"tasks": [{"name": "weekly", "instruction": PROMPT,
                                      "graders": list(graders)}]})


def test_a_check_running_a_command_is_the_cases_grader_command(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"eval.yaml": command_set(
        {"type": "deterministic", "run": "bash graders/check.sh --strict", "weight": 0.7},
        {"type": "llm_rubric", "rubric": "The report reads as a status update."}),
        "graders/check.sh": CHECK_SH})
    caseset = load_caseset(skill, "tm", set_file=skill / "eval.yaml")
    (only,) = caseset.evals
    assert only.grader_program is not None and only.grader_program.is_command
    assert (only.grader_program.path, only.grader_program.args) == ("graders/check.sh",
                                                                    ("--strict",))
    assert only.statements == ("The report reads as a status update.",)
    assert "graders/check.sh" in caseset.fixture_files()
    assert any("runs as the case's grader command" in f.message for f in caseset.findings)


def test_a_second_command_in_a_case_is_refused(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"eval.yaml": command_set(
        {"type": "deterministic", "run": "bash graders/check.sh"},
        {"type": "deterministic", "run": "sh graders/other.sh"}),
        "graders/check.sh": CHECK_SH, "graders/other.sh": CHECK_SH})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill, "tm", set_file=skill / "eval.yaml")
    (problem,) = refused.value.problems
    assert "a case runs one" in problem.message

"""A check that runs a command with no program file (issue 26 follow-up 3): the case's grader
command, run by `sh -c` in the grader's own container with the work as its cwd, its exit code
deciding; what cannot run there (the network, a tool the image lacks) refused naming it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.authoring.programs import programs_of
from runner.authoring.shell_lines import is_shell_line, shell_problem
from runner.sandbox.base import ProgramSpec, run_host_program
from runner.sandbox.docker import DockerSandbox
from runner.schema.case import Case
from runner.schema.programs import GraderProgram
from tests.helpers import check_json, check_verbose, make_skill

PROMPT = "Write the weekly totals into out.md, ending with a TOTAL line."


def one_check(tmp_path: Path, check: dict[str, Any]) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "weekly", "prompt": PROMPT, "checks": [check]}]})


@pytest.mark.parametrize("check", [
    {"type": "deterministic", "run": "grep -q TOTAL out.md"},
    {"command": "test -f out.md && grep -q TOTAL out.md"},
    {"cmd": "python -c \"import sys; sys.exit('TOTAL' not in open('out.md').read())\""},
])
def test_a_command_with_no_program_file_is_the_cases_shell_grader(tmp_path: Path,
                                                                  check: dict[str, Any]) -> None:
    caseset = load_caseset(one_check(tmp_path, check))
    (only,) = caseset.evals
    program = only.grader_program
    assert program is not None and program.shell and program.path == ""
    assert program.command == next(v for k, v in check.items() if k != "type")
    assert caseset.fixture_files() == []  # nothing of the skill to stage or mount
    assert any("a shell line, run by sh -c" in f.message for f in caseset.findings)


@pytest.mark.parametrize(("command", "said"), [
    ("curl -s https://example.com/check | grep -q ok", "needs the network ('curl')"),
    ("npm install && npm test", "needs the network ('npm')"),
    ("git clone https://example.com/r.git && test -d r", "needs the network"),
    ("jq -e .total out.json", "starts a command with 'jq', which the sandbox image lacks"),
    ("test -f out.md && pdftotext out.pdf -", "'pdftotext', which the sandbox image lacks"),
])
def test_a_shell_line_that_cannot_run_offline_is_refused_naming_it(tmp_path: Path, command: str,
                                                                    said: str) -> None:
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(one_check(tmp_path, {"type": "deterministic", "run": command}))
    (problem,) = refused.value.problems
    assert problem.code == "EV009" and said in problem.message and command in problem.message


@pytest.mark.parametrize("command", [
    "bash check.sh", "python3 evals/grade.py --strict", "./evals/check.sh -v", "sh -x run.sh"])
def test_a_command_running_a_program_file_stays_a_program(command: str) -> None:
    assert not is_shell_line(GraderProgram.model_validate(command))


@pytest.mark.parametrize("command", [
    "if grep -q TOTAL out.md; then exit 0; else exit 1; fi",
    "N=$(wc -l < out.md); [ \"$N\" -gt 2 ]",
    "find . -name '*.md' | xargs grep -l TOTAL",
    "! touch probe 2>/dev/null && python -c \"import sys; sys.exit(0)\" >&2",
])
def test_shell_lines_of_the_images_tools_run(command: str) -> None:
    assert shell_problem(command) is None


def test_a_shell_line_runs_by_sh_c_in_the_work_its_exit_code_deciding(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    spec = ProgramSpec(trial_id="t", run_id="r", workdir=work, program=tmp_path, timeout_s=10,
                       pass_work=True, as_command=True,
                       shell="python -c \"import sys; sys.exit('TOTAL' not in "
                             "open('out.md').read())\" && grep -q TOTAL out.md")
    assert spec.command("/judge/x", "/work")[:2] == ["sh", "-c"]
    assert run_host_program(spec).exit_code != 0  # no out.md yet
    (work / "out.md").write_text("a 1\nTOTAL 1\n")
    assert run_host_program(spec).exit_code == 0  # python is python3 there


def test_the_container_mounts_no_program_folder_for_a_shell_line(tmp_path: Path) -> None:
    spec = ProgramSpec(trial_id="t", run_id="r", workdir=tmp_path, program=tmp_path,
                       timeout_s=10, as_command=True, shell="test -f out.md")
    sandbox = DockerSandbox()  # no daemon needed: only the settings are built
    kwargs = sandbox._program_kwargs(spec)
    assert [m["Target"] for m in kwargs["mounts"]] == ["/work"]
    assert kwargs["network_mode"] == "none"


def test_a_shell_line_counts_as_the_authors_code_outside_a_container() -> None:
    case = Case(id="c", prompt="p", grader_program=GraderProgram(
        path="", command="test -f out.md", shell=True))
    assert programs_of([case]) == []  # no file to scan or stage
    assert programs_of([case], shell=True) == ["test -f out.md"]


def test_a_path_grader_dumps_without_the_shell_field() -> None:
    assert "shell" not in GraderProgram(path="evals/grade.py").model_dump()
    assert "shell" not in GraderProgram.model_validate("bash e/x.sh").model_dump()
    shell = GraderProgram(path="", command="test -f x", shell=True)
    assert GraderProgram.model_validate(shell.model_dump()) == shell


def test_check_shows_the_shell_line(tmp_path: Path) -> None:
    skill = one_check(tmp_path, {"type": "deterministic", "run": "grep -q TOTAL out.md"})
    (case,) = check_json(skill)["cases"]
    (entry,) = case["checks"]
    assert entry["kind"] == "grader_program" and entry["entry"] == "`grep -q TOTAL out.md`"
    assert "run by sh -c" in entry["reads"]
    assert "grader_program `grep -q TOTAL out.md`" in check_verbose(skill)


def test_an_untyped_object_naming_a_script_stays_a_statement(tmp_path: Path) -> None:
    caseset = load_caseset(one_check(tmp_path, {"description": "Formats the totals with the "
                                                "helper", "script": "scripts/fmt.py"}))
    (only,) = caseset.evals
    assert only.grader_program is None
    assert only.statements == ("Formats the totals with the helper",)


def test_a_network_word_inside_a_path_is_no_network_and_node_is_not_in_the_image() -> None:
    from runner.authoring.shell_lines import shell_problem

    assert shell_problem("python3 -c \"open('.skill-validation/pip/Makefile').read()\"") is None
    assert shell_problem("grep -q ok npm/out.txt") is None
    found = shell_problem("pip install requests && python3 check.py")
    assert found is not None and "'pip'" in found
    lacking = shell_problem("node check.js")
    assert lacking is not None and "node" in lacking


def test_a_shell_line_is_read_by_the_shells_grammar() -> None:
    """A heredoc's body is a program's input, never commands; a command substitution (inside
    double quotes too) and the commands after inline code start programs of their own."""
    assert shell_problem("python3 - <<'EOF'\nimport json\nprint(1)\nEOF") is None
    for line in ('test "$(jq .total out.json)" = 3',
                 "python3 -c 'import json' && jq . out.json", "env CI=1 jq . out.json"):
        assert "starts a command with 'jq'" in str(shell_problem(line)), line

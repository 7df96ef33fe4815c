"""An `evals/` program that is the authors' own harness (a command line of its own, reads the
set itself, calls a model itself) is never run as a grader, and the checks only it decides are
never read as text to find: `check` says whose they are (EV012), or refuses a set that names
it as its grader program (EV009). Programs written for the contract keep working (issue 26)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.harness_cli import command_checks, own_contract
from runner.errors import CaseSetError
from tests.helpers import check_cli, make_skill

# Harnesses of several shapes, each computing `lists_steps` and `has_summary` itself.
BENCH_RUNNER = """import argparse, json
import openai
ap = argparse.ArgumentParser()
ap.add_argument("--model", required=True)
ap.add_argument("--strict-format", action="store_true")
args = ap.parse_args()
for case in json.load(open("evals/evals.json"))["evals"]:
    reply = openai.OpenAI().responses.create(model=args.model, input=case["prompt"]).output_text
    print(json.dumps({"lists_steps": "1." in reply, "has_summary": "Summary" in reply}))
"""
RECALL = """const fs = require("fs");
const cases = JSON.parse(fs.readFileSync("evals/cases.json", "utf8"));
const answers = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
for (const c of cases) { console.log({"lists_steps": 1, "has_summary": 1}); }
"""
CLAUDE_LOOP = """import subprocess, sys, json
def run(prompt):
    return subprocess.run(["claude", "-p", prompt], capture_output=True, text=True).stdout
out = run(sys.argv[1])
print(json.dumps({"checks": {"lists_steps": "1." in out, "has_summary": "Summary" in out}}))
"""
# Written for the contract: the work as its argument, or the case at $SKILL_EVAL_CASE.
GRADER_ARGV = """import json, pathlib, sys
text = (pathlib.Path(sys.argv[1]) / "plan.md").read_text()
print(json.dumps({"checks": {"lists_steps": "1." in text, "has_summary": "Summary" in text}}))
"""
GRADER_ENV = """import argparse, json, os
ap = argparse.ArgumentParser()
ap.add_argument("--verbose", action="store_true")
case = json.load(open(os.environ["SKILL_EVAL_CASE"]))
print(json.dumps({"checks": {"lists_steps": True, "has_summary": True}}))
"""
CASE = {"id": "plan", "prompt": "Write plan.md: the steps to migrate the database.",
        "assertions": ["lists_steps", "has_summary", "migrate"]}


def _set(tmp_path: Path, program: str, source: str, **top: Any) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", **top, "evals": [dict(CASE)]},
                      {program: source})


@pytest.mark.parametrize(("program", "source", "says"), [
    ("evals/run_evals.py", BENCH_RUNNER, "requires the options --model"),
    ("evals/run_evals.py", BENCH_RUNNER, "reads the case set itself (evals/evals.json)"),
    ("evals/run_evals.py", BENCH_RUNNER, "calls a model itself (openai)"),
    ("evals/recall_eval.js", RECALL, "takes positional arguments up to 3"),
    ("evals/grade.py", CLAUDE_LOOP, "calls a model itself (claude)"),
])
def test_checks_only_a_harness_decides_are_said_and_never_text(
        tmp_path: Path, program: str, source: str, says: str) -> None:
    skill = _set(tmp_path, program, source)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.grader_program is None  # never run as the grader
    assert case.assertions == ("migrate",)  # its check names are no substrings to find
    assert case.extra[f"checks {program} expects"] == ["lists_steps", "has_summary"]
    line = check_cli(str(skill)).output
    assert f"only {program} decides, and {program} is the authors' own harness" in line
    assert says in line and "not graded" in line


def test_a_set_naming_a_harness_as_its_grader_is_refused(tmp_path: Path) -> None:
    skill = _set(tmp_path, "evals/run_evals.py", BENCH_RUNNER,
                 grader_program="evals/run_evals.py")
    with pytest.raises(CaseSetError) as info:
        load_caseset(skill, "tidy-notes")
    text = str(info.value)
    assert "EV009" in text and "evals/run_evals.py is the authors' own harness" in text
    assert "SKILL_EVAL_CASE" in text and "--model" in text


@pytest.mark.parametrize("source", [GRADER_ARGV, GRADER_ENV])
def test_a_program_written_for_the_contract_still_grades(tmp_path: Path, source: str) -> None:
    (case,) = load_caseset(_set(tmp_path, "evals/grade.py", source), "tidy-notes").evals
    assert case.grader_program is not None
    assert case.grader_program.checks == ("lists_steps", "has_summary")


def test_a_harness_no_check_names_is_said_once_and_not_run(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "p", "prompt": "Write plan.md with numbered steps.",
                                   "assertions": ["1."]}], {"evals/run_evals.py": BENCH_RUNNER})
    caseset = load_caseset(skill, "tidy-notes")
    assert caseset.evals[0].grader_program is None
    lines = [f.message for f in caseset.findings if "own harness" in f.message]
    assert len(lines) == 1 and lines[0].endswith(": not run")


def test_beside_several_programs_a_harness_check_is_still_no_text(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [dict(CASE)], {"evals/run_evals.py": BENCH_RUNNER,
                                                "evals/score_a.py": "print('ok')\n",
                                                "evals/score_b.py": "print('ok')\n"})
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.assertions == ("migrate",) and case.grader_program is None


@pytest.mark.parametrize("source", [
    "import argparse\nap = argparse.ArgumentParser()\nap.add_argument('--verbose')\n",
    "import sys\nprint(open(sys.argv[1] + '/out.md').read())\n",
    "import json\nprint(json.dumps({'score': 1}))  # see evals.json in the README\n",
])
def test_near_misses_are_no_harness(source: str) -> None:
    assert own_contract(source) is None


def test_command_checks_against_the_harness_cli_are_said(tmp_path: Path) -> None:
    case = {"id": "deploy", "prompt": "Deploy the site to staging.", "assertions": ["staging"],
            "command_assertions": [{"command": "shipit deploy --env staging", "exit": 0},
                                   {"cmd": "shipit status", "stdout_contains": "live"}]}
    skill = make_skill(tmp_path, [case], {"evals/fake_bin/shipit": "#!/bin/sh\necho live\n"})
    caseset = load_caseset(skill, "tidy-notes")
    (line,) = [f.message for f in caseset.findings if "`command_assertions`" in f.message]
    assert "2 check(s) of commands ('shipit deploy --env staging', ...)" in line
    assert "not graded" in line and caseset.evals[0].assertions == ("staging",)


@pytest.mark.parametrize("extra", [
    {"commands_note": "run it twice"},  # prose
    {"command_examples": ["shipit deploy"]},  # plain strings: no checks
    {"tool_calls_expected": [{"command": "x"}]},  # not named as commands
])
def test_fields_that_are_no_command_checks(extra: dict[str, Any]) -> None:
    assert command_checks(extra) == []


def test_a_program_grading_the_files_beside_itself_is_the_authors_harness() -> None:
    beside = ("import sys\nfrom pathlib import Path\nHERE = Path(__file__).resolve().parent\n"
              "RUNS = HERE / 'runs'\nVERBOSE = '-v' in sys.argv\n"
              "for run in sorted(RUNS.iterdir()):\n"
              "    print(run.name, (run / 'out.md').exists())\n")
    said = own_contract(beside) or ""
    assert "grades the files beside itself (found from its own path, `__file__`)" in said
    # its own folder for its data, the work from its argument or cwd: the grader's shape
    for given in ("work = Path(sys.argv[1])\n", "work = Path.cwd()\n", "work = Path('.')\n"):
        assert own_contract(beside + given) is None, given

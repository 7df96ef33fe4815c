"""A grader given as a command line, through the real CLI (issue 26.1): Markdown task files of
our own (`evals/tasks/*.md`, the body the prompt, `grader: "bash check.sh --strict"` in the
front matter) are cases; the real claude runs each session in its container, then the command
runs in a container of its own, as written (its interpreter, its arguments), in the working
directory, and its exit code decides: a pass in the arm that wrote the word, a fail in the
other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import REPORTER_MD, report_script, run_and_read, runner_cli

pytestmark = pytest.mark.integration

SKILL_MD = REPORTER_MD.format(name="reporter")
TASK = """---
id: report
grader: "bash check.sh --strict"
---
Write a report on this folder to report.txt.
"""
# exit 0 only when run as written (its argument) in the work (a relative path) with the word
CHECK = """set -u
[ "${1:-}" = --strict ] || { echo "not run as written: $*" >&2; exit 3; }
[ -d "$SKILL_EVAL_WORK" ] || exit 4
if touch tampered.txt 2>/dev/null; then echo "wrote into the work" >&2; exit 5; fi
grep -q DONE report.txt
"""


def make_skill(root: Path) -> Path:
    skill = root / "reporter"
    (skill / "evals" / "tasks").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "tasks" / "report.md").write_text(TASK)
    (skill / "evals" / "tasks" / "check.sh").write_text(CHECK)
    return skill


cli = runner_cli


def test_a_markdown_task_with_a_grader_command_is_graded_by_it_in_its_container(
        tmp_path: Path, docker_client: object) -> None:
    skill = make_skill(tmp_path)
    checked = cli("check", str(skill), "-v")
    assert checked.returncode == 0, checked.stderr
    assert "grader_program evals/tasks/check.sh" in checked.stdout
    assert "the command `bash check.sh --strict`" in checked.stdout

    store = tmp_path / "store"
    local, keys, results = run_and_read(skill, report_script(tmp_path, "reporter"), store)
    verdicts: dict[str, dict[str, object]] = {}
    for result in results:
        (check,) = result["scores"]["program"]["checks"]
        assert check["check"] == "grader program evals/tasks/check.sh", check
        verdicts[result["arm"]] = check
    assert verdicts["candidate"]["passed"] is True, verdicts["candidate"]
    assert verdicts["baseline"]["passed"] is False, verdicts["baseline"]
    report = json.loads(local.get(keys.report_json))
    assert {(r["case"], r["outcome"]) for r in report["rows"]} == {("report", "win")}


# A repository's own case folders at its root, beside the skill's subfolder: the check reads a
# file of its folder (carried into its container), and the program never reaches the agent.
ROOT_CHECK = """set -u
[ -e check.sh ] && { echo "the program was staged for the agent" >&2; exit 6; }
word=$(cat "$(dirname "$0")/word.txt") || exit 7
grep -q "$word" report.txt
"""


def make_repo(root: Path) -> Path:
    (root / ".git").mkdir(parents=True)
    skill = root / "skills" / "reporter"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    case = root / "evals" / "report"
    case.mkdir(parents=True)
    (case / "prompt.md").write_text("Write a report on this folder to report.txt.\n")
    (case / "check.sh").write_text(ROOT_CHECK)
    (case / "word.txt").write_text("DONE\n")
    return skill


def test_a_root_case_folder_check_sh_decides_pass_and_fail_in_its_container(
        tmp_path: Path, docker_client: object) -> None:
    skill = make_repo(tmp_path / "repo")
    checked = cli("check", str(skill), "-v")
    assert checked.returncode == 0, checked.stderr
    assert "grader_program ../../evals/report/check.sh" in checked.stdout
    assert "carried into that container only" in checked.stdout + checked.stderr

    store = tmp_path / "store"
    local, keys, results = run_and_read(skill, report_script(tmp_path, "reporter"), store)
    verdicts: dict[str, dict[str, object]] = {}
    for result in results:
        (check,) = result["scores"]["program"]["checks"]
        assert check["check"] == "grader program ../../evals/report/check.sh", check
        verdicts[result["arm"]] = check
    assert verdicts["candidate"]["passed"] is True, verdicts["candidate"]
    assert verdicts["baseline"]["passed"] is False, verdicts["baseline"]
    report = json.loads(local.get(keys.report_json))
    assert {(r["case"], r["outcome"]) for r in report["rows"]} == {("report", "win")}

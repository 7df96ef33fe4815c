"""A grader command reading the repository its authors' harness runs in (issue 26): a set at
a repository's root whose grader command reads files of the repository (`grep WEEK= run.sh`)
that no fixture stages and the task does not ask for flags the case (EV014) before anything
runs; staged files, files the task asks to write, and sets inside the skill stay as they
were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, write_data, write_skill_md

PROMPT = "Write this week's report to report.md."
COMMAND = "grep -q 'WEEK=' run.sh && test -f report.md"


def _repo(tmp_path: Path, **fields: Any) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = write_skill_md(repo / "skills" / "weekly", "weekly",
                           'Writes weekly reports. Use when asked for "the weekly report".',
                           "Write report.md.\n")
    write_data(repo / "run.sh", "WEEK=12\n")
    write_data(repo / "report.md", "last week's report\n")
    write_data(repo / "evals" / "evals.json", {"skill_name": "weekly", "evals": [
        {"id": "w", "prompt": PROMPT, "grader_program": COMMAND, **fields}]})
    return skill


def _flagged(skill: Path) -> list[str]:
    got = check_json(skill)
    return [f["message"] for f in got["findings"] if f["code"] == "EV014"]


def test_a_grader_command_reading_an_unstaged_repository_file_flags_the_case(
        tmp_path: Path) -> None:
    (message,) = _flagged(_repo(tmp_path))
    assert "its grader command reads run.sh," in message and "no arm can pass" in message
    assert "report.md" not in message  # the task asks the agent to write it


def test_a_staged_repository_file_is_no_finding(tmp_path: Path) -> None:
    assert _flagged(_repo(tmp_path, files=["run.sh"])) == []


def test_a_set_inside_the_skill_is_left_as_it_was(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "weekly", "weekly",
                           'Writes weekly reports. Use when asked for "the weekly report".',
                           "Write report.md.\n")
    write_data(skill / "run.sh", "WEEK=12\n")
    write_data(skill / "evals" / "evals.json", {"skill_name": "weekly", "evals": [
        {"id": "w", "prompt": PROMPT, "grader_program": COMMAND}]})
    assert _flagged(skill) == []

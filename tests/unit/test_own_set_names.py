"""A case of a skill's own set naming several skills (issue 26, collections): when its
repository holds at most one of them, the names are the author's labels (the skill renamed
since) or skills it works with, so the case is this skill's, run with it alone (EV012); two
skills the repository holds leave which one it grades to the author (not run, said; a set with
no other case is refused)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

CASE = {"name": "Status meeting prep", "skills": ["meeting-intelligence", "task-manager"],
        "query": "Prep the status meeting for the redesign project.",
        "expected_behavior": ["Writes an agenda with the open tasks"]}


def test_names_the_repository_does_not_hold_leave_the_case_this_skills(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "skills" / "notion-meetings", "notion-meetings",
                           "Prepares meetings from workspace notes.")
    write_data(skill / "evals" / "evals.json", [CASE])
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "names other skills too (meeting-intelligence, task-manager)" in got.output


def test_two_skills_the_repository_holds_stay_the_authors_choice(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "skills" / "notion-meetings", "notion-meetings",
                           "Prepares meetings from workspace notes.")
    for other in ("meeting-intelligence", "task-manager"):
        write_skill_md(tmp_path / "skills" / other, other, f"The {other} skill.")
    write_data(skill / "evals" / "evals.json", [CASE])
    got = check(str(skill))
    assert got.exit_code == 2, got.output  # its only case is no one's: no case of this skill
    assert "meeting-intelligence, task-manager" in got.output, got.output

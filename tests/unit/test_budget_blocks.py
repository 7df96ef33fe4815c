"""A case's budget (issue 26, "every check reads the author's operand"): a mapping of bare
numbers (`limits: {wall_seconds: 300, tool_calls: 30}`) is the run's budget, never the
case's own fields: `tool_calls: 30` caps the calls, it lists no tool to call. No per-case
limit exists, so it is not read, said in one EV012 line; a bare number inside a block of the
case's fields is never taken for a field that lists checks or tools.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill(tmp_path: Path, case: dict[str, Any]) -> Path:
    skill = write_skill_md(tmp_path / "task-writer", "task-writer", "Writes task files.")
    _write(skill / "evals" / "evals.json", {"cases": [
        {"id": "a", "prompt": "Write the task file tasks/audit.md for a dependency audit.",
         "expected_output": "A task file at tasks/audit.md naming the audit's scope.", **case}]})
    return skill


def test_a_mapping_of_numbers_is_a_budget_not_the_tools_to_call(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"limits": {"wall_seconds": 300, "tool_calls": 30}})
    loaded = load_caseset(skill, "task-writer")
    (case,) = loaded.evals
    assert case.tool_calls == ()
    assert any("`limits` is a budget of the run (wall_seconds: 300, tool_calls: 30)"
               in f.message for f in loaded.findings)


def test_a_number_in_a_block_of_case_fields_is_not_taken_for_a_list(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"grading": {"assertions": ["tasks/audit.md"], "tool_calls": 3}})
    (case,) = load_caseset(skill, "task-writer").evals
    assert case.assertions == ("tasks/audit.md",)
    assert case.tool_calls == ()


def test_check_accepts_the_case_and_says_the_budget_is_not_read(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"limits": {"wall_seconds": 300, "tool_calls": 30}})
    got = check(str(skill), "-v")
    assert got.exit_code == 0, got.output
    assert "`limits` is a budget of the run (wall_seconds: 300, tool_calls: 30): not a check " \
           "and not applied per case" in got.output

"""Issue 26, rule 7: a trigger file whose queries say their side in `type` ("should-trigger",
"should-not-trigger") beside a note of where the request should go (`expected_route`) is a
trigger set, through the real `skill-eval check`: never read as graded cases, nor as a router's
set with no query this skill should fire on. Queries whose type names no side are left out
with their EV010 line."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_cli, write_skill_md

QUERIES = [
    {"id": "T01", "type": "should-trigger", "query": "Design a new skill that turns support "
     "notes into follow-up replies", "expected_route": "create the skill's contract"},
    {"id": "T02", "type": "should-trigger", "query": "This SKILL.md is weak, rebuild it with "
     "evals", "expected_route": "audit and redesign"},
    {"id": "N01", "type": "should-not-trigger", "query": "Polish this paragraph so it sounds "
     "human", "expected_route": "writing workflow"},
    {"id": "A01", "type": "ambiguous", "query": "Make this into something reusable",
     "expected_route": "ask what should be reused"},
]


def test_a_typed_trigger_file_with_routes_is_a_trigger_set(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "skill-maker", "skill-maker",
                           "Use when the user wants to create or rebuild an agent skill.")
    (skill / "evals").mkdir()
    (skill / "evals" / "trigger-eval.json").write_text(json.dumps(
        {"skill_name": "skill-maker", "cases": QUERIES}))
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert "1 of 4 queries name no side the reader knows" in result.output

"""A routing set whose cases say `expect: "activate"` or `expect: "silent"`: "silent" is the
skill not firing (a should-not-trigger query), never a behaviour statement for the grader."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.routing import routing_word
from tests.helpers import check_cli, write_data, write_skill_md


def test_silent_is_not_firing() -> None:
    assert routing_word("silent") is False
    assert routing_word("stays silent") is False
    assert routing_word("activate") is True
    assert routing_word("Stays silent about the budget") is None


def test_a_routing_set_of_activate_and_silent(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "goal", "goal", "Sets a goal for the session.")
    write_data(skill / "evals" / "evals.json", [
        {"prompt": "set a goal: ship the parser", "expect": "activate"},
        {"prompt": "what is a goal in football?", "expect": "silent"}])
    got = check_cli(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output

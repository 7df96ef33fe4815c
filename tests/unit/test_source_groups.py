"""A set grouped by the source its cases came from (`{sources: [{original_skill: x, reference,
evals: [...]}]}`): every group's cases are the skill's, each group a tag; ids each group numbers
from 1 are led by the group's name, never refused as duplicates."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md


def test_groups_named_by_their_source(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "marketing", "marketing", "Plans marketing work.")
    write_data(skill / "evals" / "evals.json", {"plugin": "marketing", "version": "1.0.0",
                                                "sources": [
        {"original_skill": "ab-test-setup", "reference": "analytics.md", "evals": [
            {"id": 1, "prompt": "Plan an A/B test of our headline 'Do more'.",
             "expected_output": "States a hypothesis and a primary metric."}]},
        {"original_skill": "copywriting", "reference": "copy.md", "evals": [
            {"id": 1, "prompt": "Rewrite the headline 'Do more' for a todo app.",
             "expected_output": "Gives three benefit-led headlines."}]}]})
    got = check_cli(str(skill))
    assert got.exit_code == 0, got.output
    assert "2 case(s): ab-test-setup-1, copywriting-1" in got.output

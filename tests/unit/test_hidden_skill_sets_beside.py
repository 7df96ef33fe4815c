"""A repository's own helpers under `.claude/skills/` beside the skills it ships are measured
when their authors wrote them a set: a set folder, or a set or trigger file beside SKILL.md
(`.claude/skills/release-status/trigger-evals.json`)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.layouts import skill_folders
from tests.helpers import write_data, write_skill_md


def test_a_helper_with_a_trigger_file_beside_its_skill_md(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    write_skill_md(repo / "plugins" / "dev" / "skills" / "dev-pr", "dev-pr", "Opens PRs.")
    helper = write_skill_md(repo / ".claude" / "skills" / "release-status", "release-status",
                            "Says what is ready to ship.")
    plain = write_skill_md(repo / ".claude" / "skills" / "commit", "commit", "Commits.")
    write_data(helper / "trigger-evals.json", [{"query": "what ships next?",
                                                "should_trigger": True}])
    found = {p.name for p in skill_folders(repo)}
    assert {"dev-pr", "release-status"} <= found
    assert plain.name not in found  # a helper with no set is not what the repository ships

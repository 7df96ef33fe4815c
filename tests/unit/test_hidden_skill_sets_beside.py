"""A repository's own helpers under `.claude/skills/` beside the skills it ships are measured
when their authors wrote them a set: a set folder, or a set or trigger file beside SKILL.md
(`.claude/skills/release-status/trigger-evals.json`). A repository whose only skills are
examples or templates measures those that have a set of their own."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.layouts import skill_folders
from runner.authoring.read_once import read_once
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


def test_a_repository_whose_skills_are_examples_with_sets(tmp_path: Path) -> None:
    repo = tmp_path / "sdk"
    shown = write_skill_md(repo / "examples" / "skills" / "triage", "triage", "Triages.")
    write_data(shown / "evals" / "evals.json", {"evals": [{"id": 1, "prompt": "Triage: "
                                                          "'disk full'", "expected_output": "P2"}]})
    write_skill_md(repo / "examples" / "skills" / "bare", "bare", "No set.")
    assert [p.name for p in skill_folders(repo)] == ["triage"]
    # beside a skill of its own, a repository's examples stay examples
    write_skill_md(repo / "skills" / "core", "core", "The SDK's own skill.")
    with read_once():
        assert [p.name for p in skill_folders(repo)] == ["core"]


def test_examples_with_sets_beside_only_the_authors_setless_helpers(tmp_path: Path) -> None:
    """A tool's repository: example skills with sets, and under `.agents/skills/` the helper
    its authors use (no set of its own): the examples are what it shows and what is measured.
    A helper with a set of its own still makes the hidden folder the repository's skills."""
    repo = tmp_path / "tool"
    shown = write_skill_md(repo / "examples" / "basic-skill", "basic-skill", "Totals CSVs.")
    write_data(shown / "evals" / "evals.json", {"evals": [{"id": 1, "prompt": "Total it",
                                                          "expected_output": "42"}]})
    helper = write_skill_md(repo / ".agents" / "skills" / "skill-creator", "skill-creator",
                            "Makes skills.")
    with read_once():
        assert [p.name for p in skill_folders(repo)] == ["basic-skill"]
    write_data(helper / "evals" / "evals.json", {"evals": [{"id": 1, "prompt": "Make one",
                                                           "expected_output": "a skill"}]})
    with read_once():
        assert [p.name for p in skill_folders(repo)] == ["skill-creator"]

"""A repository that ships its skills only as a build (`dist/skills/<name>/`, issue 26,
"every layout"; nothing outside it but an agent's hidden helpers): those are its skills,
found by `check REPOSITORY`; beside a skill outside the build, the build's copies stay passed
over (a build's copy is not what is measured)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.layouts import skill_folders
from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

SET = {"evals": [{"id": 1, "prompt": "Write a two-line tagline for a bakery.",
                  "expected_output": "Two lines, the second naming bread"}]}


def _skill(folder: Path, name: str) -> Path:
    write_skill_md(folder, name, f"Writes {name} copy for small businesses.")
    write_data(folder / "evals" / "evals.json", SET)
    return folder


def test_skills_only_under_dist_are_the_repositorys(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    for name in ("taglines", "slogans"):
        _skill(repo / "dist" / "skills" / name, name)
    assert [p.name for p in skill_folders(repo)] == ["slogans", "taglines"]
    got = check(str(repo))
    assert "a collection of 2 skill(s)" in got.output, got.output
    assert "dist/skills/taglines/evals/evals.json" in got.output
    # an agent's hidden helper beside the build is no skill the repository publishes
    write_skill_md(repo / ".agents" / "skills" / "helper", "helper", "Runs the repo's chores.")
    assert {"slogans", "taglines"} <= {p.name for p in skill_folders(repo)}


def test_a_skill_outside_the_build_keeps_the_build_passed_over(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    _skill(repo / "dist" / "skills" / "taglines", "taglines")
    _skill(repo / "skills" / "taglines", "taglines")
    assert [p.relative_to(repo).as_posix() for p in skill_folders(repo)] == ["skills/taglines"]

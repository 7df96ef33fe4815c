"""A repository's root `evals/` above its only skill (issue 26, "every layout"): the set is
that skill's whatever its `skill_name` says (the skill was renamed since), read as its own
folder's set and reported; beside a second skill the same set stays the named skill's. Found
from `check .` inside the repository as from its absolute path (one walk of the repository
serves both spellings)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

SET = {"skill_name": "disk-analysis", "evals": [
    {"id": 1, "prompt": "Which of the folders listed in sizes.txt is the largest?",
     "files": ["evals/files/sizes.txt"], "expected_output": "Names `photos` as the largest"}]}


def _repository(root: Path, *others: str) -> Path:
    write_skill_md(root / "skills" / "disk-copilot", "disk-copilot",
                   "Finds what fills a disk and what is safe to delete.")
    for other in others:
        write_skill_md(root / "skills" / other, other, f"The {other} skill.")
    write_data(root / "evals" / "evals.json", SET)
    (root / "evals" / "files").mkdir()
    (root / "evals" / "files" / "sizes.txt").write_text("photos 40G\nmusic 3G\n")
    return root


@pytest.mark.parametrize("target", ["skills/disk-copilot", ".", "ABSOLUTE"])
def test_the_root_set_is_the_only_skills_set(tmp_path: Path, target: str,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    root = _repository(tmp_path / "repo")
    monkeypatch.chdir(root)
    got = check(str(root) if target == "ABSOLUTE" else target)
    assert got.exit_code == 0, got.output
    assert "1 case(s)" in got.output
    assert "skill_name 'disk-analysis' differs from the SKILL.md name 'disk-copilot'" \
        in got.output


def test_beside_another_skill_the_set_stays_the_named_skills(tmp_path: Path) -> None:
    root = _repository(tmp_path / "repo", "notes")
    got = check(str(root / "skills" / "disk-copilot"))
    assert got.exit_code == 2, got.output
    assert "the set of skill 'disk-analysis' (its skill_name)" in got.output

from pathlib import Path

import pytest

from runner.authoring.skill import load_skill, stage_plugin
from runner.errors import RefusedInput
from tests.helpers import make


def test_digest_ignores_evals_but_not_content(tmp_path: Path) -> None:
    skill = make(tmp_path)
    first = load_skill(skill).digest
    (skill / "evals" / "evals.json").write_text('{"changed": true}')
    assert load_skill(skill).digest == first
    (skill / "scripts" / "run.py").write_text("print(2)")
    assert load_skill(skill).digest != first


def test_staged_plugin_has_no_evals(tmp_path: Path) -> None:
    skill = load_skill(make(tmp_path))
    root = stage_plugin(skill, tmp_path / "stage", "demo")
    staged = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert staged == [".claude-plugin/plugin.json", "skills/demo/SKILL.md",
                      "skills/demo/scripts/run.py"]


def test_symlink_in_skill_refused(tmp_path: Path) -> None:
    skill = make(tmp_path)
    (skill / "leak").symlink_to("/etc/passwd")
    with pytest.raises(RefusedInput, match="symlinks are not staged"):
        load_skill(skill)


@pytest.mark.parametrize(
    ("text", "problem"),
    [("no frontmatter", "no YAML frontmatter"), ("---\nname: x\n", "not closed"),
     ("---\nname: x\n---\n", "description' is required"), ("---\n[1\n---\n", "not valid YAML")],
)
def test_bad_skill_md_refused(tmp_path: Path, text: str, problem: str) -> None:
    (tmp_path / "SKILL.md").write_text(text)
    with pytest.raises(RefusedInput, match=problem):
        load_skill(tmp_path)


def test_missing_skill_md_refused(tmp_path: Path) -> None:
    with pytest.raises(RefusedInput, match="no SKILL.md"):
        load_skill(tmp_path)

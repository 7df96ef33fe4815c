from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.skill import load_skill, stage_plugin
from runner.cli import main
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


def test_symlink_out_of_the_skill_is_never_staged(tmp_path: Path) -> None:
    """A link out of the skill is left out of what the arms receive, never followed (hygiene
    HY005 says so, and refuses the skill when SKILL.md names it)."""
    skill = make(tmp_path)
    (skill / "leak").symlink_to("/etc/passwd")
    (skill / "gone").symlink_to(tmp_path / "missing")
    root = stage_plugin(load_skill(skill), tmp_path / "stage", "demo")
    staged = sorted(str(p.relative_to(root)) for p in root.rglob("*"))
    assert not any("leak" in p or "gone" in p for p in staged), staged


def test_symlinks_inside_the_skill_are_packaging_staged_as_their_files(tmp_path: Path) -> None:
    """A root SKILL.md linking to a packaged copy, a plugin mirror linking back: staged as the
    files they name; a folder link to its own parent (a cycle) is not walked again."""
    import io
    import tarfile

    from runner.authoring.bundles import pack_skill

    skill = make(tmp_path)
    packaged = skill / "plugins" / "demo"
    packaged.mkdir(parents=True)
    (skill / "SKILL.md").rename(packaged / "SKILL.md")
    (skill / "SKILL.md").symlink_to("plugins/demo/SKILL.md")
    (packaged / "scripts").symlink_to("../../scripts")
    (packaged / "loop").symlink_to("..")
    loaded = load_skill(skill)
    root = stage_plugin(loaded, tmp_path / "stage", "demo")
    staged = sorted(str(p.relative_to(root)) for p in root.rglob("*") if p.is_file())
    assert staged == [".claude-plugin/plugin.json", "skills/demo/SKILL.md",
                      "skills/demo/plugins/demo/SKILL.md",
                      "skills/demo/plugins/demo/scripts/run.py", "skills/demo/scripts/run.py"]
    assert not any(p.is_symlink() for p in root.rglob("*"))
    tar = tarfile.open(fileobj=io.BytesIO(pack_skill(skill)))
    assert all(m.isfile() for m in tar.getmembers())
    assert tar.extractfile("SKILL.md").read() == (packaged / "SKILL.md").read_bytes()


@pytest.mark.parametrize(
    ("text", "problem"),
    [("", "no description, and no line in its body"), ("---\nname: x\n", "not closed"),
     ("---\nname: x\n---\n", "no description, and no line in its body"),
     ("---\n[1\n---\n", "not valid YAML")],
)
def test_bad_skill_md_refused(tmp_path: Path, text: str, problem: str) -> None:
    (tmp_path / "SKILL.md").write_text(text)
    with pytest.raises(RefusedInput, match=problem):
        load_skill(tmp_path)


@pytest.mark.parametrize(("text", "description"), [
    ("# Page CRO\n\nImproves landing pages.\n", "Page CRO"),
    ("---\nname: plan\n---\n\nPlans a trip day by day.\n", "Plans a trip day by day."),
    ("Audits " + "a" * 120 + "\n", "Audits " + "a" * 90 + "...")])
def test_a_skill_md_declaring_no_description_loads_as_claude_loads_it(
        tmp_path: Path, text: str, description: str) -> None:
    """No frontmatter, or none with `description`: Claude Code loads the skill with its
    folder's name and its body's first line (a heading's text, 100 characters at most) as its
    description, and so does a run."""
    (tmp_path / "SKILL.md").write_text(text)
    skill = load_skill(tmp_path)
    assert skill.description == description
    assert skill.name == ("plan" if "name: plan" in text else tmp_path.name)


def test_unquoted_colon_in_description_loads_as_claude_loads_it(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text(
        "---\nname: tidy\ndescription: Tidy a repo: sort imports.\n  Use when asked.\n"
        "metadata:\n  version: 1\n---\nbody\n")
    skill = load_skill(tmp_path)
    assert (skill.name, skill.description) == ("tidy", "Tidy a repo: sort imports. Use when asked.")


def test_missing_skill_md_refused(tmp_path: Path) -> None:
    with pytest.raises(RefusedInput, match="no SKILL.md"):
        load_skill(tmp_path)


def test_a_skill_md_edited_between_reads_is_read_again(tmp_path: Path) -> None:
    """Frontmatter is parsed once per version of the file (a collection's check reads every
    sibling's name per skill), never served stale after an edit."""
    from runner.authoring.skill import declared_name

    skill = tmp_path / "s"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: first\ndescription: d\n---\nbody\n")
    assert declared_name(skill) == "first"
    (skill / "SKILL.md").write_text("---\nname: the-second\ndescription: d\n---\nbody\n")
    assert declared_name(skill) == "the-second"


def test_a_byte_order_mark_before_the_frontmatter_is_the_files_encoding(tmp_path: Path) -> None:
    skill = tmp_path / "notes"
    skill.mkdir()
    (skill / "SKILL.md").write_bytes(b"\xef\xbb\xbf---\nname: notes\ndescription: Tidies notes."
                                     b"\n---\nWrite summary.md.\n")
    loaded = load_skill(skill)
    assert (loaded.name, loaded.description) == ("notes", "Tidies notes.")


def test_frontmatter_written_in_a_yaml_fence_is_named_with_its_fix(tmp_path: Path) -> None:
    """`# Title` then a ```yaml block holding name and description: the author showed the
    frontmatter instead of writing it. Claude Code loads the skill by its first line, and so
    does a run; `check` warns where the block is and how to move it (HY001). A fence holding
    other YAML adds nothing to the warning."""
    fenced = ("# Post-mortem\n\n```yaml\nname: post-mortem\ndescription: >\n  Writes an "
              "incident post-mortem.\n```\n\n## Overview\n")
    (tmp_path / "SKILL.md").write_text(fenced)
    assert load_skill(tmp_path).description == "Post-mortem"
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "evals.json").write_text(
        '[{"id": "a", "prompt": "Write the post-mortem of the outage.", '
        '"assertions": ["Timeline"]}]')
    (tmp_path / "SKILL.md").write_text("# Deploy\n\n```yaml\nreplicas: 2\nname: web\n```\n")
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "HY001" in result.output and "fenced" not in result.output, result.output
    (tmp_path / "SKILL.md").write_text(fenced)
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert "HY001" in result.output and "fenced yaml block at line 3" in result.output, \
        result.output

"""Issue 26: a collection keeps what several skills read in a shared folder and links it into
each (`references/modes.md -> ../../_shared/modes.md`). The link is the collection's own
material: staged as its file, HY005 only says so (it was refused as "outside the skill" when
SKILL.md named it). A link into another skill, a dot folder, or out of a folder holding no
other skill is still left out, never followed. Through the real `skill-eval check`."""

from __future__ import annotations

import io
import tarfile
from pathlib import Path

from runner.authoring.bundles import pack_skill
from runner.authoring.shared_folders import shared_target
from runner.authoring.skill import staged_files
from tests.helpers import check_cli, make_skill

MD = ("---\nname: {name}\ndescription: Use when the user asks to audit {name} docs "
      "carefully.\n---\nRead references/modes.md first.\n")


def _collection(tmp_path: Path) -> tuple[Path, Path]:
    skills = tmp_path / "kit" / "skills"
    shared = skills / "_shared"
    shared.mkdir(parents=True)
    (shared / "modes.md").write_text("# modes\naudit, design\n")
    cases = [{"id": "a", "prompt": "Audit the docs in audit mode", "assertions": ["audit"]}]
    make_skill(skills, cases, name="docs-design", skill_md=MD.format(name="docs-design"))
    skill = make_skill(skills, cases, name="docs-audit", skill_md=MD.format(name="docs-audit"))
    (skill / "references").mkdir()
    (skill / "references" / "modes.md").symlink_to("../../_shared/modes.md")
    return skill, shared


def test_a_link_into_the_collections_shared_folder_is_staged(tmp_path: Path) -> None:
    skill, shared = _collection(tmp_path)
    assert shared_target(skill, skill / "references" / "modes.md") == shared / "modes.md"
    assert Path("references/modes.md") in staged_files(skill)
    packed = tarfile.open(fileobj=io.BytesIO(pack_skill(skill)))
    member = packed.extractfile("references/modes.md")
    assert member is not None and b"audit, design" in member.read()
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output  # was refused: HY005, SKILL.md names it
    line = next(x for x in result.output.splitlines() if "HY005" in x)
    assert "collection's shared folder (../../_shared/modes.md)" in line
    assert "staged with the skill" in line


def test_a_link_elsewhere_is_still_left_out(tmp_path: Path) -> None:
    skill, shared = _collection(tmp_path)
    other = skill.parent / "docs-design"
    (other / "notes.md").write_text("the other skill's\n")
    (skill / "theirs.md").symlink_to("../docs-design/notes.md")       # another skill's file
    (skill.parent / ".private").mkdir()
    (skill.parent / ".private" / "key.txt").write_text("k\n")
    (skill / "key.txt").symlink_to("../.private/key.txt")             # a dot folder
    (skill / "all").symlink_to("..")                                  # the collection itself
    for name in ("theirs.md", "key.txt", "all"):
        assert shared_target(skill, skill / name) is None
        assert Path(name) not in staged_files(skill)
    # a skill alone in its folder: that folder is no collection
    alone = make_skill(tmp_path / "home", [{"id": "a", "prompt": "x", "assertions": ["x"]}],
                       name="solo")
    (alone.parent / "secret.txt").write_text("s\n")
    (alone / "secret.txt").symlink_to("../secret.txt")
    assert shared_target(alone, alone / "secret.txt") is None
    assert Path("secret.txt") not in staged_files(alone)


def test_a_path_into_the_shared_folder_says_how_to_stage_it(tmp_path: Path) -> None:
    skill, _ = _collection(tmp_path)
    (skill / "SKILL.md").write_text(MD.format(name="docs-audit")
                                    + "Then read [modes](../_shared/modes.md).\n")
    result = check_cli(str(skill))
    line = next(x for x in result.output.splitlines() if "HY004" in x)
    assert "'../_shared/modes.md' is in the collection's shared folder" in line
    assert "ln -s ../../_shared/modes.md references/modes.md" in line


def test_a_shared_folder_holding_a_dependencys_skill_md_is_still_shared(
        tmp_path: Path) -> None:
    # a shared tools folder whose node_modules/ holds a package's SKILL.md is shared material
    # (the one walk never enters a dependency's folder); one holding a skill is that skill's
    skill, shared = _collection(tmp_path)
    tools = shared / "tools"
    (tools / "node_modules" / "pkg").mkdir(parents=True)
    (tools / "node_modules" / "pkg" / "SKILL.md").write_text("---\nname: pkg\n---\n")
    (tools / "lint.js").write_text("// lint\n")
    (skill / "tools").symlink_to("../_shared/tools")
    assert shared_target(skill, skill / "tools") == tools
    (tools / "inner").mkdir()
    (tools / "inner" / "SKILL.md").write_text("---\nname: inner\n---\n")
    assert shared_target(skill, skill / "tools") is None

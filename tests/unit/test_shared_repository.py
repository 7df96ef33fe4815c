"""Issue 26: a collection's skills link a file the repository holding the collection ships
(`skills/x/branding/card.yaml -> ../../../branding/card.yaml`, a folder at the repository's
root beside `skills/`). The authors' material: staged as its file (its content, never a link),
HY005 a warning. Only one folder above the collection (or a project-level skill's project),
only a folder that reads as a repository, never a dot folder, another skill, a chain that
leaves the repository or a host file: those links stay left out, never followed."""

from __future__ import annotations

import io
import os
import tarfile
from pathlib import Path

import pytest

from runner.authoring.bundles import pack_skill
from runner.authoring.shared_folders import shared_target
from runner.authoring.skill import staged_files
from tests.helpers import check_cli, make_skill

MD = ("---\nname: {name}\ndescription: Use when the user asks to brand {name} reports "
      "carefully.\n---\nRead branding/card.yaml first.\n")
CASES = [{"id": "a", "prompt": "Write the incident report", "assertions": ["the card"]}]
LINK = "branding/card.yaml"


def _repository(tmp_path: Path, marker: str | None = "LICENSE") -> tuple[Path, Path]:
    """`tmp/repo` with two skills under `skills/` and `branding/card.yaml` at its root, the
    first skill linking it; the repository's marker `marker` (none when None)."""
    repo = tmp_path / "repo"
    (repo / "branding").mkdir(parents=True)
    (repo / "branding" / "card.yaml").write_text("company: Acme Safety\n")
    if marker is not None:
        (repo / marker).write_text("MIT\n")
    skills = repo / "skills"
    make_skill(skills, CASES, name="site-audit", skill_md=MD.format(name="site-audit"))
    skill = make_skill(skills, CASES, name="incident-report",
                       skill_md=MD.format(name="incident-report"))
    (skill / "branding").mkdir()
    (skill / LINK).symlink_to("../../../branding/card.yaml")
    return repo, skill


def _relink(skill: Path, to: str) -> Path:
    """The skill's link, pointing at `to`; it must exist and resolve before a test asserts."""
    link = skill / LINK
    link.unlink()
    link.symlink_to(to)
    assert link.is_symlink() and Path(os.path.realpath(link)).is_file(), to
    return link


def test_a_link_into_the_repositorys_shared_folder_is_staged_as_its_file(tmp_path: Path) -> None:
    repo, skill = _repository(tmp_path)
    assert shared_target(skill, skill / LINK) == (repo / "branding" / "card.yaml").resolve()
    assert Path(LINK) in staged_files(skill)
    packed = tarfile.open(fileobj=io.BytesIO(pack_skill(skill)))
    member = packed.getmember(LINK)
    assert member.isfile() and not member.issym()  # the content, never a link
    data = packed.extractfile(member)
    assert data is not None and data.read() == b"company: Acme Safety\n"
    # a shared folder of the repository's (no skill in it) is staged with its files
    (repo / "scripts" / "lib").mkdir(parents=True)
    (repo / "scripts" / "lib" / "calc.py").write_text("X = 1\n")
    (skill / "lib").symlink_to("../../scripts/lib")
    assert Path("lib/calc.py") in staged_files(skill)


def test_check_stages_it_where_it_refused_the_skill(tmp_path: Path) -> None:
    _, skill = _repository(tmp_path)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output  # was HY005 an error: SKILL.md names it
    line = next(x for x in result.output.splitlines() if "HY005" in x)
    assert "a symlink to the repository's shared files (../../../branding/card.yaml)" in line
    assert "staged with the skill" in line


def test_a_link_two_up_beside_the_repository_is_refused(tmp_path: Path) -> None:
    _, skill = _repository(tmp_path)
    (tmp_path / "other").mkdir()
    (tmp_path / "other" / "card.yaml").write_text("theirs\n")
    link = _relink(skill, "../../../../other/card.yaml")
    assert shared_target(skill, link) is None
    assert Path(LINK) not in staged_files(skill)
    result = check_cli(str(skill))
    assert result.exit_code != 0
    assert "symlink points outside the skill (../../../../other/card.yaml) and SKILL.md " \
           "names it" in result.output


@pytest.mark.parametrize("case", ["host file", "chain out", "dot folder", "another skill",
                                  "folder holding a skill", "no marker", "dot root"])
def test_other_links_stay_left_out(tmp_path: Path, case: str) -> None:
    repo, skill = _repository(tmp_path, marker=None if case == "no marker" else "LICENSE")
    if case == "host file":
        if not Path("/etc/hostname").is_file():
            pytest.skip("no /etc/hostname here")
        link = _relink(skill, "/etc/hostname")
    elif case == "chain out":
        (tmp_path / "secret.txt").write_text("host\n")
        (repo / "branding" / "chain.yaml").symlink_to(tmp_path / "secret.txt")
        link = _relink(skill, "../../../branding/chain.yaml")
        assert Path(os.path.realpath(link)) == (tmp_path / "secret.txt").resolve()
    elif case == "dot folder":
        (repo / ".private").mkdir()
        (repo / ".private" / "key.yaml").write_text("k\n")
        link = _relink(skill, "../../../.private/key.yaml")
    elif case == "another skill":
        make_skill(repo / "examples", CASES, name="demo", files={"card.yaml": "demo\n"})
        link = _relink(skill, "../../../examples/demo/card.yaml")
    elif case == "folder holding a skill":
        make_skill(repo / "tools" / "deep", CASES, name="demo")
        link = skill / "tools"
        link.symlink_to("../../tools")
        assert link.is_symlink() and link.resolve().is_dir()
    elif case == "no marker":
        link = skill / LINK
        assert link.resolve().is_file()
    else:  # the "repository" is a dot folder (a cache, `~/.claude` kept as dotfiles)
        dot = tmp_path / ".cache"
        repo.rename(dot)
        skill = dot / "skills" / skill.name
        link = skill / LINK
        assert link.resolve().is_file()
    rel = link.relative_to(skill)
    assert shared_target(skill, link) is None
    assert not any(p == rel or rel in p.parents for p in staged_files(skill))


def test_a_project_level_skill_links_its_projects_file(tmp_path: Path) -> None:
    project = tmp_path / "app"
    (project / ".git").mkdir(parents=True)
    (project / "docs").mkdir()
    (project / "docs" / "style.md").write_text("# style\n")
    skill = make_skill(project / ".claude" / "skills", CASES, name="write-docs")
    (skill / "style.md").symlink_to("../../../docs/style.md")
    assert shared_target(skill, skill / "style.md") == (project / "docs" / "style.md").resolve()
    assert Path("style.md") in staged_files(skill)

"""A project-level skill's cases work on the project it lives in (issue 26): a skill at
`<project>/.claude/skills/<name>/` finds its project; a path a case names that the skill does
not hold but the project does is staged from the project at its path, through the real
`skill-eval check` and into a trial's working directory; never a file of the skill, a
symlink, a path outside the project, or a bare name two files of the project share."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.project_skill import own_file, project_file, project_of
from runner.trial.session import stage_fixtures
from tests.helpers import check_cli as check
from tests.helpers import make_skill

SKILL_MD = ("---\nname: extract-component\ndescription: Extracts a section of a React "
            "component into its own component file.\n---\nRead the component, move the "
            "section.\n")
SIDEBAR = "export function SidebarRight() { return <div className='sr-toolbar' /> }\n"


def project(tmp_path: Path, cases: list[dict[str, Any]], agent: str = ".claude") -> Path:
    """A project holding src/components/SidebarRight.tsx and its skill under `agent`."""
    root = tmp_path / "app"
    (root / "src" / "components").mkdir(parents=True)
    (root / "src" / "components" / "SidebarRight.tsx").write_text(SIDEBAR)
    return make_skill(root / agent / "skills", cases, name="extract-component",
                      skill_md=SKILL_MD)


EXTRACT = {"id": "toolbar", "prompt": "Extract the toolbar from "
           "src/components/SidebarRight.tsx into a new TileToolbar component.",
           "assertions": ["TileToolbar"]}


@pytest.mark.parametrize("agent", [".claude", ".agents", ".github", ".cursor"])
def test_the_project_is_the_folder_holding_the_agent_folder(tmp_path: Path, agent: str) -> None:
    skill = tmp_path / "app" / agent / "skills" / "x"
    skill.mkdir(parents=True)
    assert project_of(skill) == (tmp_path / "app").resolve()
    grouped = tmp_path / "app" / agent / "skills" / "group" / "y"
    grouped.mkdir(parents=True)
    assert project_of(grouped) == (tmp_path / "app").resolve()


def test_a_skill_elsewhere_has_no_project(tmp_path: Path) -> None:
    for place in ("skills/x", "plugins/skills/x", ".claude/tools/x", "x", ".claude/skills"):
        (tmp_path / place).mkdir(parents=True, exist_ok=True)
        assert project_of(tmp_path / place) is None, place


def test_a_personal_skill_has_no_project(tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    """`~/.claude/skills/x` is loaded in every session: the home folder is no project."""
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".claude" / "skills" / "x").mkdir(parents=True)
    assert project_of(tmp_path / ".claude" / "skills" / "x") is None


def test_a_project_file_is_found_by_its_path_or_its_one_name(tmp_path: Path) -> None:
    skill = project(tmp_path, [EXTRACT])
    root = tmp_path / "app"
    assert project_file(skill, "src/components/SidebarRight.tsx") is not None
    assert project_file(skill, "SidebarRight.tsx") == \
        (root / "src/components/SidebarRight.tsx").resolve()
    (root / "lib").mkdir()
    (root / "lib" / "Token.java").write_text("class Token {}\n")
    (root / "src" / "Token.java").write_text("class Token {}\n")
    (root / "src" / "Other.java").write_text("class Other {}\n")
    assert project_file(skill, "Token.java") is None  # two files of the project have it
    (root / "Token.java").write_text("class Token {}\n")  # ...unless the root holds one
    assert project_file(skill, "Token.java") == root / "Token.java"
    assert project_file(skill, "Missing.java") is None


def test_never_the_skill_a_link_git_or_outside_the_project(tmp_path: Path) -> None:
    skill = project(tmp_path, [EXTRACT])
    root = tmp_path / "app"
    (skill / "notes.md").write_text("the skill's\n")
    (tmp_path / "secret.txt").write_text("outside\n")
    os.symlink(tmp_path / "secret.txt", root / "linked.txt")
    os.symlink(root / "src", root / "alias")
    (root / ".git").mkdir()
    (root / ".git" / "config").write_text("[core]\n")
    for name in (".claude/skills/extract-component/SKILL.md",
                 ".claude/skills/extract-component/notes.md", "notes.md", "linked.txt",
                 "alias/components/SidebarRight.tsx", "../secret.txt", "secret.txt",
                 ".git/config", str(root / "src/components/SidebarRight.tsx")):
        assert project_file(skill, name) is None, name


def test_a_path_the_prompt_names_is_staged_from_the_project(tmp_path: Path) -> None:
    skill = project(tmp_path, [EXTRACT])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    line = ("'src/components/SidebarRight.tsx': a file of the project this skill lives in "
            f"({(tmp_path / 'app').resolve()}): staged from there at "
            "src/components/SidebarRight.tsx")
    assert line in result.output, result.output
    loaded = load_caseset(skill, "extract-component").evals[0]
    work = tmp_path / "work"
    stage_fixtures(loaded, skill, work)  # what a trial's working directory starts with
    assert (work / "src/components/SidebarRight.tsx").read_text() == SIDEBAR
    assert not (work / "SKILL.md").exists()


def test_a_files_entry_of_the_project_is_staged_at_its_path(tmp_path: Path) -> None:
    skill = project(tmp_path, [{"id": "audit", "prompt": "Audit the changelog for gaps.",
                                "files": ["docs/CHANGELOG.md"], "assertions": ["missing"]}])
    (tmp_path / "app" / "docs").mkdir()
    (tmp_path / "app" / "docs" / "CHANGELOG.md").write_text("## 1.0.0\n")
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "'docs/CHANGELOG.md': a file of the project this skill lives in" in result.output
    loaded = load_caseset(skill, "extract-component").evals[0]
    assert loaded.files == () and loaded.inline_files == {"docs/CHANGELOG.md": "## 1.0.0\n"}


def test_outside_a_project_or_missing_from_it_stays_refused(tmp_path: Path) -> None:
    plain = make_skill(tmp_path / "repo" / "skills", [EXTRACT], name="extract-component",
                       skill_md=SKILL_MD)
    result = check(str(plain))  # a collection's skill whose repository lacks the file
    assert result.exit_code == 2 and "the prompt names the input" in result.output
    # ...which the repository holds: the author ran the case from its root, where the path
    # resolves (runner.authoring.repository_inputs), so it is staged from there
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "src" / "components").mkdir(parents=True)
    (tmp_path / "repo" / "src" / "components" / "SidebarRight.tsx").write_text(SIDEBAR)
    result = check(str(plain))
    assert result.exit_code == 0, result.output
    assert "a file of the repository this skill sits in" in result.output
    skill = project(tmp_path / "p", [{**EXTRACT, "prompt": EXTRACT["prompt"].replace(
        "SidebarRight", "SidebarLeft")}])
    result = check(str(skill))
    assert result.exit_code == 2 and "SidebarLeft.tsx" in result.output, result.output


def test_the_skill_itself_copied_into_the_project_is_refused(tmp_path: Path) -> None:
    skill = project(tmp_path, [{"id": "x", "prompt": "Follow docs/guide.md to extract it.",
                                "files": ["docs/guide.md"], "assertions": ["TileToolbar"]}])
    (tmp_path / "app" / "docs").mkdir()
    (tmp_path / "app" / "docs" / "guide.md").write_text(SKILL_MD)
    result = check(str(skill))
    assert result.exit_code == 2 and "would give the baseline arm the skill" in result.output, \
        result.output



def test_this_repo_in_a_project_skill_with_nothing_to_stage_names_the_project(
        tmp_path: Path) -> None:
    """"set me up, I just cloned this repo" runs in the project (runner.authoring.
    whole_project); a project with nothing to stage keeps the refusal, whose fix names the
    project and the `files` entries that would stage its files."""
    skill = project(tmp_path, [{"id": "setup", "prompt": "ok i just cloned this repo, set me "
                                "up from scratch", "assertions": ["config.yaml"]}])
    (tmp_path / "app" / "src" / "components" / "SidebarRight.tsx").unlink()
    (tmp_path / "app" / "README.md").symlink_to(tmp_path / "elsewhere.md")
    (tmp_path / "elsewhere.md").write_text("# app\n")
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "the prompt works on 'this repo'" in result.output, result.output
    assert (f"if it is the project this skill lives in ({(tmp_path / 'app').resolve()}), list "
            "the project's files the case works on under `files`, from the project's root "
            "(e.g.") in result.output, result.output
    plain = make_skill(tmp_path / "repo" / "skills", [{"id": "setup", "prompt": "ok i just "
                       "cloned this repo, set me up from scratch", "assertions": ["a"]}])
    result = check(str(plain))
    assert result.exit_code == 2 and "the project this skill lives in" not in result.output


def test_a_case_meant_to_go_without_the_file_is_not_given_it(tmp_path: Path) -> None:
    """A case whose criteria expect the agent to decline is read as meant (EV012), and the
    project's file is not staged behind its author's back."""
    skill = project(tmp_path, [{**EXTRACT, "expected_output": "Declines: extracting "
                                "components is out of this skill's scope.",
                                "assertions": []}])
    result = check(str(skill))
    assert "a file of the project this skill lives in" not in result.output, result.output
    assert load_caseset(skill, "extract-component").evals[0].inline_files == {}


@pytest.mark.parametrize("parts", [(".openclaw", "skills"), (".skills", "deprecated")])
def test_any_agents_hidden_skills_folder_makes_a_project_level_skill(
        tmp_path: Path, parts: tuple[str, ...]) -> None:
    """`.<agent>/skills/<name>/` for an agent no list names, and a hidden `.skills/` folder
    (grouped below: `.skills/deprecated/<name>/`), are a project's skills folders: found as
    the repository's skills, and their project is the folder above."""
    from runner.authoring.layouts import skill_folders
    root = tmp_path / "app"
    (root / "src" / "components").mkdir(parents=True)
    (root / "src" / "components" / "SidebarRight.tsx").write_text(SIDEBAR)
    skill = make_skill(root.joinpath(*parts), [EXTRACT], name="extract-component",
                       skill_md=SKILL_MD)
    (root / ".git" / "skills" / "x").mkdir(parents=True)  # tooling: no agent's
    (root / ".git" / "skills" / "x" / "SKILL.md").write_text(SKILL_MD)
    (root / ".pi" / "skills" / "helper").mkdir(parents=True)  # no set of its own: not taken
    (root / ".pi" / "skills" / "helper" / "SKILL.md").write_text(SKILL_MD)
    assert project_of(skill) == root.resolve()
    assert skill_folders(root) == [skill]
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "a file of the project this skill lives in" in result.output, result.output


def test_the_skills_own_file_named_from_the_root_above_it_is_staged_there(
        tmp_path: Path) -> None:
    """`.claude/skills/<this skill>/evals/files/x` (or another agent folder's spelling, the
    skill moved to `.agents/`) is the skill's own file: staged at the path the case names."""
    written = ".claude/skills/extract-component/evals/files/Panel.tsx"
    case = {"id": "panel", "prompt": f"Extract the header from {written}.",
            "files": [written], "assertions": ["Header"]}
    skill = project(tmp_path, [case], agent=".agents")
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "evals" / "files" / "Panel.tsx").write_text(SIDEBAR)
    assert own_file(skill, written) == "evals/files/Panel.tsx"
    assert own_file(skill, "skills/other/evals/files/Panel.tsx") is None
    assert own_file(skill, ".claude/skills/extract-component/evals/files/Gone.tsx") is None
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert (f"fixture {written!r} is the skill's own evals/files/Panel.tsx, named from the "
            "root above the skill: staged at that path") in result.output
    loaded = load_caseset(skill, "extract-component").evals[0]
    work = tmp_path / "work"
    stage_fixtures(loaded, skill, work)
    assert (work / written).read_text() == SIDEBAR


def test_the_skills_own_md_named_from_the_root_stays_refused(tmp_path: Path) -> None:
    written = ".claude/skills/extract-component/SKILL.md"
    skill = project(tmp_path, [{"id": "x", "prompt": f"Follow {written}.",
                                "files": [written], "assertions": ["done"]}])
    result = check(str(skill))
    assert result.exit_code == 2 and "is the skill under test" in result.output, result.output

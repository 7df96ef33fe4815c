"""What a project-level skill's case needs that its project cannot give (issue 26, EV014): the
repository's history, tags, remote or a push (the staged project has no .git, the sandbox no
network), a folder outside the project its SKILL.md works in, and a file the criteria expect
changed that the project does not hold."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.project_limits import git_needs, outside_places, place_needs
from runner.schema.case import Case
from tests.helpers import check_cli as check
from tests.helpers import make_skill

SKILL_MD = ("---\nname: release\ndescription: Tags releases and deploys them. Use when the "
            "user ships, tags or deploys.\n---\n| repo | path |\n| ops | `~/work/opsrepo` |\n\n"
            "```bash\ngrep image: ~/work/opsrepo/apps/${NAME}/web.yaml\n"
            "cat ~/.config/gh/hosts.yml\n```\n")


def case(prompt: str, expected: str = "", **more: Any) -> Case:
    return Case(id="c", prompt=prompt, expected_output=expected, **more)


@pytest.mark.parametrize("expected, needed", [
    ("Derive the service name from the git remote, then tag it.", "from the git remote"),
    ("Updates the changelog, commits and pushes.", "commits and pushes"),
    ("Pushes the new tag to origin.", "Pushes the new tag"),
    ("Pushes it to origin.", "Pushes it to origin"),
    ("Lists the commits since the last release tag.", "commits since the last release tag"),
    ("Compares the latest stable tags with what runs.", "latest stable tags"),
    ("Creates an annotated tag v2.1.0.", "annotated tag"),
    ("Reads git log for the module.", "git log"),
    ("Summarises my uncommitted changes.", "uncommitted changes"),
])
def test_what_needs_the_repository_is_read_by_its_grammar(expected: str, needed: str) -> None:
    assert needed in git_needs(case("Ship it", expected))


@pytest.mark.parametrize("prompt, expected, more", [
    ("Write a release note for 2.0", "Pushes back on a vague scope; lists push "
     "notifications as a feature.", {}),
    ("How do I tag a release?", "Explains semantic versioning.", {}),
    ("Tag the release", "Creates an annotated tag v1.0.0.", {"setup_run": ("git init",)}),
    # a prompt saying to run no commands asks for a plan: the commands it names are its steps
    ("Ship it. The branch has one uncommitted file. Don't run any real commands; say what "
     "you check first.", "Detects it with `git status --short` and stops.", {}),
    ("ship して。実コマンドは実行せず、最初に何を確認するか報告して。",
     "`git status --short` で未コミット変更を検出する", {}),
    ("릴리스해 줘. 명령은 실행하지 말고 계획만 알려 줘.", "`git log`로 변경을 확인한다", {}),
])
def test_what_the_case_can_do_without_the_repository_is_silent(
        prompt: str, expected: str, more: dict[str, Any]) -> None:
    assert git_needs(case(prompt, expected, **more)) == []


def test_a_folder_skill_md_works_in_outside_the_project_is_named(tmp_path: Path) -> None:
    (tmp_path / "SKILL.md").write_text(SKILL_MD)
    places = outside_places(tmp_path)
    assert places == {"opsrepo": "~/work/opsrepo"}  # never a tool's dot folder, nor ~/work
    assert place_needs(case("Deploy to production", "Updates the yaml in opsrepo and "
                            "commits."), places) == [("opsrepo", "~/work/opsrepo")]
    assert place_needs(case("Tag backend minor", "Tags it. Do not update opsrepo."),
                       places) == []


def _project(tmp_path: Path, cases: list[dict[str, Any]], agent: str = ".github") -> Path:
    root = tmp_path / "app"
    (root / "web").mkdir(parents=True)
    (root / "web" / "Dockerfile").write_text("FROM node:22\n")
    return make_skill(root / agent / "skills", cases, name="release", skill_md=SKILL_MD)


RELEASE = {"id": "ship", "prompt": "Ship it",
           "expectations": ["Derives the project name from the git remote.",
                            "The web.yaml deployment in opsrepo is updated, then committed "
                            "and pushed."]}


def test_check_says_what_the_project_cannot_give(tmp_path: Path) -> None:
    skill = _project(tmp_path, [RELEASE])
    result = check(str(skill))
    assert ("case 'ship': no arm can pass it: its criteria expect 'web.yaml' changed, which "
            "the case does not stage (the user's own files); 'from the git remote', 'committed "
            "and pushed': the project's git history, tags or remote, which the staged project "
            "does not carry (no .git) and the sandbox cannot reach (no network); 'opsrepo': "
            "~/work/opsrepo, a place outside the project (its SKILL.md works there), which "
            "the sandbox does not have") in result.output, result.output


def test_a_file_the_project_holds_is_no_unstaged_edit(tmp_path: Path) -> None:
    skill = _project(tmp_path, [{"id": "bump", "prompt": "Bump the node image",
                                 "expectations": ["The Dockerfile is updated to node 24."]}])
    result = check(str(skill))
    assert "runs in the project" in result.output, result.output
    assert "'Dockerfile' changed" not in result.output, result.output


def test_check_is_silent_on_a_plan_whose_prompt_says_to_run_no_commands(tmp_path: Path) -> None:
    """The same git word in a case whose prompt says to run no commands: a plan in words,
    the command its expected answer names is a step it names, never one the run makes."""
    planned = {"id": "plan", "prompt": "Ship it. One file is uncommitted. Don't run any "
               "real commands; tell me what you check first.",
               "expected_output": "Detects it with `git status` and stops."}
    result = check(str(_project(tmp_path, [planned, {**planned, "id": "run", "prompt":
                                                     "Ship it. One file is uncommitted."}])))
    assert "case 'run': no arm can pass it: 'git status'" in result.output, result.output
    assert "case 'plan': no arm" not in result.output, result.output


@pytest.mark.parametrize("prompt, needed", [
    ("Commit all my changes, split by topic.", "Commit all my changes"),
    ("Commit everything.", "Commit everything"),
    ("全部コミットしといて", "コミットしといて"),
    ("변경 사항 커밋해 줘", "커밋해 줘"),
    ("帮我提交所有改动", "提交所有改动"),
])
def test_a_request_to_commit_what_is_changed_needs_the_repository(
        prompt: str, needed: str) -> None:
    assert needed in git_needs(case(prompt))


@pytest.mark.parametrize("prompt", [
    "Write a commit message for these changes.",  # words about a commit, none made
    "Commit the new file you write.",  # the session's own file
    "Run git init, then commit all the changes.",  # the session makes the repository
    "How do I commit my changes?",
])
def test_a_commit_the_session_can_make_is_silent(prompt: str) -> None:
    assert git_needs(case(prompt)) == []


def test_check_flags_a_request_to_commit_the_projects_changes(tmp_path: Path) -> None:
    split = {"id": "split", "prompt": "全部コミットしといて",
             "expectations": ["New commits are split by topic."]}
    result = check(str(_project(tmp_path, [split])))
    assert ("case 'split': no arm can pass it: 'コミットしといて': the project's git history, "
            "tags or remote") in result.output, result.output

"""A fixture written as a git repository's state (runner.authoring.git_states;
docs/case-sets.md): read as the setup that builds that repository in the
working directory, the state `git status` then shows; an unknown key refused with the fix."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.git_states import build_script, split_git_state
from tests.helpers import check_cli, check_verbose, make_skill

STATE: dict[str, Any] = {
    "head": {"src/token.go": "package token\n", "docs/old.md": "# Old\n",
             "docs/gone.md": "# Gone\n"},
    "staged": {"src/token.go": "package token\n\nfunc Parse() {}\n", "docs/gone.md": None},
    "unstaged": {"src/token.go": "package token\n\nfunc Parse() { run() }\n"},
    "staged_moves": [{"from": "docs/old.md", "to": "guide/new.md", "content": "# New\n"}],
    "untracked": {"-notes/release $(x).md": "# Notes\n", ".env": "TOKEN=SYNTHETIC\n"},
}


def _built(tmp_path: Path, state: dict[str, Any]) -> Path:
    """The script run as the sandbox runs a setup (`sh`), with no git config of this host's:
    an empty HOME, no system file."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed here")
    script, _, wrong = build_script(state)
    assert wrong == []
    work = tmp_path / "work"
    work.mkdir()
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull}
    subprocess.run(["sh", "-c", script], cwd=work, env=env, check=True, capture_output=True)
    return work


def _git(work: Path, *args: str) -> str:
    env = {"PATH": os.environ["PATH"], "HOME": str(work.parent), "GIT_CONFIG_NOSYSTEM": "1",
           "GIT_CONFIG_GLOBAL": os.devnull}
    return subprocess.run(["git", *args], cwd=work, env=env, check=True, capture_output=True,
                          text=True).stdout


def test_the_state_is_the_repository_git_status_shows(tmp_path: Path) -> None:
    work = _built(tmp_path, STATE)
    status = set(_git(work, "status", "--porcelain", "--untracked-files=all").splitlines())
    assert status == {"MM src/token.go", "D  docs/gone.md", "D  docs/old.md",
                      "A  guide/new.md", '?? "-notes/release $(x).md"', "?? .env"}
    assert _git(work, "rev-parse", "--abbrev-ref", "HEAD").strip() == "main"
    assert _git(work, "show", "HEAD:src/token.go") == "package token\n"
    assert _git(work, "show", ":src/token.go") == "package token\n\nfunc Parse() {}\n"
    assert (work / "src/token.go").read_text() == "package token\n\nfunc Parse() { run() }\n"
    # its own identity, so the agent can commit; no template, so no hooks
    assert _git(work, "config", "user.email").strip() == "git-state@skill-eval.invalid"
    assert not (work / ".git" / "hooks").exists()


def test_history_commits_with_refs_and_the_branch_left_checked_out(tmp_path: Path) -> None:
    work = _built(tmp_path, {"head": {"a.txt": "1\n"}, "history": [
        {"ref": "main", "message": "chore: base", "files": {}},
        {"message": "feat: two", "files": {"a.txt": "2\n"}},
        {"ref": "feature", "message": "feat: three", "files": {"a.txt": None, "b.txt": "3\n"}}]})
    assert _git(work, "rev-parse", "--abbrev-ref", "HEAD").strip() == "feature"
    assert _git(work, "log", "--format=%s", "main..feature").splitlines() == [
        "feat: three", "feat: two"]
    assert _git(work, "log", "--format=%s", "main").splitlines() == ["chore: base",
                                                                      "initial state"]
    assert sorted(p.name for p in work.iterdir()) == [".git", "b.txt"]
    assert _git(work, "status", "--porcelain") == ""


@pytest.mark.parametrize(("state", "words"), [
    ({"head": {}, "stash": {"a": "b"}}, "unknown key(s) stash"),
    ({"head": {"../out.txt": "x"}}, "must be a relative path inside the work dir"),
    ({"head": {"a.txt": 3}}, "'a.txt' holds int, not the file's text"),
    ({"head": {}, "branch": "-x"}, "'-x' is no branch name git accepts"),
    ({"head": {}, "history": [{"message": "m", "author": "me"}]}, "a commit is {message"),
    ({"head": {}, "history": [{"message": "m", "files": ["a"]}]}, "a mapping {path: text}"),
    ({"head": {}, "history": [{"files": {"/etc/x": None}}]}, "must be a relative path"),
])
def test_what_cannot_be_built_is_said(state: dict[str, Any], words: str) -> None:
    assert any(words in w for w in build_script(state)[2]), build_script(state)[2]


def test_a_files_map_beside_the_state_stays_for_the_inline_reader() -> None:
    item = {"id": "c", "fixture": {"files": {"AGENTS.md": "x\n"}, "git": {"head": {}}}}
    out, script, said, wrong = split_git_state(item)
    assert out["fixture"] == {"files": {"AGENTS.md": "x\n"}} and script and not wrong
    assert said.startswith("branch main, 1 commit(s)")
    assert split_git_state({"id": "c", "fixture": "folder"})[1] is None


def _commit_skill(tmp_path: Path, state: dict[str, Any]) -> Path:
    return make_skill(tmp_path, [{
        "id": "partial", "prompt": "Commit only the staged part of src/token.go.",
        "fixture": {"git": state},
        "assertions": ["The commit message says what the staged change does"]}],
        name="draft-commit")


def test_check_accepts_the_state_and_says_what_it_stages(tmp_path: Path) -> None:
    skill = _commit_skill(tmp_path, STATE)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "`fixture.git` read as a git repository in that state" in out
    assert "staged: src/token.go, docs/gone.md; renamed: docs/old.md -> guide/new.md" in out
    assert "unstaged: src/token.go; untracked: -notes/release $(x).md, .env" in out
    assert "setup: `# the case's git state: branch main, 1 commit(s) (3 file(s) at the " \
           "first); staged: src/token.go" in " ".join(check_verbose(skill).split())


def test_check_refuses_an_unknown_key_with_the_fix(tmp_path: Path) -> None:
    result = check_cli(str(_commit_skill(tmp_path, {"head": {}, "stash": ["wip"]})))
    assert result.exit_code == 2, result.output
    out = " ".join(result.output.split())
    assert "case 'partial': EV009: git state: unknown key(s) stash" in out
    assert "fix: give the state as `fixture: {git: {head, staged, unstaged" in out

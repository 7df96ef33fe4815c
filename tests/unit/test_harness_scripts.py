"""A fixture that is the authors' harness script by its own form (issue 26): a folder holding
only a script that builds the working directory (`usage: build.sh <target_dir>`, `cd "$1"`,
or `git init` with a commit in the current directory), or a fixture file that is one, is the
case's setup: run with `.` as its target, its text on stdin, never staged; one needing the
network flags the case (EV014); a script the prompt names, or one of another form, stays
material. A comment in it stating the expected result is an answer key (EV013), not staged."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.harness_scripts import builds_workspace, setup_line
from runner.authoring.setups import script_code
from tests.helpers import check_json, check_verbose, make_skill

pytestmark = pytest.mark.usefixtures("fake_sandbox")

PROMPT = "Write the commit message for the staged change."
# a harness script taking its target directory, as authors write them (any file name)
TARGETED = """#!/usr/bin/env bash
# A repository with one commit and a staged change.
# expected: `chore: ...`, one line, no body.
set -euo pipefail
DIR="${1:?usage: make-repo.sh <target_dir>}"
mkdir -p "$DIR"
cd "$DIR"
git init -q
cat > notes.md <<'EOF'
alpha
pnpm install
EOF
git add -A && git -c user.name=e -c user.email=e@x commit -qm "chore: start"
echo beta >> notes.md
git add notes.md
"""
# one building in the current directory, with no argument and no setup-like name
IN_PLACE = ("#!/bin/sh\ngit init -q\necho a > a.txt\ngit add a.txt\n"
            "git -c user.name=e -c user.email=e@x commit -qm seed\necho b > b.txt\ngit add b.txt\n")
# a script the agent is to work on: it builds nothing
MATERIAL = "#!/bin/sh\n# deploy the site\nrsync -a site/ \"$HOST:/srv/www\"\n"


def _skill(tmp_path: Path, files: dict[str, str], fixture: str,
           prompt: str = PROMPT) -> Path:
    return make_skill(tmp_path, [{"id": "c", "prompt": prompt, "fixture": fixture,
                                  "expected_output": "A one-line chore message."}], files)


@pytest.mark.parametrize(("files", "fixture"), [
    ({"evals/fixtures/one/make-repo.sh": TARGETED}, "one"),
    ({"evals/fixtures/one/go": IN_PLACE}, "one"),
    ({"evals/fixtures/make-repo.sh": TARGETED}, "make-repo.sh"),
])
def test_a_fixture_that_is_a_harness_script_by_its_form_is_the_setup(
        tmp_path: Path, files: dict[str, str], fixture: str) -> None:
    skill = _skill(tmp_path, files, fixture)
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.files == ()  # never staged: the agent gets what it builds, not the script
    (line,) = case.setup_run
    assert line.startswith(("bash -s . <<'SKILL_EVAL_SETUP'", "sh -s . <<'SKILL_EVAL_SETUP'"))
    assert line.endswith("\nSKILL_EVAL_SETUP") and "git init -q" in line
    shown = check_verbose(skill)
    assert "is the authors' harness script" in shown and "not staged" in shown, shown
    assert "fixture evals/fixtures" not in shown
    assert "(then the script's" in shown  # shown by its first line, not its whole text
    assert f"  setup: `{line.partition(chr(10))[0]}" in shown and "git init -q" not in shown


def test_the_setup_line_builds_the_repository_without_the_script(tmp_path: Path) -> None:
    """The line as the sandbox runs it (`sh -c`): a repository with the staged change, and no
    trace of the script in the directory or its history."""
    work = tmp_path / "work"
    work.mkdir()
    subprocess.run(["sh", "-c", setup_line("bash", "x/make-repo.sh", TARGETED)], cwd=work,
                   check=True)
    staged = subprocess.run(["git", "diff", "--cached", "--name-only"], cwd=work, check=True,
                            capture_output=True, text=True).stdout.split()
    tracked = subprocess.run(["git", "ls-files"], cwd=work, check=True, capture_output=True,
                             text=True).stdout.split()
    assert staged == ["notes.md"] and tracked == ["notes.md"]
    assert sorted(p.name for p in work.iterdir()) == [".git", "notes.md"]


@pytest.mark.parametrize(("files", "fixture", "prompt"), [
    ({"evals/fixtures/one/deploy.sh": MATERIAL}, "one", PROMPT),  # builds nothing
    ({"evals/fixtures/one/make-repo.sh": TARGETED}, "one",  # the task is the script
     "Review make-repo.sh for bugs."),
    ({"evals/fixtures/one/make-repo.sh": TARGETED, "evals/fixtures/one/README.md": "x\n"},
     "one", PROMPT),  # a folder with more than the script is a project
])
def test_a_script_of_another_form_or_the_tasks_subject_stays_material(
        tmp_path: Path, files: dict[str, str], fixture: str, prompt: str) -> None:
    (case,) = load_caseset(_skill(tmp_path, files, fixture, prompt), "tidy-notes").evals
    assert case.setup_run == () and case.files


def test_a_harness_script_needing_the_network_flags_the_case(tmp_path: Path) -> None:
    script = TARGETED.replace("git init -q\n", "git clone -q https://example.com/r.git .\n")
    skill = _skill(tmp_path, {"evals/fixtures/one/make-repo.sh": script}, "one")
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.setup_run == ()
    flagged = [f for f in check_json(skill)["findings"] if f["code"] == "EV014"]
    assert len(flagged) == 1 and "needs the network" in flagged[0]["message"], flagged
    assert "harness script" in flagged[0]["message"]


def test_a_here_document_is_text_the_script_writes_not_commands() -> None:
    code = script_code(TARGETED)
    assert "pnpm install" not in code and "alpha" not in code
    assert 'cd "$DIR"' in code and "echo beta >> notes.md" in code


@pytest.mark.parametrize(("name", "text", "builds"), [
    ("s.sh", "#!/bin/sh\n# usage: s.sh <target_dir>\ntrue\n", True),
    ("s.sh", 'cd "$1"\necho x > y\n', True),
    ("s.sh", 'TARGET="$1"\nmkdir -p "$TARGET"\n', True),
    ("s.py", "import sys, os\nroot = sys.argv[1]\nos.makedirs(root)\n", True),
    ("g.sh", "git -c init.defaultBranch=main init -q .\ngit -C . add -A\n", True),
    ("setup.sh", "echo x > notes.md\n", True),  # named a setup, and writes files
    ("notes.sh", "echo x > notes.md\n", False),  # writes, but named as nothing that builds
    ("s.sh", 'echo "$1"\n', False),  # an argument, not a place
    ("s.sh", "# git init then git add\necho hi\n", False),  # comments are no commands
])
def test_the_form_that_builds_a_workspace(name: str, text: str, builds: bool) -> None:
    assert builds_workspace(Path(name), text) is builds


@pytest.mark.parametrize("comment", [
    "# expected: `chore: ...`, one line, no body.",
    "# 期待: `chore: ...` 1行、body なし。",
    "# 预期结果：chore 开头的一行",
    "// answer: chore",
    "<!-- expected a chore message -->",
    "<!-- Solution: a chore message -->",
])
def test_an_answer_comment_in_a_staged_fixture_is_an_answer_key(tmp_path: Path,
                                                                 comment: str) -> None:
    skill = make_skill(tmp_path, [{"id": "c", "prompt": "Name the change in change.txt.",
                                   "files": ["evals/files/change.txt"],
                                   "expected_output": "A chore."}],
                       {"evals/files/change.txt": f"lint rule added\n{comment}\n"})
    keys = [f for f in check_json(skill)["findings"] if f["code"] == "EV013"]
    assert len(keys) == 1, keys
    assert keys[0]["message"].startswith("answer key among the fixtures: "
                                         "evals/files/change.txt carries an answer comment")


@pytest.mark.parametrize("comment", ["# expectations are set by the team lead",
                                     "# 期待値の計算はここ", "# the answer lies below",
                                     # a page's section markers, in a landing page's markup
                                     "<!-- Solution -->", "<!-- Answer section -->"])
def test_a_comment_that_states_no_answer_is_none(tmp_path: Path, comment: str) -> None:
    skill = make_skill(tmp_path, [{"id": "c", "prompt": "Name the change in change.txt.",
                                   "files": ["evals/files/change.txt"],
                                   "expected_output": "A chore."}],
                       {"evals/files/change.txt": f"lint rule added\n{comment}\n"})
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV013"]


def test_an_answer_comment_in_a_harness_script_that_is_run_is_reported_not_staged(
        tmp_path: Path) -> None:
    """The same finding as a staged one, saying the agent never sees it; nothing refused."""
    skill = _skill(tmp_path, {"evals/fixtures/one/make-repo.sh": TARGETED.replace(
        "# expected:", "# 期待:")}, "one")
    found = check_json(skill)
    keys = [f for f in found["findings"] if f["code"] == "EV013"]
    assert len(keys) == 1, keys
    assert keys[0]["message"].startswith("answer key among the fixtures: evals/fixtures/one/"
                                         "make-repo.sh carries an answer comment ('# 期待:")
    assert "not staged" in keys[0]["message"] and "never sees it" in keys[0]["message"]
    assert not [f for f in found["findings"] if f["code"] == "EV009"]


@pytest.mark.parametrize(("note", "place"), [
    ("Run evals/files/make-repo.sh {SANDBOX}/backups before the eval.", "backups"),
    ("The harness runs make-repo.sh <workdir>/repo/sub first.", "repo/sub"),
    ("make-repo.sh is run by the harness before each case.", "."),  # no place given
    ("Run make-repo.sh /tmp/x first.", "."),  # outside the working directory: its own
    ("Run make-repo.sh <target_dir>.", "."),  # the usage's blank: the working directory
])
def test_the_target_the_cases_words_give_the_script(tmp_path: Path, note: str,
                                                    place: str) -> None:
    skill = make_skill(tmp_path, [{"id": "c", "prompt": PROMPT, "setup": note,
                                   "files": ["evals/files/make-repo.sh"],
                                   "expected_output": "A one-line chore message."}],
                       {"evals/files/make-repo.sh": TARGETED})
    (case,) = load_caseset(skill, "tidy-notes").evals
    (line,) = case.setup_run
    assert line.startswith(f"bash -s {place} <<'SKILL_EVAL_SETUP'"), line

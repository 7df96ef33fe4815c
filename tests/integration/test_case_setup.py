"""A case's setup end to end (issue 26: the starting working directory the authors meant): the
setup lines run in a real, network-less container before the real claude session starts, what
they build (a git repository with a seed commit) is in the session's working directory, and it
counts as the case's input, never as the agent's work."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.schema.enums import Arm, Outcome
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import COUNTER_MD, arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration

SEED = ("git init -q && printf 'alpha\\nbeta\\n' > notes.md && git add notes.md "
        "&& git commit -qm seed")


def test_setup_builds_the_repository_the_session_starts_in(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "commits", "prompt": "Count the commits of this repository into count.txt.",
         "setup": [SEED],
         "outputs": [{"path": "count.txt", "contains": ["1 alpha"]}]}]},
        name="counter", skill_md=COUNTER_MD)
    script = write_script(arms_script(
        "counter", "commits of this repository",
        # only the seeded repository gives one commit and the seeded file's first line
        [bash_turn("echo \"$(git rev-list --count HEAD) $(head -1 notes.md)\" > count.txt"),
         {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Guessed."}]))
    report, by = run_both_arms(options, skill, script)
    candidate, baseline = by[Arm.CANDIDATE], by[Arm.BASELINE]
    assert candidate.passed is True, (candidate.failures, candidate.error)
    assert baseline.passed is False
    assert report.rows[0].outcome is Outcome.WIN
    # what the setup built is the case's starting point in both arms: an input, not the work
    store = LocalStore(tmp_path / "store")
    keys = RunKeys(report.run_id)
    results = [json.loads(store.get(key)) for key in store.list(f"runs/{report.run_id}/trials/")
               if key == keys.trial(key.split("/")[3]).done]
    assert len(results) == 2
    for result in results:
        assert "notes.md" in result["inputs"], result["inputs"]
        assert "count.txt" not in result["inputs"]


# a case's fixture folder holding only the authors' harness script (runner.authoring.
# harness_scripts): it builds a repository with a staged change in the directory it is given
HARNESS = """#!/usr/bin/env bash
# expected: a one-line chore message
set -euo pipefail
DIR="${1:?usage: setup.sh <target_dir>}"
mkdir -p "$DIR"
cd "$DIR"
git init -q
printf 'alpha\\n' > notes.md
git add -A && git commit -qm "chore: start"
printf 'beta\\n' >> notes.md
git add notes.md
"""


def test_a_fixture_harness_script_builds_the_repository_and_is_not_staged(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    """The session starts in the repository the script builds (one commit, notes.md staged),
    with neither the script nor its folder in the working directory."""
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "staged", "prompt": "Describe the staged change into report.txt.",
         "fixture": "seed-case",
         "outputs": [{"path": "report.txt",
                      "contains": ["staged: notes.md", "commits: 1", "not:setup.sh",
                                   "not:seed-case"]}]}]},
        {"evals/fixtures/seed-case/setup.sh": HARNESS}, name="counter", skill_md=COUNTER_MD)
    look = ("echo \"staged: $(git diff --cached --name-only | tr '\\n' ' ')\" > report.txt; "
            "echo \"commits: $(git rev-list --count HEAD)\" >> report.txt; "
            "echo \"files: $(ls -A | tr '\\n' ' ')\" >> report.txt")
    _candidate_wins(options, write_script, skill, "staged change", look)


def test_a_git_state_fixture_is_the_repository_the_session_starts_in(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    """`fixture: {git: ...}` (runner.authoring.git_states): built in the sandbox before the
    session, the agent sees that state with `git status`, and can commit in it."""
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "state", "prompt": "Describe the repository's state into report.txt.",
         "fixture": {"git": {"head": {"a.txt": "one\n", "b.txt": "two\n"},
                             "staged": {"a.txt": "one!\n"}, "unstaged": {"b.txt": "two!\n"},
                             "untracked": {"c.txt": "three\n"}}},
         "outputs": [{"path": "report.txt",
                      "contains": ["M  a.txt", " M b.txt", "?? c.txt", "commits: 2"]}]}]},
        name="counter", skill_md=COUNTER_MD)
    look = ("git status --porcelain > report.txt; git commit -qm 'agent: a'; "
            "echo \"commits: $(git rev-list --count HEAD)\" >> report.txt")
    _candidate_wins(options, write_script, skill, "repository's state", look)


def _candidate_wins(options: Any, write_script: Any, skill: Path, prompt_words: str,
                    look: str) -> None:
    """The candidate runs `look` in the prepared repository and passes; the baseline writes
    "none" and fails: the comparison is a win, with no infrastructure error on either side."""
    script = write_script(arms_script(
        "counter", prompt_words, [bash_turn(look), {"text": "Described."}],
        [bash_turn("echo none > report.txt"), {"text": "Guessed."}]))
    report, by = run_both_arms(options, skill, script)
    candidate, baseline = by[Arm.CANDIDATE], by[Arm.BASELINE]
    assert candidate.passed is True, (candidate.failures, candidate.error)
    assert baseline.passed is False and baseline.error is None, baseline.error
    assert report.rows[0].outcome is Outcome.WIN

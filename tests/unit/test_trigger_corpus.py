"""A repository whose README calls its skills' sets trigger corpora, naming them by a path
pattern the set's file is (`skills/<name>/evals/evals.json`): each case with nothing but an
`expected_output` is a trigger query, should-not when the text denies the skill firing, and
its prompt's "this repo" is the words the router reads, no material (issue 26, O held)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.set_notes import repository_note
from tests.helpers import check_cli, write_data, write_skill_md

README = ("# Kit\n\n| Layer | What |\n| --- | --- |\n| 1 | Trigger corpora | Per-skill routing "
          "corpora in `{pattern}`; validated in CI. |\n")
CASES = {"skill_name": "handoff", "evals": [
    {"id": 1, "prompt": "Write a handoff for this repo so the next agent can resume.",
     "expected_output": "Activates handoff with the resume lens: compacts state, proof and "
                        "next actions into a handoff document."},
    {"id": 2, "prompt": "Review this PR before merge.",
     "expected_output": "Does NOT activate handoff; routes to review, which owns findings."},
    {"id": 3, "prompt": "Pick this repo task back up where we left off.",
     "expected_output": "Reads the tracked issue and the branch, then returns the resume "
                        "context."}]}


def _repo(tmp_path: Path, pattern: str, readme: str = README) -> Path:
    (tmp_path / "README.md").write_text(readme.format(pattern=pattern))
    skill = write_skill_md(tmp_path / "skills" / "handoff", "handoff",
                           "Writes handoffs. Use when work changes hands.", "Hand off.\n")
    write_data(skill / "evals" / "evals.json", CASES)
    return skill


@pytest.mark.parametrize("pattern", ["skills/<name>/evals/evals.json",
                                     "skills/*/evals/evals.json",
                                     "skills/{skill}/evals/evals.json"])
def test_a_readme_line_naming_the_sets_path_as_routing_corpora_is_the_sets_note(
        tmp_path: Path, pattern: str) -> None:
    skill = _repo(tmp_path, pattern)
    assert repository_note(skill / "evals" / "evals.json", skill) is not None


@pytest.mark.parametrize(("pattern", "readme"), [
    ("docs/<name>/evals.json", README),  # another path: says nothing of this set
    ("skills/<name>/evals/evals.json",
     "Trigger and behaviour evals live in `{pattern}`.\n")])  # firing and work: no corpus
def test_a_readme_line_of_another_path_or_of_work_too_is_no_note(
        tmp_path: Path, pattern: str, readme: str) -> None:
    skill = _repo(tmp_path, pattern, readme)
    assert repository_note(skill / "evals" / "evals.json", skill) is None


def test_check_reads_a_trigger_corpus_as_the_skills_trigger_set(tmp_path: Path) -> None:
    result = check_cli(str(_repo(tmp_path, "skills/<name>/evals/evals.json")))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert "the repository's README" in result.output
    assert "EV009" not in result.output


def test_without_the_readme_the_repo_its_prompts_point_at_is_refused(tmp_path: Path) -> None:
    skill = _repo(tmp_path, "docs/<name>/evals.json")
    result = check_cli(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output, result.output

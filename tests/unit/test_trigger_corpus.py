"""A repository whose README calls its skills' sets trigger corpora, naming them by a path
pattern the set's file is (`skills/<name>/evals/evals.json`): each case with nothing but an
`expected_output` is a trigger query, should-not when the text denies the skill firing, and
its prompt's "this repo" is the words the router reads, no material (issue 26, O held)."""

from __future__ import annotations

import json
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
     "expected_output": "Activates handoff with the thread lens: reads the tracked issue and "
                        "the branch, then returns the resume context."}]}


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
    cases = json.loads((skill / "evals" / "evals.json").read_text())
    cases["evals"][2]["expected_output"] = "Reads the tracked issue and returns the context."
    write_data(skill / "evals" / "evals.json", cases)  # work: no corpus by its wording
    result = check_cli(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output, result.output


def test_any_markdown_doc_of_the_repository_naming_the_path_is_the_sets_note(
        tmp_path: Path) -> None:
    skill = _repo(tmp_path, "docs/<name>/evals.json")  # the README speaks of another path
    (tmp_path / "LICENSE").write_text("MIT\n")
    (tmp_path / "docs" / "operator").mkdir(parents=True)
    (tmp_path / "docs" / "operator" / "evals.md").write_text(
        "| Suite | What |\n| --- | --- |\n| Trigger corpora | Routing intent in "
        "`skills/*/evals/evals.json` |\n")
    assert repository_note(skill / "evals" / "evals.json", skill) == (
        "docs/operator/evals.md", "| Trigger corpora | Routing intent in "
        "`skills/*/evals/evals.json` |")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "the repository's docs/operator/evals.md" in result.output


def test_a_doc_saying_the_runner_judges_skill_selection_on_the_path_is_a_note(
        tmp_path: Path) -> None:
    skill = _repo(tmp_path, "docs/<name>/evals.json")
    (tmp_path / "package.json").write_text("{}\n")
    (tmp_path / "tools.md").write_text(
        "The bench judges skill selection on each prompt of `skills/<name>/evals/evals.json`.\n")
    assert repository_note(skill / "evals" / "evals.json", skill) is not None


def test_a_doc_beyond_the_repositorys_root_is_not_read(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    skill = _repo(repo, "docs/<name>/evals.json")
    (repo / "LICENSE").write_text("MIT\n")
    (tmp_path / "notes.md").write_text("Trigger corpora in `repo/skills/*/evals/evals.json`\n")
    assert repository_note(skill / "evals" / "evals.json", skill) is None


def test_a_set_whose_every_expectation_is_a_routing_statement_is_a_corpus(
        tmp_path: Path) -> None:
    skill = _repo(tmp_path, "docs/<name>/evals.json")  # no doc calls it one
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in result.output
    assert "read as a routing corpus (every expectation is a routing statement)" in result.output


def test_a_set_with_one_statement_of_work_is_no_corpus(tmp_path: Path) -> None:
    skill = _repo(tmp_path, "docs/<name>/evals.json")
    cases = json.loads((skill / "evals" / "evals.json").read_text())
    cases["evals"][2]["expected_output"] = "Reads the tracked issue and returns the context."
    write_data(skill / "evals" / "evals.json", cases)
    result = check_cli(str(skill))
    assert "every expectation is a routing statement" not in result.output


def test_the_repositorys_docs_are_read_on_the_one_walk(tmp_path: Path) -> None:
    from runner.authoring.set_notes import _docs

    # shallow before deep; a skill named `build` is a skill (its docs read); a build folder,
    # a dependency, a hidden folder or file, and a folder past the fifth level are not
    for rel in ["a/b/c/d/deep.md", "a/b/c/d/e/too-deep.md", "README.md", "skills/build/SKILL.md",
                "skills/build/guide.md", "build/out.md", "node_modules/x/README.md",
                ".github/notes.md", ".hidden.md", "docs/z.markdown", "docs/notes.txt"]:
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("x\n")
    got = [p.relative_to(tmp_path).as_posix() for p in _docs(tmp_path)]
    assert got == ["README.md", "docs/z.markdown", "skills/build/SKILL.md",
                   "skills/build/guide.md", "a/b/c/d/deep.md"]

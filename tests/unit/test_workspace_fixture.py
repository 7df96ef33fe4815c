"""A folder a case names as its workspace (`fixture: <folder>`, `workspace:`, `repo:`,
`project:`) is the working directory itself: its contents land at the root, where the prompt's
`src/app.py` is, and `check -v` says so (issue 26). Files listed under `files`, a `fixture`
naming a file, and plural `fixtures` keep their paths."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.schema.case import Case
from runner.trial.session import stage_fixtures
from tests.helpers import check_verbose, make_skill, write_data, write_skill_md

PROJECT = {"fixtures/shop/src/app.py": "def total(xs):\n    return sum(xs) + 1\n",
           "fixtures/shop/README.md": "The shop.\n", "evals/files/repo-b/lib/x.py": "x = 1\n",
           "notes.txt": "a note\n"}
PROMPT = "Open src/app.py and fix the off-by-one in total()."


def _one(tmp_path: Path, prompt: str = PROMPT, **fields: Any) -> Case:
    case = {"id": "fix", "prompt": prompt, "assertions": ["sum(xs)"], **fields}
    caseset = load_caseset(make_skill(tmp_path, [case], PROJECT), "tidy-notes")
    (only,) = caseset.evals
    return only


@pytest.mark.parametrize(("field", "value", "folder"), [
    ("fixture", "fixtures/shop", "fixtures/shop"),
    ("fixture", "shop", "fixtures/shop"),  # the one folder of the skill so called
    ("fixture_dir", "fixtures/shop/", "fixtures/shop"),
    ("workspace", "fixtures/shop", "fixtures/shop"),
    ("repo", "files/repo-b", "evals/files/repo-b"),
    ("project", "fixtures/shop", "fixtures/shop"),
    ("fixture", "evals/files/repo-b", "evals/files/repo-b"),
])
def test_a_workspace_folder_lands_at_the_root(tmp_path: Path, field: str, value: str,
                                              folder: str) -> None:
    prompt = PROMPT if "shop" in folder else "Explain what lib/x.py sets."
    case = _one(tmp_path, prompt, **{field: value})
    assert case.files == (folder,) and case.root_fixtures == (folder,)
    assert str(case.fixture_destination(folder)) == "."
    work = tmp_path / "work"
    work.mkdir()
    stage_fixtures(case, tmp_path / "tidy-notes", work)
    expected = {p.relative_to(tmp_path / "tidy-notes" / folder).as_posix()
                for p in (tmp_path / "tidy-notes" / folder).rglob("*") if p.is_file()}
    assert {p.relative_to(work).as_posix() for p in work.rglob("*") if p.is_file()} == expected


def test_the_prompt_finds_what_it_names_and_check_says_where(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "fix", "prompt": PROMPT, "assertions": ["sum(xs)"],
                                   "fixture": "fixtures/shop"}], PROJECT)
    work = tmp_path / "work"
    work.mkdir()
    stage_fixtures(load_caseset(skill, "tidy-notes").evals[0], skill, work)
    assert (work / "src" / "app.py").is_file() and not (work / "fixtures").exists()
    out = check_verbose(skill)
    assert "fixture fixtures/shop -> its contents staged at ./ (the working directory's " \
           "root)" in out
    assert "the case's workspace: its 2 file(s) staged at the working directory's root, " \
           "not below ./fixtures/shop/ (./README.md, ./src/app.py)" in out


@pytest.mark.parametrize("fields", [
    {"files": ["fixtures/shop/src/app.py"]},  # a file keeps its relative path
    {"files": ["fixtures/shop"]},  # a folder under `files` is staged as the folder
    {"fixture": "notes.txt"},  # one file named as the fixture: at its own path
    {"fixtures": "fixtures/shop"},  # plural: a folder of fixtures, as before
    {"input_dir": "fixtures/shop"},
])
def test_other_fixtures_keep_their_paths(tmp_path: Path, fields: dict[str, Any]) -> None:
    case = _one(tmp_path, "Fix the off-by-one in total() and sum up the notes.", **fields)
    assert case.root_fixtures == ()
    assert all(str(case.fixture_destination(f)) != "." for f in case.files)
    if fields.get("files") == ["fixtures/shop/src/app.py"]:
        assert str(case.fixture_destination("fixtures/shop/src/app.py")) == \
            "fixtures/shop/src/app.py"


def test_a_label_under_project_is_no_fixture(tmp_path: Path) -> None:
    case = _one(tmp_path, "Summarise notes.txt.", project="acme-web", files=["notes.txt"])
    assert case.files == ("notes.txt",) and case.root_fixtures == ()
    assert case.extra.get("project") == "acme-web"


def test_a_case_without_a_workspace_digests_as_before() -> None:
    case = Case(id="c", prompt="p", assertions=("x",))
    assert "root_fixtures" not in case.model_dump()
    rooted = case.model_copy(update={"files": ("fixtures/shop",),
                                     "root_fixtures": ("fixtures/shop",)})
    assert rooted.digest() != case.model_copy(update={"files": ("fixtures/shop",)}).digest()


def test_a_case_that_builds_on_it_keeps_the_workspace_at_the_root(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "first", "prompt": PROMPT, "assertions": ["sum"], "fixture": "fixtures/shop"},
        {"id": "then", "prompt": "Now write a test for total() in a new file src/test_app.py.",
         "assertions": ["def test"], "depends_on": ["first"]}], PROJECT)
    then = next(c for c in load_caseset(skill, "tidy-notes").evals if c.id == "then")
    assert str(then.fixture_destination("fixtures/shop")) == "."


def _repo_with_root_set(tmp_path: Path, fields: dict[str, Any]) -> Path:
    """A repository whose root `evals/` set names a fixture folder outside the skill."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = write_skill_md(repo / "skills" / "tidy-notes", "tidy-notes",
                           'Tidies code. Use when asked to "tidy my code".', "Fix it.\n")
    write_data(repo / "evals" / "evals.json", {"skill_name": "tidy-notes", "evals": [
        {"id": "fix", "prompt": PROMPT, "assertions": ["sum(xs)"], **fields}]})
    for path, text in PROJECT.items():
        if path.startswith("fixtures/shop/"):
            write_data(repo / "tests" / path, text)
    return skill


def test_a_workspace_folder_outside_the_skill_lands_at_the_root(tmp_path: Path) -> None:
    # a shared set at the repository's root names the target repository beside it: its
    # contents are the working directory (before: below ./tests/fixtures/shop/)
    skill = _repo_with_root_set(tmp_path, {"fixture": "tests/fixtures/shop"})
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert set(case.inline_files) == {"src/app.py", "README.md"}
    work = tmp_path / "work"
    work.mkdir()
    stage_fixtures(case, skill, work)
    assert (work / "src" / "app.py").is_file() and not (work / "tests").exists()
    out = check_verbose(skill)
    assert "'tests/fixtures/shop' is the case's workspace: its 2 file(s) staged at the " \
           "working directory's root, not below ./tests/fixtures/shop/" in out, out


def test_a_folder_outside_the_skill_listed_under_files_keeps_its_path(tmp_path: Path) -> None:
    skill = _repo_with_root_set(tmp_path, {"files": ["tests/fixtures/shop"]})
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert set(case.inline_files) == {"tests/fixtures/shop/src/app.py",
                                      "tests/fixtures/shop/README.md"}
    assert case.root_fixtures == ()


def test_a_bare_workspace_name_is_a_folder_of_the_shared_sets_fixtures(tmp_path: Path) -> None:
    # `fixture: shop` beside a root set whose blueprints live in evals/fixtures/shop/
    skill = _repo_with_root_set(tmp_path, {"fixture": "shop"})
    for path, text in PROJECT.items():
        if path.startswith("fixtures/shop/"):
            write_data(tmp_path / "repo" / "evals" / path, text)
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert set(case.inline_files) == {"src/app.py", "README.md"}

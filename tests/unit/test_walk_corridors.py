"""The readers that walked a skill or its repository by a private skip list now walk it with
the one walk (runner.authoring.project_walk): a dependency, a build, a cache or a linked
folder is passed over by every one of them alike, not only the names each list carried."""

from __future__ import annotations

import json
from pathlib import Path

from runner.authoring import below_sets, layouts, offline_runs, reach
from runner.authoring.id_fixtures import id_fixtures
from runner.authoring.outside import program_folder
from runner.authoring.project_walk import subfolders
from runner.triggers import queries

CASES = [{"id": "a", "prompt": "tidy x"}]


def _files(root: Path, paths: list[str], text: str = "x\n") -> Path:
    for rel in paths:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root


def _skill(folder: Path) -> Path:
    return _files(folder, ["SKILL.md"], f"---\nname: {folder.name}\n---\n")


def test_subfolders_are_the_walks_first_level(tmp_path: Path) -> None:
    root = _files(tmp_path / "r", ["a/x", "dist/x", ".hidden/x", "b/deep/x"])
    (root / "linked").symlink_to(root / "a")
    got = [p.name for p in subfolders(root, lambda here, name: "h" if name[0] == "." else None)]
    assert got == ["a", "b"]


def test_a_set_below_in_a_build_a_dependency_or_a_runs_copy_is_not_another_set(
        tmp_path: Path) -> None:
    evals = tmp_path / "evals"
    _files(evals, ["evals.json", "consistency/evals.json", "dist/evals.json",
                   "iteration-1/evals.json", "vendor/pkg/evals.json"], json.dumps(CASES))
    below = below_sets.sets_below([evals / "evals.json"], ())
    assert [b.path.relative_to(evals).as_posix() for b in below] == ["consistency/evals.json"]


def test_a_fixture_folders_build_and_cache_are_never_staged(tmp_path: Path) -> None:
    _files(tmp_path / "fixtures" / "a", ["workspace/app.py", "workspace/dist/app.min.js",
                                         "workspace/.venv/lib.py", "workspace/src/b.py"])
    found = id_fixtures(tmp_path, "a")
    assert found is not None
    assert sorted(found.staged.values()) == ["app.py", "src/b.py"]


def test_a_grader_folder_is_carried_without_builds_or_linked_folders(tmp_path: Path) -> None:
    folder = _files(tmp_path / "graders", ["grade.py", "lib/util.py", "build/out.py",
                                           "target/x.py"])
    (folder / "linked").symlink_to(folder / "lib")
    texts, left, why = program_folder(folder / "grade.py")
    assert why == "" and left == [] and sorted(texts) == ["grade.py", "lib/util.py"]


def test_a_builds_package_json_is_not_the_projects(tmp_path: Path) -> None:
    root = _files(tmp_path / "p", ["package.json", "web/package.json", "dist/package.json",
                                   "vendor/lib/package.json", "a/b/c/package.json",
                                   "a/b/c/d/package.json"])
    got = [p.relative_to(root).as_posix() for p in offline_runs._package_files(root)]
    assert got == ["package.json", "a/b/c/package.json", "web/package.json"]


def test_a_vendored_package_is_no_part_of_the_repository(tmp_path: Path) -> None:
    repo = _files(tmp_path / "repo", ["Cargo.toml", "crates/kirin-core/lib.rs",
                                      "vendor/other-lib/lib.rs", "node_modules/left-pad/x.js"])
    skill = _skill(repo / "skills" / "kirin-skill")
    assert reach.repository_folders(skill) == frozenset({"kirin-core"})


def test_a_scripts_dependency_is_not_where_the_skill_keeps_data(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "s")
    _files(skill, ["scripts/run.py"], "p = '~/.s/state.json'\n")
    _files(skill, ["scripts/node_modules/dep/index.js"], "p = '~/.dep/cache'\n")
    assert reach.skill_home_data(skill) == ["~/.s/state.json"]


def test_a_collections_skills_never_include_a_builds_copy(tmp_path: Path) -> None:
    root = tmp_path / "col"
    for name in ("alpha", "beta", ".system/gamma", "dist/copied"):
        _skill(root / name)
    names = queries._collection(root / "alpha" / "evals" / "x.json")
    assert names == {"alpha", "beta", "gamma"}


def test_a_set_folder_in_a_vendored_or_linked_folder_is_not_the_skills(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "s")
    _files(skill, ["research/evals/evals.json", "vendor/evals/evals.json",
                   "fixtures/evals/evals.json"], json.dumps(CASES))
    (skill / "linked").symlink_to(skill / "research")
    got = [p.relative_to(skill).as_posix() for p, _ in layouts._nested_sets(skill)]
    assert got == ["research/evals"]

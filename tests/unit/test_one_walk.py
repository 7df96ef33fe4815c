"""One walk of a skill's files (runner.authoring.project_walk.Walk): its order, its limits, the
folders no walk enters, and other_sets served from it (a nested skill's set, a run's copy and
a build folder's file are never another set of this skill)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring import other_sets as other_sets_module
from runner.authoring import whole_project
from runner.authoring.other_sets import other_set_lines, other_sets
from runner.authoring.project_walk import Walk, nested_skill, never_walked, past_outputs
from tests.helpers import make_skill

ENTRIES = [{"id": "a", "prompt": "tidy x"}, {"id": "b", "prompt": "tidy y"}]


def _tree(root: Path, paths: list[str]) -> Path:
    for rel in paths:
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text("x\n")
    return root


def test_the_walk_is_sorted_a_folders_files_before_its_subfolders(tmp_path: Path) -> None:
    root = _tree(tmp_path / "r", ["b.txt", "a.txt", "z/2.txt", "z/1.txt", "m/q/deep.txt"])
    got = [p.relative_to(root).as_posix() for p in Walk(root).files()]
    assert got == ["a.txt", "b.txt", "m/q/deep.txt", "z/1.txt", "z/2.txt"]


def test_depth_and_limit_bound_the_walk_and_say_so(tmp_path: Path) -> None:
    root = _tree(tmp_path / "r", ["a.txt", "one/b.txt", "one/two/c.txt", "one/two/three/d.txt"])
    walk = Walk(root, depth=2)
    assert [p.name for p in walk.files()] == ["a.txt", "b.txt", "c.txt"]
    assert walk.left == {"folders deeper than 2": 1} and not walk.stopped
    capped = Walk(root, limit=2)
    assert [p.name for p in capped.files()] == ["a.txt", "b.txt"] and capped.stopped


def test_a_symlinked_file_is_never_yielded_and_is_counted(tmp_path: Path) -> None:
    root = _tree(tmp_path / "r", ["a.txt"])
    (tmp_path / "outside.txt").write_text("secret\n")
    (root / "link.txt").symlink_to(tmp_path / "outside.txt")
    walk = Walk(root)
    assert [p.name for p in walk.files()] == ["a.txt"] and walk.left["symlinks"] == 1


def test_the_shared_prunes_name_a_nested_skill_and_a_runs_copies(tmp_path: Path) -> None:
    (tmp_path / "inner").mkdir()
    (tmp_path / "inner" / "SKILL.md").write_text("---\nname: inner\n---\n")
    assert nested_skill(tmp_path, "inner") == "skill folders"
    assert past_outputs(tmp_path, "notes-workspace") == "*-workspace/ (past outputs)"
    assert past_outputs(tmp_path, "iteration-3") == "iteration-N/ (past outputs)"
    assert past_outputs(tmp_path, "iterative-notes") is None
    assert past_outputs(tmp_path, "iterations") is None  # a project's notes, not a run's copy
    assert nested_skill(tmp_path, "assets") is None


def test_other_sets_never_reports_a_nested_skills_a_copys_or_a_builds_set(
        tmp_path: Path) -> None:
    cases = json.dumps(ENTRIES)
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain."}], {
        "assets/eval-cases.json": cases,  # the one other set of this skill
        "tools/inner/SKILL.md": "---\nname: inner\ndescription: d\n---\nbody\n",
        "tools/inner/eval-cases.json": cases,  # the nested skill's own
        "workspace/eval-cases.json": cases,  # a run's records
        "iteration-2/eval-cases.json": cases,  # a run's copy
        "out/eval-cases.json": cases,  # a build folder (no walk enters out/)
        "coverage/eval-cases.json": cases,
        ".github/eval-cases.json": cases})
    found = other_sets(skill, "tidy-notes", [str(skill / "evals" / "evals.json")])
    assert [p.relative_to(skill).as_posix() for p in found] == ["assets/eval-cases.json"]


def test_other_sets_keep_the_first_files_in_sorted_order_and_show_four(tmp_path: Path) -> None:
    cases = json.dumps(ENTRIES)
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain."}],
                       {f"sets/{n}/eval-cases.json": cases for n in "edcba"})
    line = other_set_lines(skill, "tidy-notes", [str(skill / "evals" / "evals.json")])[0]
    shown = [f"{skill}/sets/{n}/eval-cases.json" for n in "abcd"]
    assert f"not read: {', '.join(shown)} and 1 more " in line


def test_other_sets_look_at_the_first_files_only(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    cases = json.dumps(ENTRIES)
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain."}],
                       {"a/notes.txt": "x\n", "a/more.txt": "y\n", "b/eval-cases.json": cases})
    read = [str(skill / "evals" / "evals.json")]
    assert other_sets(skill, "tidy-notes", read)  # under the cap (400): found
    # the skill's own files (SKILL.md), then a/'s: a cap of 3 never reaches b/
    monkeypatch.setattr(other_sets_module, "_FILES", 3)
    assert other_sets(skill, "tidy-notes", read) == []


def test_staging_a_project_leaves_out_a_runs_iteration_copies(tmp_path: Path) -> None:
    root = tmp_path / "project"
    _tree(root, ["app.py", "iteration-1/output.md", "kb/iterations/iteration-152-notes.md"])
    (root / ".git").mkdir()
    staged = whole_project._walk.__wrapped__(root, None)  # type: ignore[attr-defined]
    assert "app.py" in staged.files and "iteration-1/output.md" not in staged.files
    assert "kb/iterations/iteration-152-notes.md" in staged.files  # the author's notes
    assert staged.left_out.get("iteration-N/ (past outputs)") == 1


def test_a_bare_name_is_the_skills_one_file_though_a_build_holds_a_copy(
        tmp_path: Path) -> None:
    from runner.authoring.references import _find

    name = "worked-example.md"
    skill = _tree(tmp_path / "skill", ["SKILL.md", f"docs/{name}", f"dist/{name}",
                                       f"node_modules/x/{name}"])
    assert _find(name, [skill], skill) == (skill / "docs" / name).resolve()
    _tree(skill, ["more/worked-example.md"])
    assert _find("worked-example.md", [skill], skill) is None  # two of the skill's own: unsure


def test_the_authors_programs_in_evals_are_walked_without_hidden_or_build_folders(
        tmp_path: Path) -> None:
    from runner.authoring.programs import evals_programs

    skill = _tree(tmp_path / "skill", ["SKILL.md", "evals/grade.py", "evals/lib/check_x.py",
                                       "evals/.cache/old.py", "evals/dist/bundle.js"])
    assert evals_programs(skill) == ["evals/grade.py", "evals/lib/check_x.py"]


def test_check_names_the_skills_other_set_and_never_a_builds_or_a_nested_skills(
        tmp_path: Path) -> None:
    from tests.helpers import check_cli

    cases = json.dumps(ENTRIES)
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku about rain.",
                                   "must_include": ["rain"]}], {
        "assets/eval-cases.json": cases,
        "out/eval-cases.json": cases,
        "tools/inner/SKILL.md": "---\nname: inner\ndescription: d\n---\nbody\n",
        "tools/inner/eval-cases.json": cases})
    shown = check_cli(str(skill)).output
    assert (f"other case sets of this skill, where no layout looks, not read: "
            f"{skill / 'assets' / 'eval-cases.json'} (check one with:") in shown, shown
    assert "out/eval-cases.json" not in shown and "inner/eval-cases.json" not in shown


def test_a_skill_named_like_a_dependency_folder_is_walked_and_a_real_one_is_not(
        tmp_path: Path) -> None:
    # a collection whose skills are called `env` and `coverage`: skills, not dependencies;
    # `node_modules/` and `.venv/` without a SKILL.md stay unwalked, and a hidden folder
    # holding one stays tooling
    root = _tree(tmp_path / "c", ["skills/env/SKILL.md", "skills/env/ref.md",
                                  "coverage/SKILL.md", "node_modules/x/SKILL.md",
                                  "node_modules/x/index.js", ".venv/lib/x.py",
                                  ".cache/SKILL.md", "skills/env/out/report.txt"])
    walk = Walk(root)
    got = [p.relative_to(root).as_posix() for p in walk.files()]
    assert got == ["coverage/SKILL.md", "skills/env/SKILL.md", "skills/env/ref.md"]
    assert walk.left == {"node_modules/": 1, ".venv/": 1, ".cache/": 1, "out/": 1}
    assert never_walked(root / "skills", "env") is None
    assert never_walked(root, "node_modules") == "node_modules/"


def test_staging_a_project_leaves_a_skill_named_env_out_as_a_skill(tmp_path: Path) -> None:
    root = _tree(tmp_path / "project", ["app.py", "env/SKILL.md", "env/notes.md",
                                        "coverage/index.html"])
    staged = whole_project._walk.__wrapped__(root, None)  # type: ignore[attr-defined]
    assert list(staged.files) == ["app.py"]
    assert staged.left_out.get("skill folders") == 1 and "coverage/" in staged.left_out


def test_a_repositorys_skills_are_found_on_the_one_walk(tmp_path: Path) -> None:
    from runner.authoring.layouts import hidden_sets, skill_files, skill_folders

    root = _tree(tmp_path / "repo", ["skills/env/SKILL.md", "skills/tidy/SKILL.md",
                                     "dist/skills/tidy/SKILL.md",  # a build's copy
                                     "dist/skills/tidy/evals/evals.json",
                                     "vendor/x/skills/other/SKILL.md",  # another's
                                     "templates/skill-notes.md",
                                     "node_modules/pkg/SKILL.md"])
    (root / ".claude" / "skills" / "notes").mkdir(parents=True)
    # a SKILL.md that is a link to the repository's own file is the skill's
    (root / ".claude" / "skills" / "notes" / "SKILL.md").symlink_to(
        root / "templates" / "skill-notes.md")
    found = [p.relative_to(root).as_posix() for p in skill_files(root)]
    assert found == [".claude/skills/notes/SKILL.md", "skills/env/SKILL.md",
                     "skills/tidy/SKILL.md"]
    assert [p.relative_to(root).as_posix() for p in skill_folders(root)] == [
        "skills/env", "skills/tidy"]
    assert hidden_sets(root) == []  # never the build copy's set


def test_check_a_repository_never_runs_a_builds_copy_of_its_skill(tmp_path: Path) -> None:
    from tests.helpers import check_cli

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    cases = [{"id": "a", "prompt": "Write a haiku about rain.", "must_include": ["rain"]}]
    make_skill(repo / "skills", cases)
    make_skill(repo / "dist" / "skills", cases)  # the build's copy: no skill of the repository
    shown = check_cli(str(repo))
    assert shown.exit_code == 0, shown.output
    assert "a collection of" not in shown.output and "dist/" not in shown.output, shown.output
    assert f"set: {repo / 'skills' / 'tidy-notes' / 'evals' / 'evals.json'}" in shown.output

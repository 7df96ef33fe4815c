"""A repository's `evals/skills/<skill>/` (runner.authoring.layouts, casedirs): that skill's
case folders, or, holding a `task.md` itself, one case; a JSON rubric (`criteria.json`, a
list of criteria each with a description) gives its statements, never a fixture; a case
folder's files outside the skill land at the working directory's root as they sit in it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError
from tests.helpers import check_verbose

SKILL_MD = "---\nname: {0}\ndescription: Use when asked to {0} a service.\n---\nDo it.\n"
CRITERIA = json.dumps({"criteria": [
    {"name": "Tests first", "description": "The agent writes tests before editing.",
     "weight": 60},
    {"name": "Docs", "description": "Public methods carry doc comments.", "weight": 40}]})


def _repo(root: Path, files: dict[str, str]) -> Path:
    (root / ".git").mkdir()
    for name in ("shrink", "other"):
        skill = root / "skills" / "ruby" / name
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(SKILL_MD.format(name))
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    return root / "skills" / "ruby" / "shrink"


def test_case_folders_under_evals_skills_named_for_the_skill(tmp_path: Path) -> None:
    skill = _repo(tmp_path, {
        "evals/skills/shrink/fat-controller/task.md": "Shrink app/orders.rb.\n",
        "evals/skills/shrink/fat-controller/criteria.json": CRITERIA,
        "evals/skills/shrink/fat-controller/app/orders.rb": "class Orders; end\n"})
    (case,) = load_caseset(skill, "shrink").evals
    assert case.id == "fat-controller"
    assert case.statements == ("The agent writes tests before editing.",
                               "Public methods carry doc comments.")
    assert not any("criteria" in f for f in case.files)  # the rubric is never staged
    assert set(case.inline_files) == {"app/orders.rb"}  # at the root, as in its folder


def test_a_folder_named_for_the_skill_holding_a_task_is_one_case(tmp_path: Path) -> None:
    skill = _repo(tmp_path, {"evals/skills/shrink/task.md": "Shrink source/app/orders.rb.\n",
                             "evals/skills/shrink/criteria.json": CRITERIA,
                             "evals/skills/shrink/source/app/orders.rb": "class Orders; end\n"})
    (case,) = load_caseset(skill, "shrink").evals
    assert case.id == "shrink" and len(case.statements) == 2
    assert set(case.inline_files) == {"source/app/orders.rb"}
    shown = check_verbose(skill)
    assert "source/: no prompt file" not in shown and "statements from criteria.json" in shown


def test_another_skills_folder_is_not_this_ones(tmp_path: Path) -> None:
    skill = _repo(tmp_path, {"evals/skills/other/task.md": "Do the other thing.\n"})
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(skill, "shrink")

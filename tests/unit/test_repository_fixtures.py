"""A set inside the skill naming a fixture path (with a folder) that the skill does not hold
but its repository does (`tests/fixtures/golden/sample-feature`, the repository's shared
fixtures): staged from the folder above the skill that holds it, up to the repository's root
(the folder holding `.git`, else `.github`), with an EV012 line saying where it was found; a
path found nowhere in the repository, or a bare name, stays as before (refused, EV009)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli as check

FIXTURE = "tests/fixtures/golden/sample-feature"


def _repo(tmp_path: Path, files: list[str], marker: str = ".git",
          prompt: str = "Review the trace chain of the feature in the input files.") -> Path:
    root = tmp_path / "repo"
    (root / marker).mkdir(parents=True)
    feature = root / FIXTURE
    (feature / "phase-1").mkdir(parents=True)
    (feature / "brief.json").write_text('{"feature": "reminders"}\n')
    (feature / "phase-1" / "tasks.md").write_text("- TASK-1 covers UNIT-1\n")
    (root / "README.md").write_text("# the repository\n")
    skill = root / "shared" / "skills" / "audit"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: audit\ndescription: Audits a feature's trace "
                                    "chain when asked to review one.\n---\nTrace each task.\n")
    case: dict[str, Any] = {"id": "trace", "prompt": prompt, "files": files,
                            "expectations": ["Names TASK-1 as covering UNIT-1"]}
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "audit",
                                                            "evals": [case]}))
    return skill


def test_a_repository_fixture_is_staged_from_the_repository(tmp_path: Path) -> None:
    case = load_caseset(_repo(tmp_path, [FIXTURE])).evals[0]
    assert case.inline_files == {f"{FIXTURE}/brief.json": '{"feature": "reminders"}\n',
                                 f"{FIXTURE}/phase-1/tasks.md": "- TASK-1 covers UNIT-1\n"}


def test_an_exported_checkout_without_git_is_bounded_by_its_github_folder(
        tmp_path: Path) -> None:
    case = load_caseset(_repo(tmp_path, [FIXTURE], marker=".github")).evals[0]
    assert f"{FIXTURE}/brief.json" in case.inline_files


def test_it_lands_where_the_prompt_names_it(tmp_path: Path) -> None:
    skill = _repo(tmp_path, [FIXTURE], prompt="The input golden/sample-feature holds the "
                                              "chain: review it.")
    case = load_caseset(skill).evals[0]
    assert set(case.inline_files) == {"golden/sample-feature/brief.json",
                                      "golden/sample-feature/phase-1/tasks.md"}


def test_a_path_nowhere_in_the_repository_or_a_bare_name_stays_refused(tmp_path: Path) -> None:
    skill = _repo(tmp_path, ["tests/fixtures/golden/other-feature"])
    result = check(str(skill))
    assert result.exit_code != 0 and "other-feature" in result.output, result.output
    bare = _repo(tmp_path / "b", ["README.md"])
    assert check(str(bare)).exit_code != 0


def test_check_says_where_the_fixture_was_found(tmp_path: Path) -> None:
    skill = _repo(tmp_path, [FIXTURE])
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert f"fixture '{FIXTURE}' is not in the skill; found in its repository at " \
           f"{skill.parent.parent.parent / FIXTURE}: staged from there at ./{FIXTURE}" \
        in result.output

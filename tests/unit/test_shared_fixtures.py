"""A shared case read beside the skill's own set (a collection's root set naming the skill):
its `files` resolve from ITS set file's folder first, then the skill, then the repository root
(runner.authoring.outside), never from the skill's own set folder first."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli as check

PROMPT = "Format the table in data/table.txt with aligned columns please."


def _repo(tmp_path: Path, shared: list[dict[str, Any]], own: list[dict[str, Any]]) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "evals" / "data").mkdir(parents=True)
    (tmp_path / "evals" / "evals.json").write_text(json.dumps({"evals": shared}))
    skill = tmp_path / "skills" / "ledger"
    (skill / "evals" / "data").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: ledger\ndescription: Formats ledger tables "
                                    "for reports.\n---\nKeep columns aligned.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": own}))
    return skill


def _case(ident: str, **extra: Any) -> dict[str, Any]:
    return {"id": ident, "prompt": PROMPT, "files": ["data/table.txt"],
            "assertions": ["Every column of the table is aligned"], **extra}


def _staged(case: Any, skill: Path) -> dict[str, str]:
    """What the case stages: path in the work dir -> text."""
    own = {case.staged_at.get(f, f): (skill / f).read_text() for f in case.files}
    return {**own, **case.inline_files}


def test_a_shared_case_takes_the_fixture_beside_its_own_set(tmp_path: Path) -> None:
    skill = _repo(tmp_path, [_case("s1", skill="ledger")], [_case("own")])
    (tmp_path / "evals" / "data" / "table.txt").write_text("shared table\n")
    (skill / "evals" / "data" / "table.txt").write_text("own table\n")
    cases = {c.id: c for c in load_caseset(skill, "ledger").evals}
    assert "own table\n" in _staged(cases["own"], skill).values()
    shared = _staged(cases["s1"], skill)
    assert "shared table\n" in shared.values() and "own table\n" not in shared.values()


def test_a_shared_case_falls_back_to_the_skill(tmp_path: Path) -> None:
    """Negative: with nothing beside the shared set, the skill's file is still found."""
    skill = _repo(tmp_path, [_case("s1", skill="ledger")], [_case("own")])
    (skill / "data").mkdir()
    (skill / "data" / "table.txt").write_text("skill table\n")
    (skill / "evals" / "data" / "table.txt").write_text("own table\n")
    cases = {c.id: c for c in load_caseset(skill, "ledger").evals}
    assert "skill table\n" in _staged(cases["s1"], skill).values()


def test_check_json_names_where_a_shared_fixture_was_found(tmp_path: Path) -> None:
    skill = _repo(tmp_path, [_case("s1", skill="ledger")], [_case("own")])
    (tmp_path / "evals" / "data" / "table.txt").write_text("shared table\n")
    (skill / "evals" / "data" / "table.txt").write_text("own table\n")
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    fixtures = {c["id"]: c["fixtures"] for c in report["cases"]}
    assert fixtures["own"][0]["file"] == "evals/data/table.txt"
    assert fixtures["s1"][0]["staged_at"] == "data/table.txt"
    assert "inline" in fixtures["s1"][0]["written"]  # carried from the shared set's folder
    assert any(f["case"] == "s1" and "staged from outside the skill" in f["message"]
               and f["file"] == str(tmp_path / "evals" / "evals.json")
               for f in report["findings"])

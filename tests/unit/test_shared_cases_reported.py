"""A skill with its own set and a shared set above it (a collection's root set whose cases
name their skill): the shared cases naming this skill are read beside its own set (their
authors named the skill), and plain `check` says so."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check

LINE = "name this skill: read beside its own set"


def _skill(root: Path, name: str, own: list[dict[str, Any]] | None) -> Path:
    skill = root / "skills" / name
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Formats {name} "
                                    "tables for reports.\n---\nKeep columns aligned.\n")
    if own is not None:
        (skill / "evals").mkdir()
        (skill / "evals" / "evals.json").write_text(json.dumps({"evals": own}))
    return skill


def _case(n: int, **extra: Any) -> dict[str, Any]:
    return {"id": f"c{n}", "prompt": f"Format table {n} with aligned columns please.",
            "assertions": ["Every column of the table is aligned"], **extra}


def _repo(tmp_path: Path, shared: list[dict[str, Any]]) -> Path:
    (tmp_path / ".git").mkdir()
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "evals.json").write_text(json.dumps({"evals": shared}))
    return tmp_path


def test_shared_cases_naming_the_skill_get_a_line(tmp_path: Path) -> None:
    root = _repo(tmp_path, [_case(1, target_skill="ledger"), _case(2, skill="ledger"),
                            _case(3, target_skill="invoice")])
    ledger = _skill(root, "ledger", [_case(9)])
    _skill(root, "invoice", None)
    result = check(str(ledger))
    assert result.exit_code == 0, result.output
    shared = root / "evals" / "evals.json"
    assert f"shared set {shared}: 2 of its 3 case(s) {LINE}" in result.output
    assert f"--cases {shared}" in result.output
    assert "3 case(s): c9, c1, c2" in result.output  # its own, then the shared naming it


def test_no_line_when_no_shared_case_names_the_skill(tmp_path: Path) -> None:
    root = _repo(tmp_path, [_case(1, target_skill="invoice"), _case(2)])
    ledger = _skill(root, "ledger", [_case(9)])
    _skill(root, "invoice", None)
    result = check(str(ledger))
    assert result.exit_code == 0, result.output
    assert LINE not in result.output


def test_no_line_when_the_shared_set_is_the_one_read(tmp_path: Path) -> None:
    root = _repo(tmp_path, [_case(1, target_skill="ledger"), _case(2, target_skill="invoice")])
    ledger = _skill(root, "ledger", None)
    _skill(root, "invoice", None)
    result = check(str(ledger))
    assert result.exit_code == 0, result.output
    assert LINE not in result.output
    assert "1 case(s): c1" in result.output

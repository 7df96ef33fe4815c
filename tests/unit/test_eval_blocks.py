"""A block named as the case's evaluation (`evalConfig: {expectedOutput: ...}`, `evaluation:
{...}`): the case's own fields grouped, read as written at the case's top level, camelCase
keys too (runner.authoring.dialects `_eval_block`). Before, the block was a field no rule knows
and the case tied in every arm (EV008)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.schema.case import CaseSet
from tests.helpers import make_skill


def _load(tmp_path: Path, cases: list[dict[str, Any]]) -> CaseSet:
    return load_caseset(make_skill(tmp_path, cases, name="memo"), "memo")


def test_an_eval_config_block_is_read_as_the_case_s_fields(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "evalConfig": {"mustContain": ["Friday"],
                                           "expectedOutput": "A memo naming the date."}}])
    (case,) = got.evals
    assert "Friday" in case.assertions
    assert case.expected_output == "A memo naming the date."
    assert any("`eval_config` holds the case's own fields" in f.message for f in got.findings)


def test_the_case_s_own_field_wins_and_the_block_s_is_kept(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "expected_output": "A memo naming the date.",
                            "evaluation": {"expected_output": "Another answer",
                                           "assertions": ["Friday"]}}])
    (case,) = got.evals
    assert case.expected_output == "A memo naming the date." and "Friday" in case.assertions
    assert any("expected_output kept, the case has its own" in f.message for f in got.findings)


def test_a_block_of_named_checks_is_read_as_named_checks(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "evaluation": {"names_the_date": True}}])
    assert not any("holds the case's own fields" in f.message for f in got.findings)
    assert got.evals[0].statements == ("names the date",)

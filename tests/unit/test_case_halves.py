"""Two case files of one folder holding the same cases by id, each grading with what the
other lacks (`evals.json` with expected_output beside `eval_metadata.json` with assertions):
one set, each case joined with its twin (runner.authoring.case_halves)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.authoring.case_halves import join, pairs
from runner.authoring.caseset import load_caseset
from runner.cli import main
from runner.errors import CaseSetError

PROMPTS = ["Sales were north 4, south 7. Write a table of totals per region.",
           "Sales were north 2, south 9, then north 5. Which region fell?"]


def _main_cases() -> list[dict[str, Any]]:
    return [{"id": n, "name": f"case-{n}", "prompt": p, "expected_output": f"A table ({n})"}
            for n, p in enumerate(PROMPTS, 1)]


def _meta_cases(**extra: Any) -> list[dict[str, Any]]:
    return [{"eval_id": n, "eval_name": f"case-{n}", "prompt": p,
             "assertions": [{"text": f"The table has a row per region ({n})",
                             "check": "rows_per_region"}], **extra}
            for n, p in enumerate(PROMPTS, 1)]


def _skill(tmp_path: Path, meta: list[dict[str, Any]]) -> Path:
    skill = tmp_path / "totals"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: totals\ndescription: Sum CSV files.\n---\n")
    (skill / "evals" / "evals.json").write_text(
        json.dumps({"skill_name": "totals", "evals": _main_cases()}))
    (skill / "evals" / "eval_metadata.json").write_text(
        json.dumps({"skill_name": "totals", "evals": meta}))
    return skill


def test_twins_pair_by_id_and_name() -> None:
    found = pairs(_main_cases(), _meta_cases())
    assert [(a["id"], b["eval_id"]) for a, b in found] == [(1, 1), (2, 2)]


def test_files_grading_with_the_same_field_are_no_halves() -> None:
    versions = [{**c, "expected_output": "x"} for c in _meta_cases()]
    assert pairs(_main_cases(), versions) == []


def test_a_case_without_its_twin_is_no_halves() -> None:
    other = _meta_cases()
    other[1]["eval_id"] = 9
    assert pairs(_main_cases(), other) == []


def test_a_file_of_assertions_for_some_cases_is_a_half() -> None:
    halves = join(("evals.json", _main_cases()), ("eval_metadata.json", _meta_cases()[:1]))
    assert halves is not None
    assert [("assertions" in c, c["expected_output"]) for c in halves.cases] == [
        (True, "A table (1)"), (False, "A table (2)")]
    assert "1 case(s) written in one file only are read as written" in halves.line


def test_a_prompt_reworded_in_the_other_file_is_said_and_the_sets_is_read() -> None:
    other = _meta_cases()
    other[0]["prompt"] = "Reworded"
    halves = join(("evals.json", _main_cases()), ("eval_metadata.json", other))
    assert halves is not None and halves.cases[0]["prompt"] == PROMPTS[0]
    assert "where both write prompt and differ, evals.json's is read" in halves.line


def test_each_case_is_graded_by_both_halves(tmp_path: Path) -> None:
    caseset = load_caseset(_skill(tmp_path, _meta_cases()))
    assert [c.id for c in caseset.evals] == ["1", "2"]
    first = caseset.evals[0]
    assert first.expected_output == "A table (1)"
    # the words are the statement; the identifier beside them names the check
    assert "The table has a row per region (1)" in first.statements


def test_two_versions_of_the_same_cases_stay_refused(tmp_path: Path) -> None:
    versions = [{**c, "expected_output": "another"} for c in _meta_cases()]
    with pytest.raises(CaseSetError, match="versions of one set"):
        load_caseset(_skill(tmp_path, versions))


def test_check_says_how_the_halves_were_read(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_skill(tmp_path, _meta_cases()))])
    assert result.exit_code == 0, result.output
    assert "each joined with its twin by id in eval_metadata.json" in result.output
    assert "evals.json and eval_metadata.json hold the same 2 case(s) by id" in result.output


def test_a_check_named_by_an_identifier_keeps_kind_as_its_operand(tmp_path: Path) -> None:
    meta = _meta_cases()
    meta[0]["assertions"] = [{"text": "Exactly one gap, kind missing_row",
                              "check": "gap_matches", "kind": "missing_row"}]
    first = load_caseset(_skill(tmp_path, meta)).evals[0]
    assert "Exactly one gap, kind missing_row" in first.statements

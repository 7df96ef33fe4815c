"""A harness's `kind:operand` assertion strings (issue 26; docs/case-sets.md): a typed check
written in one string, read as the check its kind names (`response_contains:x` a text in the
final answer, `response_not_contains:x` its absence, `artifact_exists:f` an output), the
skill's activation a trigger query, and a kind no rule reads kept with a line: never a text
searched for as written. Through the real `skill-eval check`, on a set of our own making."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.assertion_dsl import keyed
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _set(tmp_path: Path, assertions: list[Any]) -> Path:
    skill = write_skill_md(tmp_path / "park-lister", "park-lister",
                           "Use when the user asks which parks the city lists.")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "List the parks you know of in a short answer.",
        "assertions": assertions}]})
    return skill


def _report(skill: Path) -> Any:
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


@pytest.mark.parametrize(("text", "found"), [
    ("response_contains:raleighnc", ("response_contains", "raleighnc")),
    ("response_not_contains:api key", ("response_not_contains", "api key")),
    ("exit_status:completed", ("exit_status", "completed")),
    ("status_code: 200", None),  # the operand right after the colon: this is text to find
    ("Note: keep it short", None), ("https://example.org", None), ("contains:x", None)])
def test_the_form_is_a_snake_case_kind_and_its_operand(
        text: str, found: tuple[str, str] | None) -> None:
    assert keyed(text) == found


def test_kinds_are_read_as_the_checks_they_name_on_the_final_answer(tmp_path: Path) -> None:
    skill = _set(tmp_path, ["response_contains:Oakwood", "response_not_contains:api key",
                            "activation_evidence_contains:park-lister", "exit_status:completed"])
    case = _report(skill)["cases"][0]
    checks = {c["entry"]: c["reads"] for c in case["checks"]}
    # the author's operand, not `response_contains:Oakwood` searched for as written
    assert set(checks) == {"Oakwood", "not:api key"}
    assert all("final text only" in reads for reads in checks.values())
    assert any(i.startswith("`exit_status:` expectation") for i in case["ignored"])
    assert any(i.startswith("activation check (trigger expectation)") for i in case["ignored"])
    shown = check(str(skill)).output
    assert "`exit_status:` expectation in 1 case(s)" in shown
    assert "`response_contains:` strings read as 'contains' checks on the final answer" in shown


def test_an_artifact_kind_is_an_output_check(tmp_path: Path) -> None:
    skill = _set(tmp_path, ["artifact_exists:parks.md", "response_contains:Oakwood"])
    result = check(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "output parks.md: must exist" in result.output


def test_without_a_readable_kind_the_strings_stay_plain(tmp_path: Path) -> None:
    """`exit_status:completed` alone shows no harness language: the plain-string rule reads it,
    as before."""
    skill = _set(tmp_path, ["exit_status:completed"])
    case = _report(skill)["cases"][0]
    assert [c["entry"] for c in case["checks"]] == ["exit_status:completed"]

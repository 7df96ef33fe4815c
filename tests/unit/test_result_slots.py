"""skill-creator's grading record on each expectation ({text, passed, evidence}) copied into a
set with its slots empty is nothing to grade and nothing to report; a filled slot (a result
written into the set) stays shown as an ignored key."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli, make_skill


def _ignored(tmp_path: Path, passed: object, evidence: str) -> str:
    skill = make_skill(tmp_path, {"skill_name": "report-maker", "evals": [
        {"id": 1, "prompt": "Write a short weekly report on our three product lines.",
         "assertions": [{"text": "The report states the weekly total", "passed": passed,
                         "evidence": evidence}]}]})
    (case,) = load_caseset(skill).evals
    assert case.statements == ("The report states the weekly total",)
    return str(check_cli(str(skill)).output)


def test_empty_result_slots_are_no_ignored_key(tmp_path: Path) -> None:
    assert "check key" not in _ignored(tmp_path, None, "")


def test_a_filled_result_stays_shown(tmp_path: Path) -> None:
    said = _ignored(tmp_path, True, "Total: 4,120")
    assert "check key 'passed'" in said and "check key 'evidence'" in said

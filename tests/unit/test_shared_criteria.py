"""Criteria written once for every case, in a file beside the set (`expected_behaviors.yml`
beside `prompts.yml`): each a statement of every case; the file's other lists said, not
graded. A one-word harness setting (`mode: heuristic`) is never sent as the task's material."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, check_verbose, write_skill_md

PROMPTS = """skill_id: payments
prompts:
  - id: p1
    prompt: Compare two payment gateways for an Egyptian marketplace.
    mode: heuristic
  - id: p2
    prompt: Add refund support to a HyperPay integration described here - it charges cards.
    mode: heuristic
"""


def _skill(tmp_path: Path, criteria: str) -> Path:
    skill = write_skill_md(tmp_path / "payments", "payments", "Payment gateways of the region. "
                           "Use when integrating one.")
    (skill / "evals").mkdir()
    (skill / "evals" / "prompts.yml").write_text(PROMPTS, encoding="utf-8")
    (skill / "evals" / "expected_behaviors.yml").write_text(criteria, encoding="utf-8")
    return skill


def test_criteria_beside_the_set_grade_every_case(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "skill_id: payments\nexpected_behaviors:\n"
                             "  - Separates the sandbox flow from the live flow.\n"
                             "  - Does not invent credentials or endpoints.\n"
                             "safety_rules:\n  - Use sandbox keys first.\n")
    shown = check_verbose(skill)
    assert shown.count("statement Separates the sandbox flow from the live flow.") == 2
    assert shown.count("statement Does not invent credentials or endpoints.: grader model, "
                       "an absence") == 2
    assert "`expected_behaviors` (2 criteria, no case named) read as statements of every " \
        "case" in shown and "`safety_rules` kept, not graded" in shown
    assert "Mode:" not in shown and "ignored: mode (metadata, not graded)" in shown


def test_criteria_of_another_skill_are_not_taken(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "skill_id: shipping\nexpected_behaviors:\n"
                             "  - Quotes the carrier's rate.\n")
    result = check_cli(str(skill))
    assert result.exit_code == 2, result.output  # nothing grades the cases
    assert "Quotes the carrier" not in result.output

"""Fields demanding what the work says: `required_facts` (a word of obligation over facts,
points, topics ...) holding sentences are statements the work must show; `forbidden_boilerplate`
failures it must avoid; `must_report_verification: true` the statement "Must report
verification". None is a text to find verbatim, none is left unread."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def test_required_facts_and_forbidden_boilerplate(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "fixer", "fixer", "Fixes a crash with the smallest change.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": "handoff", "prompt": "The settings page crashes after Save: 'TypeError: x is "
        "undefined'. Fix the smallest cause.",
        "required_facts": ["verified symptom and root cause", "changed surface"],
        "forbidden_boilerplate": ["repeat or paraphrase the user request"],
        "must_report_verification": True}]})
    shown = check_verbose(skill)
    assert "statement verified symptom and root cause: grader model" in shown
    assert "statement changed surface: grader model" in shown
    assert "repeat or paraphrase the user request" in shown and "avoid" in shown.lower()
    assert "statement Must report verification: grader model" in shown
    assert "a field no rule knows" not in shown

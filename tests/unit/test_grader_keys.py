"""An answer key beside a staged fixture, addressed to the grader in its own opening lines
("# ANSWER KEY — graders only"), is shown to the grader and never staged (issue 26, rule 5:
without it a criterion only the key decides would be graded blind, and the line says so)."""

from __future__ import annotations

from pathlib import Path

from runner.schema.case import Case
from runner.scoring.statements import grader_request
from tests.helpers import check_json, make_skill

DOSSIER = "D1 blog post. D2 vendor page. D3 forum thread.\n"
KEY = "# ANSWER KEY - graders only\nNever give this file to the executor.\nD1: Tertiary\n"


def test_an_answer_key_for_the_grader_is_shown_to_it_and_not_staged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "tiers", "prompt": "Tag each source of dossier.md by authority (P/S/T).",
        "files": ["evals/fixtures/dossier.md"],
        "expectations": ["Tags D1-D3 with the correct authority"]}], {
        "evals/fixtures/dossier.md": DOSSIER,
        "evals/fixtures/dossier.ANSWERKEY.md": KEY,
        "evals/fixtures/dossier.notes.md": "How the dossier was collected, for maintainers.\n"})
    got = check_json(skill)
    case = got["cases"][0]
    assert case["references"] == ["dossier.ANSWERKEY.md"]
    assert [f["file"] for f in case["fixtures"]] == ["evals/fixtures/dossier.md"]
    said = [f["message"] for f in got["findings"] if f["code"] == "EV013"]
    assert any("dossier.ANSWERKEY.md" in m and "grader only" in m for m in said), said


def test_the_grader_is_told_what_a_key_is() -> None:
    case = Case(id="x", prompt="Tag the sources.", statements=("Tags D1 correctly",),
                references={"dossier.ANSWERKEY.md": KEY})
    request = grader_request(case, "<material/>", "claude-haiku-4-5")
    text = request["messages"][0]["content"]
    text = text if isinstance(text, str) else " ".join(p.get("text", "") for p in text)
    assert "answer keys their author wrote for the grader" in text and "D1: Tertiary" in text

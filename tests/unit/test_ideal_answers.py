"""`ideal` (OpenAI evals' name for the answer held up), `reference_answer`, `golden_answer` as
text: the case's expected output, graded as one would be (here split into its claims), and
said; beside an expected output of its own the field is left as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_verbose, write_data, write_skill_md

IDEAL = ("Response should cover the scope of services and the payment terms. Must include the "
         "disclaimer that templates require attorney review before use.")


@pytest.mark.parametrize("key", ["ideal", "reference_answer", "golden_answer"])
def test_an_ideal_answer_is_the_expected_output(tmp_path: Path, key: str) -> None:
    skill = write_skill_md(tmp_path / "msa", "msa", "Drafts contracts. Use when asked.")
    write_data(skill / "evals" / "evals.json", [
        {"id": "msa", "input": "Outline an MSA for my agency.", key: IDEAL}])
    shown = check_verbose(skill)
    assert "statement Response should cover the scope of services and the payment terms." \
        in shown
    assert f"`{key}` read as the expected output" in shown


def test_beside_an_expected_output_it_stays(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "msa", "msa", "Drafts contracts. Use when asked.")
    write_data(skill / "evals" / "evals.json", [
        {"id": "msa", "input": "Outline an MSA for my agency.", "ideal": IDEAL,
         "expected_output": "Lists the sections of an MSA."}])
    shown = check_verbose(skill)
    assert "read as the expected output" not in shown

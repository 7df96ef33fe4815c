"""A slot the author opened and never filled (`{"id": 20, "prompt": "", "expected_tier":
null}`, issue 26: odd values never refuse what can run): left out and reported (EV008), the
set's other cases run; a case with an empty prompt beside checks is still refused."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

FULL = {"id": 1, "prompt": "Fix the typo in: 'teh cat'.", "expected_output": "the cat"}


def test_an_empty_case_is_left_out(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "typos", "typos", "Fixes typos.")
    write_data(skill / "evals" / "evals.json",
               {"evals": [FULL, {"id": 20, "prompt": "", "expected_tier": None}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "1 case(s): 1;" in got.output
    assert "case '20': an empty case" in got.output


def test_an_empty_prompt_beside_checks_is_refused(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "typos", "typos", "Fixes typos.")
    write_data(skill / "evals" / "evals.json",
               {"evals": [FULL, {"id": 2, "prompt": "", "expected_output": "the cat"}]})
    got = check(str(skill))
    assert got.exit_code == 2, got.output

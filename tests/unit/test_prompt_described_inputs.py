"""An input the prompt names and describes itself ("a `Cart` class in `src/cart/cart.ts` that
exposes `add(item)`, `remove(id)` and `total`") while no criterion reads the file: the user
told the agent what it holds, so the case is read on its prompt, never refused as missing
(runner.authoring.described_fixtures.described_in_prompt)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.described_fixtures import described_in_prompt
from runner.cli import main

DESCRIBED = ("Set up tests for my ledger. I have a `Ledger` class in `src/ledger.ts` that "
             "exposes `post(entry)`, `void(id)`, and a getter `balance`. Write "
             "`src/ledger.spec.ts` with one test per method.")
UNDESCRIBED = "Fix the bug in src/ledger.ts that throws on an empty ledger."


@pytest.mark.parametrize(("prompt", "criteria", "told"), [
    (DESCRIBED, ["The spec file has a test for post, void and balance"], ["src/ledger.ts"]),
    # a criterion reads the named file: its contents decide, so it is missing
    (DESCRIBED, ["ledger.ts is left unchanged"], []),
    # a clause about the file that lists nothing it holds
    (UNDESCRIBED, ["The bug is fixed"], []),
])
def test_described_in_prompt(prompt: str, criteria: list[str], told: list[str]) -> None:
    assert described_in_prompt(prompt, ["src/ledger.ts"], criteria) == told


def _skill(tmp_path: Path, prompt: str) -> Path:
    skill = tmp_path / "ledger-tests"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: ledger-tests\ndescription: Write tests.\n---\n")
    case = {"id": 1, "prompt": prompt, "expected_output": "A spec file",
            "expectations": ["The spec file has a test for post, void and balance"]}
    (skill / "evals" / "evals.json").write_text(
        json.dumps({"skill_name": "ledger-tests", "evals": [case]}))
    return skill


def test_check_reads_a_described_input_on_its_prompt(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_skill(tmp_path, DESCRIBED))])
    assert result.exit_code == 0, result.output
    assert "the prompt names 'src/ledger.ts', a fixture the case describes in words" \
        in result.output


def test_check_still_refuses_an_input_only_named(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["check", str(_skill(tmp_path, UNDESCRIBED))])
    assert result.exit_code != 0
    assert "the prompt names the input 'src/ledger.ts'" in result.output

"""A fixture staged under another name than the prompt's stands for the named input only when
nothing else could (runner.authoring.stand_ins): same extension, a shared name word, one to
one; then it lands where the prompt names it. Anything less is refused (EV009) with a fix
saying to stage it under the prompt's name or name the staged file in the prompt."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.stand_ins import stand_ins
from tests.helpers import check_cli, make_skill

PROMPT = "Reconcile the ledger. The bank lines are in data/bank-march.csv."


@pytest.mark.parametrize(("named", "staged", "paired"), [
    (["data/bank-march.csv"], {"evals/files/bank-lines.csv": "bank-lines.csv",
                               "evals/files/company.json": "company.json"},
     {"data/bank-march.csv": "evals/files/bank-lines.csv"}),
    # one to one: two named files, each its own staged twin
    (["in/alpha-main.json", "in/beta-main.json"],
     {"f/alpha-tx.json": "alpha-tx.json", "f/beta-tx.json": "beta-tx.json"},
     {"in/alpha-main.json": "f/alpha-tx.json", "in/beta-main.json": "f/beta-tx.json"}),
    # two candidates for one name: no guess
    (["data/bank-march.csv"], {"a/bank-lines.csv": "bank-lines.csv",
                               "a/bank-fees.csv": "bank-fees.csv"}, {}),
    # another kind, or no shared word: none
    (["data/bank-march.csv"], {"a/bank-lines.txt": "bank-lines.txt"}, {}),
    (["data/bank-march.csv"], {"a/ledger.csv": "ledger.csv"}, {}),
    # one staged file claimed by two names: none
    (["x/bank-a.csv", "x/bank-b.csv"], {"a/bank-lines.csv": "bank-lines.csv"}, {}),
])
def test_a_staged_file_stands_for_a_named_one_only_when_nothing_else_could(
        named: list[str], staged: dict[str, str], paired: dict[str, str]) -> None:
    assert stand_ins(named, staged, PROMPT) == paired


def test_a_staged_file_the_prompt_names_itself_stands_for_nothing() -> None:
    assert stand_ins(["data/bank-march.csv"], {"a/bank-lines.csv": "bank-lines.csv"},
                     PROMPT + " Compare with bank-lines.csv.") == {}


def test_check_stages_the_stand_in_where_the_prompt_names_it(tmp_path: Path) -> None:
    files = {"evals/files/bank-lines.csv": "date,amount\n", "evals/files/bank-fees.csv": "x\n",
             "evals/files/fees-2024.csv": "y\n"}
    skill = make_skill(tmp_path, [
        {"id": "one", "prompt": PROMPT, "files": ["evals/files/bank-lines.csv"],
         "assertions": ["Names the unmatched line"]}], files)
    result = check_cli("-v", str(skill))
    assert result.exit_code == 0, result.output
    assert "evals/files/bank-lines.csv -> staged at ./data/bank-march.csv" in result.output
    assert "the prompt names 'data/bank-march.csv', which the case stages as " \
           "'evals/files/bank-lines.csv'" in result.output
    # two staged files could be meant: refused, the fix says how to say which
    two = make_skill(tmp_path / "two", [
        {"id": "two", "prompt": PROMPT,
         "files": ["evals/files/bank-lines.csv", "evals/files/bank-fees.csv"],
         "assertions": ["Names the unmatched line"]}], files)
    result = check_cli(str(two))
    assert result.exit_code == 2, result.output
    assert "stage the one meant at 'data/bank-march.csv' (the name the prompt uses), or " \
           "write its staged path in the prompt" in result.output

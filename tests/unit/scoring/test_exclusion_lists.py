"""Issue 26 (sample E): a denial heading a list of literals after a colon ("Must not contain
any of: `foo`, `bar`") is one not-contains check an item; a list of ideas stays a statement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.cli import main
from runner.scoring.absence import literal_absence


@pytest.mark.parametrize(("statement", "operands", "file"), [
    ("The output excludes these canary strings: PLUM-4410, HIDDEN_KEY_Q",
     ("PLUM-4410", "HIDDEN_KEY_Q"), None),
    ("Must not contain any of: `lorem`, `ipsum`", ("lorem", "ipsum"), None),
    ("Output contains none of: TODO, FIXME, XXX.", ("TODO", "FIXME", "XXX"), None),
    ("Must not contain any of: 'As an AI', \"I cannot\"", ("As an AI", "I cannot"), None),
    ("notes.md must not contain any of: `TBD` or `WIP`", ("TBD", "WIP"), "notes.md"),
    ("不得出现：甲、乙", ("甲", "乙"), None),
    ("不得出现：「机密」、「内部」", ("机密", "内部"), None),
])
def test_a_list_of_literals_is_one_not_contains_check_an_item(
        statement: str, operands: tuple[str, ...], file: str | None) -> None:
    found = literal_absence(statement)
    assert found is not None and found.operands == operands and found.file == file


@pytest.mark.parametrize("statement", [
    "Must not contain any of: jargon, hedging",              # ideas, not texts
    "The output excludes these topics: pricing, competitors",
    "Excludes these unless asked: TODO",                     # a condition
    "不得出现：夸张的承诺、营销用语",                            # phrases of ideas
    "Output contains none of: TODO, vague wording",          # one item is no literal
    "Lists the steps: TODO, FIXME",                          # no denial
])
def test_a_list_of_ideas_stays_a_statement(statement: str) -> None:
    assert literal_absence(statement) is None


def test_check_json_reads_each_listed_literal_as_a_check(tmp_path: Path) -> None:
    skill = tmp_path / "release-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: release-notes\ndescription: Drafts release notes. Use when asked for "
        "release notes.\n---\nDraft the notes.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "r", "prompt": "Draft release notes for 2.1",
        "assertions": ["The output excludes these canary strings: PLUM-4410, HIDDEN_KEY_Q",
                       "Must not contain any of: jargon, hedging"]}]}))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    entries = [c["entry"] for c in json.loads(result.output)["cases"][0]["checks"]]
    assert "not:PLUM-4410" in entries and "not:HIDDEN_KEY_Q" in entries
    assert "Must not contain any of: jargon, hedging" in entries

"""A check written as its author's sentence beside a list of terms (`{text, keywords}`): the
terms are the operand, any of them found; a term written `!x` must not appear; the sentence is
the label (runner.authoring.keyword_terms)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.keyword_terms import keyword_terms
from tests.helpers import check_verbose, make_skill

PROMPT = ("Review this handler and rate each finding:\n\n```go\n"
          "func Buy(n int) { stock -= n }\n```")


def one_case(tmp_path: Path, *assertions: dict[str, Any]) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": 1, "prompt": PROMPT, "expected_output": "Finds the lost update.",
         "assertions": list(assertions)}]})


def test_the_terms_are_the_check_any_of_them_and_the_sentence_a_label(tmp_path: Path) -> None:
    caseset = load_caseset(one_case(tmp_path, {
        "text": "identifies the lost update on the stock count",
        "keywords": ["lost update", "race", "concurrent"]}))
    (case,) = caseset.evals
    assert list(case.assertions) == ["re:lost\\ update|race|concurrent"]
    assert not case.statements  # the sentence alone would have gone to the grader
    assert any("beside a list of terms" in f.message and f.code == "EV012"
               for f in caseset.findings)


def test_a_term_written_with_the_negation_prefix_must_not_appear(tmp_path: Path) -> None:
    caseset = load_caseset(one_case(tmp_path, {
        "text": "does not flag any blocking issue", "keywords": ["!Blocker", "!BLOCKER"]}, {
        "text": "names the fix", "keywords": ["transaction", "!retry forever"]}))
    (case,) = caseset.evals
    assert list(case.assertions) == ["not:Blocker", "not:BLOCKER", "transaction",
                               "not:retry forever"]


@pytest.mark.parametrize("value", [
    {"type": "contains_all", "text": "names both", "keywords": ["a", "b"]},  # typed: its own
    {"keywords": ["race"]},  # no sentence: not this shape
    {"text": "covers the points", "keywords": [
        "The review explains why the two updates must share one transaction"]},  # sentences
    {"text": "does not flag", "keywords": ["!"]},  # a lone "!" is no term
])
def test_other_shapes_are_not_read_so(value: dict[str, Any]) -> None:
    assert keyword_terms(value) is None


def test_check_shows_the_terms_read_from_the_keywords(tmp_path: Path) -> None:
    shown = check_verbose(one_case(tmp_path, {
        "text": "rates at least one finding as a blocker", "keywords": ["Blocker", "Critical"]}))
    assert "re:Blocker|Critical" in shown and "(its `keywords`: any of them)" in shown

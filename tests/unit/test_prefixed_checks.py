"""Issue 26: a check written as code in an assertion string or among sentences
(`containsAny:a|b`, `notContains:x`, `CONTAINS_ALL: a|b`) is that check, with the author's
terms as written; never a sentence for the grader (which could not quote "containsAny") nor
one literal holding the prefix."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.assertion_dsl import DslReading, read_dsl, read_prefixed
from tests.helpers import check_verbose, make_skill


@pytest.mark.parametrize(("text", "checks"), [
    ("containsAny:total|sum", ("re:total|sum",)),
    ("CONTAINS_ANY: a.b|c+", (r"re:a\.b|c\+",)),
    ("containsAll:alpha|beta", ("alpha", "beta")),
    ("notContains:lorem ipsum", ("not:lorem ipsum",)),
    ("notContainsAny:TODO|FIXME", ("not:TODO", "not:FIXME")),
    ("containsAny:only", ("only",)),
])
def test_a_prefixed_check_is_its_check(text: str, checks: tuple[str, ...]) -> None:
    assert read_dsl(text) == DslReading(checks=checks)
    assert read_prefixed(text) == DslReading(checks=checks)


@pytest.mark.parametrize("text", [
    "Contains: a summary of each step",   # a sentence with a colon
    "Note: the totals line comes first",
    "SKILL_LOADED: ledger",                # a routing expectation, not a check
    "containsAny:",
])
def test_a_sentence_is_no_prefixed_check(text: str) -> None:
    assert read_prefixed(text) is None


def test_check_reads_prefixed_expectations_as_checks(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "sum", "prompt": "Total the ledger.",
                                   "expectations": ["containsAny:total|sum",
                                                    "notContains:lorem",
                                                    "The answer names the largest row"]}])
    shown = check_verbose(skill)
    assert "assertion re:total|sum: must contain regular expression" in shown
    assert "assertion not:lorem" in shown
    assert "statement The answer names the largest row" in shown
    assert "statement containsAny" not in shown
    assert "written as prefixed checks (expectations[0], expectations[1])" in shown


@pytest.mark.parametrize(("text", "checks"), [
    (r"FORBID:\.start_chat\(", (r"not:re:\.start_chat\(",)),  # a regex operand is one
    ("FORBID:/autoresearch:debug", ("not:/autoresearch:debug",)),
    ("MUST_NOT_CONTAIN: TODO", ("not:TODO",)),
    ("REQUIRE:state_graph", ("state_graph",)),
])
def test_the_authors_own_prefixes_are_checks(text: str, checks: tuple[str, ...]) -> None:
    found = read_dsl(text)
    assert found is not None and found.checks == checks


@pytest.mark.parametrize("text", ["Forbid: jargon in the intro", "Required: a summary"])
def test_the_authors_words_written_as_a_sentence_stay_one(text: str) -> None:
    assert read_dsl(text) is None

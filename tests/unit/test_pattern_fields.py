"""Lists of texts written as regular expressions (runner.authoring.pattern_fields): a field
that holds a pattern no prose writes in one case holds patterns in every case of the set; a
list named for matching (`must_match`) is patterns by its name; the set's own words saying
case is ignored hold for each. Plain texts elsewhere stay literals and sentences."""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.schema.case import Case
from runner.scoring.checks import check_text
from tests.helpers import make_skill


def check(assertion: str, text: str) -> bool:
    return check_text(assertion, text).passed


def _set(tmp_path: Path, cases: list[dict[str, object]], **files: str) -> dict[str, Case]:
    skill = make_skill(tmp_path, cases, files={f"evals/{k}": v for k, v in files.items()})
    return {c.id: c for c in load_caseset(skill, "tidy-notes").evals}


def test_a_field_with_a_pattern_in_one_case_is_patterns_in_every_case(tmp_path: Path) -> None:
    cases = _set(tmp_path, [
        {"id": "one", "prompt": "Explain the data model to a beginner.",
         "required": ["plain language", "authors?"],
         "forbidden": ["ADaM is raw collection data"]},
        {"id": "two", "prompt": "Write a spec for the derivation.",
         "required": ["(?:common confusion|limit)", "site:example\\.com"],
         "forbidden": ["(?is)\\bLex\\s+Jansen\\b\\s+is\\s+official"]},
    ])
    one, two = cases["one"], cases["two"]
    assert list(one.assertions) == ["re:plain language", "re:authors?",
                              "not:re:ADaM is raw collection data"]
    assert not one.statements  # a forbidden pattern is no sentence for the grader
    assert two.assertions[0] == "re:(?:common confusion|limit)"
    # the author's pattern matches the work it was written for
    assert check("re:authors?", "Listed with its author and year.")
    assert check("not:re:ADaM is raw collection data", "ADaM is analysis-ready.")


def test_a_list_named_for_matching_is_patterns_and_the_set_may_ignore_case(
        tmp_path: Path) -> None:
    cases = _set(tmp_path, [
        {"id": "tok", "prompt": "I committed my token, is it fine?",
         "checks": {"must_match": ["(revoke|rotate)", "history"]}},
    ], **{"rubric.yaml": "normalization:\n  case_sensitive: false\n"})
    tok = cases["tok"]
    assert list(tok.assertions) == ["re:(?i)(revoke|rotate)", "re:(?i)history"]
    assert check(tok.assertions[1], "The History keeps it.")


def test_flags_the_author_wrote_are_kept_and_joined(tmp_path: Path) -> None:
    cases = _set(tmp_path, [{"id": "a", "prompt": "Say it twice.",
                             "must_match": ["(?s)first.*second", "(?i)x"]}],
                 **{"README.md": "Patterns are matched case-insensitive.\n"})
    assert list(cases["a"].assertions) == ["re:(?si)first.*second", "re:(?i)x"]
    assert re.compile(cases["a"].assertions[0][3:])


def test_plain_texts_stay_literals_and_sentences(tmp_path: Path) -> None:
    cases = _set(tmp_path, [
        {"id": "plain", "prompt": "Write notes.md listing fruits.",
         "required": ["apple", "items[0]"],
         "forbidden": ["Invents a fruit that does not exist.", "TODO"]},
    ])
    plain = cases["plain"]
    assert sorted(plain.assertions) == ["apple", "items[0]", "not:TODO"]
    assert list(plain.statements) == [
        "The run avoids this failure: Invents a fruit that does not exist."]


def test_one_test_of_compiling_as_a_regular_expression() -> None:
    """pattern_fields.compiles: the one test every reader asks (a code assert's pattern, a
    tool-call pattern, a set's patterns)."""
    from runner.authoring.pattern_fields import all_compile, compiles
    assert compiles(r"\bauthors?\b") and not compiles("(unclosed") and not compiles("Write)")
    assert all_compile(["a+", "b?"]) and not all_compile(["a+", "[z"])

"""Minimums and maxima are counts, not absences (runner.analysis.wording_i18n.states_bound):
"no fewer than 3", "不少于3条", "не менее 3" need what they count to be there, so they are
never statements of absence (which pass with no quote), nor texts to find or to forbid."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.analysis.wording_i18n import states_bound
from runner.cli import main
from runner.scoring.absence import literal_absence, states_absence

SKILL_MD = ("---\nname: deck-notes\ndescription: Drafts speaker notes for slide decks. Use when "
            "asked for notes on a talk.\n---\nWrite notes per slide.\n")
PROMPT = "Write speaker notes for my talk on soil microbes into notes.md."

MINIMA_NEGATED = ["no fewer than 3 examples", "No less than three sources", "不少于3条建议",
                  "不得少于5个要点", "не менее 3 примеров", "no menos de 3 ejemplos",
                  "nicht weniger als 3 Beispiele", "pas moins de 3 exemples",
                  "non meno di 3 esempi", "não menos de 3 exemplos"]
MAXIMA_NEGATED = ["no more than 5 bullet points", "Not more than 2 paragraphs",
                  "Does not exceed 300 words", "不超过5个要点", "5つを超えない",
                  "не более 5 пунктов", "no más de 5 puntos", "nicht mehr als 5 Punkte",
                  "pas plus de 5 points", "non più di 5 punti", "5개를 넘지 않는다"]
PLAIN_BOUNDS = ["at least 3 examples", "至少3个", "3つ以上", "al menos 3", "mindestens 3",
                "au moins 3", "最多5个", "höchstens 5", "≥10 papers referenced", "3+ sources",
                "pelo menos 3 exemplos", "almeno tre esempi", "en az 3 örnek", "최소 3개",
                "ít nhất 3 ví dụ", "как минимум 2 варианта"]


@pytest.mark.parametrize("text", MINIMA_NEGATED + MAXIMA_NEGATED + PLAIN_BOUNDS)
def test_a_count_bound_in_any_language_is_read_as_one(text: str) -> None:
    assert states_bound(text)


@pytest.mark.parametrize("text", ["No em dash", "Does not contain 'TODO'", "不包含TODO",
                                  "Does not mention competitors", "No usa emojis",
                                  "Total: 600", "Fee structure documented", "No more jargon",
                                  "the 3 tiers are named", "hasta luego", "ein Beispiel"])
def test_near_misses_state_no_bound(text: str) -> None:
    assert not states_bound(text)


@pytest.mark.parametrize("text", MINIMA_NEGATED + MAXIMA_NEGATED)
def test_a_negated_bound_is_no_absence(text: str) -> None:
    """Read as an absence, "no fewer than 3 examples" passed with no quote: on an empty
    answer too."""
    assert not states_absence(text)
    assert literal_absence(text) is None


@pytest.mark.parametrize("text", ["No em dash", "Does not mention competitors", "不使用表情符号",
                                  "No usa emojis", "Never apologises",
                                  "The run avoids this: more than 5 tiers"])
def test_absences_stay_absences(text: str) -> None:
    """A denial with no count, and what a negated field wrote as "The run avoids this: ..."
    (its bound is what must not happen), keep passing when nothing breaks them."""
    assert states_absence(text)


def test_a_bound_on_a_quoted_text_is_not_a_not_contains_check() -> None:
    assert literal_absence("No more than 3 'TODO' markers") is None
    assert literal_absence("Does not contain 'TODO'") is not None  # unchanged


def _checks(tmp_path: Path, case: dict[str, Any]) -> dict[str, str]:
    skill = tmp_path / "deck-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"evals": [{"id": "a", "prompt": PROMPT, **case}]}, ensure_ascii=False))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    return {c["entry"]: c["graded"] for c in json.loads(result.output)["cases"][0]["checks"]}


def test_bounds_reach_the_grader_as_statements_that_need_their_quote(tmp_path: Path) -> None:
    texts = MINIMA_NEGATED[:4] + MAXIMA_NEGATED[:4]
    graded = _checks(tmp_path, {"expectations": texts})
    for text in texts:
        assert "absence" not in graded[text] and "verbatim quote" in graded[text], text


def test_short_bounds_under_assertions_are_statements_not_substrings(tmp_path: Path) -> None:
    short = ["至少3个", "3つ以上", "al menos 3", "mindestens 3", "au moins 3", "最多5个",
             "höchstens 5", "не менее 3", "3+ sources"]
    graded = _checks(tmp_path, {"assertions": short})
    for text in short:
        assert "substring" not in graded[text] and "verbatim quote" in graded[text], text


def test_absences_beside_bounds_are_read_as_before(tmp_path: Path) -> None:
    graded = _checks(tmp_path, {"expectations": ["Does not contain 'lorem'", "No em dash",
                                                 "Does not mention competitors",
                                                 "At least 3 slides have notes"]})
    assert "not:lorem" in graded and "not:—" in graded
    assert "absence" in graded["Does not mention competitors"]
    assert "absence" not in graded["At least 3 slides have notes"]


def test_a_plural_after_a_bound_names_no_other_case() -> None:
    """"than 3 examples" once read as a comparison with a case called "s" (EV017)."""
    from runner.authoring.crosscase import other_case_reference
    assert other_case_reference("no fewer than 3 examples") is None
    assert other_case_reference("more than 2 tests pass") is None
    assert other_case_reference("same structure as case B") == "case B"
    assert other_case_reference("shorter than the previous case") == "previous case"


@pytest.mark.parametrize("text", [
    "The output does not use three or more identical equal-width feature cards",
    "The output has no three or more levels of nested rounded boxes",
    "Never uses more than 2 fonts",
    "The copy contains no em-dash saturation (no more than 1 per 500 characters)"])
def test_a_denial_of_too_many_is_an_absence(text: str) -> None:
    """Too many of something denied is met by fewer, or none: an absence (passes unless the
    grader quotes the excess), never a count the work must show; a bound only the
    parentheses give is the author's measure of what is denied."""
    assert states_bound(text)
    assert states_absence(text)


@pytest.mark.parametrize("text", ["Includes no more than 3 examples",
                                  "The summary does not use more than two bullets and "
                                  "explains the risk", "Does not exceed 100 words"])
def test_a_bound_on_what_the_work_shows_stays_a_count(text: str) -> None:
    assert not states_absence(text)


def test_a_capped_allowance_is_a_limit_not_an_optional_item(tmp_path: Path) -> None:
    """"At most one optional follow-up is acceptable": more than one fails, so it is graded,
    as an absence of the excess (met by one or none), never set aside as optional."""
    text = "At most one optional follow-up is acceptable."
    assert states_absence(text) and states_absence("Up to two clarifying questions are fine")
    assert not states_absence("At most 3 bullets")
    skill = tmp_path / "deck-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": 1, "prompt": PROMPT, "expectations": ["Gives one note per slide", text]}]}))
    out = CliRunner().invoke(main, ["check", "-v", str(skill)]).output
    assert "marked optional" not in out
    assert "At most one optional follow-up is acceptable.: grader model, an absence" in out

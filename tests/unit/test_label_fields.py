"""A bare label is no check (runner.authoring.fields.label_value, dialects `_bare` and
`_labels_out`): `expected_mutation: none`, `expected: none`, `should: "true"` claim nothing
about the work. Graded, "none" was a statement of absence that passed on anything; now each is
kept, reported (EV012) and counted on plain `check`. A sentence under the same key, and a
word under a field that names what the work must hold, are graded as before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.authoring.fields import label_value
from runner.cli import main

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into decisions and "
            "owners. Use when asked to tidy notes.\n---\nTidy the notes.\n")
PROMPT = "Tidy notes.md: ship Friday, Ana owns it."
SENTENCE = "The notes name Ana as the owner"


def _check(tmp_path: Path, case: dict[str, Any], *flags: str) -> Result:
    skill = tmp_path / "tidy-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"evals": [{"id": "a", "prompt": PROMPT, **case}]}))
    return CliRunner().invoke(main, ["check", str(skill), *flags])


def _entries(result: Result) -> list[str]:
    assert result.exit_code == 0, result.output
    return [c["entry"] for c in json.loads(result.output)["cases"][0]["checks"]]


@pytest.mark.parametrize("field", [
    {"expected_mutation": "none"}, {"expected_mutation": False}, {"expectation": "high"},
    {"expected_behavior": "none"}, {"expected": "none"}, {"expect": "true"},
    {"success_criteria": "n/a"}, {"expectations": ["none"]}, {"should": "true"},
    {"failures": ["none"]}, {"forbidden": "none"}])
def test_a_bare_label_is_reported_not_graded(tmp_path: Path, field: dict[str, Any]) -> None:
    result = _check(tmp_path, {"assertions": ["Friday"], **field}, "--json")
    assert _entries(result) == ["Friday"]
    report = json.loads(result.output)
    assert any(f["code"] == "EV012" and ("label" in f["message"] or "claims nothing"
                                         in f["message"]) for f in report["findings"])
    assert report["cases"][0]["ignored"], "kept and shown, never dropped in silence"


def test_a_label_beside_expectations_is_no_typo_to_refuse(tmp_path: Path) -> None:
    """`expected_mutation: none` beside `expectations` was refused (EV009, "did you mean
    'expectations'?"): a label is not a misspelt list of statements."""
    result = _check(tmp_path, {"expectations": [SENTENCE], "expected_mutation": "none"})
    assert result.exit_code == 0, result.output
    assert "kept, not graded: expected_mutation in 1 case(s)" in result.output


def test_plain_check_counts_labels_with_the_ignored_fields(tmp_path: Path) -> None:
    result = _check(tmp_path, {"assertions": ["Friday"], "expected": "none",
                               "category": "edge", "difficulty": "hard"})
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("ignored (kept"))
    assert "metadata category" in line and "metadata difficulty" in line
    assert "metadata label under expectations in 1 case(s)" in line


def test_a_sentence_under_the_same_key_stays_a_statement(tmp_path: Path) -> None:
    entries = _entries(_check(tmp_path, {"expected_mutation": "no files changed"}, "--json"))
    assert entries == ["no files changed"]


@pytest.mark.parametrize(("field", "entry"), [
    ({"expected": "Friday"}, "Friday"),  # an answer word under a field naming what is expected
    ({"expectations": ["Concise"]}, "Concise"),
    ({"must": ["Critical"]}, "Critical"),  # a level the work must write, as text
    ({"assertions": ["true"]}, "true"),  # a literal field: the text "true"
    ({"avoid": "—"}, "not:—"),  # a dash is a character to avoid, no empty value
    ({"statment": "Concise"}, "Concise")])  # a typo of a field, with a word: mapped
def test_words_under_fields_that_name_the_work_are_graded(
        tmp_path: Path, field: dict[str, Any], entry: str) -> None:
    assert entry in _entries(_check(tmp_path, field, "--json"))


@pytest.mark.parametrize(("field", "entries"), [
    ({"forbidden": ["TODO", "TBD"]}, ["not:TODO", "not:TBD"]),  # a draft's marker, in capitals
    ({"forbidden": ["TODO", "none"]}, ["not:TODO"]),  # a flag in lower case stays a flag
    ({"forbidden": ["TBD"]}, [])])  # alone, nothing shows it is a text
def test_a_marker_in_capitals_among_texts_to_avoid_is_one_of_them(
        tmp_path: Path, field: dict[str, Any], entries: list[str]) -> None:
    found = _entries(_check(tmp_path, {"assertions": ["Friday"], **field}, "--json"))
    assert sorted(found) == sorted(["Friday", *entries])


def test_a_case_with_only_a_label_is_nothing_to_grade(tmp_path: Path) -> None:
    result = _check(tmp_path, {"expected_mutation": "none"})
    assert result.exit_code == 2 and "EV008" in result.output
    assert "expected_mutation" in result.output


def test_label_values() -> None:
    assert all(label_value(v) for v in ("none", "N/A", "true", "False", None, True, "high",
                                        "edge"))
    assert not any(label_value(v) for v in ("Friday", "—", "-", "no files changed", 3, "yes"))
    assert not label_value("high", flags_only=True) and label_value("none", flags_only=True)


def test_a_verdict_expected_of_a_check_the_prompt_asks_for_is_graded(tmp_path: Path) -> None:
    """`expected: "pass"` where the prompt asks the agent to judge something ("Validate ...")
    is the verdict that judging should reach: a statement, reported (EV012). Through the CLI:
    a set of such cases only was refused as having nothing to grade (EV008)."""
    skill = tmp_path / "svg-check"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD.replace("tidy-notes", "svg-check"))
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "seed", "prompt": "Validate the generated SVG for scene seed.",
         "expected": "pass"},
        {"id": "blank", "prompt": "Please check the blank scene's SVG.", "expected": "FAIL"}]}))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    assert [c["checks"][0]["entry"] for c in report["cases"]] == [
        "The work's verdict on what it was asked to check is: pass",
        "The work's verdict on what it was asked to check is: FAIL"]
    assert any("the verdict the prompt's check should reach" in f["message"]
               for f in report["findings"])
    # a prompt asking for no judging keeps the bare word a label (the test above)
    entries = _entries(_check(tmp_path / "other", {"assertions": ["Friday"],
                                                   "expected": "pass"}, "--json"))
    assert entries == ["Friday"]

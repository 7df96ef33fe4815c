"""Case-set reading rules (issue 26), each by a small set of its own through the real
`skill-eval check`: an unknown typed check that carries its author's sentence is graded as
that sentence; a `rubric` that is a list or mapping of criteria is graded criterion by
criterion, never refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.rubrics import rubric_criteria
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill(folder: Path) -> Path:
    skill = write_skill_md(folder, "deck-maker", 'Builds slide decks. Use when asked to "make '
                           'a presentation".', "Write deck.md, one heading a slide.\n")
    (skill / "evals").mkdir(parents=True, exist_ok=True)
    return skill


def _case(got: dict[str, Any], case_id: str) -> dict[str, Any]:
    return next(c for c in got["cases"] if c["id"] == case_id)


def _statements(case: dict[str, Any]) -> list[str]:
    return [str(c["entry"]) for c in case["checks"] if c["kind"] == "statement"]


def _messages(got: dict[str, Any], code: str) -> list[str]:
    return [f["message"] for f in got["findings"] if f["code"] == code]


def _refusals(skill: Path) -> list[str]:
    shown = check(str(skill), "--json")
    assert shown.exit_code == 2, shown.output
    return [p["message"] for p in json.loads(shown.output)["problems"] if p["code"] == "EV009"]


# -- rule 1: an unknown type with its author's own sentence ----------------------------------

def test_an_unknown_type_with_a_sentence_is_graded_as_that_sentence(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats",
         "assertions": [
             {"type": "length_floor", "value": 300, "text": "The deck explains each point in "
                                                         "full sentences"},
             {"type": "slide_total", "min": 4, "value": 4,
              "description": "deck has at least four slides"},
             {"type": "length_floor", "value": 50, "label": "La présentation cite ses sources"},
             {"type": "length_floor", "value": 80, "claim": "各スライドに見出しがある"}]},
        {"id": "dogs", "prompt": "Make a deck about dogs",
         "assertions": [{"type": "length_floor", "value": 120,
                         "name": "Every slide names one breed"}]}])
    got = report(skill)
    assert _statements(_case(got, "cats")) == [
        "The deck explains each point in full sentences", "deck has at least four slides",
        "La présentation cite ses sources", "各スライドに見出しがある"]
    assert _statements(_case(got, "dogs")) == ["Every slide names one breed"]
    said = _messages(got, "EV012")
    # one line per type for the whole set, with its count
    assert "type 'length_floor' is no type the runner knows: its description is graded as a " \
           "statement (4 items)" in said, said
    assert "type 'slide_total' is no type the runner knows: its description is graded as " \
           "a statement (1 item)" in said, said
    assert sum("'length_floor'" in m for m in said) == 1, said


def test_a_described_type_under_a_negative_list_is_what_the_run_avoids(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats", "assertions": ["cat"],
         "must_not": [{"type": "length_floor", "value": 3,
                       "description": "the deck repeats a slide title"}]}])
    got = report(skill)
    assert _statements(_case(got, "cats")) == [
        "The run avoids this: the deck repeats a slide title"]


def test_an_unknown_type_without_a_sentence_stays_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats",
         "assertions": [{"type": "length_floor", "value": 300},
                        {"type": "length_floor", "value": 300, "name": "length_floor_check"},
                        {"type": "length_floor", "value": 300, "label": "long deck"},
                        {"type": "length_floor", "value": 300, "rationale": "decks run long "
                                                                          "and need a floor"}]}])
    said = _refusals(skill)
    assert len(said) == 4 and all("unknown type 'length_floor'" in m for m in said), said


def test_a_type_a_program_of_the_set_implements_keeps_its_handling(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    (skill / "evals" / "scorer.py").write_text(
        "import argparse\n\nparser = argparse.ArgumentParser()\n"
        "parser.add_argument('--answer')\n\n\ndef grade(check, text):\n"
        "    if check['type'] == 'length_floor':\n        return len(text.split()) >= 3\n")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats",
         "assertions": [{"type": "length_floor", "value": 300,
                         "text": "The deck explains each point in full sentences"}]}])
    said = _refusals(skill)
    assert len(said) == 1 and "type 'length_floor' is implemented by evals/scorer.py" in said[0]


def test_a_known_or_near_type_is_not_read_as_its_description(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats",
         "assertions": [{"type": "contains", "value": "whiskers",
                         "description": "mentions the whiskers somewhere"},
                        {"type": "regex_absent", "pattern": "TODO",
                         "description": "leaves no placeholder behind"}]}])
    got = report(skill)
    case = _case(got, "cats")
    assert _statements(case) == [], case
    assert not any("no type the runner knows" in m for m in _messages(got, "EV012"))


# -- rule 2: a rubric that is a list or mapping ---------------------------------------------

def test_a_rubric_list_or_mapping_is_graded_criterion_by_criterion(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.yaml", {"skill_name": "deck-maker", "evals": [
        {"id": "listed", "prompt": "Make a deck about cats",
         "rubric": ["names the breed of each cat", {"criterion": "ends on a summary slide",
                                                    "weight": 2}]},
        {"id": "criteria", "prompt": "Make a deck about dogs",
         "rubric": {"criteria": ["opens with a title slide", "cites a source"],
                    "pass": "all"}},
        {"id": "named", "prompt": "Make a deck about birds",
         "rubric": {"exactitud": "los datos sobre las aves son correctos",
                    "tone": "the tone is friendly and plain", "threshold": 0.8}}]})
    got = report(skill)
    assert _statements(_case(got, "listed")) == ["names the breed of each cat",
                                                 "ends on a summary slide"]
    assert _statements(_case(got, "criteria")) == ["opens with a title slide",
                                                   "cites a source"]
    assert _statements(_case(got, "named")) == ["los datos sobre las aves son correctos",
                                                "the tone is friendly and plain"]
    said = _messages(got, "EV012")
    assert "rubric is a list of criteria: 2 graded as statements (each must pass)" in said
    # `pass: all` is what statements mean: nothing left unapplied
    by_case = {f["case"]: f["message"] for f in got["findings"] if "rubric is a" in f["message"]}
    assert "not applied" not in by_case["criteria"], by_case
    # the rubric's own bar, over all the case holds, is its pass rule (pass_rules)
    assert "not applied" not in by_case["named"], by_case
    assert _case(got, "named")["pass_rule"] == \
        "passes at 2 of 2 checks (rubric.threshold: 0.8)"


def test_a_top_level_rubric_list_holds_for_cases_without_their_own(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", {
        "skill_name": "deck-maker", "rubric": ["every slide has a heading"],
        "evals": [{"id": "cats", "prompt": "Make a deck about cats", "assertions": ["cat"]},
                  {"id": "dogs", "prompt": "Make a deck about dogs",
                   "assertions": ["dog"], "rubric": "The clearer deck is better."}]})
    got = report(skill)
    assert _statements(_case(got, "cats")) == ["every slide has a heading"]
    assert _statements(_case(got, "dogs")) == []
    assert any("top-level rubric of criteria" in m and "1 case(s)" in m
               for m in _messages(got, "EV012"))


def test_a_rubric_string_stays_the_judges(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "deck-maker")
    _write(skill / "evals" / "evals.json", [
        {"id": "cats", "prompt": "Make a deck about cats", "assertions": ["cat"],
         "rubric": "The deck a teacher would rather show is better."}])
    got = report(skill)
    assert _statements(_case(got, "cats")) == []
    assert not any("rubric is a" in m for m in _messages(got, "EV012"))
    assert "judge compares both arms by the rubric" in check(str(skill), "-v").output


def test_a_rubric_mapping_reads_sentences_and_reports_its_settings() -> None:
    found = rubric_criteria({"criteria": ["cites a source", "ok"], "pass": "any",
                             "required": "all", "weight": 2, "tone": "stays polite"})
    assert [t for t, _ in found.criteria] == ["cites a source", "stays polite"]
    assert found.settings == ("rubric.criteria[1]: 'ok'", "rubric.pass: 'any'",
                              "rubric.weight: 2")
    assert rubric_criteria([]).criteria == ()

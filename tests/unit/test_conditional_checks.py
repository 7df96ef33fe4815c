"""A check object's condition (`applies_when`, `when`, `if`, ...) is kept: the grader sees
"When <condition>: <statement>" and passes it, with no quote, when the condition does not hold;
a deterministic check with a condition goes to the grader as such a statement."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.schema.case import Case
from runner.scoring.material import Material, Source
from runner.scoring.statements import decide, grader_request
from tests.helpers import check_json, check_verbose, make_skill

SKILL_MD = ("---\nname: changelog-writer\ndescription: Writes changelog entries from commit "
            "lists.\n---\nGroup entries by kind.\n")
PROMPT = "Write a changelog entry for these commits: fix login, add export."


def skill_with(tmp_path: Path, assertions: list[Any]) -> Path:
    return make_skill(tmp_path, [{"id": "entry", "prompt": PROMPT, "assertions": assertions}],
                      name="changelog-writer", skill_md=SKILL_MD)


def checks_of(skill: Path) -> list[dict[str, Any]]:
    return list(check_json(skill)["cases"][0]["checks"])


def test_a_statement_keeps_its_condition(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"text": "The entry lists the export feature under Added",
         "applies_when": "the agent writes a changelog rather than asking a question"}])
    (got,) = checks_of(skill)
    assert got["kind"] == "statement"
    assert got["entry"] == ("When the agent writes a changelog rather than asking a question: "
                            "The entry lists the export feature under Added")
    assert "conditional" in got["graded"] and "no quote" in got["graded"]
    shown = check_verbose(skill)
    assert "applies_when" in shown and "kept as the statement's condition" in shown
    assert "check key 'applies_when'" not in shown  # no longer "ignored"


def test_every_condition_key_is_read(tmp_path: Path) -> None:
    for key in ("when", "if", "condition", "only_if", "precondition"):
        skill = skill_with(tmp_path / key, [
            {"description": "Mentions the breaking change to the login API", key:
             "a commit breaks compatibility"}])
        (got,) = checks_of(skill)
        assert got["entry"].startswith("When a commit breaks compatibility: "), (key, got)


def test_a_deterministic_check_with_a_condition_goes_to_the_grader(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "not_contains", "value": "TODO", "when": "the entry is written to a file"},
        {"type": "regex", "pattern": "^## \\d", "if": "If a version number is given."}])
    got = checks_of(skill)
    assert [c["kind"] for c in got] == ["statement", "statement"]
    assert got[0]["entry"] == ("When the entry is written to a file: the work does not "
                               "contain the text `TODO`")
    assert got[1]["entry"].startswith("When a version number is given: the work contains "
                                      "text matching the regular expression")
    shown = check_verbose(skill)
    assert "EV012" in shown and "cannot be literal" in shown


def test_no_condition_leaves_the_check_as_it_was(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "contains", "value": "### Added"},
        {"text": "When a commit fixes a bug the entry says which"},  # "When" in its own words
        {"text": "The entry is short", "applies_when": ""},  # an empty condition: none
        {"text": "Names the export feature", "when": {"tool": "Read"}}])  # not a sentence
    got = checks_of(skill)
    assert got[0] == {**got[0], "kind": "assertion", "entry": "### Added"}
    assert [c["entry"] for c in got[1:]] == ["When a commit fixes a bug the entry says which",
                                             "The entry is short", "Names the export feature"]
    assert not any("conditional" in c["graded"] for c in got)
    shown = check_verbose(skill)
    assert "kept as the statement's condition" not in shown


def _material() -> Material:
    return Material("=== source: final text ===\nCould you share which version this is?",
                    "n0", (Source(name="final text",
                                  text="Could you share which version this is?"),))


def _grade(**grade: Any) -> dict[str, Any]:
    return {"content": [{"type": "tool_use", "name": "record_grades",
                         "input": {"grades": [{"statement": 1, **grade}]}}]}


def test_the_grader_passes_a_condition_that_does_not_hold_without_a_quote() -> None:
    case = Case(id="c", prompt=PROMPT, statements=[
        "When the agent writes a changelog: the entry lists the export feature"])
    request = grader_request(case, _material().block(), "m")
    assert "[conditional]" in request["messages"][0]["content"]
    assert "condition_holds" in request["system"]
    (result,) = decide(case, _grade(passed=True, evidence="", source="", reason="it asked",
                                    condition_holds=False), _material())
    assert result.passed and "condition does not hold" in (result.evidence or "")


def test_a_condition_that_holds_still_needs_a_quote() -> None:
    case = Case(id="c", prompt=PROMPT, statements=[
        "When the agent writes a changelog: the entry lists the export feature"])
    (result,) = decide(case, _grade(passed=True, evidence="", source="", reason="yes",
                                    condition_holds=True), _material())
    assert not result.passed
    plain = Case(id="c", prompt=PROMPT, statements=["The entry lists the export feature"])
    assert "[conditional]" not in grader_request(plain, "", "m")["messages"][0]["content"]
    (result,) = decide(plain, _grade(passed=True, evidence="", source="", reason="yes",
                                     condition_holds=False), _material())
    assert not result.passed  # no condition: the flag grants nothing


def test_a_statement_opening_with_its_own_condition_is_conditional(tmp_path: Path) -> None:
    """"If X, Y" / "Unless X: Y" (and the other languages' "if") in the author's own words:
    kept whole and marked conditional, so the grader decides whether X held."""
    written = ["If a commit breaks compatibility, the entry warns about it",
               "Unless the commits are all fixes: the entry has an Added section",
               "Wenn ein Commit die API bricht, nennt der Eintrag das",
               "如果提交包含破坏性变更，条目会提示"]
    skill = make_skill(tmp_path, [{"id": "entry", "prompt": PROMPT, "statements": written}],
                       name="changelog-writer", skill_md=SKILL_MD)
    got = checks_of(skill)
    assert [c["entry"] for c in got] == written  # nothing cut
    assert all("conditional" in c["graded"] for c in got), got
    assert "not (the commits are all fixes)" in got[1]["graded"]
    case = Case(id="c", prompt=PROMPT, statements=written[:1])
    assert "[conditional]" in grader_request(case, "", "m")["messages"][0]["content"]
    (result,) = decide(case, _grade(passed=True, evidence="", source="", reason="no break",
                                    condition_holds=False), _material())
    assert result.passed and "condition does not hold" in (result.evidence or "")


def test_if_inside_a_sentence_or_a_word_is_no_condition(tmp_path: Path) -> None:
    plain = ["Lists the fixes if there are any", "If-None-Match headers are explained",
             "Identifies the breaking change, then the fixes"]
    skill = make_skill(tmp_path, [{"id": "entry", "prompt": PROMPT, "statements": plain}],
                       name="changelog-writer", skill_md=SKILL_MD)
    assert not any("conditional" in c["graded"] for c in checks_of(skill))


def test_the_claim_after_an_if_is_read_for_what_it_says(tmp_path: Path) -> None:
    """What the statement claims once its condition holds decides how it is graded: a run of
    a named command after "If ..., " is graded on the tool calls, as without the condition."""
    written = ["If the build fails, runs `make clean` before retrying"]
    skill = make_skill(tmp_path, [{"id": "entry", "prompt": PROMPT, "statements": written}],
                       name="changelog-writer", skill_md=SKILL_MD)
    (got,) = checks_of(skill)
    assert "conditional" in got["graded"] and "only a quote from a tool call" in got["graded"]

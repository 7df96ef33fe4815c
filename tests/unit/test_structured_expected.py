"""Structured expectations (issue 26): an `expected` mapping of `compliance_signals` /
`forbidden_signals` written as sentences (statements, negative ones "The run avoids this"),
`halt` + `halt_reason` (one statement that the run stops, for that reason; runner.authoring
.halts), `fails_if` (failures), `expected_behavior` keyed by name with sentences (each the
claim), and a top-level `scoring` rule (runner.authoring.pass_rules: applied when it says a
count or share, else a line). Before, such a set was read as routing only and refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.authoring.halts import halt_statement
from runner.authoring.signal_lists import signal_checks
from tests.helpers import check_json, make_skill

SCENARIO = "User pastes notes where one action has no owner and asks to tidy them into actions."


def _statements(case: Any) -> list[str]:
    return [str(s) for s in case.statements]


def test_signals_in_words_are_statements_and_texts_stay_checks() -> None:
    item = {"compliance_signals": ["marks the login fix as unassigned in the list", "Owner"],
            "forbidden_signals": ["invents an owner for the login fix"]}
    found = signal_checks(item)
    assert found == [
        ("statement", "marks the login fix as unassigned in the list",
         "compliance_signals[0] (a signal in words the run must show)"),
        ("check", "re:(?i)Owner", "compliance_signals[1] (a signal the answer must show, "
         "any case)"),
        ("statement", "The run avoids this: invents an owner for the login fix",
         "forbidden_signals[0] (a signal in words the run must not show)")]
    assert item == {}


def test_halt_and_its_reason_are_one_statement() -> None:
    item: dict[str, Any] = {"halt": True, "halt_reason": "no notes were given"}
    assert halt_statement(item) == ("The run halts instead of carrying the request through; "
                                    "its reason: no notes were given", "halt + halt_reason")
    assert item == {}
    assert halt_statement({"halt": "false"}) == (
        "The run does not halt: it carries the request through", "halt")
    assert halt_statement({"halt_acceptable": True}) is None, "no halt flag: nothing read"


def test_an_expected_mapping_beside_skill_loaded_is_a_runtime_case(tmp_path: Path) -> None:
    """Through the CLI: graded as statements; `skill_loaded` offered as a trigger query."""
    case = {"id": "owners", "scenario": SCENARIO, "skill_loaded": True,
            "expected": {"compliance_signals": ["marks the login fix as unassigned"],
                         "forbidden_signals": ["invents an owner for the login fix"],
                         "halt": False}}
    report = check_json(make_skill(tmp_path, [case]))
    entries = [c["entry"] for c in report["cases"][0]["checks"]]
    assert entries == ["marks the login fix as unassigned",
                       "The run avoids this: invents an owner for the login fix",
                       "The run does not halt: it carries the request through"]
    assert any("`skill_loaded: true` is a trigger expectation" in f["message"]
               for f in report["findings"])


def test_fails_if_and_a_keyed_expected_behavior(tmp_path: Path) -> None:
    case = {"id": "kv", "prompt": "Tidy these notes: 'ship friday; Ana emails vendor'.",
            "expected_behavior": {"actions": "lists Ana emailing the vendor as her action",
                                  "count": 2},
            "fails_if": ["invents an action item nobody wrote"]}
    read = load_caseset(make_skill(tmp_path, [case]), "tidy-notes").evals[0]
    assert sorted(_statements(read)) == [
        "Actions: lists Ana emailing the vendor as her action",
        "The output meets `count: 2`",
        "The run avoids this failure: invents an action item nobody wrote"]


def test_a_scoring_rule_in_words_is_a_line_and_a_share_is_applied(tmp_path: Path) -> None:
    case = {"id": "c", "prompt": "Tidy these notes: 'drop feature X'.",
            "expectations": ["Lists dropping feature X as a decision", "Lists no actions"]}
    worded = load_caseset(make_skill(tmp_path / "w", {
        "scoring": {"happy_path": "1 if all keys match; 0 otherwise"}, "evals": [case]}),
        "tidy-notes")
    assert worded.evals[0].pass_rule is None
    assert any("top-level `scoring` is the authors' pass rule in words per kind of case "
               "(happy_path)" in f.message for f in worded.findings)
    share = load_caseset(make_skill(tmp_path / "s", {"scoring": "80%", "evals": [case]}),
                         "tidy-notes")
    assert share.evals[0].pass_rule is not None and share.evals[0].pass_rule.fraction == 0.8

"""Case-set reading rules from sample E's tune half (issue 26, second pass), each by a small
set of its own through the real `skill-eval check`: slash-joined word lists are no paths, a
denial heading a list stays a denial, routing named by part of the skill's name, and the
fields a case had but nobody grades named."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.routing import about_firing
from runner.scoring.on_calls import marked, on_calls
from tests.helpers import check_json as report
from tests.helpers import check_verbose, write_skill_md
from tests.helpers import write_data as _write

DESCRIPTION = 'Builds habit plans. Use when someone wants "help sticking to a new routine".'
ON_CALLS = "tool calls with their results only"


def _skill(folder: Path, name: str = "habit-plan") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Structure plans step by step.\n")


def _case(got: dict[str, Any], case_id: str) -> dict[str, Any]:
    return next(c for c in got["cases"] if c["id"] == case_id)


def _reads(case: dict[str, Any]) -> dict[str, str]:
    return {str(c["entry"]): str(c["reads"]) for c in case["checks"]}


@pytest.mark.parametrize("statement", [
    "Uses SPARK/WANT/AGAIN/CAN framework to structure the plan",
    "Uses the SPARK method",
    "Lists pros/cons before recommending",
    "Uses TCP/IP terms correctly",
    "Calls out the input/output of each step",
    "Runs through each and/or branch of the plan",
    "Uses a formal tone",
])
def test_slash_joined_words_and_answer_shapes_are_the_answer(statement: str) -> None:
    assert not on_calls(statement)
    assert not marked(statement).startswith("[tool calls]"), statement


@pytest.mark.parametrize("statement", [
    "Runs scripts/build.sh", "Uses `tools/lint.py`", "Uses tools/lint.py to check the plan",
    "Runs ./deploy", "Runs scripts/deploy", "Runs /usr/local/bin/plan-check",
])
def test_paths_stay_on_tool_calls(statement: str) -> None:
    assert on_calls(statement)


def test_an_acronym_list_statement_reads_the_answer(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "habit-plan")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "plan", "prompt": "I keep skipping my morning runs, can you help?",
         "expectations": ["Uses SPARK/WANT/AGAIN/CAN framework to structure the plan",
                          "Runs scripts/build.sh"]}]})
    reads = _reads(_case(report(skill), "plan"))
    assert ON_CALLS not in reads["Uses SPARK/WANT/AGAIN/CAN framework to structure the plan"]
    assert ON_CALLS in reads["Runs scripts/build.sh"]
    shown = check_verbose(skill)
    assert "statement Uses SPARK/WANT" in shown, shown
    assert "[tool calls] Runs scripts/build.sh" in shown, shown


COUNCIL = ("decision-council", "decision-council")


@pytest.mark.parametrize(("statement", "fires"), [
    ("Should NOT trigger council", False), ("should not trigger the council", False),
    ("Must not load council.", False), ("Should activate the council skill", True),
    ("Should invoke decision council", True),
])
def test_routing_by_part_of_the_skill_name(statement: str, fires: bool) -> None:
    assert about_firing(statement, COUNCIL) is fires


@pytest.mark.parametrize("statement", [
    "Should use a table", "should trigger an alert in the generated config",
    "Should use council to weigh options and list each vote", "Should use the skill helper",
])
def test_other_words_after_a_verb_of_firing_stay_statements(statement: str) -> None:
    assert about_firing(statement, COUNCIL) is None


def test_a_case_denying_the_council_is_a_trigger_query(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "decision-council", "decision-council",
                           'Convenes personas to weigh a choice. Use when asked to "weigh '
                           'a hard choice".', "Convene three personas.\n")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "off", "prompt": "what's 2+2? quick answer",
         "expectations": ["Should NOT trigger council"]},
        {"id": "on", "prompt": "Should I move to Berlin for a job or stay near family?",
         "expectations": ["Gives each persona a view", "Should use a table",
                          "should trigger an alert in the generated config"]}]})
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["on"], got["cases"]
    assert len(_reads(_case(got, "on"))) == 3
    routing = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("0 should fire, 1 should not" in m for m in routing), got["findings"]
    shown = check_verbose(skill)
    assert "'Should NOT trigger council'" in shown and "EV012" in shown, shown

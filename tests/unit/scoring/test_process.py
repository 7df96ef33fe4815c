"""Process rubrics: every operator with a run that meets it and one that does not."""

from __future__ import annotations

import pytest

from runner.schema.case import Case, ProcessItem
from runner.schema.trial import ToolCall
from runner.scoring.base import Evidence, Grading, passed
from runner.scoring.process import ProcessScorer, grade_item, parse_call_matcher


def call(name: str, path: str = "", **extra: str) -> ToolCall:
    body = {"file_path": path} if path else {}
    body.update(extra)
    import json

    return ToolCall(name=name, input=json.dumps(body))


# The process example of docs/case-sets.md: read the ledger, append one row, read it back, stay
# offline.
DISCIPLINED = [call("Read", "ledger.csv"), call("Edit", "ledger.csv"), call("Read", "ledger.csv")]
# The same answer reached by writing blind, searching the web and writing twice.
BLIND = [call("Write", "ledger.csv"), call("WebSearch", query="ledger"),
         call("Write", "ledger.csv")]

ITEMS = {
    "order": ProcessItem(id="read-first", order=("Read:ledger.csv", "Edit|Write:ledger.csv")),
    "after": ProcessItem(id="read-back", after="Edit|Write:ledger.csv", then="Read:ledger.csv"),
    "count": ProcessItem(id="one-row", count="Edit|Write:ledger.csv", max=1),
    "never": ProcessItem(id="offline", never="WebFetch|WebSearch"),
}


@pytest.mark.parametrize("form", sorted(ITEMS))
def test_each_operator_met_by_the_disciplined_run_and_not_by_the_blind_one(form: str) -> None:
    item = ITEMS[form]
    met = grade_item(item, DISCIPLINED)
    missed = grade_item(item, BLIND)
    assert met.passed and met.evidence, met
    assert not missed.passed and missed.detail, missed


def test_after_anchors_on_the_last_a_and_an_a_that_never_came_fails() -> None:
    item = ITEMS["after"]
    read_then_edit_again = [call("Edit", "ledger.csv"), call("Read", "ledger.csv"),
                            call("Edit", "ledger.csv")]
    result = grade_item(item, read_then_edit_again)
    assert not result.passed and "after the last" in result.detail
    never = grade_item(item, [call("Read", "ledger.csv")])
    assert not never.passed and "never came" in never.detail


def test_count_min_and_order_with_other_calls_between() -> None:
    at_least_two = ProcessItem(id="reads", count="Read", min=2)
    assert grade_item(at_least_two, DISCIPLINED).passed
    assert not grade_item(at_least_two, BLIND).passed
    between = [call("Read", "ledger.csv"), call("Bash", command="ls"), call("Edit", "ledger.csv")]
    assert grade_item(ITEMS["order"], between).passed


def test_matcher_grammar_applies_to_the_input_as_recorded() -> None:
    matcher = parse_call_matcher("Bash:re:rm -rf")
    assert matcher.matches(call("Bash", command="rm -rf /tmp/x"))
    assert not matcher.matches(call("Bash", command="ls"))
    assert not parse_call_matcher("Bash:not:rm").matches(call("Bash", command="rm x"))
    with pytest.raises(ValueError, match="not a tool name"):
        parse_call_matcher("Web Fetch")


def test_process_is_reported_beside_task_success_never_deciding_it() -> None:
    case = Case(id="c", prompt="p", assertions=("ok",), process=(ITEMS["never"],))
    score = ProcessScorer().score(case, Evidence("ok", calls=tuple(BLIND)), Grading())
    assert score is not None and score.passed is False and score.decides is False
    assert passed({"process": score})  # the task still passed

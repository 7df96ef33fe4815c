"""A check about what the agent ran ("Runs the deploy script", "Calls parse_args()"), or one
its author typed as behaviour (`type: behavioral`, `process`, `action`, `tool`), is graded on
the tool calls with their results only: the final text saying it ran is not evidence."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.schema.case import Case
from runner.scoring.material import Material, Source
from runner.scoring.statements import decide, grader_request
from tests.helpers import check_json, check_verbose, make_skill

SKILL_MD = ("---\nname: invoice-totals\ndescription: Totals invoices with the bundled "
            "sum_invoices.py script.\n---\nRun scripts/sum_invoices.py on the folder.\n")
PROMPT = "Total the invoices in this folder for March."
CALLS_ONLY = "tool calls with their results only"


def skill_with(tmp_path: Path, assertions: list[Any]) -> Path:
    return make_skill(tmp_path, [{"id": "march", "prompt": PROMPT, "assertions": assertions}],
                      name="invoice-totals", skill_md=SKILL_MD)


def reads(skill: Path) -> list[tuple[str, str]]:
    return [(c["entry"], c["reads"]) for c in check_json(skill)["cases"][0]["checks"]]


def test_statements_saying_the_agent_ran_something_read_the_calls(tmp_path: Path) -> None:
    said = ["Runs the totals command before answering",
            "Calls load_ledger() on the March folder",
            "Executes scripts/sum_invoices.py with the folder path",
            "The agent invokes the Grep tool to find the invoice files",
            "First runs `make check` in the project"]
    got = reads(skill_with(tmp_path, said))
    assert [e for e, _ in got] == said
    assert all(CALLS_ONLY in r for _, r in got), got
    shown = check_verbose(skill_with(tmp_path / "v", said))
    assert f"reads {CALLS_ONLY}" in shown


def test_behaviour_typed_statements_read_the_calls(tmp_path: Path) -> None:
    got = reads(skill_with(tmp_path, [
        {"text": "Greps the invoices folder before summing", "type": "behavioral"},
        {"description": "Passes the month as an argument", "type": "process"},
        {"text": "Reads every invoice once and only once", "type": "action"},
        {"text": "Opens each invoice file before totalling", "type": "tool"}]))
    assert len(got) == 4 and all(CALLS_ONLY in r for _, r in got), got
    assert got[0][0].endswith("Greps the invoices folder before summing")


def test_other_statements_keep_all_the_material(tmp_path: Path) -> None:
    got = reads(skill_with(tmp_path, [
        "Calls out invoices with a missing date",      # "calls out": not a call
        "Runs through each vendor's total in turn",     # "runs through": not running
        "Explains how to run scripts/sum_invoices.py",  # the answer explains, runs nothing
        "Tells the user to run `make check` first",
        "The total is given in euros with two decimals",
        {"text": "States the grand total in the first line", "type": "output"},
        {"type": "tool_call", "tool": "Bash", "input_contains": "sum_invoices"}]))
    assert not any(CALLS_ONLY in r for _, r in got), got
    assert got[-1][0] == "Bash:sum_invoices"  # a named tool stays a tool-call check


def _material() -> Material:
    final = "I ran scripts/sum_invoices.py and the total is 4,210.00 EUR."
    call = "Bash {'command': 'ls invoices'}\n-> result: a.pdf b.pdf"
    return Material(final + "\n" + call, "n1", (
        Source(name="final text", text=final),
        Source(name="call 1 Bash", text=call, call_input="{'command': 'ls invoices'}",
               call_result="a.pdf b.pdf")))


def _grade(quote: str, source: str) -> dict[str, Any]:
    return {"content": [{"type": "tool_use", "name": "record_grades", "input": {"grades": [
        {"statement": 1, "passed": True, "evidence": quote, "source": source,
         "reason": "it says so"}]}}]}


def test_the_answer_claiming_it_ran_is_not_evidence() -> None:
    case = Case(id="c", prompt=PROMPT,
                statements=("Executes scripts/sum_invoices.py on the folder",))
    assert "[tool calls only]" in grader_request(case, "", "m")["messages"][0]["content"]
    (result,) = decide(case, _grade("I ran scripts/sum_invoices.py", "final text"),
                       _material())
    assert not result.passed and "tool calls" in (result.detail or "")
    (result,) = decide(case, _grade("ls invoices", "call 1 Bash"), _material())
    assert result.passed  # a quote from a call stands (the grader judged what it shows)


def test_an_answer_statement_still_passes_on_the_final_text() -> None:
    case = Case(id="c", prompt=PROMPT, statements=("The total is given in euros",))
    assert "[tool calls only]" not in grader_request(case, "", "m")["messages"][0]["content"]
    (result,) = decide(case, _grade("the total is 4,210.00 EUR", "final text"), _material())
    assert result.passed

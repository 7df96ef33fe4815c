"""Issue 26: which material a statement is graded on, by what it says. A claim that the agent
ran a named script, function, command or tool is graded on the tool calls however it is worded;
a statement its author typed as behaviour is graded there only when its words are about tools,
files or commands (what the agent says, asks or refuses is its answer); a statement about a
file it writes is shown by that file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.cli import main
from runner.schema.case import Case
from runner.schema.trial import ToolCall, Usage
from runner.scoring.base import Evidence, Grading
from runner.scoring.on_calls import MARK, about_process, marked, on_calls
from runner.scoring.statements import TOOL, StatementScorer, grader_request

CALLS_ONLY = "tool calls with their results only"


@pytest.mark.parametrize("statement", [
    "The agent used `scripts/estimate.py` to compute the shipping cost",
    "`compute_totals()` was called",
    "scripts/estimate.py was run on the order file",
    "The migration script is executed before answering",
    "Uses the `validate` script before answering",
    "Invokes the linter",
    "Should run `npm test`",
    "Must execute the migration script",
    "The agent needs to run `make check` first",
    "Did it call fetch_rates?",
    "Tool call: Bash with `pytest`",
    "Before answering, the agent runs the validate script",
    "Uses the Grep tool to find the config files",
    "When the cache is stale: runs `make clean`",
    "The agent has run scripts/estimate.py",
    "The estimate script is used to price the parcel",
    "Calls the `db.query()` tool with the order id",  # a code call named a tool
    "Calls the `notion.search()` MCP tool to find the page",  # said to be a tool
])
def test_a_claim_that_the_agent_ran_something_named_is_graded_on_the_calls(
        statement: str) -> None:
    assert on_calls(statement)


@pytest.mark.parametrize("statement", [
    "Uses a table to compare the carriers",       # not a tool
    "Uses `snake_case` names for the columns",     # a term, not a tool
    "Explains how to run the script",              # answer content
    "Mentions that `estimate.py` exists",
    "Recommends running npm test",                 # advice in the answer is the answer
    "Suggests the user run scripts/estimate.py",
    "Should explain how to call `fetch_rates()`",
    "The result is used to compute the average",   # passive, nothing named
    "Calls out orders with a missing address",
    "Runs through each carrier in turn",
    "The fetch_rates result is used in the answer",  # a value used, not a tool
    "Never runs `rm -rf`",                           # an absence keeps its own reading
    # a method called on an object: a call in the code the work writes
    "Calls wg.Add(1) BEFORE the go statement, not inside the goroutine",
    "Calls defer rows.Close() after checking the error",
    "Identifies that wg.Add(1) is called inside the goroutine",
    "`viper.AutomaticEnv()` is called before reading the config",
    "Calls `session.commit()` after the insert",
])
def test_answer_content_about_running_keeps_all_the_material(statement: str) -> None:
    assert not on_calls(statement)


@pytest.mark.parametrize("statement", [
    "Responds in a friendly tone",
    "Asks a clarifying question before proceeding",
    "Refuses politely",
    "Explains which command it would run",         # says, however much it names a command
    "Recommends running the migration script",
    "Keeps the summary under five lines",          # neither: nothing about tools or files
])
def test_a_behaviour_typed_statement_about_the_answer_is_not_marked(statement: str) -> None:
    assert not about_process(statement)
    assert marked(statement) == statement and not on_calls(marked(statement))


@pytest.mark.parametrize("statement", [
    "Reads every order file once",
    "Edits config.yaml in place",
    "Passes the region as a command-line argument",
    "Greps the logs folder before answering",
    "Uses the Grep tool",
    "Runs the tests",
])
def test_a_behaviour_typed_statement_about_tools_or_files_is_marked(statement: str) -> None:
    assert about_process(statement)
    assert marked(statement) == MARK + statement and on_calls(marked(statement))


class Grader:
    def __init__(self, quote: str, source: str) -> None:
        self.quote, self.source = quote, source

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "tool_use", "id": "t", "name": TOOL, "input": {
            "grades": [{"statement": 1, "passed": True, "evidence": self.quote,
                        "source": self.source, "reason": "r"}]}}], "model": "m", "usage": {}}

    def usage(self) -> Usage:
        return Usage()


WORK = Evidence("I wrote report.md with a summary section. Happy to help further!",
                {"report.md": b"# Report\n\n## Summary\nThree carriers compared.\n"},
                calls=(ToolCall(name="Bash", input='{"command": "python scripts/estimate.py"}',
                                result="total 41.20"),))


def passes(statement: str, quote: str, source: str) -> bool:
    case = Case(id="c", prompt="Compare the carriers and write report.md.",
                statements=(statement,))
    score = StatementScorer().score(case, WORK, Grading(client=Grader(quote, source)))
    assert score is not None
    return bool(score.passed)


def test_a_passive_run_claim_passes_on_the_call_never_on_the_answer() -> None:
    said = "`scripts/estimate.py` was run"
    assert "[tool calls only]" in grader_request(
        Case(id="c", prompt="p", statements=(said,)), "", "m")["messages"][0]["content"]
    assert passes(said, "python scripts/estimate.py", "call 1 Bash")
    assert not passes("The agent used scripts/estimate.py to total", "I wrote report.md with "
                      "a summary section", "final text")


def test_a_behaviour_typed_answer_quality_passes_on_the_final_text() -> None:
    assert passes(marked("Responds in a friendly tone"), "Happy to help further!",
                  "final text")


@pytest.mark.parametrize("statement", [
    "Creates report.md with a summary section",
    marked("Creates report.md with a summary section"),  # typed as behaviour by its author
])
def test_a_statement_about_a_file_written_passes_on_that_files_text(statement: str) -> None:
    assert passes(statement, "## Summary Three carriers compared.", "file report.md")
    assert not passes(statement, "I wrote report.md with a summary section", "final text")


def skill_with(tmp_path: Path, case: dict[str, Any]) -> Path:
    skill = tmp_path / "carrier-quotes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: carrier-quotes\ndescription: Compares carrier quotes. Use when asked to "
        "ship a parcel.\n---\nRun scripts/estimate.py with the order.\n")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "estimate.py").write_text("print('41.20')\n")
    (skill / "evals" / "evals.json").write_text(json.dumps(
        {"evals": [{"id": "parcel", "prompt": "Which carrier is cheapest for this parcel?",
                    **case}]}))
    return skill


def test_sentences_under_tool_fields_are_statements_on_the_calls(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "tool_calls": ["Bash:estimate", "Runs scripts/estimate.py with the order"],
        "expected_tools": ["Uses the estimate script to price the parcel"],
        "tools_used": ["Bash"]})
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    got = [(c["kind"], c["entry"], c["reads"])
           for c in json.loads(result.output)["cases"][0]["checks"]]
    statements = [(e, r) for k, e, r in got if k == "statement"]
    assert [e for e, _ in statements] == [MARK + "Runs scripts/estimate.py with the order",
                                          MARK + "Uses the estimate script to price the parcel"]
    assert all(CALLS_ONLY in r for _, r in statements)
    assert ("tool_call", "Bash:estimate") in [(k, e) for k, e, _ in got]


def test_check_v_shows_the_scope_of_each_statement(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"assertions": [
        "`scripts/estimate.py` was run with the order",
        {"text": "Asks which delivery speed the user wants", "type": "behavior"},
        {"text": "Reads the order file before pricing", "type": "behavior"}]})
    result = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert any(line.startswith("  statement [tool calls] `scripts/estimate.py` was run")
               for line in lines), result.output
    assert any(line.startswith("  statement [tool calls] Reads the order file")
               for line in lines), result.output
    asks = next(n for n, line in enumerate(lines) if "Asks which delivery speed" in line)
    assert "[tool calls]" not in lines[asks] and CALLS_ONLY not in lines[asks + 1]


def test_the_grader_is_told_a_file_written_shows_it_and_a_run_needs_a_call() -> None:
    def request(statement: str) -> str:
        content = grader_request(Case(id="c", prompt="p", statements=(statement,)), "",
                                 "m")["messages"][0]["content"]
        return str(content)
    assert "[tool calls only]" not in request(marked("Creates report.md with a summary section"))
    assert "[tool calls only]" in request(marked("Writes the totals to disk"))  # no file named
    assert "[tool calls only]" in request(marked("Reads every order file once"))

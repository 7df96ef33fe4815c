"""Issue 26, points 4 and 7, on phrasings of their own: a binary output's existence is graded
on the runner's listing of the working directory (it has no text to quote), and the automatic
file-fail rule fires only for files the task asks the agent to produce."""

from __future__ import annotations

from typing import Any

import pytest

from runner.schema.case import Case, OutputCheck
from runner.schema.trial import Usage
from runner.scoring.asked import asked_files
from runner.scoring.base import Evidence, Grading
from runner.scoring.statements import TOOL, StatementScorer


class Grader:
    def __init__(self, grades: list[dict[str, Any]]) -> None:
        self.grades = grades

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "tool_use", "id": "t", "name": TOOL,
                             "input": {"grades": self.grades}}], "model": "m", "usage": {}}

    def usage(self) -> Usage:
        return Usage()


def passed(n: int, quote: str, source: str) -> dict[str, Any]:
    return {"statement": n, "passed": True, "evidence": quote, "source": source, "reason": "r"}


BINARY = {"report.pdf": b"%PDF-1.7\x00\xff\xfe", "out/chart.png": b"\x89PNG\r\n\x1a\n\x00"}


@pytest.mark.parametrize("statement", [
    "report.pdf is created",
    "A PDF named report.pdf is saved",
    "The run produces report.pdf",
    "out/chart.png exists",
    "chart.png is generated",
])
def test_a_binary_output_exists_on_the_runners_listing(statement: str) -> None:
    case = Case(id="c", prompt="Export the notes to report.pdf and plot out/chart.png.",
                statements=(statement,))
    quote = "report.pdf" if "report" in statement else "out/chart.png"  # a listing's line
    score = StatementScorer().score(case, Evidence("Done.", BINARY), Grading(
        client=Grader([passed(1, quote, "working directory")])))
    assert score is not None and score.passed is True, score.checks[0].detail


def test_a_statement_about_a_binary_files_content_is_not_shown_by_the_listing() -> None:
    case = Case(id="c", prompt="Export the notes to report.pdf.",
                statements=("report.pdf has a title page",))
    score = StatementScorer().score(case, Evidence("Done.", BINARY), Grading(
        client=Grader([passed(1, "created: out/chart.png, report.pdf", "working directory")])))
    assert score is not None and score.passed is False


@pytest.mark.parametrize(("prompt", "outputs", "asked"), [
    ("Export the notes to report.pdf.", (), {"report.pdf"}),
    ("Write the summary into out/summary.md", (), {"out/summary.md"}),
    ("Save the chart as chart.png, then tell me what it shows", (), {"chart.png"}),
    ("I ran cleanup.sh on corp.local as j.smith; why is it locked?", (), set()),
    ("Read notes.txt and summarise it", (), set()),
    ("Read the file at data/input.csv and answer", (), set()),
    ("Summarise the meeting", ("minutes.md",), {"minutes.md"}),
    ('The user wrote "save it to draft.md" last week; review their plan', (), set()),
])
def test_only_files_the_task_asks_for_are_held_to_the_file_fail_rule(
        prompt: str, outputs: tuple[str, ...], asked: set[str]) -> None:
    assert asked_files(prompt, outputs) == asked


def test_a_file_the_task_only_names_goes_to_the_grader_and_an_asked_one_fails_unwritten(
        ) -> None:
    case = Case(id="c", prompt="Read notes.txt and write the summary to summary.md.",
                statements=("The answer quotes notes.txt's first line",
                            "summary.md lists the decisions"),
                outputs=(OutputCheck(path="other.md"),))
    said = "notes.txt starts with: Ana owns the budget"
    score = StatementScorer().score(case, Evidence(said, {}), Grading(client=Grader(
        [passed(1, said, "final text"), passed(2, said, "final text")])))
    assert score is not None
    named, asked = score.checks
    assert named.passed is True, named.detail
    assert asked.passed is False and "never written" in asked.detail

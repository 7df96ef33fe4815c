"""Statements of absence (issue 26, what a check means): a literal absence is a not-contains
check with the author's operand; what cannot be made literal stays with the grader, whose pass
on an absence needs no quote (it can only quote what is present)."""

from __future__ import annotations

from typing import Any

import pytest

from runner.schema.case import Case
from runner.schema.trial import Usage
from runner.scoring.absence import Absence, literal_absence, states_absence
from runner.scoring.base import Evidence, Grading
from runner.scoring.statements import TOOL, StatementScorer


@pytest.mark.parametrize(("statement", "operands", "file"), [
    ("No em dash", ("—",), None),
    ("no em-dashes.", ("—",), None),
    ("Zero em dashes", ("—",), None),
    ("Draft has zero emdashes", ("—",), None),
    ("Free of en dashes", ("–",), None),
    ("Avoids —", ("—",), None),
    ("Avoids the em dash (—)", ("—",), None),
    ("Uses no semicolons", (";",), None),
    ("No curly quotes", ("“", "”", "‘", "’"), None),
    ("Does not contain 'As an AI'", ("As an AI",), None),
    ('The response does not contain "As an AI language model".',
     ("As an AI language model",), None),
    ("The final answer doesn't say “I can't help”", ("I can't help",), None),
    ("Never uses the word delve", ("delve",), None),
    ("never use the word 'delve'", ("delve",), None),
    ("Must not include `TODO`", ("TODO",), None),
    ("It never outputs 'TBD'", ("TBD",), None),
    ("The answer contains no TODO or FIXME", ("TODO", "FIXME"), None),
    ("Does not include 'foo', 'bar', or 'baz'", ("foo", "bar", "baz"), None),
    ("Contains no <script> tags", ("<script>",), None),
    ("Does not use console.log", ("console.log",), None),
    ("Without 'lorem ipsum'", ("lorem ipsum",), None),
    ("Has no instances of 'delve'", ("delve",), None),
    ("The summary should not contain the string 'N/A'", ("N/A",), None),
    ("Must not mention the phrase 'game changer' anywhere in the response.",
     ("game changer",), None),
    ("Zero em dashes in any text of the file", ("—",), None),
    ("index.html contains no em dash", ("—",), "index.html"),
    ("No em dash anywhere in index.html", ("—",), "index.html"),
    ("The README.md must not contain TODO", ("TODO",), "README.md"),
    ("`out/notes.md` never contains 'DRAFT'", ("DRAFT",), "out/notes.md"),
])
def test_a_literal_absence_is_read_with_the_authors_operand(
        statement: str, operands: tuple[str, ...], file: str | None) -> None:
    assert literal_absence(statement) == Absence(operands, file)


@pytest.mark.parametrize("statement", [
    "Does not mention competitors",                      # a topic, not a text
    "No badge above the headline",                       # a thing seen, not a text
    "Never apologises",
    "Does not use emoji",                                # no one literal form
    "Does not mention AI",                               # two capitals: a topic
    "Explains the refund with no jargon",                # a positive clause first
    "The summary names Ana, not Bob",
    "Branches from main (not develop)",
    "Includes no more than 3 bullets",
    "No files modified",
    "Draft has no instances of 'delve' or its variants",  # variants cannot be literal
    "Does not use placeholder text like 'lorem ipsum'",
    "Does not flag 'highlights' as empty emphasis when it points to named trace evidence.",
    "Does not reject solely because the sentence uses 'not just'.",
    "The response does not say 'I cannot' and explains the refund",
    "Commit message does NOT contain 'Claude', 'Anthropic', or 'GPT'",  # not the work
    "Does not include a bare-bones 3-bullet summary (too shallow for Standard)",
])
def test_what_cannot_be_made_literal_stays_with_the_grader(statement: str) -> None:
    assert literal_absence(statement) is None


@pytest.mark.parametrize(("statement", "absence"), [
    ("No badge above the headline", True),
    ("Does not call unnecessary tools (no list_experiments)", True),
    ("CLAUDE.md is not modified", True),
    ("Nothing is deleted", True),
    ("The final summary never blames the user", True),
    ("The run avoids this: calls the API and leaks the key", True),
    ("Explains the refund with no jargon", False),
    ("Explains the refund and never mentions fees", False),
    ("Does not apologise and explains the refund", False),
    ("The response does not apologise; it explains the refund", False),
    ("The summary names Ana, not Bob", False),
    ("Names the owner of each decision", False),
    ("Output says WLAST is not the same as write completion.", False),
    ("The skill should NOT attempt research. It should ask for a topic", False),
    ("Does NOT update .state.md", True),
])
def test_an_absence_is_told_from_a_statement_that_must_show_something(
        statement: str, absence: bool) -> None:
    assert states_absence(statement) is absence


class Grader:
    def __init__(self, grades: list[dict[str, Any]]) -> None:
        self.grades = grades
        self.requests: list[dict[str, Any]] = []

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        self.requests.append(body)
        return {"content": [{"type": "tool_use", "id": "t", "name": TOOL,
                             "input": {"grades": self.grades}}], "model": "m", "usage": {}}

    def usage(self) -> Usage:
        return Usage(requests=len(self.requests))


def test_an_absence_left_to_the_grader_passes_without_a_quote() -> None:
    """The grader is told an [absence] needs no quote; its pass stands on nothing to quote,
    while a statement that must show something still fails without one."""
    case = Case(id="c", prompt="Write the landing page.",
                statements=("No badge above the headline", "Names the product in the hero"))
    grader = Grader([{"statement": 1, "passed": True, "evidence": "", "source": "",
                      "reason": "no badge anywhere"},
                     {"statement": 2, "passed": True, "evidence": "", "source": "",
                      "reason": "it does"}])
    score = StatementScorer().score(case, Evidence("<h1>Lume</h1>", {}),
                                    Grading(client=grader, model="g"))
    assert score is not None
    absence, shown = score.checks
    assert absence.passed is True and "absent" in absence.evidence
    assert shown.passed is False
    asked = grader.requests[0]["messages"][0]["content"]
    assert "1. No badge above the headline [absence]" in asked
    assert "2. Names the product in the hero\n" in asked
    assert "[absence]" in grader.requests[0]["system"]
    # a grader that finds what breaks the absence fails it
    broken = Grader([{"statement": 1, "passed": False, "evidence": "<span class=badge>",
                      "source": "final text", "reason": "a badge"}])
    failed = StatementScorer().score(Case(id="c", prompt="p", statements=(
        "No badge above the headline",)), Evidence("<span class=badge>", {}),
        Grading(client=broken, model="g"))
    assert failed is not None and failed.passed is False

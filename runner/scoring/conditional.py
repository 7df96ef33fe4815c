"""Statements with a condition ("When the answer drafts a prompt: it names a role"), as a
check object's `applies_when` (or `when`, `if`, `condition`, `only_if`, `precondition`) is
kept (runner.authoring.dialects). The grader first decides whether the condition holds: when it
does not, the statement passes with no quote (nothing can be quoted for a case that did not
arise); when it does, the statement is graded like any other (runner.scoring.statements)."""

from __future__ import annotations

import re

# Keys of a check object that say when the check applies.
CONDITION_KEYS = ("applies_when", "when", "if", "condition", "only_if", "precondition")
PREFIX = "When "
_CONDITIONAL = re.compile(r"^When (?P<condition>[^:\n]{3,}?): \S", re.DOTALL)


def conditional(condition: str, statement: str) -> str:
    """The statement the grader sees: "When <condition>: <statement>"."""
    cleaned = " ".join(condition.split()).rstrip(".:;")
    if cleaned[:5].lower() in ("when ", "only ") or cleaned[:3].lower() == "if ":
        cleaned = cleaned.split(" ", 1)[1] if " " in cleaned else cleaned
    return f"{PREFIX}{cleaned}: {statement.strip()}"


def condition_of(statement: str) -> str | None:
    """The condition a statement is graded under, or None for an unconditional one."""
    found = _CONDITIONAL.match(statement)
    return found.group("condition") if found else None

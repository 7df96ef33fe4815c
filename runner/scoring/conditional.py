"""Statements with a condition ("When the answer drafts a prompt: it names a role"), as a
check object's `applies_when` (or `when`, `if`, `condition`, `only_if`, `precondition`) is
kept (runner.authoring.dialects). The grader first decides whether the condition holds: when it
does not, the statement passes with no quote (nothing can be quoted for a case that did not
arise); when it does, the statement is graded like any other (runner.scoring.statements).

An author's own statement may open with its condition too ("If the user asks for a range,
the answer shows both estimates", "Unless a file is given: ...", "Si ...,", "Wenn ...,",
"如果…，"): it is kept whole, and marked conditional the same way, so the grader decides
whether the condition held instead of failing a case that never arose. The condition ends
at the first comma or colon (the grader reads the whole sentence, so a comma inside the
condition only shortens what `check` shows). "Unless X" applies when X does not hold.
"""

from __future__ import annotations

import re

# Keys of a check object that say when the check applies.
CONDITION_KEYS = ("applies_when", "when", "if", "condition", "only_if", "precondition")
PREFIX = "When "
_CONDITIONAL = re.compile(r"^When (?P<condition>[^:\n]{3,}?): (?=\S)", re.DOTALL)
# Words that open a condition, in the languages runner.analysis.wording_i18n reads a reason
# or condition in ("REASON"); "because"-like words are no condition and stay out.
_OPENERS = {
    "en": r"if|when|whenever|in\s+case|unless|only\s+if",
    "es": r"si|cuando|a\s+menos\s+que",
    "pt": r"se|quando|a\s+menos\s+que",
    "fr": r"si|quand|lorsque|lorsqu'|à\s+moins\s+qu(?:e|')",
    "de": r"wenn|falls|sofern|au(?:ß|ss)er\s+wenn",
    "it": r"se|quando|a\s+meno\s+che",
    "ru": r"если|когда",
}
_NEGATED = re.compile(r"^(?:unless|a\s+menos|à\s+moins|au(?:ß|ss)er|a\s+meno)", re.IGNORECASE)
_OPENING = re.compile(
    r"^(?P<opener>" + "|".join(_OPENERS.values()) + r")(?:(?<=')|\s+)"
    r"(?P<condition>[^,:;\n]{3,}?)\s*[,:]\s*(?=\S)", re.IGNORECASE)
# Chinese and Japanese: no spaces; the condition ends at a full-width or ASCII comma/colon.
_OPENING_CJK = re.compile(r"^(?P<opener>如果|假如|倘若|若是|若|当|當|除非)"
                          r"(?P<condition>[^，,：:；;\n]{2,}?)"
                          r"(?:时|時|的话|的話)?[，,：:]\s*(?=\S)")


def conditional(condition: str, statement: str) -> str:
    """The statement the grader sees: "When <condition>: <statement>"."""
    cleaned = " ".join(condition.split()).rstrip(".:;")
    if cleaned[:5].lower() in ("when ", "only ") or cleaned[:3].lower() == "if ":
        cleaned = cleaned.split(" ", 1)[1] if " " in cleaned else cleaned
    return f"{PREFIX}{cleaned}: {statement.strip()}"


def without_condition(statement: str) -> str:
    """The statement after its opening condition (what it claims when the condition holds),
    or the statement itself when it has none."""
    text = statement.strip()
    found = _CONDITIONAL.match(text) or _OPENING.match(text) or _OPENING_CJK.match(text)
    return text[found.end():] if found else text


def condition_of(statement: str) -> str | None:
    """The condition a statement is graded under, or None for an unconditional one."""
    found = _CONDITIONAL.match(statement)
    if found:
        return found.group("condition")
    text = statement.strip()
    opening = _OPENING.match(text) or _OPENING_CJK.match(text)
    if opening is None:
        return None
    condition = opening.group("condition").strip()
    if _NEGATED.match(opening.group("opener")) or opening.group("opener") == "除非":
        return f"not ({condition})"  # "Unless X, Y": Y applies when X does not hold
    return condition

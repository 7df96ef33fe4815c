"""A denial heading a list whose items the set gives as separate statements (a YAML or JSON
list, a CSV cell split into lines): `["Must not contain these words:", "- 大概", "- 可能"]`.
Read one by one, the heading is a statement with nothing to deny and each item a POSITIVE
statement: the negation is lost. Joined back, they are one statement of absence
(runner.scoring.absence: one not-contains check an item when the items are literal, else one
absence for the grader). A heading that does not deny leaves its items as they are."""

from __future__ import annotations

import re

from runner.scoring.absence import headed_list, states_absence

# A list item: a bullet or a number first ("- x", "* x", "• x", "1. x", "2) x").
_ITEM = re.compile(r"^\s*(?:[-*•·]|\d{1,2}[.)、])\s+\S")


def _denial_head(text: str) -> bool:
    """One line ending in a colon that denies ("The PRD must not contain these words:")."""
    if "\n" in text.strip():
        return False
    listed = headed_list(text + "\n- x")
    return listed is not None and states_absence(text + "\n- x")


def joined_denials(statements: list[str], origins: list[str]) -> tuple[list[str], list[str]]:
    """The statements with each denial heading joined to the list items right after it (one
    statement a line), and their origins (the heading's, naming the items taken in)."""
    texts: list[str] = []
    where: list[str] = []
    at = 0
    while at < len(statements):
        text, origin = statements[at], origins[at]
        end = at + 1
        if _denial_head(text):
            while end < len(statements) and _ITEM.match(statements[end]):
                end += 1
        if end > at + 1:
            text = "\n".join([text.strip(), *(s.strip() for s in statements[at + 1:end])])
            origin = f"{origin} (a denial heading the {end - at - 1} item(s) after it)"
        texts.append(text)
        where.append(origin)
        at = end
    return texts, where

"""A list of terms whose label says how many of them the work must hold ("At least 3 of the
violation codes appear (e.g. OVERLAP, SLOP, ...)", `patterns` listing ten): the author's
check is "any N of these", never "every one of them" (issue 26: every check reads the
author's operand). Read term by term, the list would demand all ten, and fail where the
author's check passes.

The count comes from the label's grammar: a lower bound (`at least 3`, `3 or more`, `≥3`,
`至少3个`, `3つ以上`, `any 3 of`) smaller than the number of terms. One check holds it: a
regular expression that passes when some N distinct terms all appear (one lookahead group per
choice of N), as long as that stays small; past that the label and its terms go to the grader
as a statement.
"""

from __future__ import annotations

import re
from itertools import combinations
from math import comb

_WORD_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
                 "eight": 8, "nine": 9, "ten": 10}
_N = r"(\d{1,2}|" + "|".join(_WORD_NUMBERS) + r")"
# A lower bound on a count, in the label's words.
_LEAST = re.compile(
    rf"(?i)\bat\s+least\s+{_N}\b|\b{_N}\s+or\s+more\b|≥\s*(\d{{1,2}})|\bany\s+{_N}\s+of\b"
    r"|至少\s*(\d{1,2})|(\d{1,2})\s*(?:つ|個|个|項|项|種|种)?以上")
# Choices of N terms one check may spell out (each a lookahead group).
MAX_CHOICES = 256


def least_of(label: str, terms: int) -> int | None:
    """The N of "at least N" the label says, when it is a bound on the list (1 < N < terms)."""
    found = _LEAST.search(" ".join(label.split()))
    if found is None:
        return None
    said = next(g for g in found.groups() if g)
    least = _WORD_NUMBERS.get(said.lower()) or int(said)
    return least if 1 < least < terms else None


def least_check(terms: list[str], least: int, regex: bool) -> str | None:
    """One `re:` check passing when `least` distinct terms appear (None when too many choices
    to spell out)."""
    if comb(len(terms), least) > MAX_CHOICES:
        return None
    parts = [f"(?:{t})" if regex else re.escape(t) for t in terms]
    choices = ["".join(f"(?=.*?{p})" for p in chosen) for chosen in combinations(parts, least)]
    return "re:(?s)\\A(?:" + "|".join(choices) + ")"

"""Two files of one set folder that are the same cases written for two harnesses (issue 26,
rule 8): a skill's `evals/` holding skill-creator's `evals.json` and another tool's
`EVAL.yaml` (agentv's `tests: [{input, criteria, rubrics}]`), each case of one again in the
other, reworded at most. They are one set, never a choice only the author can make: one file
is read (the one holding the other's cases and more; with the same cases, the runner's own
shape, `evals.json` under `evals` with `prompt`; else the file whose cases carry more fields),
and the other is named with why (`check` prints one line).

Two cases are the same case when the words of everything they say (prompt, expected output,
checks; ids aside) overlap by at least half, each the other's nearest: a reworded prompt with
the same checks is one case, while two cases of one skill share a fifth of their words at most.
A file's cases are again in another when each is paired so with a different case there.

Files of two formats (JSON beside YAML) that share no case are two harnesses' halves of one
set: read joined (runner.authoring.joined keeps their ids apart). Files that share some cases
but neither holds the other's are two versions: still refused, each named, with `--cases`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

SAME_CASE = 0.5  # share of words two wordings of one case keep (two cases: under 0.3)
_WORD = re.compile(r"\w+")
# The runner's own shape (skill-creator's evals.json): read first when the cases are the same.
_NATIVE = (".json", "under 'evals'", frozenset({"prompt"}))


def case_words(item: Any) -> frozenset[str]:
    """The words of everything a case says (its id aside): what two wordings share."""
    def texts(value: Any) -> list[str]:
        if isinstance(value, str):
            return [value]
        if isinstance(value, dict):
            return [t for k, v in value.items() if k != "id" for t in texts(v)]
        if isinstance(value, list):
            return [t for v in value for t in texts(v)]
        return []
    return frozenset(w for t in texts(item) for w in _WORD.findall(t.lower()))


def _overlap(first: frozenset[str], second: frozenset[str]) -> float:
    union = first | second
    return len(first & second) / len(union) if union else 0.0


def _nearest(case: frozenset[str], others: Sequence[frozenset[str]]) -> int | None:
    scores = [_overlap(case, other) for other in others]
    if not scores or max(scores) < SAME_CASE:
        return None
    return scores.index(max(scores))


def paired(small: Sequence[frozenset[str]], large: Sequence[frozenset[str]]) -> int:
    """How many cases of `small` are again in `large` (each one's mutual nearest there, at
    least half its words shared, no case of `large` taken twice)."""
    taken: set[int] = set()
    for index, case in enumerate(small):
        found = _nearest(case, large)
        if found is not None and found not in taken and _nearest(large[found], small) == index:
            taken.add(found)
    return len(taken)


def holds(large: Sequence[frozenset[str]], small: Sequence[frozenset[str]]) -> bool:
    """Every case of `small` is again in `large`."""
    return bool(small) and len(large) >= len(small) and paired(small, large) == len(small)


def shared(first: Sequence[frozenset[str]], second: Sequence[frozenset[str]]) -> int:
    """How many cases two files have in common."""
    return paired(first, second) if len(first) <= len(second) else paired(second, first)


def preferred(first: tuple[Any, Sequence[frozenset[str]], int],
              second: tuple[Any, Sequence[frozenset[str]], int]) -> int:
    """Which of two files holding the same cases to read (0 or 1), each given as (its shape,
    its cases' words, how many fields its cases fill): the one holding more cases, then the
    runner's own shape, then the one whose cases carry more."""
    (shape_a, words_a, fields_a), (shape_b, words_b, fields_b) = first, second
    if len(words_a) != len(words_b):
        return 0 if len(words_a) > len(words_b) else 1
    if (shape_a == _NATIVE) != (shape_b == _NATIVE):
        return 0 if shape_a == _NATIVE else 1
    return 0 if fields_a >= fields_b else 1

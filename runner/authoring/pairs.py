"""Before/after example pairs among a case's files (issue 26): `before.md` with `after/page.md`,
`input/` with `expected/`, `original` with `fixed`, `x_before.py` with `x_after.py`. The before
side is the task's input (staged); the after side is the answer the work should reach, an
answer key (EV013), never staged. Read by file names alone, and only when both sides are
there: a lone `after.md` is an input like any other."""

from __future__ import annotations

import re

BEFORE_WORDS = frozenset({"before", "original", "orig", "input", "inputs", "unfixed"})
AFTER_WORDS = frozenset({"after", "fixed", "corrected", "expected", "solution"})


def _role(path: str) -> str | None:
    words = set(re.split(r"[^a-z0-9]+", path.lower()))
    before, after = bool(words & BEFORE_WORDS), bool(words & AFTER_WORDS)
    if before == after:  # neither, or both (`before_and_after.md`): no side of a pair
        return None
    return "before" if before else "after"


def split_pairs(files: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The files to stage, and the after side of a before/after pair (empty: no pair)."""
    roles = {f: _role(f) for f in files}
    if "before" not in roles.values() or "after" not in roles.values():
        return files, ()
    return (tuple(f for f in files if roles[f] != "after"),
            tuple(f for f in files if roles[f] == "after"))

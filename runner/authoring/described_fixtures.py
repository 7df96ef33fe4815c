"""A `files` entry that describes a fixture in words instead of naming one (issue 26):
`"fixture: docs/plan/changes/x.md marked APPROVED"`, `"tracker/issues.json with 5 issues"`.
It is no path (refusing it as a missing file would refuse a case whose authors never meant to
ship the file): it is taken out of `files`, kept, and the case is read on its prompt. Whether
it can still pass depends on the prompt: one that states what the fixture holds (a
parenthetical, "the change (8 workstreams, two REMOVED migrations)", or the material after a
colon) gives the agent what the criteria read (EV012 says the fixture is not staged); one that
does not leaves the criteria needing contents no arm has (EV014).

Read by the grammar of a description, never by a list of file names: a label before a colon
(`fixture:`, `given:`), or a path followed by a qualifying clause ("with ...", "marked ...",
"containing ...").
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath

_LABEL = re.compile(r"(?i)^\s*(?:fixtures?|files?|given|inputs?|setup|state|mocks?|attached|"
                    r"precondition|seed(?:ed)?)\s*:\s*\S")
# Words that open a clause qualifying what a named file holds.
_QUALIFIERS = frozenset({"with", "marked", "containing", "holding", "where", "that", "which",
                         "having", "showing", "including", "listing", "whose"})
# The prompt states the material: a parenthetical of three words or more, or four words or
# more after a colon.
_PARENTHETICAL = re.compile(r"\(([^()]*)\)")
_AFTER_COLON = re.compile(r":\s+(\S+(?:\s+\S+){3,})")


def described(entry: str) -> bool:
    """A `files` entry written as a description of a fixture, not its path."""
    if _LABEL.match(entry):
        return True
    tokens = entry.split()
    return len(tokens) >= 3 and any(t.lower() in _QUALIFIERS for t in tokens[1:])


def states_material(prompt: str) -> bool:
    """The prompt itself states what its material holds (see the module)."""
    if any(len(p.split()) >= 3 for p in _PARENTHETICAL.findall(prompt)):
        return True
    return _AFTER_COLON.search(prompt) is not None


# Where the case reader keeps the described entries (shown by `check -v`).
KEPT_AS = "files (fixtures described in words, not staged)"


def described_names(extra: dict[str, object], prompt: str, names: list[str]) -> list[str]:
    """Of the inputs the prompt names and the case does not stage (`names`), those a
    described fixture names while the prompt states what it holds: meant to be read from the
    prompt, never refused as missing."""
    told = extra.get(KEPT_AS)
    if not isinstance(told, list) or not states_material(prompt):
        return []
    return [n for n in names if any(isinstance(t, str) and n in t for t in told)]


# A prompt's sentence (its clauses end at . ! ? or a line break).
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
# What follows a named file and states what it holds: a qualifying word ("that exposes",
# "which has", "with methods", "exposing") then the contents, listed.
_HOLDS = re.compile(r"^[`'\"]?\s*(?:that|which|with|exposing|containing|holding|having|"
                    r"defining|providing|whose)\b(?P<rest>.*)", re.IGNORECASE | re.DOTALL)
# The contents are listed: three items or more, each a code span or a comma-separated part.
_CODE_SPAN = re.compile(r"`[^`\n]+`")


def _items(rest: str) -> int:
    return max(len(_CODE_SPAN.findall(rest)), len([p for p in rest.split(",") if p.strip()]))


def described_in_prompt(prompt: str, names: list[str], criteria: list[str]) -> list[str]:
    """Of the inputs the prompt names and the case does not stage (`names`), those the prompt
    itself describes and no criterion reads: the name followed in its sentence by a clause
    listing what the file holds ("a `Cart` class in `src/cart/cart.ts` that exposes
    `add(item)`, `remove(id)` and `total`"), while the criteria never name the file (they
    read the work the agent writes from that description). The user told the agent what the
    file holds; the case is read on its prompt."""
    said = "\n".join(criteria)
    out: list[str] = []
    for name in names:
        base = PurePosixPath(name).name
        if re.search(rf"(?<![\w./-]){re.escape(base)}(?![\w-])", said):
            continue  # a criterion reads the file: its contents matter
        for sentence in _SENTENCE_END.split(prompt):
            at = sentence.find(name)
            held = _HOLDS.match(sentence[at + len(name):]) if at >= 0 else None
            if held is not None and _items(held.group("rest")) >= 3:
                out.append(name)
                break
    return out

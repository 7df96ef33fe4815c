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

_LABEL = re.compile(r"(?i)^\s*(?:fixtures?|files?|given|inputs?|setup|state|mocks?|"
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

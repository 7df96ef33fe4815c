"""Files named as parts of a change the prompt describes, held elsewhere (issue 26, rule 5:
"a file the user describes" is no missing input): "Run a tiered review on PR #168 in
acme/reader. The PR adds 4 icon files and a single line in manifest.json." names
manifest.json as where the described pull request changed something; the case is read on
the prompt's description of that change (its size, its files, what it touches), never on a
checkout it would stage, so the file is not refused as named but unstaged (EV012 says so).

Read by grammar: the prompt refers to a change by its handle (`PR #168`, `pull request 12`,
`MR !4`, `merge request 7`, `commit 3f2a9c1`), and the file is named in a sentence about that
change, one whose subject is the change ("The PR adds ...", "This diff touches ...", "The PR
is 2 files, 18 LOC: adds a listener ... in src/theme.ts") after a verb of change (adds,
touches, changes, modifies, edits, removes, deletes, renames, updates, introduces, moves,
bumps). A file the prompt asks the agent to read or fix ("fix the bug in app.ts") is no part
of such a sentence."""

from __future__ import annotations

import re

_HANDLE = re.compile(r"(?i)\b(?:PR|MR|pull\s+request|merge\s+request)\s*[#!]?\d+\b|"
                     r"\bcommit\s+[0-9a-f]{7,40}\b")
_SUBJECT = re.compile(r"(?i)^\s*(?:the|this|that|its|each)\s+(?:PR|MR|pull\s+request|"
                      r"merge\s+request|diff|commit|patch|change(?:set)?|branch)\b")
_CHANGE = re.compile(r"(?i)\b(?:adds?|adding|touch(?:es)?|chang(?:es|ing)|modif(?:ies|ying)|"
                     r"edits?|remov(?:es|ing)|delet(?:es|ing)|renam(?:es|ing)|updat(?:es|ing)|"
                     r"introduc(?:es|ing)|mov(?:es|ing)|bumps?)\b")
_SENTENCES = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def described_change_files(prompt: str, names: list[str]) -> list[str]:
    """Of `names` (inputs the prompt names that nothing stages), those named as parts of a
    change the prompt describes by its handle (see the module)."""
    if not names or _HANDLE.search(prompt) is None:
        return []
    found: list[str] = []
    for sentence in _SENTENCES.split(prompt):
        if _SUBJECT.match(sentence) is None:
            continue
        for name in names:
            at = sentence.find(name)
            if at >= 0 and _CHANGE.search(sentence[:at]) and name not in found:
                found.append(name)
    return found

"""A set's top-level note that speaks to the agent under test (issue 26): `"note": "Dry-run
routing evals. Subagent MUST NOT execute any pipeline command. Output is a single JSON file
decision.json with {action, reasoning}."` Its authors' harness told the agent this with every
case, and their criteria read it ("decision.json with action='Onboard'"): without it no arm
knows to write that file. The sentences that address the agent (the agent, subagent,
assistant or model with a capital MUST or SHALL) or fix its output ("Output is a ... file X")
are sent with each case's prompt, labelled (EV012 says so); the note's other sentences
describe the set to a reader and stay kept, never sent.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.problems import SET_LEVEL, Problems
from runner.schema.case import Case

NOTE_KEYS = ("note", "notes", "_note", "_comment", "instructions", "harness_note")
# The modal in capitals (RFC 2119's MUST, MUST NOT, SHALL): a constraint the harness imposes.
# "The agent should ask first" in lower case is what the authors expect of a good answer:
# sent with the prompt, it would hand both arms the criterion.
_ADDRESSED = re.compile(r"\b(?i:(?:the\s+)?(?:sub-?agent|agent|assistant|model|claude))\s+"
                        r"(?:MUST|SHALL)\b")
_OUTPUT = re.compile(r"(?i)^\s*(?:the\s+)?output\s+(?:is|must\s+be|should\s+be)\b.*\b"
                     r"[\w.-]+\.(?:json|md|txt|ya?ml|csv)\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")


def addressed(note: str) -> list[str]:
    """The sentences of a note that speak to the agent or fix its output."""
    return [s.strip() for s in _SENTENCE.split(note) if _ADDRESSED.search(s) or _OUTPUT.match(s)]


def told_notes(about: dict[str, Any], cases: list[Case], problems: Problems) -> list[Case]:
    """Each case with the set note's sentences to the agent after its prompt (see module)."""
    for key in NOTE_KEYS:
        note = about.get(key)
        said = addressed(note) if isinstance(note, str) else []
        if not said or not cases:
            continue
        text = " ".join(said)
        problems.report("EV012", SET_LEVEL, f"top-level `{key}` speaks to the agent under test "
                        f"({text[:90]!r}): sent with each case's prompt, labelled 'Note', as "
                        "the authors' harness told it", f"fold it into each prompt, or keep "
                        f"`{key}` to what a reader needs")
        return [c.model_copy(update={"prompt": f"{c.prompt}\n\nNote:\n{text}"}) for c in cases]
    return cases

"""Check types that name their material and an operation (`behavior_contains`,
`transcript_not_contains`, `trajectory_regex`, `output_equals`): that operation on that
material. What the agent did (behaviour, transcript, trajectory, trace, process, tool, actions,
commands) is its tool calls; what it answered (content, output, response, answer, final) is
the work the other text checks read.

Read by runner.authoring.dialects before an unknown type is mapped or refused; any other word
in the type leaves it to that rule (an unknown type made of other words stays EV009).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CALLS, ANSWER = "calls", "answer"
_MATERIAL = {
    CALLS: frozenset({"behavior", "behaviour", "transcript", "trajectory", "trace", "process",
                      "tool", "tools", "actions", "commands"}),
    ANSWER: frozenset({"content", "output", "response", "answer", "final", "file",
                       "artifact"}),
}
_FILLER = frozenset({"input", "text"})  # `tool_input_contains`, `output_text_contains`
_NEGATIONS = frozenset({"not", "no", "excludes"})
_REGEX = frozenset({"regex", "matches", "match"})
_OPERATIONS = frozenset({"contains", "equals", *_NEGATIONS, *_REGEX})


@dataclass(frozen=True)
class MaterialType:
    material: str  # CALLS or ANSWER
    regex: bool
    negate: bool
    equals: bool


def material_type(words: set[str]) -> MaterialType | None:
    """The type's words as material + operation, or None when any word is neither."""
    materials = [m for m, names in _MATERIAL.items() if words & names]
    if len(materials) != 1 or not words & _OPERATIONS or words - (
            _MATERIAL[materials[0]] | _FILLER | _OPERATIONS):
        return None
    return MaterialType(materials[0], bool(words & _REGEX), bool(words & _NEGATIONS),
                        "equals" in words)


def material_matcher(found: MaterialType, operand: str, regex: bool, negate: bool) -> str:
    """The check in the runner's grammar: `[!]*:<assertion>` over the tool calls (`!`: no call
    may match), or an assertion on the work. `equals` is the whole text, spaces aside."""
    body = f"(?s)\\A\\s*{re.escape(operand)}\\s*\\Z" if found.equals else operand
    assertion = ("re:" if regex or found.equals else "") + body
    if found.material == CALLS:
        return ("!" if negate else "") + "*:" + assertion
    return ("not:" if negate else "") + assertion

"""A check object typed as an order of the run's calls (`{"type": "chain_order", "skills":
["define-the-problem", "sdr"]}`, `order`, `sequence`, `tool_order` with `tools`): the skills
loaded, or the tools called, in that order, as the transcript records them (issue 26, graded
as the authors meant). Read as an `order` process item (runner.scoring.process): skills as
the Skill tool's calls (`Skill:<name>`), tools by their names (runner.authoring.tool_names).
A process item is reported beside task success and never decides it, which is also what a
harness's order check over re-emitted loads meant when it was marked report-only.

A type whose words say order and nothing but order, calls, tools or skills; its list under
`skills` (or `chain`) or `tools` (or `calls`, `order`, `sequence`), two names or more. An
ordered check on the text (`ordered_content` with `terms`) is no such check."""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.fields import words
from runner.authoring.tool_names import tool_matcher

_ORDER = frozenset({"order", "ordered", "sequence", "sequential", "chain", "inorder"})
_MORE = frozenset({"call", "calls", "tool", "tools", "skill", "skills", "invocation",
                   "invocations", "of", "in"})
_SKILL_KEYS = ("skills", "chain")
_TOOL_KEYS = ("tools", "calls", "order", "sequence")
_NAME = re.compile(r"^[\w.:-]+$")


def _names(value: Any) -> list[str] | None:
    if isinstance(value, list) and len(value) >= 2 and all(
            isinstance(v, str) and _NAME.match(v.strip()) for v in value):
        return [v.strip() for v in value]
    return None


def ordered_calls(check: dict[str, Any]) -> list[str] | None:
    """The `order` matchers a check typed as an order of calls holds, or None."""
    said = words(str(check.get("type", check.get("kind", ""))))
    if not said & _ORDER or said - _ORDER - _MORE:
        return None
    skills = next((n for k in _SKILL_KEYS if (n := _names(check.get(k))) is not None), None)
    if skills is not None:
        return [f"Skill:{name.rpartition(':')[2]}" for name in skills]
    tools = next((n for k in _TOOL_KEYS if (n := _names(check.get(k))) is not None), None)
    matchers = [tool_matcher(t) for t in tools] if tools is not None else []
    if not matchers or any(m is None for m in matchers):
        return None
    return [m for m in matchers if m is not None]

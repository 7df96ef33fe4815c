"""A case's expected halt (issue 26): `halt: true` with `halt_reason: "no notes were given"`
(bare, or inside an `expected` / `expected_behavior` mapping) says the run must stop instead
of carrying the request through, for that reason; `halt: false` says it must carry it through.
Both are one statement about the run, graded as any statement; the reason is part of what the
grader reads (a halt for another reason is not the author's halt). Before, `halt: true` was
either kept as metadata or graded as "The output meets `halt: true`", a claim no answer quotes.
"""

from __future__ import annotations

from typing import Any

HALT_KEYS = ("halt", "should_halt", "must_halt", "halts")
REASON_KEYS = ("halt_reason", "halt_because", "halt_condition")
_YES = {"true", "yes", "y"}
_NO = {"false", "no", "n"}


def _flag(value: Any) -> bool | None:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in _YES | _NO:
        return value.strip().lower() in _YES
    return None


def halt_statement(item: dict[str, Any]) -> tuple[str, str] | None:
    """(statement, origin) for the case's expected halt, taking its fields out; else None."""
    key = next((k for k in HALT_KEYS if _flag(item.get(k)) is not None), None)
    if key is None:
        return None
    halts = _flag(item.pop(key))
    reason_key = next((k for k in REASON_KEYS if isinstance(item.get(k), str)
                       and item[k].strip()), None)
    reason = item.pop(reason_key).strip() if reason_key is not None else ""
    origin = key if reason_key is None else f"{key} + {reason_key}"
    if halts:
        text = "The run halts instead of carrying the request through"
        return (f"{text}; its reason: {reason}" if reason else text), origin
    text = "The run does not halt: it carries the request through"
    return (f"{text} ({reason})" if reason else text), origin

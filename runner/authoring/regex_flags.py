"""A regex check's flags written beside its pattern, as JavaScript and many harnesses take
them (`{"type": "regex", "pattern": "adr", "flags": "i"}`): part of the operand, so a check
read without them would not match what its author's harness matches (case, `.` over
newlines). Read into the pattern as Python's inline flags (`(?i)adr`): `i`, `m`, `s`, `x`
carry over; `g`, `u`, `y`, `d` change nothing for a search over one text. Flags holding any
other letter are not read (the key stays listed as ignored)."""

from __future__ import annotations

from typing import Any

_CARRIED = "imsx"
_NEUTRAL = "guyd"


def inline_flags(flags: str) -> str | None:
    """The inline-flag prefix for `flags` (`"is"` -> `(?is)`, `"g"` -> ``), or None when a
    letter is no regex flag."""
    letters = flags.strip()
    if any(c not in _CARRIED + _NEUTRAL for c in letters):
        return None
    carried = "".join(sorted({c for c in letters if c in _CARRIED}))
    return f"(?{carried})" if carried else ""


def with_flags(check: dict[str, Any], operand_keys: tuple[str, ...]) -> dict[str, Any]:
    """The check with its `flags` read into its pattern (the first of `operand_keys` it
    holds as text), or the check as it is when the flags cannot be read."""
    prefix = inline_flags(str(check.get("flags", "")))
    key = next((k for k in operand_keys if isinstance(check.get(k), str) and check[k]), None)
    if prefix is None or key is None:
        return check
    read = {k: v for k, v in check.items() if k != "flags"}
    read[key] = prefix + check[key]
    return read

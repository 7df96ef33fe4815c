"""A check on a tool call's input field, or on any of several tools, read by its fields
(issue 26): harnesses that grade the transcript's `tool_use` blocks write

- `{"type": "tool_input_matches", "tool": "Bash", "input_key": "command", "input_value": "x"}`:
  some call of that tool whose input field holds the text (its negated form, no such call);
- `{"type": "tool_called", "tools": ["Glob", "Read"]}`: a call of any of the tools (negated,
  none of them called).

Each is the nearest check skill-eval has: a tool-call matcher (runner.scoring.process) over
the call's input as the transcript records it (JSON, `ensure_ascii=False`), the field's text
matched inside that field's JSON string, escaped as JSON writes it. Read by the object's
fields, never by the type's name (a type only says whether it is negated); an object with a
tool and no field/value pair, or a `tools` list that is not all names, is left to the other
rules.
"""

from __future__ import annotations

import json
import re
from typing import Any

from runner.scoring.process import TOOL_NAME

# Where such an object names the input field, and what that field must hold.
FIELD_KEYS = ("input_key", "input_field", "param", "parameter", "argument")
VALUE_KEYS = ("input_value", "input_contains", "contains", "value")


def _text(value: dict[str, Any], keys: tuple[str, ...]) -> tuple[str, str] | None:
    return next(((k, value[k]) for k in keys if isinstance(value.get(k), str)
                 and value[k].strip()), None)


def input_field_matcher(value: dict[str, Any]) -> str | None:
    """`Tool:re:...` for an object naming a tool, one of its input fields and the text that
    field holds; None for any other object."""
    tool = value.get("tool")
    field = _text(value, FIELD_KEYS)
    wanted = _text(value, VALUE_KEYS)
    if not isinstance(tool, str) or not TOOL_NAME.match(tool.strip()) or field is None \
            or wanted is None:
        return None
    # the field's JSON string, up to the text as json.dumps escapes it (quotes, newlines)
    escaped = json.dumps(wanted[1], ensure_ascii=False)[1:-1]
    key = json.dumps(field[1], ensure_ascii=False)
    return (f"{tool.strip()}:re:{re.escape(key)}:\\s*\"(?:[^\"\\\\]|\\\\.)*?"
            f"{re.escape(escaped)}")


def any_tool_matcher(value: dict[str, Any]) -> str | None:
    """`Glob|Read|Grep` for an object listing the tools of which one must be called (`tools`);
    None when it lists none, or anything that is not a tool's name."""
    tools = value.get("tools")
    if not isinstance(tools, list) or not tools or not all(
            isinstance(t, str) and TOOL_NAME.match(t.strip()) for t in tools):
        return None
    return "|".join(dict.fromkeys(t.strip() for t in tools))

"""A case's lists of the events its run must and must not show (`required_events:
[draft_package, readback]`, `forbidden_events: [model_write]`) (issue 26, graded as the
authors meant): checks on what the run did, never labels about the case.

- an event named as one of claude's own tools or an MCP tool (`Bash`, `mcp__crm__write`) is
  a tool call the run records: a tool-call check (`Tool`; under a negative name `!Tool`, never
  called);
- any other name is an event of the authors' own protocol (a step their harness records in
  its event stream): the run keeps claude's tool calls and answer, never that stream, so it
  cannot be checked here; each is a dropped check, counted and said (EV012), never kept as the
  case's metadata in silence.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from runner.authoring.fields import nonblank_strings, words
from runner.authoring.tool_names import tool_matcher

_EVENT_WORDS = frozenset({"event", "events"})
_REQUIRED = frozenset({"required", "require", "requires", "expected", "expect", "must",
                       "mandatory", "needed"})
_FORBIDDEN = frozenset({"forbidden", "forbid", "prohibited", "banned", "disallowed", "never",
                        "not", "no"})


class EventLists(BaseModel):
    """What a case's event lists became: tool-call checks (entry, origin), and per field the
    events no check can see (dropped)."""

    model_config = ConfigDict(frozen=True)

    tool_calls: tuple[tuple[str, str], ...] = ()
    dropped: dict[str, tuple[str, ...]] = {}




def event_fields(item: dict[str, Any]) -> list[str]:
    """The case's fields that list events it must (or must not) show, by name and value."""
    return [key for key, value in item.items()
            if (said := words(key)) & _EVENT_WORDS and said & (_REQUIRED | _FORBIDDEN)
            and nonblank_strings(value) is not None]


def event_lists(item: dict[str, Any]) -> EventLists:
    """Reads (and takes out of the case) its event lists."""
    calls: list[tuple[str, str]] = []
    dropped: dict[str, tuple[str, ...]] = {}
    for key in event_fields(item):
        names = nonblank_strings(item.pop(key)) or []
        banned = bool(words(key) & _FORBIDDEN)
        lost: list[str] = []
        for n, name in enumerate(names):
            tool = tool_matcher(name)
            if tool is None:
                lost.append(name)
            else:
                calls.append((("!" if banned else "") + tool,
                              f"{key}[{n}] (an event that is a tool call"
                              f"{', never made' if banned else ''})"))
        if lost:
            dropped[key] = tuple(lost)
    return EventLists(tool_calls=tuple(calls), dropped=dropped)

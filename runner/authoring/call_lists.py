"""A case's top-level lists of the tools the run must and must not call (`must_call:
["route.plan", "Bash"]`, `must_not_call: [...]`, `forbidden_tools`, `exact_call_counts:
{tool: n}`, `must_call_in_order: [...]`): each name is a tool-call check on the calls the run
made, in the native grammar (runner.scoring.process).

- a list under a name that says calls or tools to make (`must_call`, `expected_calls`,
  `required_tools`): each tool called at least once (`tool_calls`: `Tool`);
- under a negative name (`must_not_call`, `forbidden_calls`, `forbidden_tools`): never
  called (`!Tool`);
- a mapping of counts (`exact_call_counts`, `call_counts`): called exactly n times, a `count`
  process item (n = 0 is `!Tool`, a deciding check);
- a list under a name that says order (`must_call_in_order`): an `order` process item.

A name is a tool when it is one of claude's own or `mcp__server__tool` (runner.authoring.
tool_names), or has the form of an MCP server's tool: `server.tool` (`route.generate_routes`)
or a snake_case name (`search_pois`); such a tool is none the sandbox serves, and the reach
rules report it (EV016, runner.authoring.mcp). A field read is read whole: one entry that is
no tool name (`pandas`, a sentence, an object such as `command_assertions`' `{args_contain}`)
leaves the whole field as it was, for the other rules. An empty list or mapping is no check.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from runner.authoring.fields import words
from runner.authoring.mcp import SERVER_TOOL
from runner.authoring.tool_names import tool_matcher

# Words in a field's name: it lists tool calls...
_CALL_WORDS = frozenset({"call", "calls", "tool", "tools", "invoke", "invoked", "invocations"})
# ...the run must make (a bare `tools` or `allowed_tools` is the run's configuration)...
_MUST_WORDS = frozenset({"must", "expected", "expect", "required", "require", "requires",
                         "should", "used", "uses", "call", "calls"})
# ...must never make...
_NEG_WORDS = frozenset({"not", "no", "never", "forbidden", "forbid", "avoid", "banned",
                        "prohibited", "disallowed", "denied"})
# ...and fields that count the calls, or give their order.
_COUNT_WORDS = frozenset({"count", "counts"})
_ORDER_WORDS = frozenset({"order", "ordered", "sequence", "inorder"})
# Words that make the field something else: what the run may use, a budget.
_OTHER_WORDS = frozenset({"allowed", "available", "permitted", "optional", "max", "min",
                          "budget", "limit", "command", "commands", "cli", "cmd", "shell"})


@dataclass
class CallChecks:
    """What a case's call lists hold, each with the field it came from."""

    tool_calls: list[tuple[str, str]] = field(default_factory=list)  # (matcher, origin)
    process: list[dict[str, Any]] = field(default_factory=list)
    read: dict[str, str] = field(default_factory=dict)  # field -> how it was read
    empty: list[str] = field(default_factory=list)  # fields with nothing in them



# An entry written as an object: the tool's name, and at most one argument it is called with.
_NAME_KEYS = ("name", "tool", "tool_name")
_ARG_KEYS = ("path", "file", "file_path", "command", "cmd", "pattern", "url", "query")


def _call_object(entry: dict[str, Any]) -> str | None:
    """`{name: read_file, path: lib/auth.js}` -> `Read:lib/auth.js` (the tool called on that
    argument); None when it names no tool or gives anything else."""
    named = next((entry[k] for k in _NAME_KEYS if isinstance(entry.get(k), str)), None)
    tool = tool_matcher(named) if named is not None else None
    rest = {k: v for k, v in entry.items() if k not in _NAME_KEYS}
    if tool is None or ":" in tool or any(k not in _ARG_KEYS for k in rest) or len(rest) > 1:
        return None
    arg = next(iter(rest.values()), None)
    if arg is None:
        return tool
    return f"{tool}:{arg.strip()}" if isinstance(arg, str) and arg.strip() else None


def call_tool(entry: Any) -> str | None:
    """The tool an entry names (claude's own spelling for its own tools), or None."""
    if isinstance(entry, dict):
        return _call_object(entry)
    if not isinstance(entry, str):
        return None
    own = tool_matcher(entry)
    if own is not None:
        return own
    return entry.strip() if SERVER_TOOL.match(entry.strip()) else None


def _kind(name: str) -> str | None:
    """How a field's name says to read it: "absent", "count", "order", "present", or None."""
    said = words(name)
    if not said & _CALL_WORDS or said & _OTHER_WORDS:
        return None
    if said & _NEG_WORDS:
        return "absent"
    if said & _COUNT_WORDS:
        return "count"
    if said & _ORDER_WORDS:
        return "order"
    return "present" if said & _MUST_WORDS else None


def _tools(value: list[Any]) -> list[str] | None:
    tools = [call_tool(e) for e in value]
    return None if any(t is None for t in tools) else [t for t in tools if t]


def _counts(value: dict[Any, Any]) -> dict[str, int] | None:
    found: dict[str, int] = {}
    for name, n in value.items():
        tool = call_tool(name)
        if tool is None or not isinstance(n, int) or isinstance(n, bool) or n < 0:
            return None
        found[tool] = n
    return found


def _read(key: str, kind: str, value: Any, into: CallChecks) -> bool:
    """Read one field into `into`; False when its shape is not a call list of tool names."""
    if kind == "count":
        counts = _counts(value) if isinstance(value, dict) else None
        if counts is None:
            return False
        for tool, n in counts.items():
            if n == 0:
                into.tool_calls.append((f"!{tool}", f"{key}.{tool} (0: never called)"))
            else:
                into.process.append({"id": f"{key}.{tool}", "count": tool, "min": n, "max": n})
        into.read[key] = "each tool called exactly the number of times given (a `count` " \
                         "process item; 0: never called)"
        return True
    tools = _tools(value) if isinstance(value, list) else None
    if tools is None:
        return False
    if kind == "order":
        if len(tools) < 2:
            return False
        into.process.append({"id": key, "order": tools})
        into.read[key] = "the calls made in this order (an `order` process item)"
        return True
    negate = kind == "absent"
    how = "never called" if negate else "called at least once"
    for n, tool in enumerate(tools):
        into.tool_calls.append((f"!{tool}" if negate else tool, f"{key}[{n}] (a tool name: {how})"))
    into.read[key] = "each tool never called" if negate else "each tool called at least once"
    return True


def call_lists(item: dict[str, Any], native: set[str]) -> CallChecks:
    """The call checks the case's top-level call lists hold; each field read is taken out of
    `item`. `native` are the runner's own fields (never read here: `tool_calls` is the
    grammar already)."""
    found = CallChecks()
    for key in [k for k in item if k not in native]:
        kind = _kind(key)
        value = item[key]
        if kind is None or not isinstance(value, (list, dict)):
            continue
        if value in ([], {}):
            found.empty.append(key)
            item.pop(key)
        elif _read(key, kind, value, found):
            item.pop(key)
    return found

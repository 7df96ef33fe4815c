"""Bare tool names where a set lists the tools the agent should call (`expected_tools: ["Bash",
"Read"]`, `tools_used: ["WebSearch"]`, issue 26 follow-up 4): each is a tool-call check, the
tool called at least once, in the native matcher grammar (`Tool`, `Tool1|Tool2`,
`Tool:<assertion>`, runner.scoring.process). A name is read so only when it is one of claude's
own tools (any case: `bash` is Bash) or an MCP tool (`mcp__server__tool`); any other word
(`pandas`, `a spreadsheet`) stays where it was and is reported as before. A tool the sandbox
cannot serve keeps its own finding (EV014 for the web tools, EV016 for an MCP tool)."""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.mcp import OWN_TOOLS
from runner.authoring.pattern_fields import compiles

_BY_LOWER = {t.lower(): t for t in OWN_TOOLS}
_MCP = re.compile(r"^mcp__[\w-]+(?:__[\w-]+)?$")


# Other harnesses' names for what claude's own tools do (`read_file`, `run_command`): the
# call a session here makes for it.
GENERIC = {"read_file": "Read", "view_file": "Read", "open_file": "Read", "cat": "Read",
           "write_file": "Write", "create_file": "Write", "edit_file": "Edit",
           "str_replace": "Edit", "replace_in_file": "Edit", "apply_patch": "Edit",
           "run_command": "Bash", "run_shell": "Bash", "execute_command": "Bash",
           "run_terminal_cmd": "Bash", "shell": "Bash", "terminal": "Bash",
           "list_files": "Glob", "list_dir": "Glob", "list_directory": "Glob",
           "find_files": "Glob", "file_search": "Glob", "grep_search": "Grep",
           "search_files": "Grep", "search_code": "Grep", "web_search": "WebSearch",
           "fetch_url": "WebFetch", "web_fetch": "WebFetch", "ask_user": "AskUserQuestion",
           "ask_question": "AskUserQuestion"}


def _tool(name: str) -> str | None:
    name = name.strip()
    if _MCP.match(name):
        return name
    return _BY_LOWER.get(name.lower()) or GENERIC.get(name.lower())


def tool_matcher(entry: Any) -> str | None:
    """The matcher a bare tool name (or a matcher over such names) reads as, or None."""
    if not isinstance(entry, str):
        return None
    names, sep, rest = entry.partition(":")
    tools = [_tool(n) for n in names.split("|")]
    if not tools or any(t is None for t in tools):
        return None
    return "|".join(t for t in tools if t) + (f":{rest}" if sep and rest.strip() else "")


# A harness's call pattern: its tool's name first, then what separates it from the input.
_LEADING_TOOLS = re.compile(r"^\^?\(?(?P<names>[A-Za-z_][\w-]*(?:\|[A-Za-z_][\w-]*)*)\)?"
                            r"(?P<rest>.*)$", re.DOTALL)
_SEPARATOR = re.compile(r"^(?: |\\s[+*]?|\[ \][+*]?)")


def call_pattern(pattern: Any) -> str | None:
    """A regular expression over one tool call as a harness writes it, its tool's name then
    its input (`{type: tool_called, pattern: "Write.*out.txt"}`), as the runner's call
    matcher: the leading tool name(s) (claude's own or MCP) become the matcher's tools and the
    rest the regex on the call's input (`Write:re:.*out.txt`); a pattern naming no tool first
    searches every call's input (`*:re:...`). None for no pattern, or one that is no regex."""
    if not isinstance(pattern, str) or not pattern.strip() or not compiles(pattern):
        return None
    found = _LEADING_TOOLS.match(pattern)
    tools = [_tool(n) for n in found.group("names").split("|")] if found else []
    if found is None or not tools or any(t is None for t in tools):
        return f"*:re:{pattern}"
    names = "|".join(t for t in tools if t)
    rest = _SEPARATOR.sub("", found.group("rest"), count=1)
    if rest in ("", "$", r"\b"):
        return names
    # the rest alone must still be a regex (`Write)` split from its group is not)
    if not compiles(rest):
        return f"*:re:{pattern}"
    return f"{names}:re:{rest}"

"""Statements about what the agent ran ("Runs the estimate command", "Calls build_tree()",
"Executes scripts/x.py"), and statements the author typed as behaviour (`type: behavioral`,
`process`, `action`, `tool`): shown only by the tool calls and their results. The agent's
final text saying it ran something is a claim, not evidence that it did
(runner.scoring.statements fails a pass quoted from anywhere else)."""

from __future__ import annotations

import re

MARK = "[tool calls] "  # how the reader marks an author's behaviour-typed statement
# Type names an author gives a check about the process rather than the answer.
BEHAVIOUR_TYPES = frozenset({"behavioral", "behavioural", "behavior", "behaviour", "behaviors",
                             "behaviours", "process", "action", "actions", "tool", "tools"})
_CONDITION = re.compile(r"^When [^:\n]{3,}?: ")
# The agent (said or implied) running, calling, invoking or executing something...
_RAN = re.compile(
    r"^(?:(?:the\s+)?(?:agent|assistant|model|claude|skill|it)\s+)?"
    r"(?:(?:first|then|actually|correctly|successfully|always)\s+)?"
    r"(?:runs?|ran|calls?|called|invokes?|invoked|executes?|executed|launch(?:es|ed)?)\b"
    r"(?!\s+(?:out|through|over|into|across|short|long|off|for|on|up|down|back)\b)"
    r"(?P<rest>.*)$", re.IGNORECASE | re.DOTALL)
# ...that it names: a script file, a function call, code, a command-line flag, a path, or
# "the X command/script/tool".
_NAMED = re.compile(
    r"[\w./-]+\.(?:py|sh|bash|js|mjs|cjs|ts|rb|pl|ps1|php|go)\b"
    r"|\b\w+\([^)]*\)|`[^`]+`|(?:^|\s)--?[a-z][\w-]*"
    r"|\b[\w.-]+/[\w./-]+"
    r"|\b(?:command|commands|subcommand|script|scripts|tool|tools|cli|binary|program|"
    r"function|endpoint|query|migration|test suite|tests|linter|formatter)\b",
    re.IGNORECASE)


def behaviour_typed(type_name: str, words: set[str]) -> bool:
    """The author's type says the check is about what the agent did."""
    return type_name.lower() in BEHAVIOUR_TYPES or bool(words & BEHAVIOUR_TYPES)


def marked(statement: str) -> str:
    return statement if statement.startswith(MARK) else MARK + statement


def on_calls(statement: str) -> bool:
    """Graded on the tool calls with their results only."""
    body = _CONDITION.sub("", statement, count=1).strip()
    if body.startswith(MARK):
        return True
    ran = _RAN.match(body)
    return ran is not None and _NAMED.search(ran.group("rest")) is not None

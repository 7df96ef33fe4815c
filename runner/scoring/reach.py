"""What a session reached for and could not have, read from what came back, never from the
prompt's wording (docs/statistics.md#cases-no-arm-passed).

- a missing program: a shell result saying `X: command not found` (bash), `X: not found`
  (sh, exit 127) or a Python `No module named 'x'`;
- the network: a resolver or connection failure in a result, or a WebFetch / WebSearch call
  that failed or was denied (the sandbox has no network; the gateway refuses server tools);
- a missing tool: a call the CLI answered `No such tool available` (an `mcp__...` tool of a
  server the sandbox does not run), or any failed `mcp__` call;
- a question to the user: an AskUserQuestion call, or a last message, after the last tool
  call, that ends by asking the user something (a headless session gets no answer).

A grep that exits 1, a missing file, a test that fails are ordinary results, not a reach.
Each trial keeps at most REACH_CAP signals, one per (kind, what).
"""

from __future__ import annotations

import json
import re

from runner.schema.reach import REACH_CAP, WHAT_CAP, Reach, ReachKind
from runner.schema.trial import ToolCall

_NOT_FOUND = re.compile(
    # bash: `bash: line 1: kubectl: command not found`, `kubectl: command not found`;
    # sh/dash: `sh: 1: kubectl: not found` (only with its line number, else any `x: not found`
    # would count)
    r"(?:^|[\s:])([\w][\w.+-]{0,60}): command not found"
    r"|^(?:/bin/)?(?:ba|da)?sh: (?:line )?\d+: ([\w][\w.+-]{0,60}): not found", re.MULTILINE)
_NO_MODULE = re.compile(r"No module named '?([\w.]+)'?")
_NETWORK = re.compile(
    r"Could not resolve host:?\s*'?([\w.-]*)|Temporary failure in name resolution"
    r"|Name or service not known|nodename nor servname|getaddrinfo (?:ENOTFOUND|EAI_AGAIN)"
    r"\s*([\w.-]*)|NameResolutionError|Connection refused|Network is unreachable"
    r"|Failed to establish a new connection|unable to access '([^']{1,200})'"
    r"|Failed to connect to ([\w.-]+)", re.IGNORECASE)
_HOST = re.compile(r"https?://([\w.-]+)")
_NO_TOOL = re.compile(r"No such tool available:?\s*([\w.-]*)")
_WEB_TOOLS = frozenset({"WebFetch", "WebSearch"})
_ASK_TOOLS = frozenset({"AskUserQuestion"})
# the last sentence of a question to the user names them or asks for their choice; Chinese,
# Japanese and Korean ask with a polite form or a choice word and no word boundaries
_TO_USER = re.compile(r"\b(you|your|yours|please|prefer|which|what|should I|shall I|do I)\b"
                      r"|你|您|請|请|哪|什么|什麼|どちら|どれ|どの|ますか|ですか|でしょうか"
                      r"|ください|주세요|할까요|인가요|습니까|어느|어떤|무엇|원하시",
                      re.IGNORECASE)
# an offer of more help after finished work is not a stop for an answer
_OFFER = re.compile(r"\b(anything else|further|also|additionally|any other|more help)\b"
                    r"|其他|其它|还有|還有|他に|ほかに|追加で|다른|추가로|더 필요",
                    re.IGNORECASE)
_QUESTION_END = ("?", "？")


def _what(text: str) -> str:
    return text.strip()[:WHAT_CAP]


def _command(call: ToolCall) -> str:
    try:
        value = json.loads(call.input)
    except ValueError:
        return call.input
    return str(value.get("command", "")) if isinstance(value, dict) else ""


def _url(call: ToolCall) -> str:
    try:
        value = json.loads(call.input)
    except ValueError:
        return ""
    if not isinstance(value, dict):
        return ""
    url = str(value.get("url") or "")
    host = _HOST.search(url)
    return host.group(1) if host else str(value.get("query") or "")


def _from_call(call: ToolCall) -> list[Reach]:
    found: list[Reach] = []
    if call.name in _ASK_TOOLS:
        return [Reach(kind=ReachKind.ASKED_USER, what=call.name)]
    missing = _NO_TOOL.search(call.result)
    if missing or (call.name.startswith("mcp__") and call.is_error):
        return [Reach(kind=ReachKind.MISSING_TOOL,
                      what=_what(missing.group(1) if missing and missing.group(1)
                                 else call.name))]
    if call.name in _WEB_TOOLS:
        if call.is_error:
            found.append(Reach(kind=ReachKind.NETWORK, what=_what(f"{call.name} {_url(call)}")))
        return found
    if not call.name.startswith("Bash"):
        return found  # a file read that holds `Connection refused` is the file's text
    for match in _NOT_FOUND.finditer(call.result):
        found.append(Reach(kind=ReachKind.MISSING_PROGRAM,
                           what=_what(match.group(1) or match.group(2))))
    for match in _NO_MODULE.finditer(call.result):
        found.append(Reach(kind=ReachKind.MISSING_PROGRAM,
                           what=_what(f"python module {match.group(1).split('.')[0]}")))
    network = _NETWORK.search(call.result)
    if network:
        named = next((g for g in network.groups() if g), "")
        host = _HOST.search(named)
        words = _command(call).split()
        found.append(Reach(kind=ReachKind.NETWORK, what=_what(
            host.group(1) if host else named or (words[0] if words else call.name))))
    return found


def asks_user(final_text: str) -> bool:
    """The session's last message (nothing ran after it) ends by asking the user something:
    its last sentence ending in `?` or `？` (a list of choices may follow it) speaks to the user and
    is not an offer of more help after finished work."""
    lines = [line.strip() for line in final_text.strip().splitlines() if line.strip()]
    # choices listed under the question (`1. ...`, `- ...`) are part of the asking
    while lines and re.match(r"^([-*•]|\d+[.)]|[a-z][.)])\s", lines[-1]) and len(lines) > 1:
        lines.pop()
    if not lines or not lines[-1].rstrip("*_` ").endswith(_QUESTION_END):
        return False
    # a full stop of Chinese and Japanese needs no space after it
    sentence = re.split(r"(?<=[.!:])\s+|(?<=[。！：])", lines[-1].rstrip("*_` "))[-1] \
        or lines[-1]
    return bool(_TO_USER.search(sentence)) and not _OFFER.search(sentence)


def reached(calls: list[ToolCall] | tuple[ToolCall, ...], final_text: str) -> list[Reach]:
    """What the session reached for and could not have, first seen first, at most
    REACH_CAP, one per (kind, what)."""
    out: dict[tuple[ReachKind, str], Reach] = {}
    for call in calls:
        for signal in _from_call(call):
            out.setdefault((signal.kind, signal.what), signal)
    found = list(out.values())
    if asks_user(final_text) and not any(s.kind is ReachKind.ASKED_USER for s in found):
        # the stop is kept whatever the calls found before it
        return [*found[:REACH_CAP - 1], Reach(kind=ReachKind.ASKED_USER)]
    return found[:REACH_CAP]

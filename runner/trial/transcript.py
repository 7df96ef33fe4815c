"""Read a claude stream-json transcript for what the runner needs to know.

Skills seen come from `system/init` (`skills`, written `plugin:skill` for plugin skills);
a load is a `Skill` tool_use. Text is every assistant text block, final answer included.
Lines that are not JSON objects or of unknown types are counted and skipped, never fatal.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import BaseModel, Field

from runner.schema.enums import TurnKind
from runner.schema.trial import INPUT_CAP, RESULT_CAP, ToolCall, WindowReading
from runner.schema.view import Turn


def skill_basename(name: str) -> str:
    """`plugin:skill` -> `skill`; plain names unchanged."""
    return name.rsplit(":", 1)[-1]


class Transcript(BaseModel):
    skills_seen: list[str] = Field(default_factory=list, description="From system/init")
    skills_loaded: list[str] = Field(default_factory=list, description="Skill tool_use inputs")
    assistant_text: str = Field(default="", description="All assistant text blocks, in order")
    final_text: str = Field(default="", description="The text blocks after the last tool call "
                            "(empty when a tool call came last): the session's last word")
    tool_calls: int = 0
    calls: list[ToolCall] = Field(default_factory=list, description="Every tool call in order, "
                                                                     "with input and result")
    has_init: bool = False
    result_subtype: str | None = None
    is_error: bool | None = None
    num_turns: int | None = None
    duration_ms: int | None = None
    cli_cost_usd: float | None = Field(default=None, description="The CLI's own cost estimate")
    input_tokens: int | None = None
    output_tokens: int | None = None
    model: str | None = None
    bad_lines: int = 0
    windows: list[WindowReading] = Field(default_factory=list, description="Each usage "
                                         "window's first and last rate_limit_event")

    @property
    def finished(self) -> bool:
        return self.result_subtype is not None


def _usage_int(usage: dict[str, Any], key: str) -> int | None:
    value = usage.get(key)
    return int(value) if isinstance(value, int | float) else None


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + f"…[{len(text) - limit} more]"


def _result_text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(str(b.get("text", "")) for b in content
                         if isinstance(b, dict) and b.get("type") == "text")
    return ""


def parse_transcript(raw: bytes) -> Transcript:
    out = Transcript()
    texts: list[str] = []
    by_id: dict[str, int] = {}
    for line in raw.decode("utf-8", "replace").splitlines():
        if not line.strip():
            continue
        try:
            event = json.loads(line)
        except ValueError:
            out.bad_lines += 1
            continue
        if not isinstance(event, dict):
            out.bad_lines += 1
            continue
        kind = event.get("type")
        if kind == "system" and event.get("subtype") == "init":
            out.has_init = True
            out.skills_seen = [str(s) for s in event.get("skills") or []]
            out.model = str(event.get("model") or "") or None
        elif kind == "assistant":
            _assistant(out, event, texts, by_id)
        elif kind == "user":
            _tool_results(out, event, by_id)
        elif kind == "rate_limit_event":
            _window(out.windows, event.get("rate_limit_info"))
        elif kind == "result":
            _result_event(out, event)
    out.assistant_text = "\n".join(texts)
    return out


def _assistant(out: Transcript, event: dict[str, Any], texts: list[str],
               by_id: dict[str, int]) -> None:
    """An assistant message: its text, and each tool call (a Skill call loads a skill)."""
    for block in (event.get("message") or {}).get("content") or []:
        if not isinstance(block, dict):
            continue
        if block.get("type") == "text":
            texts.append(str(block.get("text", "")))
            out.final_text = "\n".join(t for t in (out.final_text, texts[-1]) if t)
        elif block.get("type") == "tool_use":
            out.final_text = ""  # work came after any text so far
            out.tool_calls += 1
            tool_input = block.get("input") or {}
            by_id[str(block.get("id", ""))] = len(out.calls)
            out.calls.append(ToolCall(
                name=str(block.get("name", "")),
                input=_cap(json.dumps(tool_input, ensure_ascii=False), INPUT_CAP)))
            if block.get("name") == "Skill" and isinstance(tool_input, dict):
                out.skills_loaded.append(str(tool_input.get("skill", "")))


def _tool_results(out: Transcript, event: dict[str, Any], by_id: dict[str, int]) -> None:
    """A user message: each tool result lands on the call it answers."""
    content = (event.get("message") or {}).get("content")
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result":
            index = by_id.get(str(block.get("tool_use_id", "")))
            if index is not None:
                out.calls[index] = out.calls[index].model_copy(update={
                    "result": _cap(_result_text(block.get("content")), RESULT_CAP),
                    "is_error": bool(block.get("is_error", False))})


def _result_event(out: Transcript, event: dict[str, Any]) -> None:
    """The result event: how the session ended, its turns, duration, cost and tokens."""
    out.result_subtype = str(event.get("subtype", ""))
    out.is_error = bool(event.get("is_error", False))
    turns = event.get("num_turns")
    out.num_turns = int(turns) if isinstance(turns, int) else None
    duration = event.get("duration_ms")
    out.duration_ms = int(duration) if isinstance(duration, int | float) else None
    cost = event.get("total_cost_usd")
    out.cli_cost_usd = float(cost) if isinstance(cost, int | float) else None
    usage = event.get("usage") or {}
    if isinstance(usage, dict):
        out.input_tokens = _usage_int(usage, "input_tokens")
        out.output_tokens = _usage_int(usage, "output_tokens")


def _window(readings: list[WindowReading], info: object) -> None:
    """Keep the first and the latest reading of each window (the session's movement)."""
    if not isinstance(info, dict) or not info.get("rateLimitType"):
        return
    used, resets = info.get("utilization"), info.get("resetsAt")
    reading = WindowReading(
        window=str(info["rateLimitType"]),
        utilization=float(used) if isinstance(used, int | float) else None,
        resets_at=int(resets) if isinstance(resets, int | float) else None,
        status=str(info["status"]) if info.get("status") is not None else None)
    same = [i for i, r in enumerate(readings) if r.window == reading.window]
    if len(same) >= 2:
        readings[same[-1]] = reading
    else:
        readings.append(reading)


TURN_TEXT_CAP = 20_000


def turns(raw: bytes) -> list[Turn]:
    """The session as a person reads it: text, tool calls with inputs, results, skill loads;
    in a multi-turn case's transcript (its turns one after another), where each follow-up
    starts."""
    out: list[Turn] = []
    inits = 0
    for line in raw.decode("utf-8", "replace").splitlines():
        try:
            event = json.loads(line)
        except ValueError:
            continue
        if not isinstance(event, dict):
            continue
        if event.get("type") == "system" and event.get("subtype") == "init":
            inits += 1
            if inits > 1:
                out.append(Turn(kind=TurnKind.USER_TURN, text=f"user turn {inits}: the "
                                "case's follow-up, sent in the same session (--resume)"))
        content = (event.get("message") or {}).get("content")
        blocks = content if isinstance(content, list) else []
        if event.get("type") == "assistant":
            for block in blocks:
                if not isinstance(block, dict):
                    continue
                if block.get("type") == "text":
                    out.append(Turn(kind=TurnKind.TEXT, text=_cap(str(block.get("text", "")),
                                                           TURN_TEXT_CAP)))
                elif block.get("type") == "tool_use":
                    name = str(block.get("name", ""))
                    tool_input = block.get("input") or {}
                    kind = TurnKind.SKILL_LOAD if name == "Skill" else TurnKind.TOOL_USE
                    out.append(Turn(kind=kind, tool=name, text=_cap(json.dumps(
                        tool_input, ensure_ascii=False, indent=1), TURN_TEXT_CAP)))
        elif event.get("type") == "user":
            for block in blocks:
                if isinstance(block, dict) and block.get("type") == "tool_result":
                    out.append(Turn(kind=TurnKind.TOOL_RESULT, is_error=bool(block.get("is_error")),
                                    text=_cap(_result_text(block.get("content")),
                                              TURN_TEXT_CAP)))
    return out

"""A deterministic, free, fast stand-in for the Messages API, driven by a Script.

It speaks enough of the API for the real `claude` binary: JSON and SSE streaming responses
with text and tool_use blocks, usage, count_tokens, and error statuses with retry-after.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import re
import threading
import time
from collections import deque
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

from aiohttp import web

from runner.scoring.checks import parse_matcher
from runner.scripted.batches import ScriptedBatches
from runner.scripted.script import Scenario, Script, ToolUse, Turn, Usage


def _texts(content: Any) -> Iterator[str]:
    if isinstance(content, str):
        yield content
    elif isinstance(content, list):
        for block in content:
            if isinstance(block, dict):
                if block.get("type") == "text":
                    yield str(block.get("text", ""))
                elif block.get("type") == "tool_result":
                    yield from _texts(block.get("content"))


def task_prompt(body: dict[str, Any]) -> str:
    """The first user turn's text without claude's injected <system-reminder> blocks."""
    for message in body.get("messages", []):
        if message.get("role") == "user":
            parts = [t for t in _texts(message.get("content")) if "<system-reminder>" not in t]
            return "\n".join(parts)
    return ""


def offered_text(body: dict[str, Any]) -> str:
    """Where claude tells the model which skills exist: system prompt, tools, reminders."""
    parts = list(_texts(body.get("system")))
    for tool in body.get("tools") or []:
        if isinstance(tool, dict):
            parts.append(str(tool.get("description", "")))
    for message in body.get("messages", []):
        injected = message.get("role") == "system"
        parts.extend(t for t in _texts(message.get("content"))
                     if injected or "<system-reminder>" in t)
    return "\n".join(parts)


def skill_offered(body: dict[str, Any], skill: str) -> bool:
    pattern = rf"(?<![\w-])(?:[\w-]+:)?{re.escape(skill)}(?![\w-])"
    return re.search(pattern, offered_text(body)) is not None


def _typed(message: dict[str, Any]) -> bool:
    """A user message someone typed: text of its own, not tool results, not claude's
    injected reminders or a loaded skill's body."""
    content = message.get("content")
    blocks = [{"type": "text", "text": content}] if isinstance(content, str) else content
    if message.get("role") != "user" or not isinstance(blocks, list):
        return False
    if any(isinstance(b, dict) and b.get("type") == "tool_result" for b in blocks):
        return False
    return any(isinstance(b, dict) and b.get("type") == "text" and "<system-reminder>" not in
               str(b.get("text", "")) and not str(b.get("text", "")).startswith(
                   "Base directory for this skill") for b in blocks)


def last_typed(body: dict[str, Any]) -> int:
    """The index of the latest typed user message (a multi-turn case's follow-up), or -1."""
    messages = body.get("messages", [])
    return next((i for i in range(len(messages) - 1, -1, -1) if _typed(messages[i])), -1)


def latest_prompt(body: dict[str, Any]) -> str:
    """The latest typed user turn's text, without injected reminders."""
    index = last_typed(body)
    if index < 0:
        return ""
    content = body["messages"][index].get("content")
    return "\n".join(t for t in _texts(content) if "<system-reminder>" not in t)


def assistant_turns(body: dict[str, Any], since: int = -1) -> int:
    return sum(1 for m in body.get("messages", [])[since + 1:] if m.get("role") == "assistant")


# The forced tool of the runner's own model calls names who is asking.
PURPOSE_TOOLS = {"record_grades": "grader", "record_judgement": "judge",
                 "choose_skill": "router", "draft_cases": "generator",
                 "preflight": "preflight"}


def purpose(body: dict[str, Any]) -> str:
    choice = body.get("tool_choice")
    if isinstance(choice, dict) and choice.get("type") == "tool":
        return PURPOSE_TOOLS.get(str(choice.get("name")), "agent")
    return "agent"


def choose(script: Script, body: dict[str, Any]) -> Scenario | None:
    prompt = task_prompt(body)
    model = str(body.get("model", ""))
    asking = purpose(body)
    for scenario in script.scenarios:
        when = scenario.when
        if when.purpose != asking:
            continue
        if when.prompt is not None and not parse_matcher(when.prompt).check(prompt):
            continue
        if when.model is not None and not parse_matcher(when.model).check(model):
            continue
        if when.last_prompt is not None and not parse_matcher(when.last_prompt).check(
                latest_prompt(body)):
            continue
        if when.skill is not None and not skill_offered(body, when.skill):
            continue
        if when.no_skill is not None and skill_offered(body, when.no_skill):
            continue
        return scenario
    return None


def _usage(script: Script, turn: Turn | None) -> Usage:
    return turn.usage if turn and turn.usage else script.usage


def _blocks(turn: Turn, tool_id: str) -> list[dict[str, Any]]:
    blocks: list[dict[str, Any]] = []
    if turn.text is not None:
        blocks.append({"type": "text", "text": turn.text})
    if turn.tool_use is not None:
        blocks.append({"type": "tool_use", "id": tool_id, "name": turn.tool_use.name,
                       "input": turn.tool_use.input})
    return blocks


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


# What an unmatched request gets: a visible answer (never a plausible "OK"); the run reports
# how many requests got it and the first prompt.
UNMATCHED_REPLY = "[scripted endpoint: no scenario in the model script matches this request]"


class ScriptedModel:
    """The aiohttp application; `counts` records requests per scenario for tests."""

    def __init__(self, script: Script) -> None:
        self.script = script
        self.counts: dict[str, int] = {}
        self.api_keys: set[str] = set()  # what reached "upstream": tests prove key injection
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self.unmatched = 0
        self.first_unmatched: str | None = None
        self._window: deque[float] = deque()  # request times in the rate limit's minute
        self.batches = ScriptedBatches(script.batches, self)

    def _rate_limited(self) -> tuple[web.Response | None, dict[str, str]]:
        """429 with retry-after when the sliding window is full (rate_limit in the script);
        else the anthropic-ratelimit-requests-* headers an answer carries (when stated)."""
        limit = self.script.rate_limit
        if limit is None:
            return None, {}
        now = time.monotonic()
        with self._lock:
            while self._window and now - self._window[0] >= limit.window_s:
                self._window.popleft()
            full = len(self._window) >= limit.rpm
            if not full:
                self._window.append(now)
            reset_in = max(0.0, limit.window_s - (now - self._window[0]))
            headers = {
                # stated per minute, as Anthropic does; remaining and reset are exact
                "anthropic-ratelimit-requests-limit": str(round(limit.rpm * 60 / limit.window_s)),
                "anthropic-ratelimit-requests-remaining": str(limit.rpm - len(self._window)),
                "anthropic-ratelimit-requests-reset": (
                    datetime.now(UTC) + timedelta(seconds=reset_in)).isoformat()}
            if not limit.headers:
                headers = {}
            if full:
                self.counts["rate_limited"] = self.counts.get("rate_limited", 0) + 1
                return _error(429, "rate_limit_error", "Rate limited (scripted)", {
                    "retry-after": f"{reset_in:.3f}", **headers}), headers
        return None, headers

    def app(self) -> web.Application:
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_post("/v1/messages", self.messages)
        app.router.add_post("/v1/messages/count_tokens", self.count_tokens)
        self.batches.route(app)
        app.router.add_route("*", "/{tail:.*}", self.not_found)
        return app

    async def not_found(self, request: web.Request) -> web.Response:
        return _error(404, "not_found_error", f"{request.method} {request.path} not scripted")

    async def count_tokens(self, request: web.Request) -> web.Response:
        body = await request.read()
        return web.json_response({"input_tokens": max(1, len(body) // 4)})

    def _refused_headers(self, request: web.Request) -> web.Response | None:
        """The script's header expectations (what the gateway must send upstream)."""
        problems = [f"{name} must contain {text!r}"
                    for name, text in self.script.require_headers.items()
                    if text not in request.headers.get(name, "")]
        problems += [f"{name} must not be sent" for name in self.script.forbid_headers
                     if name in request.headers]
        if not problems:
            return None
        with self._lock:
            self.counts["headers_refused"] = self.counts.get("headers_refused", 0) + 1
        return _error(401, "authentication_error",
                      "scripted endpoint: " + "; ".join(problems))

    async def messages(self, request: web.Request) -> web.StreamResponse:
        body = await request.json()
        with self._lock:
            self.api_keys.add(request.headers.get("x-api-key", ""))
        refused = self._refused_headers(request)
        if refused is not None:
            return refused
        limited, limit_headers = self._rate_limited()
        if limited is not None:
            return limited
        outage = self.script.outage
        if outage is not None and time.monotonic() - self._started < outage.seconds:
            with self._lock:
                self.counts["outage"] = self.counts.get("outage", 0) + 1
            return _error(outage.status, outage.type, outage.message)
        turn = self.turn(body)
        delay = turn.sleep_s if turn.sleep_s is not None else self.script.latency_s
        if delay:
            await asyncio.sleep(delay)
        if turn.error is not None:
            headers = {}
            if turn.error.retry_after is not None:
                headers["retry-after"] = str(turn.error.retry_after)
            return _error(turn.error.status, turn.error.type, turn.error.message, headers)
        message = self.message(body, turn)
        msg_id, model, blocks = message["id"], message["model"], message["content"]
        stop, usage = message["stop_reason"], message["usage"]
        if not body.get("stream"):
            return web.json_response(message, headers=limit_headers)
        return await self._stream(request, msg_id, model, blocks, stop, usage, limit_headers)

    def turn(self, body: dict[str, Any]) -> Turn:
        """The scripted answer to one Messages request (counted under its scenario's name)."""
        scenario = choose(self.script, body) if body.get("tools") else None
        turn: Turn
        if scenario is None and purpose(body) == "preflight":
            name = "preflight"  # the runner's own check: answered OK unless a scenario says
            turn = Turn(tool_use=ToolUse(name="preflight", input={}))
        elif scenario is None and body.get("tools"):
            name = "unmatched"
            with self._lock:
                self.unmatched += 1
                self.first_unmatched = self.first_unmatched or task_prompt(body)[:200]
            turn = Turn(text=UNMATCHED_REPLY)
        elif scenario is None:
            name = "side"
            turn = Turn(text=self.script.side_reply)
        else:
            name = scenario.name
            index = assistant_turns(body, last_typed(body) if scenario.when.last_prompt
                                    is not None else -1)
            turn = scenario.turns[index] if index < len(scenario.turns) else Turn(
                text=scenario.final_text)
        with self._lock:
            self.counts[name] = self.counts.get(name, 0) + 1
        return turn

    def message(self, body: dict[str, Any], turn: Turn) -> dict[str, Any]:
        """A non-streamed `message` answering `body` with `turn` (not an error turn)."""
        digest = hashlib.sha256(json.dumps(body.get("messages", []), sort_keys=True).encode())
        blocks = _blocks(turn, "toolu_scripted_" + digest.hexdigest()[20:40])
        return {"id": "msg_scripted_" + digest.hexdigest()[:20], "type": "message",
                "role": "assistant", "model": str(body.get("model", "scripted")),
                "content": blocks,
                "stop_reason": "tool_use" if turn.tool_use is not None else "end_turn",
                "stop_sequence": None, "usage": _usage(self.script, turn).model_dump()}

    async def _stream(self, request: web.Request, msg_id: str, model: str,
                      blocks: list[dict[str, Any]], stop: str,
                      usage: dict[str, int], headers: dict[str, str]) -> web.StreamResponse:
        response = web.StreamResponse(headers={"content-type": "text/event-stream",
                                               "cache-control": "no-cache", **headers})
        await response.prepare(request)
        start_usage = dict(usage, output_tokens=1)
        await response.write(_sse("message_start", {"type": "message_start", "message": {
            "id": msg_id, "type": "message", "role": "assistant", "model": model,
            "content": [], "stop_reason": None, "stop_sequence": None, "usage": start_usage}}))
        for index, block in enumerate(blocks):
            start: dict[str, Any]
            if block["type"] == "text":
                start = {"type": "text", "text": ""}
                delta = {"type": "text_delta", "text": block["text"]}
            else:
                start = {**block, "input": {}}
                delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
            await response.write(_sse("content_block_start", {
                "type": "content_block_start", "index": index, "content_block": start}))
            await response.write(_sse("content_block_delta", {
                "type": "content_block_delta", "index": index, "delta": delta}))
            await response.write(_sse("content_block_stop", {
                "type": "content_block_stop", "index": index}))
        await response.write(_sse("message_delta", {
            "type": "message_delta", "delta": {"stop_reason": stop, "stop_sequence": None},
            "usage": {"output_tokens": usage["output_tokens"]}}))
        await response.write(_sse("message_stop", {"type": "message_stop"}))
        await response.write_eof()
        return response


def _error(status: int, kind: str, message: str,
           headers: dict[str, str] | None = None) -> web.Response:
    return web.json_response({"type": "error", "error": {"type": kind, "message": message}},
                             status=status, headers=headers)


class ScriptedEndpoint:
    """Serve a script on 127.0.0.1 in this process: `with ScriptedEndpoint(s) as url: ...`."""

    def __init__(self, script: Script, host: str = "127.0.0.1", port: int = 0) -> None:
        from runner.aio import HostedApp

        self.model = ScriptedModel(script)
        self._hosted = HostedApp(self.model.app())
        self._host, self._port = host, port
        self.url = ""

    def __enter__(self) -> str:
        self.url = self._hosted.start_tcp(self._host, self._port)
        return self.url

    def __exit__(self, *exc: object) -> None:
        self._hosted.stop()

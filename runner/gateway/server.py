"""The model gateway: the sandbox's only way out.

One `TrialGateway` per trial listens on a Unix socket in a per-trial directory that is
bind-mounted into the container. It accepts only the Messages API, authenticates the
per-trial token, swaps it for the real key, forwards to the upstream endpoint with streaming
passed through unbuffered, and meters usage. The real key exists only in this process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import secrets
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from runner.aio import HostedApp
from runner.gateway.credentials import Credential, as_credential
from runner.gateway.meter import Meter, SSEUsageReader, UsageKeeper
from runner.pacing.governor import GovernorGuard
from runner.pacing.ledger import BudgetGuard
from runner.pacing.pushback import (
    HOLD_SLICE_S,
    PUSHBACK,
    PUSHBACK_RETRIES,
    read_limits,
    retry_after,
)
from runner.schema.trial import Usage

log = logging.getLogger(__name__)

ALLOWED_PATHS = frozenset({"/v1/messages", "/v1/messages/count_tokens"})
ALLOWED_QUERIES = frozenset({"", "beta=true"})
ALLOWED_HOSTS = frozenset({"127.0.0.1", "localhost"})  # what the relay inside the sandbox is
FORWARDED_REQUEST_HEADERS = ("anthropic-version", "anthropic-beta", "content-type", "accept",
                             "x-stainless-retry-count", "x-stainless-timeout")
FORWARDED_RESPONSE_HEADERS = ("content-type", "retry-after", "retry-after-ms", "x-should-retry",
                              "request-id", "anthropic-ratelimit-requests-remaining")
# A subscription's usage-window state: claude turns these into the transcript's
# `rate_limit_event` lines, which the report reads for the window's movement.
FORWARDED_RESPONSE_PREFIXES = ("anthropic-ratelimit-unified-",)
# Tools the API executes on its own side: they would fetch from the internet for the agent.
SERVER_SIDE_TOOL_PREFIXES = ("web_search", "web_fetch", "code_execution", "mcp_toolset")
MAX_BODY_BYTES = 32 * 1024 * 1024
SOCKET_NAME = "gw.sock"
# A JSON answer is kept up to this size for its usage; an SSE answer is read to its end.
MAX_METERED_BODY_BYTES = 4 * 1024 * 1024
# How long an answer nobody is left to relay to is read for its usage, and how long the
# gateway's close waits for such answers: under HostedApp.stop's 30 s, so the figure is in
# before the trial reads its usage without a stuck upstream holding the trial up.
UNRELAYED_WAIT_S = 20.0





class GatewayPolicy:
    def __init__(self, allow_server_tools: bool = False,
                 max_body_bytes: int = MAX_BODY_BYTES,
                 pushback_retries: int = PUSHBACK_RETRIES) -> None:
        self.allow_server_tools = allow_server_tools
        self.max_body_bytes = max_body_bytes
        self.pushback_retries = pushback_retries


def server_side_tools(body: dict[str, Any]) -> list[str]:
    found = []
    for tool in body.get("tools") or []:
        kind = str(tool.get("type", "")) if isinstance(tool, dict) else ""
        if kind.startswith(SERVER_SIDE_TOOL_PREFIXES):
            found.append(kind)
    if body.get("mcp_servers"):
        found.append("mcp_servers")
    return found


def _is_sse(upstream: aiohttp.ClientResponse) -> bool:
    return upstream.headers.get("content-type", "").startswith("text/event-stream")


def _take(chunk: bytes, reader: SSEUsageReader | None, collected: bytearray,
          is_messages: bool) -> None:
    """What of an answer's chunk the meter needs: the SSE usage events, or the JSON body."""
    if reader is not None:
        reader.feed(chunk)
    elif is_messages and len(collected) < MAX_METERED_BODY_BYTES:
        collected.extend(chunk)


def _error(status: int, kind: str, message: str) -> web.Response:
    return web.json_response({"type": "error", "error": {"type": kind, "message": message}},
                             status=status)


class TrialGateway:
    """The gateway for one trial; `with TrialGateway(...) as gw:` mounts gw.socket_dir."""

    def __init__(self, socket_dir: Path, upstream: str, credential: Credential | str | None,
                 policy: GatewayPolicy | None = None, budget: BudgetGuard | None = None,
                 on_usage: Callable[[Usage], None] | None = None,
                 governor: GovernorGuard | None = None) -> None:
        self.socket_dir = socket_dir
        self._keeper = UsageKeeper(on_usage) if on_usage is not None else None
        self.budget = budget or BudgetGuard()
        self.governor = governor or GovernorGuard()
        self._holding: list[float] = []  # start times of the requests waiting right now
        self.upstream = upstream.rstrip("/")
        self._credential = as_credential(credential)
        self.policy = policy or GatewayPolicy()
        self.token = "sk-ant-task-" + secrets.token_urlsafe(24)
        self.meter = Meter()
        self._open = False
        self._session: aiohttp.ClientSession | None = None
        # Answers being read for their usage after their session went away: the close waits.
        self._unrelayed: set[asyncio.Task[None]] = set()
        app = web.Application(client_max_size=self.policy.max_body_bytes)
        app.router.add_route("*", "/{tail:.*}", self._handle)
        app.on_cleanup.append(self._close_session)
        self._hosted = HostedApp(app)

    @property
    def socket_path(self) -> Path:
        return self.socket_dir / SOCKET_NAME

    def __enter__(self) -> TrialGateway:
        self.socket_dir.mkdir(parents=True, exist_ok=True)
        self._hosted.start_unix(str(self.socket_path))
        # The container user is not root: it must be able to connect, nothing else.
        os.chmod(self.socket_path, 0o666)
        os.chmod(self.socket_dir, 0o755)
        self._open = True
        return self

    def __exit__(self, *exc: object) -> None:
        self._open = False  # the token dies with the trial, even if a connection lingers
        self._hosted.stop()
        self.socket_path.unlink(missing_ok=True)

    def usage(self) -> Usage:
        return self.meter.snapshot()

    async def _close_session(self, _app: web.Application) -> None:
        if self._unrelayed:
            _done, late = await asyncio.wait(set(self._unrelayed), timeout=UNRELAYED_WAIT_S)
            for task in late:  # cancelled, a late task still meters what it has read
                task.cancel()
            if late:
                await asyncio.wait(late, timeout=1.0)
        if self._session is not None:
            await self._session.close()

    def _authorized(self, request: web.Request) -> bool:
        given = request.headers.get("x-api-key", "")
        bearer = request.headers.get("authorization", "")
        if bearer.lower().startswith("bearer "):
            given = given or bearer[7:]
        return self._open and secrets.compare_digest(given.encode(), self.token.encode())

    async def _handle(self, request: web.Request) -> web.StreamResponse:
        host = request.headers.get("host", "").rsplit(":", 1)[0].strip("[]").lower()
        if not request.raw_path.startswith("/") or host not in ALLOWED_HOSTS:
            # absolute-form or CONNECT targets, or a Host that is not the in-sandbox relay
            self.meter.refused()
            return _error(403, "permission_error", "skill-eval gateway: odd request target")
        if request.method != "POST" or request.path not in ALLOWED_PATHS \
                or request.query_string not in ALLOWED_QUERIES:
            self.meter.refused()
            return _error(403, "permission_error",
                          f"skill-eval gateway: {request.method} {request.path} is not allowed")
        if not self._authorized(request):
            self.meter.refused()
            return _error(401, "authentication_error", "skill-eval gateway: invalid trial token")
        try:
            raw = await request.read()
        except web.HTTPRequestEntityTooLarge:
            self.meter.refused()
            return _error(413, "request_too_large", "skill-eval gateway: request body too large")
        try:
            body = json.loads(raw)
        except ValueError:
            self.meter.refused()
            return _error(400, "invalid_request_error", "skill-eval gateway: body is not JSON")
        if not isinstance(body, dict):
            return _error(400, "invalid_request_error", "skill-eval gateway: body is not an object")
        blocked = server_side_tools(body)
        if blocked and not self.policy.allow_server_tools:
            self.meter.refused()
            return _error(403, "permission_error",
                          f"skill-eval gateway: server-side tools refused: {', '.join(blocked)}")
        stopped = self.budget.stopped or await self.budget.refresh()
        if stopped:
            # 400, not 429/5xx: claude must end the session now, not retry.
            self.meter.refused()
            return _error(400, "invalid_request_error", f"skill-eval: run stopped ({stopped})")
        return await self._forward(request, raw, body)

    def _meter(self, status: int, is_messages: bool, body: dict[str, Any],
               reader: SSEUsageReader | None, collected: bytearray) -> float:
        if status >= 400:
            self.meter.error(status)
            return 0.0
        if not is_messages:
            return 0.0
        model = str(body.get("model", ""))
        if reader is not None:
            return self.meter.record(reader.model or model, reader.usage)
        try:
            data = json.loads(bytes(collected))
        except ValueError:
            return 0.0
        return self.meter.record(str(data.get("model", model)), data.get("usage") or {})

    async def _forward(self, request: web.Request, raw: bytes,
                       body: dict[str, Any]) -> web.StreamResponse:
        if self._session is None:
            self._session = aiohttp.ClientSession(
                timeout=aiohttp.ClientTimeout(total=None, sock_connect=30, sock_read=600),
                auto_decompress=True)
        headers = {h: request.headers[h] for h in FORWARDED_REQUEST_HEADERS if h in request.headers}
        if self._credential is not None:
            headers.update(self._credential.headers(headers.get("anthropic-beta")))
        url = self.upstream + request.path + (f"?{request.query_string}"
                                              if request.query_string else "")
        is_messages = request.path == "/v1/messages"
        # Held here, outside the shield: a session that goes away while it waits on the
        # governor has sent nothing, and nothing is sent for it.
        await self._hold()
        # Once sent, the upstream answers and bills the request whether or not the session
        # is still there: the post runs shielded from this handler's cancellation (a client
        # that went away, the gateway's shutdown) and its answer is then metered unrelayed.
        posting = asyncio.ensure_future(self._post(self._session, url, raw, headers,
                                                   is_messages))
        try:
            upstream = await asyncio.shield(posting)
        except asyncio.CancelledError:
            self._keep_unrelayed(self._meter_when_posted(posting, is_messages, body))
            raise
        if isinstance(upstream, web.Response):
            return upstream
        return await self._relay(request, upstream, is_messages, body)

    def _keep_unrelayed(self, work: Any) -> None:
        task: asyncio.Task[None] = asyncio.ensure_future(work)
        self._unrelayed.add(task)
        task.add_done_callback(self._unrelayed.discard)

    async def _meter_when_posted(self, posting: asyncio.Future[aiohttp.ClientResponse
                                                              | web.Response],
                                 is_messages: bool, body: dict[str, Any]) -> None:
        try:
            upstream = await posting
        except asyncio.CancelledError:
            posting.cancel()
            raise
        except Exception as exc:  # noqa: BLE001 - nobody is left to tell
            log.warning("an unrelayed request to the upstream failed: %s", exc)
            return
        if isinstance(upstream, aiohttp.ClientResponse):
            await self._meter_unrelayed(upstream, is_messages, body)

    async def _meter_unrelayed(self, upstream: aiohttp.ClientResponse, is_messages: bool,
                               body: dict[str, Any]) -> None:
        """An answer nobody is left to relay to, read to its end (bounded in time; a JSON
        body in size) for its usage, then metered, charged and kept like a relayed one."""
        reader = SSEUsageReader() if _is_sse(upstream) else None
        collected = bytearray()

        async def read_to_end() -> None:
            async for chunk in upstream.content.iter_any():
                _take(chunk, reader, collected, is_messages)

        try:
            async with upstream:
                await asyncio.wait_for(read_to_end(), UNRELAYED_WAIT_S)
        except (TimeoutError, aiohttp.ClientError) as exc:
            log.warning("an unrelayed answer was cut short: %s", type(exc).__name__)
        finally:
            await self._book(upstream.status, upstream.headers, is_messages, body, reader,
                             collected)

    async def _post(self, session: aiohttp.ClientSession, url: str, raw: bytes,
                    headers: dict[str, str], is_messages: bool,
                    ) -> aiohttp.ClientResponse | web.Response:
        """The upstream's answer, asked again (after the governor's hold) while it pushes
        back and the policy allows; an unreachable upstream is a 502 to the session."""
        pushed_back = 0
        while True:
            if pushed_back:
                await self._hold()  # the first hold is the caller's
            # Kept as sent before it goes: a process killed between the upstream's answer and
            # its bookkeeping (a driver or node stopped) still leaves the request counted.
            self.meter.sent()
            await self._keep()
            try:
                upstream = await session.post(url, data=raw, headers=headers)
            except aiohttp.ClientError as exc:
                self.meter.error(502)
                self.meter.answered()
                return _error(502, "api_error", f"skill-eval gateway: upstream unreachable: "
                              f"{type(exc).__name__}")
            if upstream.status not in PUSHBACK or not is_messages \
                    or pushed_back >= self.policy.pushback_retries:
                if upstream.status < 400:  # say it now: a streamed answer ends much later
                    await self._learn(upstream.headers)
                return upstream  # answered when booked (`_book`)
            # The upstream is pushing back: every gateway of the run holds (the governor), and
            # this one asks again itself, so the session does not spend its own retries.
            pushed_back += 1
            self.meter.error(upstream.status)
            self.meter.answered()
            await self.governor.report(upstream.status, retry_after(upstream.headers),
                                       stated=read_limits(upstream.headers))
            upstream.release()

    async def _relay(self, request: web.Request, upstream: aiohttp.ClientResponse,
                     is_messages: bool, body: dict[str, Any]) -> web.StreamResponse:
        """The answer streamed to the session as it arrives, metered on the way."""
        response = web.StreamResponse(status=upstream.status)
        for name in FORWARDED_RESPONSE_HEADERS:
            if name in upstream.headers:
                response.headers[name] = upstream.headers[name]
        for name, value in upstream.headers.items():
            if name.lower().startswith(FORWARDED_RESPONSE_PREFIXES):
                response.headers[name] = value
        try:
            await response.prepare(request)
        except BaseException:
            # The session went away before anything of the answer reached it.
            self._keep_unrelayed(self._meter_unrelayed(upstream, is_messages, body))
            raise
        async with upstream:
            reader = SSEUsageReader() if _is_sse(upstream) else None
            collected = bytearray()
            try:
                async for chunk in upstream.content.iter_any():
                    _take(chunk, reader, collected, is_messages)
                    await response.write(chunk)
            finally:
                # Metered, charged to the run's ledger and kept in the store before the client
                # sees the end of the response (so a finished session's figures are complete),
                # and on every other path: a client that went away mid-stream (a session
                # killed at its timeout, a stop) cancels this handler, and the shield lets the
                # bookkeeping finish anyway.
                await asyncio.shield(self._book(upstream.status, upstream.headers, is_messages,
                                                body, reader, collected))
            await response.write_eof()
        return response

    async def _book(self, status: int, headers: Any, is_messages: bool, body: dict[str, Any],
                    reader: SSEUsageReader | None, collected: bytearray) -> None:
        """One answer's bookkeeping: metered, charged to the run's ledger, kept, reported."""
        dollars = self._meter(status, is_messages, body, reader, collected)
        # After the metering, never before: a copy kept between the two then counts the
        # request twice (metered and unanswered), never not at all.
        self.meter.answered()
        await asyncio.shield(self._account(dollars))
        await asyncio.shield(self._report(status, headers, reader, collected))

    async def _report(self, status: int, headers: Any, reader: SSEUsageReader | None,
                      collected: bytearray) -> None:
        """Tell the governor how the answer went: pushback, and the tokens it used."""
        usage: dict[str, Any] = {}
        if reader is not None:
            usage = reader.usage
        elif status < 400:
            try:
                usage = json.loads(bytes(collected)).get("usage") or {}
            except (ValueError, AttributeError):
                usage = {}
        try:
            await self.governor.report(status, retry_after(headers) if status in PUSHBACK
                                       else None, int(usage.get("input_tokens") or 0),
                                       int(usage.get("output_tokens") or 0),
                                       None if status < 400 else read_limits(headers))
        except Exception as exc:  # noqa: BLE001 - a lost report must not break a session
            log.warning("could not report to the rate governor: %s", exc)

    async def _learn(self, headers: Any) -> None:
        try:
            await self.governor.learn(read_limits(headers))
        except Exception as exc:  # noqa: BLE001 - a lost report must not break a session
            log.warning("could not report to the rate governor: %s", exc)

    async def _hold(self) -> None:
        """Wait until the run's governor lets a request go; the wait is metered as held time
        (added to the session's timeout by the trial)."""
        started = None
        try:
            while True:
                wait = await self.governor.acquire()
                if wait <= 0:
                    break
                if started is None:
                    started = time.monotonic()
                    self._holding.append(started)
                await asyncio.sleep(min(wait, HOLD_SLICE_S))
        finally:
            if started is not None:
                self._holding.remove(started)
                self.meter.held(time.monotonic() - started)

    def held_s(self) -> float:
        """Time this trial's requests have waited on the governor, the waits still going on
        included: what the trial adds to the session's timeout."""
        holding = list(self._holding)  # read from the sandbox's thread: a copy, then min
        ongoing = time.monotonic() - min(holding) if holding else 0.0
        return self.meter.snapshot().held_s + ongoing

    async def _account(self, dollars: float) -> None:
        # Kept first: the store's copy outlives this process, the run's ledger may not (a
        # killed driver takes its ledger along, and a charge to it may then never return).
        await self._keep()
        await self.budget.charge(dollars)

    async def _keep(self) -> None:
        """The meter's figures into the store's usage.json, if this trial keeps them there."""
        if self._keeper is None:
            return
        version, snapshot = self.meter.versioned()
        try:
            await asyncio.to_thread(self._keeper.keep, version, snapshot)
        except Exception as exc:  # noqa: BLE001 - bookkeeping must not break a session
            log.warning("could not keep the metered usage: %s", exc)

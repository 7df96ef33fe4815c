import asyncio
import json
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from runner.gateway.server import TrialGateway
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from tests.helpers import call, message

SCRIPT = Script.model_validate({"usage": {"input_tokens": 100, "output_tokens": 20},
                                "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})
REAL_KEY = "sk-ant-real-key-never-in-a-sandbox"


@pytest.fixture
def gateway(tmp_path: Path) -> Any:
    with ScriptedEndpoint(SCRIPT) as url:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY) as gw:
            yield gw


def test_forwards_meters_and_injects_the_key(tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(SCRIPT)
    with endpoint as url, TrialGateway(tmp_path / "gw", url, REAL_KEY) as gw:
        status, body = call(gw.socket_path, "POST", "/v1/messages?beta=true", gw.token, message())
        assert status == 200 and json.loads(body)["content"][0]["text"] == "hi"
        status, body = call(gw.socket_path, "POST", "/v1/messages", gw.token, message(True))
        assert status == 200 and b"message_stop" in body
        usage = gw.usage()
    assert endpoint.model.api_keys == {REAL_KEY}  # upstream saw the real key, not the token
    assert (usage.requests, usage.input_tokens, usage.output_tokens) == (2, 200, 40)
    assert usage.cost_usd == pytest.approx((200 * 3 + 40 * 15) / 1e6)


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [("GET", "/v1/messages", 403), ("POST", "/v1/models", 403), ("POST", "/api/hello", 403),
     ("POST", "/v1/messages?beta=true&x=1", 403), ("DELETE", "/v1/messages", 403),
     ("POST", "/v1/files", 403),
     # the Message Batches API is the runner's own (grader, judge): never a sandbox's
     ("POST", "/v1/messages/batches", 403), ("GET", "/v1/messages/batches/msgbatch_1", 403),
     ("GET", "/v1/messages/batches/msgbatch_1/results", 403)],
)
def test_refuses_everything_but_the_messages_api(gateway: TrialGateway, method: str, path: str,
                                                 status: int) -> None:
    got, body = call(gateway.socket_path, method, path, gateway.token, message())
    assert got == status
    assert REAL_KEY.encode() not in body


def test_refuses_bad_tokens_and_server_side_tools(gateway: TrialGateway) -> None:
    assert call(gateway.socket_path, "POST", "/v1/messages", None, message())[0] == 401
    assert call(gateway.socket_path, "POST", "/v1/messages", REAL_KEY, message())[0] == 401
    web = message(tools=[{"type": "web_search_20250305", "name": "web_search"}])
    status, body = call(gateway.socket_path, "POST", "/v1/messages", gateway.token, web)
    assert status == 403 and b"server-side tools refused" in body
    mcp = message(mcp_servers=[{"type": "url", "url": "https://example.invalid"}])
    assert call(gateway.socket_path, "POST", "/v1/messages", gateway.token, mcp)[0] == 403
    assert call(gateway.socket_path, "POST", "/v1/messages", gateway.token,
                raw=b"{not json")[0] == 400
    assert gateway.usage().refused == 5 and gateway.usage().requests == 0


def raw_request(socket_path: Path, head: str, body: bytes = b"") -> bytes:
    """Send bytes exactly as given (request line included) and return the raw answer."""
    async def go() -> bytes:
        reader, writer = await asyncio.open_unix_connection(str(socket_path))
        writer.write(head.encode() + body)
        await writer.drain()
        data = await reader.read(65536)
        writer.close()
        return data
    return asyncio.run(go())


def test_refuses_absolute_uris_connect_and_odd_hosts(gateway: TrialGateway) -> None:
    body = json.dumps(message()).encode()
    ok_head = (f"POST /v1/messages HTTP/1.1\r\nHost: 127.0.0.1:8080\r\n"
               f"x-api-key: {gateway.token}\r\ncontent-type: application/json\r\n"
               f"content-length: {len(body)}\r\nconnection: close\r\n\r\n")
    assert raw_request(gateway.socket_path, ok_head, body).startswith(b"HTTP/1.1 200")
    absolute = ok_head.replace("POST /v1/messages", "POST http://evil.example/v1/messages")
    assert raw_request(gateway.socket_path, absolute, body).startswith(b"HTTP/1.1 403")
    odd_host = ok_head.replace("Host: 127.0.0.1:8080", "Host: api.anthropic.com")
    assert raw_request(gateway.socket_path, odd_host, body).startswith(b"HTTP/1.1 403")
    connect = (f"CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n"
               f"x-api-key: {gateway.token}\r\n\r\n")
    answer = raw_request(gateway.socket_path, connect)
    assert answer.startswith(b"HTTP/1.1 4"), answer[:80]
    assert REAL_KEY.encode() not in answer


def test_a_token_is_valid_only_on_its_own_socket_and_while_the_task_runs(
        tmp_path: Path) -> None:
    with ScriptedEndpoint(SCRIPT) as url:
        with TrialGateway(tmp_path / "a", url, REAL_KEY) as a, \
                TrialGateway(tmp_path / "b", url, REAL_KEY) as b:
            assert call(a.socket_path, "POST", "/v1/messages", a.token, message())[0] == 200
            assert call(a.socket_path, "POST", "/v1/messages", b.token, message())[0] == 401
            assert call(b.socket_path, "POST", "/v1/messages", a.token, message())[0] == 401
            token = a.token
        assert not (tmp_path / "a" / "gw.sock").exists()
        with TrialGateway(tmp_path / "a", url, REAL_KEY) as again:
            assert again.token != token
            assert call(again.socket_path, "POST", "/v1/messages", token, message())[0] == 401


def test_body_size_is_capped(tmp_path: Path) -> None:
    from runner.gateway.server import GatewayPolicy

    with ScriptedEndpoint(SCRIPT) as url, TrialGateway(
            tmp_path / "gw", url, REAL_KEY, GatewayPolicy(max_body_bytes=1024)) as gw:
        big = message(padding="x" * 4096)
        status, body = call(gw.socket_path, "POST", "/v1/messages", gw.token, big)
    assert status == 413 and REAL_KEY.encode() not in body


def test_a_stream_cut_off_mid_response_is_charged_to_the_ledger(tmp_path: Path) -> None:
    """Bug: the ledger was charged after the streaming handler's finally block, so a client
    that went away mid-stream (a session killed at its timeout, a stop) left the metered
    dollars out of the run's budget."""
    import time

    from aiohttp import web

    from runner.aio import HostedApp
    from runner.pacing.ledger import BudgetGuard, LocalLedger

    async def stalling(request: web.Request) -> web.StreamResponse:
        response = web.StreamResponse(headers={"content-type": "text/event-stream"})
        await response.prepare(request)
        start = {"type": "message_start", "message": {
            "model": "claude-sonnet-4-5", "usage": {"input_tokens": 100_000, "output_tokens": 1}}}
        await response.write(f"event: message_start\ndata: {json.dumps(start)}\n\n".encode())
        await asyncio.sleep(30)  # the rest never comes: the client gives up first
        return response

    app = web.Application()
    app.router.add_post("/v1/messages", stalling)
    upstream = HostedApp(app)
    url = upstream.start_tcp()
    ledger = LocalLedger(cap_usd=None)
    kept: list[float] = []
    try:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY, budget=BudgetGuard(ledger),
                          on_usage=lambda u: kept.append(u.cost_usd)) as gw:
            async def read_first_chunk_then_leave() -> bytes:
                connector = aiohttp.UnixConnector(str(gw.socket_path))
                async with aiohttp.ClientSession(connector=connector) as session:
                    async with session.post("http://127.0.0.1:8080/v1/messages",
                                            json=message(True),
                                            headers={"x-api-key": gw.token}) as r:
                        return await r.content.readany()

            first = asyncio.run(read_first_chunk_then_leave())
            assert b"message_start" in first  # the stream really started, then was cut
            deadline = time.monotonic() + 10
            while ledger.state().spent_usd == 0 and time.monotonic() < deadline:
                time.sleep(0.05)
            metered = gw.usage().cost_usd
    finally:
        upstream.stop()
    assert metered == pytest.approx(0.3, rel=0.01)
    assert ledger.state().spent_usd == pytest.approx(metered)
    assert kept and kept[-1] == pytest.approx(metered)  # the store copy follows the meter


def _slow_upstream(delay_s: float, sse: bool, answered: list[int]) -> Any:
    """An endpoint that thinks for `delay_s` before sending anything, then answers 100k input
    tokens: $0.30 of claude-sonnet-4-5. Like the real API it bills what it received, whether
    or not anyone is still there for the answer: `answered` counts on arrival."""
    from aiohttp import web

    usage = {"input_tokens": 100_000, "output_tokens": 1}

    async def slow(request: web.Request) -> web.StreamResponse:
        await request.read()
        answered.append(1)
        await asyncio.sleep(delay_s)
        if not sse:
            return web.json_response({"type": "message", "model": "claude-sonnet-4-5",
                                      "content": [], "usage": usage})
        response = web.StreamResponse(headers={"content-type": "text/event-stream"})
        await response.prepare(request)
        start = {"type": "message_start",
                 "message": {"model": "claude-sonnet-4-5", "usage": usage}}
        delta = {"type": "message_delta", "usage": {"output_tokens": 1}}
        for kind, data in (("message_start", start), ("message_delta", delta),
                           ("message_stop", {"type": "message_stop"})):
            await response.write(f"event: {kind}\ndata: {json.dumps(data)}\n\n".encode())
        return response

    app = web.Application()
    app.router.add_post("/v1/messages", slow)
    return app


def _ask(gw: TrialGateway, sse: bool, leave_after_s: float | None) -> bytes | None:
    """One request through the gateway; with `leave_after_s`, the client hangs up then."""
    async def go() -> bytes:
        connector = aiohttp.UnixConnector(str(gw.socket_path))
        async with aiohttp.ClientSession(connector=connector) as session:
            async with session.post("http://127.0.0.1:8080/v1/messages", json=message(sse),
                                    headers={"x-api-key": gw.token}) as r:
                return await r.read()

    async def leave() -> None:
        await asyncio.wait_for(go(), leave_after_s)

    if leave_after_s is None:
        return asyncio.run(go())
    with pytest.raises(TimeoutError):
        asyncio.run(leave())
    return None


@pytest.mark.parametrize("sse", [False, True], ids=["json", "sse"])
@pytest.mark.parametrize("client_leaves", [True, False], ids=["client-leaves", "client-stays"])
def test_a_request_cut_off_before_the_upstream_answers_is_billed_once(
        tmp_path: Path, sse: bool, client_leaves: bool) -> None:
    """Bug (issue 28): a session that went away before the upstream sent anything cancelled
    the handler while it awaited the upstream, so the answer the upstream billed was metered
    nowhere: not in the trial's usage, the run's ledger, nor the kept copy."""
    import time

    from runner.aio import HostedApp
    from runner.pacing.ledger import BudgetGuard, LocalLedger

    answered: list[int] = []
    upstream = HostedApp(_slow_upstream(1.0, sse, answered))
    url = upstream.start_tcp()
    ledger = LocalLedger(cap_usd=None)
    kept: list[float] = []
    try:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY, budget=BudgetGuard(ledger),
                          on_usage=lambda u: kept.append(u.cost_usd)) as gw:
            got = _ask(gw, sse, 0.2 if client_leaves else None)
            if not client_leaves:
                assert got is not None and b"100000" in got  # relayed whole to a live client
            deadline = time.monotonic() + 10
            while (not kept or gw.usage().requests == 0) and time.monotonic() < deadline:
                time.sleep(0.05)
            time.sleep(0.3)  # room for a second, wrong, charge to show up
            usage = gw.usage()
    finally:
        upstream.stop()
    assert answered == [1]
    assert usage.requests == 1
    assert usage.cost_usd == pytest.approx(0.3, rel=0.01)
    assert ledger.state().spent_usd == pytest.approx(usage.cost_usd)
    assert kept and kept[-1] == pytest.approx(usage.cost_usd)


def test_the_gateway_close_waits_for_an_answer_its_shutdown_cut_off(tmp_path: Path) -> None:
    """The trial ends (the gateway closes) while a request is still with the upstream: the
    shutdown cancels the handler, and the close waits for the answer to be metered, so the
    figure is in before the trial reads its usage."""
    import threading
    import time

    from runner.aio import HostedApp
    from runner.pacing.ledger import BudgetGuard, LocalLedger

    answered: list[int] = []
    sse = True
    # Longer than the server's shutdown grace (twice its 2 s shutdown_timeout, from the
    # close at 0.5 s): the handler is cancelled while the upstream is still thinking.
    upstream = HostedApp(_slow_upstream(5.5, sse, answered))
    url = upstream.start_tcp()
    ledger = LocalLedger(cap_usd=None)
    try:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY, budget=BudgetGuard(ledger)) as gw:
            def asking() -> None:
                try:
                    _ask(gw, sse, None)
                except aiohttp.ClientError:
                    pass  # the gateway went away under it: expected

            client = threading.Thread(target=asking, daemon=True)
            client.start()
            time.sleep(0.5)
        usage = gw.usage()  # read right after the close, as the trial does
        client.join(10)
    finally:
        upstream.stop()
    assert answered == [1]
    assert usage.requests == 1 and usage.cost_usd == pytest.approx(0.3, rel=0.01)
    assert ledger.state().spent_usd == pytest.approx(usage.cost_usd)


def test_a_request_whose_session_leaves_while_held_is_never_sent(tmp_path: Path) -> None:
    """The other side of billing once: a session gone while its request still waits on the
    run's governor has sent nothing, so nothing is sent (and billed) for it later."""
    import time

    from runner.aio import HostedApp
    from runner.pacing.governor import GovernorGuard, LocalGovernor

    answered: list[int] = []
    upstream = HostedApp(_slow_upstream(0.0, False, answered))
    url = upstream.start_tcp()
    governor = LocalGovernor()
    governor.report(429, retry_after_s=1.0)  # every gateway of the run holds for 1 s
    try:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY,
                          governor=GovernorGuard(governor)) as gw:
            _ask(gw, False, 0.2)
            time.sleep(1.5)  # past the hold: a request still alive would have gone by now
            usage = gw.usage()
    finally:
        upstream.stop()
    assert answered == []
    assert usage.requests == 0 and usage.cost_usd == 0.0 and usage.held_s > 0


def test_a_request_is_kept_as_sent_before_the_upstream_sees_it(tmp_path: Path) -> None:
    """Bug (chaos schedule): a driver SIGKILLed after the upstream answered but before the
    gateway kept the answer's usage lost that request from the trial's bill (27 served, 26
    billed). The store's copy now says the request is out before it goes, and its answer
    turns it from unanswered into metered."""
    from aiohttp import web

    from runner.aio import HostedApp
    from runner.schema.trial import Usage

    kept: list[Usage] = []
    seen_at_arrival: list[int] = []

    async def answer(request: web.Request) -> web.Response:
        await request.read()
        seen_at_arrival.append(kept[-1].unanswered if kept else -1)
        return web.json_response({"type": "message", "model": "claude-sonnet-4-5",
                                  "content": [], "usage": {"input_tokens": 10,
                                                           "output_tokens": 1}})

    app = web.Application()
    app.router.add_post("/v1/messages", answer)
    upstream = HostedApp(app)
    url = upstream.start_tcp()
    try:
        with TrialGateway(tmp_path / "gw", url, REAL_KEY, on_usage=kept.append) as gw:
            _ask(gw, False, None)
            _ask(gw, False, None)
            usage = gw.usage()
    finally:
        upstream.stop()
    assert seen_at_arrival == [1, 1]  # each kept as sent before the upstream had it
    assert (usage.requests, usage.unanswered) == (2, 0)
    assert (kept[-1].requests, kept[-1].unanswered) == (2, 0)


def test_a_kept_copy_never_goes_back_in_time() -> None:
    from runner.gateway.meter import UsageKeeper
    from runner.schema.trial import Usage

    kept: list[int] = []
    keeper = UsageKeeper(lambda u: kept.append(u.requests))
    keeper.keep(2, Usage(requests=2))
    keeper.keep(1, Usage(requests=1))  # taken earlier, its thread finished later
    keeper.keep(3, Usage(requests=3))
    assert kept == [2, 3]
    assert Usage(unanswered=1).plus(Usage(unanswered=2)).unanswered == 3

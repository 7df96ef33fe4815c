"""The rate governor: request and token windows, a shared hold after pushback, pressure; and
the gateway holding and retrying a pushed-back request itself."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from runner.driver.governor import GovernorGuard, LocalGovernor
from runner.gateway.server import TrialGateway
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from tests.helpers import call, message


def test_rpm_window_and_a_shared_hold() -> None:
    governor = LocalGovernor(rpm=2)
    assert governor.acquire() == 0.0 and governor.acquire() == 0.0
    wait = governor.acquire()
    assert 59.0 < wait <= 60.0  # the minute is full: the oldest request frees a slot
    fresh = LocalGovernor()
    fresh.report(429, retry_after_s=2.0)
    assert 1.5 < fresh.acquire() <= 2.0  # every gateway asking now is held
    state = fresh.state()
    assert state.pushbacks == 1 and state.under_pressure and state.holding_for_s > 1.5
    fresh.report(529)  # no retry-after: the default hold
    assert fresh.acquire() > 2.0


def test_token_windows_pace_by_what_was_used() -> None:
    governor = LocalGovernor(itpm=1000)
    assert governor.acquire() == 0.0
    governor.report(200, input_tokens=1000, output_tokens=10)
    assert governor.acquire() > 59.0
    assert LocalGovernor(otpm=5).acquire() == 0.0


def test_the_gateway_holds_and_retries_a_pushed_back_request(tmp_path: Path) -> None:
    script = Script.model_validate({
        "usage": {"input_tokens": 10, "output_tokens": 5},
        "rate_limit": {"rpm": 2, "window_s": 1.5},
        "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})
    endpoint = ScriptedEndpoint(script)
    governor = LocalGovernor()
    with endpoint as url, TrialGateway(tmp_path / "gw", url, "sk-real",
                                       governor=GovernorGuard(governor)) as gw:
        started = time.monotonic()
        answers = [call(gw.socket_path, "POST", "/v1/messages", gw.token, message())
                   for _ in range(4)]
        elapsed = time.monotonic() - started
        usage = gw.usage()
    assert [status for status, _ in answers] == [200] * 4  # the session never saw a 429
    assert all(json.loads(body)["content"][0]["text"] == "hi" for _, body in answers)
    assert endpoint.model.counts["rate_limited"] >= 1  # the upstream really pushed back
    assert usage.errors_by_status.get("429", 0) >= 1 and usage.held_s > 0.5
    assert governor.pushbacks >= 1 and elapsed >= 1.0
    assert usage.requests == 4  # metered once per answer that reached the session


@pytest.mark.parametrize("retries", [0])
def test_pushback_retries_can_be_turned_off(tmp_path: Path, retries: int) -> None:
    from runner.gateway.server import GatewayPolicy

    script = Script.model_validate({"rate_limit": {"rpm": 1, "window_s": 30},
                                    "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})
    with ScriptedEndpoint(script) as url, TrialGateway(
            tmp_path / "gw", url, "k", GatewayPolicy(pushback_retries=retries)) as gw:
        assert call(gw.socket_path, "POST", "/v1/messages", gw.token, message())[0] == 200
        assert call(gw.socket_path, "POST", "/v1/messages", gw.token, message())[0] == 429

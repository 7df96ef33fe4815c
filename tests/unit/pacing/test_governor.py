"""The rate governor: request and token windows, a shared hold after pushback, pressure; and
the gateway holding and retrying a pushed-back request itself."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from runner.gateway.server import TrialGateway
from runner.pacing.governor import GovernorGuard, LocalGovernor
from runner.pacing.pushback import read_limits
from runner.schema.ratelimit import Budget, UpstreamLimits
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
        "rate_limit": {"rpm": 2, "window_s": 1.5, "headers": False},
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


def test_stated_limits_are_adopted_and_hold_before_the_429(tmp_path: Path) -> None:
    """An upstream that states its limits on every answer: the run paces itself by them and
    never receives a 429, with no --rpm given."""
    script = Script.model_validate({
        "rate_limit": {"rpm": 2, "window_s": 1.5},
        "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})
    endpoint = ScriptedEndpoint(script)
    governor = LocalGovernor()
    with endpoint as url, TrialGateway(tmp_path / "gw", url, "sk-real",
                                       governor=GovernorGuard(governor)) as gw:
        answers = [call(gw.socket_path, "POST", "/v1/messages", gw.token, message())
                   for _ in range(4)]
        usage = gw.usage()
    assert [status for status, _ in answers] == [200] * 4
    assert endpoint.model.counts.get("rate_limited", 0) == 0  # held before, never pushed back
    assert usage.held_s > 0.5 and governor.pushbacks == 0
    state = governor.state()
    assert state.rpm == 80 and state.stated is not None  # 2 per 1.5 s, stated per minute


def test_the_lower_of_configured_and_stated_limits_applies() -> None:
    governor = LocalGovernor(rpm=50)
    governor.report(200, stated=UpstreamLimits(requests=Budget(limit=4, remaining=3)))
    assert governor.state().rpm == 4
    governor = LocalGovernor(rpm=3)
    governor.report(200, stated=UpstreamLimits(requests=Budget(limit=4, remaining=3)))
    assert governor.state().rpm == 3


def test_nothing_remaining_holds_until_the_reset() -> None:
    governor = LocalGovernor()
    governor.report(200, stated=UpstreamLimits(
        output_tokens=Budget(limit=1000, remaining=0, reset_in_s=7.0)))
    assert 6.0 < governor.acquire() <= 7.0


def test_rate_limit_headers_are_read_against_the_answers_own_date() -> None:
    headers = {"date": "Mon, 30 Nov 2026 09:00:00 GMT",
               "anthropic-ratelimit-requests-limit": "50",
               "anthropic-ratelimit-requests-remaining": "0",
               "anthropic-ratelimit-requests-reset": "2026-11-30T09:00:12Z",
               "anthropic-ratelimit-input-tokens-limit": "40000",
               "anthropic-ratelimit-input-tokens-remaining": "junk"}
    limits = read_limits(headers)
    assert limits is not None
    assert limits.requests == Budget(limit=50, remaining=0, reset_in_s=12.0)
    assert limits.input_tokens == Budget(limit=40000)
    assert read_limits({"content-type": "application/json"}) is None


def test_grader_and_judge_calls_are_paced_by_the_same_governor() -> None:
    """The runner's own calls (ModelClient) hold on the run's governor and ride out a 429
    without spending their one attempt; without a governor the same 429 ends the call."""
    from runner.errors import ModelCallError
    from runner.gateway.client import ModelClient

    script = Script.model_validate({
        "rate_limit": {"rpm": 1, "window_s": 1.5, "headers": False},
        "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})
    body = {"model": "claude-sonnet-4-5", "max_tokens": 10,
            "messages": [{"role": "user", "content": "grade this"}]}
    governor = LocalGovernor()
    endpoint = ScriptedEndpoint(script)
    with endpoint as url:
        paced = ModelClient(url, "k", attempts=1, governor=GovernorGuard(governor))
        answers = [paced.create(body) for _ in range(3)]
        assert all(a["content"][0]["type"] == "text" for a in answers)
        assert endpoint.model.counts["rate_limited"] >= 1 and governor.pushbacks >= 1
        time.sleep(1.6)  # a fresh window, then two calls at once without a governor
        bare = ModelClient(url, "k", attempts=1)
        bare.create(body)
        with pytest.raises(ModelCallError, match="429"):
            bare.create(body)


def test_stated_remaining_is_spent_by_each_request_let_through() -> None:
    """Many gateways asking at once must not all go on a stated remaining of 2."""
    governor = LocalGovernor()
    assert governor.acquire() == 0.0
    governor.report(200, stated=UpstreamLimits(
        requests=Budget(limit=12, remaining=2, reset_in_s=8.0)))
    assert governor.acquire() == 0.0 and governor.acquire() == 0.0
    assert 7.0 < governor.acquire() <= 8.0  # the third waits for the stated reset


def test_a_refused_request_does_not_fill_the_request_window() -> None:
    governor = LocalGovernor(rpm=2)
    assert governor.acquire() == 0.0
    governor.report(429, retry_after_s=0.0)  # refused: it used none of the limit
    assert governor.acquire() == 0.0 and governor.acquire() == 0.0
    assert governor.acquire() > 59.0


def test_after_a_stated_reset_one_request_goes_and_its_answer_says_more() -> None:
    governor = LocalGovernor()
    assert governor.acquire() == 0.0
    governor.learn(UpstreamLimits(requests=Budget(limit=12, remaining=0, reset_in_s=0.2)))
    assert 0.1 < governor.acquire() <= 0.2
    time.sleep(0.25)
    assert governor.acquire() == 0.0  # the probe
    assert governor.acquire() > 1.0  # the others wait for what its answer says...
    governor.learn(UpstreamLimits(requests=Budget(limit=12, remaining=3, reset_in_s=5.0)))
    assert governor.acquire() == 0.0  # ...which is: two more (one of the three is in flight)
    assert governor.acquire() == 0.0
    assert governor.acquire() > 4.0

"""Upstream credentials: an API key or a subscription's OAuth token, what the gateway and the
runner's own client send for each, and what a report says about who paid."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.analysis.credentials import credentials_used, window_moves
from runner.gateway.client import ModelClient
from runner.gateway.credentials import OAUTH_BETA, read_credential
from runner.gateway.server import TrialGateway
from runner.render.windows import describe_moves
from runner.schema.enums import Arm, CredentialKind, TrialStatus
from runner.schema.trial import TrialResult, WindowReading
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.trial.transcript import parse_transcript
from tests.helpers import call, message

TOKEN = "sk-ant-oat01-subscription-login-never-in-a-sandbox"
KEY = "sk-ant-api03-an-api-key"
TURNS = [{"name": "s", "turns": [{"text": "hi"}]}]


def oauth_script() -> Script:
    return Script.model_validate({
        "require_headers": {"authorization": f"Bearer {TOKEN}", "anthropic-beta": OAUTH_BETA},
        "forbid_headers": ["x-api-key"], "scenarios": TURNS})


def test_the_api_key_wins_and_either_is_read_from_the_environment() -> None:
    assert read_credential({}) is None
    assert read_credential({"ANTHROPIC_API_KEY": " "}) is None
    oauth = read_credential({"CLAUDE_CODE_OAUTH_TOKEN": TOKEN})
    assert oauth is not None and oauth.kind is CredentialKind.OAUTH_TOKEN
    both = read_credential({"CLAUDE_CODE_OAUTH_TOKEN": TOKEN, "ANTHROPIC_API_KEY": KEY})
    assert both is not None and both.kind is CredentialKind.API_KEY
    assert both.env() == {"ANTHROPIC_API_KEY": KEY}
    assert TOKEN not in repr(oauth) and TOKEN not in oauth.model_dump_json()  # never logged


def test_oauth_headers_keep_claudes_betas_and_add_the_oauth_one() -> None:
    cred = read_credential({"CLAUDE_CODE_OAUTH_TOKEN": TOKEN})
    assert cred is not None
    headers = cred.headers("claude-code-20250219, interleaved-thinking-2025-05-14")
    assert headers == {"authorization": f"Bearer {TOKEN}", "anthropic-beta":
                       f"claude-code-20250219,interleaved-thinking-2025-05-14,{OAUTH_BETA}"}
    assert cred.headers(OAUTH_BETA)["anthropic-beta"] == OAUTH_BETA  # not twice


def test_the_scripted_endpoint_refuses_what_its_script_does_not_expect(tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(oauth_script())
    with endpoint as url, TrialGateway(tmp_path / "gw", url, KEY) as gw:
        status, body = call(gw.socket_path, "POST", "/v1/messages", gw.token, message())
    assert status == 401 and b"authorization must contain" in body
    assert b"x-api-key must not be sent" in body
    assert endpoint.model.counts["headers_refused"] == 1


def test_gateway_sends_an_oauth_token_as_upstream_expects(tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(oauth_script())
    cred = read_credential({"CLAUDE_CODE_OAUTH_TOKEN": TOKEN})
    with endpoint as url, TrialGateway(tmp_path / "gw", url, cred) as gw:
        status, body = call(gw.socket_path, "POST", "/v1/messages?beta=true", gw.token,
                            message())
        assert status == 200, body
        assert json.loads(body)["content"][0]["text"] == "hi"
        # the sandbox's side of it: only the throwaway token opens the gateway
        assert call(gw.socket_path, "POST", "/v1/messages", TOKEN, message())[0] == 401
    assert "headers_refused" not in endpoint.model.counts


def test_the_runners_own_calls_send_the_oauth_token_too() -> None:
    cred = read_credential({"CLAUDE_CODE_OAUTH_TOKEN": TOKEN})
    with ScriptedEndpoint(oauth_script()) as url:
        answer = ModelClient(url, cred, attempts=1).create(message())
    assert answer["content"][0]["text"] == "hi"


def _result(kind: CredentialKind | None, *windows: WindowReading) -> TrialResult:
    return TrialResult(trial_id="t", case_id="c", repetition=1, arm=Arm.CANDIDATE,
                       status=TrialStatus.COMPLETED, passed=True, credential=kind,
                       windows=list(windows))


def test_a_subscription_run_shows_the_windows_movement() -> None:
    lines = [{"type": "system", "subtype": "init", "apiKeySource": "none"}] + [
        {"type": "rate_limit_event", "rate_limit_info": {
            "status": "allowed", "resetsAt": 1771390800, "rateLimitType": "five_hour",
            "utilization": used}} for used in (0.12, 0.14, 0.15)] + [
        {"type": "rate_limit_event", "rate_limit_info": {"status": "allowed"}}]
    transcript = parse_transcript("\n".join(json.dumps(x) for x in lines).encode())
    assert [w.utilization for w in transcript.windows] == [0.12, 0.15]  # first and last
    later = WindowReading(window="five_hour", utilization=0.19, resets_at=1771390800)
    expired = WindowReading(window="five_hour", utilization=0.90, resets_at=1771300000)
    results = [_result(CredentialKind.OAUTH_TOKEN, *transcript.windows),
               _result(CredentialKind.OAUTH_TOKEN, later, expired), _result(None)]
    assert credentials_used(results) == [CredentialKind.OAUTH_TOKEN]
    moves = window_moves(results)
    assert [(m.window, m.start, m.end) for m in moves] == [("five_hour", 0.12, 0.19)]
    assert describe_moves(moves) == "five_hour window 12% -> 19%"


@pytest.mark.parametrize("kind", list(CredentialKind))
def test_credentials_used_names_the_kind(kind: CredentialKind) -> None:
    assert credentials_used([_result(kind), _result(kind)]) == [kind]

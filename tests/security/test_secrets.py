"""The API key: not in the environment, not in any process, not obtainable from the gateway,
and the gateway answers nothing but the Messages API."""

from __future__ import annotations

import json
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import REAL_KEY, RUNTIMES

pytestmark = pytest.mark.integration

PROBE = r"""{ env; for f in /proc/[0-9]*/environ; do tr '\0' '\n' < $f; done;
  cat /proc/[0-9]*/cmdline | tr '\0' ' '; ls -la /run/gw /opt /home/agent; } > env.txt 2>&1
python3 - <<'PY' > gateway.json 2>&1
import http.client, json, os
token = os.environ.get("ANTHROPIC_API_KEY", "")
out = {}
def ask(name, method, path, body=None, headers=None, host="127.0.0.1", tunnel=None):
    try:
        conn = http.client.HTTPConnection("127.0.0.1", 8080, timeout=10)
        if tunnel:
            conn.set_tunnel(tunnel)
        hdrs = {"x-api-key": token, "content-type": "application/json",
                "anthropic-version": "2023-06-01", "Host": host}
        hdrs.update(headers or {})
        conn.request(method, path, body=json.dumps(body) if body is not None else None,
                     headers=hdrs)
        r = conn.getresponse()
        out[name] = [r.status, r.read().decode("utf-8", "replace")[:500]]
    except Exception as exc:
        out[name] = [0, type(exc).__name__ + ": " + str(exc)]
msg = {"model": "claude-sonnet-4-5", "max_tokens": 10,
       "messages": [{"role": "user", "content": "hi"}]}
ask("models", "GET", "/v1/models")
ask("complete", "POST", "/v1/complete", msg)
ask("files", "POST", "/v1/files", msg)
ask("root", "GET", "/")
ask("bad_query", "POST", "/v1/messages?beta=true&debug=1", msg)
ask("web_search", "POST", "/v1/messages", dict(msg, tools=[
    {"type": "web_search_20250305", "name": "web_search"}]))
ask("web_fetch", "POST", "/v1/messages", dict(msg, tools=[
    {"type": "web_fetch_20250910", "name": "web_fetch"}]))
ask("code_exec", "POST", "/v1/messages", dict(msg, tools=[
    {"type": "code_execution_20250825", "name": "code_execution"}]))
ask("mcp", "POST", "/v1/messages", dict(msg, mcp_servers=[
    {"type": "url", "url": "https://mcp.invalid/sse", "name": "x"}]))
ask("odd_host", "POST", "/v1/messages", msg, host="api.anthropic.com")
ask("absolute", "POST", "http://api.anthropic.com/v1/messages", msg)
ask("connect", "POST", "/v1/messages", msg, tunnel="api.anthropic.com:443")
ask("no_token", "POST", "/v1/messages", msg, headers={"x-api-key": "sk-ant-guess"})
ask("allowed", "POST", "/v1/messages", msg)
print(json.dumps(out))
PY
wc -c env.txt gateway.json"""

REFUSED = ("models", "complete", "files", "root", "bad_query", "web_search", "web_fetch",
           "code_exec", "mcp", "odd_host", "absolute", "no_token")


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_key_never_reachable_and_gateway_refuses_the_rest(attack: Any, runtime: str) -> None:
    result = attack(PROBE, runtime=runtime)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        outputs = result.outputs[arm]
        dump = outputs["env.txt"].decode("utf-8", "replace")
        assert "ANTHROPIC_API_KEY=sk-ant-task-" in dump  # the dump really ran
        everything = dump + outputs["gateway.json"].decode() + result.transcripts[arm]
        assert REAL_KEY not in everything
        answers = json.loads(outputs["gateway.json"])
        for name in REFUSED:
            status = answers[name][0]
            assert status in (0, 400, 401, 403, 404, 405, 413), (name, answers[name])
        assert answers["allowed"][0] == 200  # the one thing the sandbox may do
        assert answers["connect"][0] != 200
        usage = result.results[arm].usage
        assert usage is not None and usage.refused >= len(REFUSED) - 1

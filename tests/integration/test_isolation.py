"""The key stays on the host in a run against a "real API" endpoint (the gateway injects it).
The full hostile suite is tests/security/."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.trials import standing
from tests.helpers import REAL_KEY

pytestmark = pytest.mark.integration

ENV_DUMP = ("{ env; echo ---; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < $f; done; "
            "echo ---; ls -la /run/gw /opt 2>&1; } > env.txt 2>&1; wc -c env.txt")


def test_api_key_never_inside_the_container(options: Any, tmp_path: Path) -> None:
    script = Script.model_validate({"scenarios": [
        {"name": "dump", "when": {"prompt": "Inspect the environment"},
         "turns": [{"tool_use": {"name": "Bash", "input": {"command": ENV_DUMP}}},
                   {"text": "inspected"}]}]})
    endpoint = ScriptedEndpoint(script)
    with endpoint as url:  # a "real API" run: key from the environment, gateway injects it
        report = run_eval(options(case_ids=("env",), upstream_url=url))
    assert report.dry_run is False
    assert endpoint.model.api_keys == {REAL_KEY}  # upstream got the real key ...
    store = LocalStore(tmp_path / "store")
    keys = RunKeys(report.run_id)
    for task in report.trials:
        assert task.passed, task
        dump = store.get(standing(store, keys.run_id, task.trial_id).output("env.txt")).decode()
        transcript = store.get(standing(store, keys.run_id, task.trial_id).transcript).decode()
        # ... the session saw only its per-task token (proof the dump really ran) ...
        assert "ANTHROPIC_API_KEY=sk-ant-task-" in dump
        assert "CLAUDE_CODE_SESSION_ID" in dump  # /proc/*/environ of claude itself was read
        # ... and never the key, anywhere it could have looked or written
        assert REAL_KEY not in dump
        assert REAL_KEY not in transcript
        assert "INTEGRATION" not in dump


def test_a_subscription_token_reaches_upstream_as_oauth_and_never_the_sandbox(
        tmp_path: Path) -> None:
    """CLAUDE_CODE_OAUTH_TOKEN instead of an API key: the scripted upstream refuses anything
    but `Authorization: Bearer` with the oauth beta (and no x-api-key), so a passing run proves
    the headers; the sandbox's environment dump holds only its throwaway token."""
    import json
    import os
    import subprocess
    import sys

    from tests.helpers import PROBE, ROOT

    token = "sk-ant-oat01-INTEGRATION-" + os.urandom(8).hex()
    script = tmp_path / "script.json"
    script.write_text(json.dumps({
        "require_headers": {"authorization": f"Bearer {token}",
                            "anthropic-beta": "oauth-2025-04-20"},
        "forbid_headers": ["x-api-key"],
        "scenarios": [{"name": "dump", "when": {"prompt": "Inspect the environment"},
                       "turns": [{"tool_use": {"name": "Bash", "input": {"command": ENV_DUMP}}},
                                 {"text": "inspected"}]}]}))
    env = {k: v for k, v in os.environ.items()
           if k not in ("ANTHROPIC_API_KEY", "RAY_ADDRESS")}
    env["CLAUDE_CODE_OAUTH_TOKEN"] = token
    store, report_path = tmp_path / "store", tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(PROBE), "--case", "env", "--arms",
         "baseline,candidate", "--model-script", str(script), "--store", str(store),
         "--report-json", str(report_path), "--timeout", "90"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    assert len(report["trials"]) == 2
    for trial in report["trials"]:
        assert trial["status"] == "completed" and trial["passed"], trial
    assert report["credentials"] == ["oauth_token"] and report["cost_notional"] is True
    dumps = [p.read_text() for p in store.rglob("env.txt")]
    assert dumps and all("ANTHROPIC_API_KEY=sk-ant-task-" in d for d in dumps)  # it ran
    assert all("CLAUDE_CODE_OAUTH_TOKEN" not in d for d in dumps)
    stored = b"".join(p.read_bytes() for p in store.rglob("*") if p.is_file())
    assert token.encode() not in stored

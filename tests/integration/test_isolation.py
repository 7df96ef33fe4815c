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

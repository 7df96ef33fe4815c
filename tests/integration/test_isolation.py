"""What the sandbox promises, checked by making the real claude try: the key stays out, the
network is not there."""

from __future__ import annotations

import json
import socket
import threading
from pathlib import Path
from typing import Any

import pytest

from runner.api import run_eval
from runner.models import Arm
from runner.paths import RunKeys
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.store.local import LocalStore
from tests.integration.conftest import REAL_KEY

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
    for task in report.tasks:
        assert task.passed, task
        dump = store.get(keys.task(task.task_id).output("env.txt")).decode()
        transcript = store.get(keys.task(task.task_id).transcript).decode()
        # ... the session saw only its per-task token (proof the dump really ran) ...
        assert "ANTHROPIC_API_KEY=sk-ant-task-" in dump
        assert "CLAUDE_CODE_SESSION_ID" in dump  # /proc/*/environ of claude itself was read
        # ... and never the key, anywhere it could have looked or written
        assert REAL_KEY not in dump
        assert REAL_KEY not in transcript
        assert "INTEGRATION" not in dump


class _Listener:
    """A TCP listener on the host's loopback: it must see no connection from a sandbox."""

    def __init__(self) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen()
        self.sock.settimeout(0.2)
        self.port = self.sock.getsockname()[1]
        self.accepted = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, daemon=True)
        self._thread.start()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                conn, _ = self.sock.accept()
                self.accepted += 1
                conn.close()
            except OSError:
                continue

    def close(self) -> None:
        self._stop.set()
        self._thread.join()
        self.sock.close()


NET_PROBE = """python3 - <<'PY' > net.json
import json, socket
out = {"interfaces": [l.split(":")[0].strip() for l in open("/proc/net/dev").readlines()[2:]]}
def attempt(name, fn):
    try:
        fn()
        out[name] = "reached"
    except OSError as exc:
        out[name] = type(exc).__name__ + ": " + str(exc)
attempt("host_listener", lambda: socket.create_connection(("127.0.0.1", PORT), timeout=3))
attempt("dns", lambda: socket.getaddrinfo("skill-eval-probe.invalid", 443))
# connect() on a UDP socket sends nothing: it only asks the kernel for a route out.
attempt("route_out", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).connect(
    ("192.0.2.1", 53)))
print(json.dumps(out))
PY
cat net.json"""


def test_network_is_unreachable_from_the_session(options: Any, write_script: Any,
                                                 tmp_path: Path) -> None:
    listener = _Listener()
    try:
        probe = NET_PROBE.replace("PORT", str(listener.port))
        script = write_script({"scenarios": [
            {"name": "net", "when": {"prompt": "reach the network"},
             "turns": [{"tool_use": {"name": "Bash", "input": {"command": probe}}},
                       {"text": "tried"}]}]})
        report = run_eval(options(case_ids=("net",), model_script=script,
                                  arms=(Arm.BASELINE, Arm.CANDIDATE)))
    finally:
        listener.close()
    assert listener.accepted == 0
    store = LocalStore(tmp_path / "store")
    for task in report.tasks:
        assert task.passed, task
        result = json.loads(store.get(RunKeys(report.run_id).task(task.task_id)
                                      .output("net.json")))
        assert result["interfaces"] == ["lo"]  # --network none: loopback only
        for attempt in ("host_listener", "dns", "route_out"):
            assert result[attempt] != "reached", result

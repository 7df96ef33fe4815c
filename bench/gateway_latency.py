"""What the gateway adds to one model call: p50 and p95, streamed and not.

The scripted endpoint (instant answers) is called N times directly over TCP and N times
through a TrialGateway over its Unix socket (token check, key swap, metering, the ledger and
governor hooks), one call at a time. Prints per mode the p50/p95 of each path and the
difference.

usage: .venv/bin/python bench/gateway_latency.py [--calls 300]
"""

from __future__ import annotations

import argparse
import http.client
import json
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.gateway.server import TrialGateway  # noqa: E402
from runner.pacing.governor import GovernorGuard, LocalGovernor  # noqa: E402
from runner.scripted.script import Script  # noqa: E402
from runner.scripted.server import ScriptedEndpoint  # noqa: E402

SCRIPT = Script.model_validate({"usage": {"input_tokens": 1000, "output_tokens": 50},
                                "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})


class UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("localhost")
        self._path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self._path)


def body(stream: bool) -> bytes:
    return json.dumps({"model": "claude-sonnet-4-5", "max_tokens": 64, "stream": stream,
                       "messages": [{"role": "user", "content": "hello"}],
                       "tools": [{"name": "t", "input_schema": {"type": "object"}}]}).encode()


def timed(connect: Callable[[], http.client.HTTPConnection], headers: dict[str, str],
          stream: bool, calls: int) -> list[float]:
    out = []
    for _ in range(calls):
        conn = connect()
        started = time.perf_counter()
        conn.request("POST", "/v1/messages", body(stream), headers)
        response = conn.getresponse()
        response.read()
        out.append(time.perf_counter() - started)
        conn.close()
        assert response.status == 200, response.status
    return out


def pct(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100)[int(q) - 1] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=300)
    args = parser.parse_args()
    base = {"content-type": "application/json", "anthropic-version": "2023-06-01",
            "host": "localhost"}
    with ScriptedEndpoint(SCRIPT) as url, tempfile.TemporaryDirectory() as tmp, \
            TrialGateway(Path(tmp) / "gw", url, "sk-real",
                         governor=GovernorGuard(LocalGovernor())) as gw:
        host, port = url.removeprefix("http://").split(":")
        for stream in (False, True):
            direct = timed(lambda: http.client.HTTPConnection(host, int(port)),
                           {**base, "x-api-key": "k"}, stream, args.calls)
            via = timed(lambda: UnixConnection(str(gw.socket_path)),
                        {**base, "x-api-key": gw.token}, stream, args.calls)
            kind = "streamed" if stream else "json"
            print(f"{kind:8} direct p50 {pct(direct, 50):6.2f} ms p95 {pct(direct, 95):6.2f} ms"
                  f" | via gateway p50 {pct(via, 50):6.2f} ms p95 {pct(via, 95):6.2f} ms"
                  f" | added p50 {pct(via, 50) - pct(direct, 50):5.2f} ms"
                  f" p95 {pct(via, 95) - pct(direct, 95):5.2f} ms", flush=True)


if __name__ == "__main__":
    main()

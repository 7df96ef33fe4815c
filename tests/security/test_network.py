"""Outbound traffic of every kind, from inside a session: nothing leaves the sandbox."""

from __future__ import annotations

import json
import socket
import threading
from typing import Any

import pytest

from runner.schema.enums import Arm
from tests.helpers import RUNTIMES

pytestmark = pytest.mark.integration

PROBE = r"""python3 - <<'PY' > net.json 2>&1
import json, socket, urllib.request
out = {"interfaces": sorted(l.split(":")[0].strip()
                            for l in open("/proc/net/dev").readlines()[2:])}
def attempt(name, fn):
    try:
        fn()
        out[name] = "reached"
    except Exception as exc:
        out[name] = type(exc).__name__ + ": " + str(exc)
tcp = lambda host, port: socket.create_connection((host, port), timeout=3).close()
attempt("host_listener", lambda: tcp("127.0.0.1", HOST_PORT))
attempt("ray_gcs", lambda: tcp("127.0.0.1", RAY_PORT))
attempt("docker_api", lambda: tcp("127.0.0.1", 2375))
attempt("metadata", lambda: urllib.request.urlopen("http://169.254.169.254/latest/meta-data/",
                                                   timeout=3))
attempt("dns", lambda: socket.getaddrinfo("skill-eval-probe.invalid", 443))
attempt("udp_route", lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM).connect(
    ("192.0.2.1", 53)))
attempt("icmp_raw", lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, socket.IPPROTO_ICMP))
attempt("packet_socket", lambda: socket.socket(socket.AF_PACKET, socket.SOCK_RAW))
attempt("docker_sock", lambda: socket.socket(socket.AF_UNIX).connect("/var/run/docker.sock"))
attempt("ray_sock_dir", lambda: open("/tmp/ray/session_latest/logs/raylet.out").read())
print(json.dumps(out))
PY
cat net.json"""


class Listener:
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


@pytest.mark.parametrize("runtime", RUNTIMES)
def test_nothing_leaves_the_sandbox(attack: Any, runtime: str) -> None:
    import ray

    ray_port = int(ray.get_runtime_context().gcs_address.rsplit(":", 1)[1])
    listener = Listener()
    try:
        result = attack(PROBE.replace("HOST_PORT", str(listener.port))
                        .replace("RAY_PORT", str(ray_port)), runtime=runtime)
    finally:
        listener.close()
    assert listener.accepted == 0  # the host's listener never saw a connection
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        probe = json.loads(result.outputs[arm]["net.json"])
        assert probe["interfaces"] == ["lo"], probe
        reached = [k for k, v in probe.items() if v == "reached"]
        assert reached == [], probe
        assert result.results[arm].passed

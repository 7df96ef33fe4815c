"""A real local Ray cluster for integration tests (`ray start --head` and more nodes on this
machine, each declaring `sandbox` resources), stopped by pid; and a stand-in Docker engine for
a node that must lack the sandbox image (every node of a one-machine cluster shares the real
engine)."""

from __future__ import annotations

import contextlib
import os
import secrets
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

from aiohttp import web

from runner.aio import HostedApp
from tests.helpers import cmdlines, free_port

RAY = str(Path(sys.executable).parent / "ray")


class Cluster:
    def __init__(self, root: Path, sandboxes_per_node: int = 1) -> None:
        self.root = root
        self.sandboxes = sandboxes_per_node
        self.gcs_port, self.dashboard_port = free_port(), free_port()
        # Ray's token auth: every process of this cluster (and only these) share the token.
        self.env = {**os.environ, "RAY_AUTH_MODE": "token",
                    "RAY_AUTH_TOKEN": secrets.token_hex(32)}
        self.env.pop("RAY_ADDRESS", None)
        self.procs: list[subprocess.Popen[bytes]] = []

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.gcs_port}"

    def _start(self, args: list[str], log: str, env: dict[str, str] | None = None) -> None:
        with open(self.root / log, "wb") as out:
            self.procs.append(subprocess.Popen(
                [RAY, "start", "--block", "--node-ip-address=127.0.0.1", "--num-cpus=1",
                 f'--resources={{"sandbox": {self.sandboxes}}}',
                 # two nodes on one machine: each agent needs its own ports
                 f"--dashboard-agent-listen-port={free_port()}",
                 f"--dashboard-agent-grpc-port={free_port()}",
                 f"--metrics-export-port={free_port()}", *args], env=env or self.env, stdout=out,
                stderr=subprocess.STDOUT, start_new_session=True))

    def start(self, nodes: int = 2, node_env: list[dict[str, str]] | None = None) -> None:
        """`node_env[i]`: the environment node i+1 starts with (what its trials see)."""
        envs = node_env or [self.env] * nodes
        self._start(["--head", f"--port={self.gcs_port}", "--include-dashboard=true",
                     "--dashboard-host=127.0.0.1", f"--dashboard-port={self.dashboard_port}",
                     f"--temp-dir={self.root}/ray"], "head.log", envs[0])
        self._wait_nodes(1)
        for number in range(2, nodes + 1):
            self._start([f"--address={self.address}"], f"worker-{number}.log",
                        envs[number - 1])
            self._wait_nodes(number)

    def _wait_nodes(self, count: int) -> None:
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            status = subprocess.run([RAY, "status", "--address", self.address], env=self.env,
                                    capture_output=True, text=True)
            total = count * self.sandboxes
            if status.returncode == 0 and f"0.0/{total}.0 sandbox" in status.stdout:
                return
            time.sleep(1)
        raise RuntimeError(f"cluster did not reach {count} node(s): "
                           + (self.root / "head.log").read_text()[-2000:])

    def stop(self) -> None:
        for proc in reversed(self.procs):
            with contextlib.suppress(OSError):
                os.killpg(proc.pid, signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(OSError):
                    os.killpg(proc.pid, signal.SIGKILL)
        # Ray's daemons re-parent: stop every process that still belongs to this cluster's
        # session directory (ours, by construction), by pid.
        marker = str(self.root).encode()
        for pid, cmdline in cmdlines():
            if marker in cmdline:
                with contextlib.suppress(OSError):
                    os.kill(pid, signal.SIGKILL)


@contextlib.contextmanager
def engine_without_images(folder: Path) -> Iterator[str]:
    """A Docker API endpoint that answers (ping, version, info) and has no image: what a node
    whose engine never pulled or built the sandbox image says. Yields its DOCKER_HOST."""
    async def answer(request: web.Request) -> web.StreamResponse:
        path = request.path.split("/", 2)[-1] if request.path.startswith("/v1.") else \
            request.path.lstrip("/")
        if path == "_ping":
            return web.Response(text="OK")
        if path == "version":
            return web.json_response({"ApiVersion": "1.43", "MinAPIVersion": "1.24",
                                      "Version": "24.0.0-stand-in"})
        if path == "info":
            return web.json_response({"Runtimes": {"runc": {}}})
        return web.json_response({"message": f"No such image or object: {path}"}, status=404)

    app = web.Application()
    app.router.add_route("*", "/{tail:.*}", answer)
    hosted = HostedApp(app)
    socket_path = folder / "docker.sock"
    hosted.start_unix(str(socket_path))
    try:
        yield f"unix://{socket_path}"
    finally:
        hosted.stop()

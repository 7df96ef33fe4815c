"""Run claude as a plain host process in the staged directory: NO isolation.

The reference point for benchmarks ("bare") and a way to debug a case without Docker. The
gateway still fronts the model: a tiny TCP relay on 127.0.0.1 forwards to its Unix socket,
exactly what socat does inside the container.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
import tempfile
import time

from runner.aio import background_loop, run_sync
from runner.errors import SandboxError
from runner.sandbox.base import Sandbox, SessionRun, SessionSpec, argv, tail
from runner.sockets import unix_address


async def _pipe(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
    try:
        while data := await reader.read(65536):
            writer.write(data)
            await writer.drain()
    except (ConnectionError, OSError):
        pass
    finally:
        writer.close()


class _Relay:
    def __init__(self, socket_path: str) -> None:
        self.socket_path = socket_path
        self.server: asyncio.base_events.Server | None = None

    async def _client(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            with unix_address(self.socket_path) as address:
                up_reader, up_writer = await asyncio.open_unix_connection(address)
        except OSError:
            writer.close()
            return
        await asyncio.gather(_pipe(reader, up_writer), _pipe(up_reader, writer))

    async def start(self) -> int:
        self.server = await asyncio.start_server(self._client, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def stop(self) -> None:
        if self.server is not None:
            self.server.close()


class LocalSandbox(Sandbox):
    name = "local"

    def __init__(self, claude: str | None = None) -> None:
        self.claude = claude or os.environ.get("SKILL_EVAL_CLAUDE") or shutil.which("claude")

    def run(self, spec: SessionSpec) -> SessionRun:
        if not self.claude:
            raise SandboxError("no claude binary: set SKILL_EVAL_CLAUDE or put claude on PATH")
        background_loop()
        relay = _Relay(str(spec.socket_dir / "gw.sock"))
        port = run_sync(relay.start())
        home = tempfile.mkdtemp(prefix="skill-eval-home-")
        env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": home,
               "ANTHROPIC_BASE_URL": f"http://127.0.0.1:{port}", **spec.env}
        if spec.state_dir is not None:
            env["CLAUDE_CONFIG_DIR"] = str(spec.state_dir)
        if os.geteuid() == 0:
            env["IS_SANDBOX"] = "1"  # claude refuses to skip permissions as root otherwise
        plugin = str(spec.plugin_dir) if spec.plugin_dir else None
        try:
            with spec.session_slot():
                return self._session(spec, plugin, env)
        finally:
            run_sync(relay.stop())
            shutil.rmtree(home, ignore_errors=True)

    def _session(self, spec: SessionSpec, plugin: str | None,
                 env: dict[str, str]) -> SessionRun:
        assert self.claude is not None
        started = time.monotonic()
        proc = subprocess.Popen([self.claude, *argv(spec, plugin)], cwd=spec.workdir, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        try:
            out, err = proc.communicate(timeout=spec.timeout_s)
            return SessionRun(transcript=out, stderr_tail=tail(err), exit_code=proc.returncode,
                              wall_s=time.monotonic() - started)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            out, err = proc.communicate()
            return SessionRun(transcript=out, stderr_tail=tail(err), exit_code=None,
                              timed_out=True, wall_s=time.monotonic() - started)

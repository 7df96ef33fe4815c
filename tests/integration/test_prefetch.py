"""Container start hidden behind the model: prefetched trials start their containers while
other sessions run, wait at the start gate, and claude starts only with a session slot."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.errors import ModelStopped
from runner.gateway.server import GatewayPolicy, TrialGateway
from runner.sandbox.base import SessionSpec
from runner.sandbox.docker import LABEL_RUN, DockerSandbox
from runner.schema.enums import Verdict
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from tests.helpers import MAGIC_WITH_SKILL, own_containers, own_runs

pytestmark = pytest.mark.integration


class Watch:
    """Samples the run's containers: how many exist, and how many run claude (not the
    entrypoint waiting at its gate)."""

    def __init__(self, client: Any, runs: Any) -> None:
        self.client, self.runs = client, runs  # runs(): this test's run ids, read as they appear
        self.most_containers = self.most_sessions = 0
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self._stop.is_set():
            sessions = containers = 0
            # this test's runs only: other evals on the machine run containers of their own
            for container in own_containers(self.client, self.runs(), running=True):
                containers += 1
                try:
                    rows = container.top(ps_args="-o pid,args").get("Processes") or []
                except Exception:  # noqa: BLE001 - it ended between list and top
                    continue
                sessions += any(row[-1].startswith("claude ") for row in rows)
            self.most_containers = max(self.most_containers, containers)
            self.most_sessions = max(self.most_sessions, sessions)
            time.sleep(0.05)

    def __enter__(self) -> Watch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def test_prefetched_containers_wait_at_the_gate_while_one_session_runs(
        options: Any, write_script: Any, docker_client: Any, tmp_path: Path) -> None:
    script = write_script({"latency_s": 1.5, "scenarios": [
        MAGIC_WITH_SKILL, {"name": "plain", "turns": [{"text": "no idea"}]}]})
    with Watch(docker_client, lambda: own_runs(tmp_path)) as watch:
        report = run_eval(options(case_ids=("greet",), k=2, model_script=script,
                                  concurrency=1, prefetch=2))
    assert report.verdict is Verdict.PASS and report.holes == 0
    assert watch.most_containers >= 2, "no container was ever started ahead of its turn"
    assert watch.most_sessions == 1, "more claude sessions ran at once than --concurrency"


def test_a_session_given_up_at_the_gate_never_starts_claude(tmp_path: Path,
                                                            docker_client: Any) -> None:
    endpoint = ScriptedEndpoint(Script.model_validate({"scenarios": [
        {"name": "any", "turns": [{"text": "hello"}]}]}))
    sandbox = DockerSandbox()
    workdir, socket_dir = tmp_path / "work", tmp_path / "gw"
    workdir.mkdir()
    sandbox.prepare_workdir(workdir)

    seen: list[list[str]] = []

    def stopped_while_waiting() -> Any:
        # first prove the session really is waiting at its gate: the container runs, its
        # entrypoint is connected to the gate, and no claude process exists yet
        running = docker_client.containers.list(filters={"label": f"{LABEL_RUN}=r-gate"})
        assert len(running) == 1
        seen.append([row[-1] for row in running[0].top(ps_args="-o pid,args")["Processes"]])
        raise ModelStopped("stop requested")

    with endpoint as url, TrialGateway(socket_dir, url, "sk-test", GatewayPolicy()) as gateway:
        spec = SessionSpec(trial_id="t-gate-" + "0" * 20, run_id="r-gate", workdir=workdir,
                           socket_dir=socket_dir, prompt="Say hello.",
                           claude_args=["-p", "--output-format", "stream-json", "--verbose"],
                           env={"ANTHROPIC_API_KEY": gateway.token}, timeout_s=60,
                           slot=stopped_while_waiting)
        with pytest.raises(ModelStopped):
            sandbox.run(spec)
        assert gateway.usage().requests == 0
    assert seen and any("UNIX-CONNECT:/run/gw/start.sock" in args for args in seen[0])
    assert not any(args.startswith("claude ") for args in seen[0])
    assert endpoint.model.counts == {}  # claude never started, so nothing reached upstream

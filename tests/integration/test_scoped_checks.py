"""The suite's leftover checks mind their own business: with the offline demo running beside
it as a separate process (its containers, mounts and scratch alive), a scoped check of another
run passes, where a machine-wide count would have blamed the demo."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.config import SCRATCH_ROOT
from tests.helpers import (
    EXAMPLE,
    LABEL_RUN,
    MAGIC_WITH_SKILL,
    PROBE,
    ROOT,
    no_leftovers_of,
    own_containers,
    own_runs,
)

pytestmark = pytest.mark.integration


def _slow_demo_script(path: Path) -> Path:
    """The demo's own script, slowed so its sessions are still running during the check."""
    script = yaml.safe_load((EXAMPLE / "model-script.yaml").read_text())
    script["latency_s"] = 4.0
    path.write_text(yaml.safe_dump(script))
    return path


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "runner", *args]


def test_a_scoped_check_does_not_blame_a_demo_running_beside_it(tmp_path: Path,
                                                                docker_client: Any) -> None:
    demo_dir, mine_dir = tmp_path / "demo", tmp_path / "mine"
    demo_dir.mkdir()
    mine_dir.mkdir()
    demo = subprocess.Popen(
        _cli("run", str(EXAMPLE), "--model-script", str(_slow_demo_script(tmp_path / "d.yaml")),
             "--k", "3", "--concurrency", "1", "--store", str(demo_dir / "store"), "--fresh",
             "--timeout", "240"),
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while not own_containers(docker_client, own_runs(demo_dir), running=True):
            assert time.monotonic() < deadline and demo.poll() is None, demo.stderr
            time.sleep(0.2)

        script = tmp_path / "probe.json"
        script.write_text(json.dumps({"scenarios": [
            MAGIC_WITH_SKILL, {"name": "plain", "turns": [{"text": "no idea"}]}]}))
        with no_leftovers_of(lambda: own_runs(mine_dir), SCRATCH_ROOT):
            proc = subprocess.run(
                _cli("run", str(PROBE), "--case", "greet", "--model-script", str(script),
                     "--store", str(mine_dir / "store"), "--fresh", "--timeout", "120"),
                cwd=ROOT, capture_output=True, text=True, timeout=600)
            assert proc.returncode == 0, proc.stderr[-3000:]
            mine = own_runs(mine_dir)
            assert len(mine) == 1
            assert own_containers(docker_client, mine) == []
            # The check was not vacuous: the demo's run still holds containers right now,
            # which a count of every container carrying the bare label would have blamed.
            demo_runs = own_runs(demo_dir)
            assert demo.poll() is None
            alive = own_containers(docker_client, demo_runs)
            assert alive and all(LABEL_RUN in c.labels for c in alive)
    finally:
        if demo.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(demo.pid, signal.SIGTERM)  # the demo's driver cleans up and exits
        try:
            demo.communicate(timeout=180)
        except subprocess.TimeoutExpired:
            os.killpg(demo.pid, signal.SIGKILL)
            demo.communicate()
    # the demo's driver removed its own containers on SIGTERM (the autouse check sees
    # tmp_path's runs, the demo's included)
    assert own_containers(docker_client, own_runs(demo_dir)) == []

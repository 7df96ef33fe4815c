"""`skill-eval gc` removes what a dead driver or worker left: containers, mounts, scratch."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from typing import Any

import pytest

from runner.config import SCRATCH_ROOT
from runner.sandbox.docker import DEFAULT_IMAGE, LABEL_RUN, LABEL_TRIAL
from runner.sandbox.reap import mark_scratch
from tests.helpers import ROOT

pytestmark = pytest.mark.integration


def test_gc_removes_orphans(docker_client: Any) -> None:
    """Scoped to this test's own run (a unique id), so it never touches what runs beside it:
    plain `gc` keeps a running sandbox, `gc --run ID` removes it with its mount and scratch."""
    run_id = f"r-orphan{secrets.token_hex(4)}"
    task = secrets.token_hex(8) + "0" * 16
    orphan = docker_client.containers.run(
        DEFAULT_IMAGE, entrypoint=["sleep", "600"], detach=True, network_mode="none",
        labels={LABEL_RUN: run_id, LABEL_TRIAL: task})
    ended = docker_client.containers.run(  # a live run's session that just exited
        DEFAULT_IMAGE, entrypoint=["true"], detach=True, network_mode="none",
        labels={LABEL_RUN: run_id, LABEL_TRIAL: "e" * 32})
    ended.wait(timeout=60)
    scratch = SCRATCH_ROOT / f"{task[:16]}-orphan"
    (scratch / "work").mkdir(parents=True, exist_ok=True)
    mark_scratch(scratch, run_id)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "x", str(scratch / "work")],
                   check=True)
    try:
        assert orphan.status in ("created", "running") and os.path.ismount(scratch / "work")
        keep = subprocess.run([sys.executable, "-m", "runner", "gc"], cwd=ROOT,
                              capture_output=True, text=True)
        assert keep.returncode == 0, keep.stderr
        orphan.reload()
        assert orphan.status == "running" and scratch.exists()  # running: kept by default
        ended.reload()  # exited moments ago: a live run may still read its logs
        assert ended.status == "exited"
        proc = subprocess.run([sys.executable, "-m", "runner", "gc", "--run", run_id], cwd=ROOT,
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert "removed 2 container(s), 1 mount(s), 1 scratch dir(s)" in proc.stdout
        assert docker_client.containers.list(
            all=True, filters={"label": f"{LABEL_RUN}={run_id}"}) == []
        assert not scratch.exists()
    finally:
        if os.path.ismount(scratch / "work"):
            subprocess.run(["umount", "-l", str(scratch / "work")])
        subprocess.run(["docker", "rm", "-f", orphan.id, ended.id], capture_output=True)

"""`skill-eval gc` removes what a dead driver or worker left: containers, mounts, scratch."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import pytest

from runner.config import SCRATCH_ROOT
from runner.sandbox.docker import DEFAULT_IMAGE, LABEL_RUN, LABEL_TRIAL
from tests.helpers import ROOT

pytestmark = pytest.mark.integration


def test_gc_removes_orphans(docker_client: Any) -> None:
    task = "f" * 16 + "0" * 16
    orphan = docker_client.containers.run(
        DEFAULT_IMAGE, entrypoint=["sleep", "600"], detach=True, network_mode="none",
        labels={LABEL_RUN: "r-orphan", LABEL_TRIAL: task})
    scratch = SCRATCH_ROOT / f"{task[:16]}-orphan"
    (scratch / "work").mkdir(parents=True, exist_ok=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m", "x", str(scratch / "work")],
                   check=True)
    try:
        keep = subprocess.run([sys.executable, "-m", "runner", "gc"], cwd=ROOT,
                              capture_output=True, text=True)
        assert keep.returncode == 0, keep.stderr
        orphan.reload()
        assert orphan.status == "running" and scratch.exists()  # running: kept by default
        proc = subprocess.run([sys.executable, "-m", "runner", "gc", "--all"], cwd=ROOT,
                              capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr
        assert "removed 1 container(s), 1 mount(s), 1 scratch dir(s)" in proc.stdout
        assert docker_client.containers.list(all=True, filters={"label": LABEL_RUN}) == []
        assert not scratch.exists()
    finally:
        if os.path.ismount(scratch / "work"):
            subprocess.run(["umount", "-l", str(scratch / "work")])
        subprocess.run(["docker", "rm", "-f", orphan.id], capture_output=True)

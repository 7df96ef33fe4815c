"""Hostile-skill tests: a scripted model makes the real claude, in the real sandbox, run an
attack through its Bash tool; each test asserts what must happen to it (blocked, contained,
recorded) and that the host and other runs are untouched.

Runtimes: runc always; gVisor (runsc) too where Docker has it registered (`make gvisor`).
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from runner.api import run_eval
from runner.models import Arm
from runner.paths import RunKeys
from runner.report import Report
from runner.store.local import LocalStore
from runner.task import SandboxConfig, TaskResult
from tests.integration.conftest import (  # noqa: F401 - shared fixtures
    docker_client,
    no_leftover_containers,
    options,
    ray_session,
    write_script,
)

HOSTILE = Path(__file__).resolve().parent / "skills" / "hostile"


def runsc_available() -> bool:
    try:
        out = subprocess.run(["docker", "info", "--format", "{{json .Runtimes}}"],
                             capture_output=True, text=True, timeout=30)
    except OSError:
        return False
    return out.returncode == 0 and "runsc" in json.loads(out.stdout or "{}")


RUNTIMES = ["runc", pytest.param("runsc", marks=pytest.mark.skipif(
    not runsc_available(), reason="gVisor (runsc) is not registered with Docker"))]


@dataclass
class Attack:
    report: Report
    results: dict[Arm, TaskResult]
    outputs: dict[Arm, dict[str, bytes]]
    transcripts: dict[Arm, str]


@pytest.fixture
def attack(options: Any, write_script: Any, tmp_path: Path) -> Any:  # noqa: F811
    def run(command: str, case: str = "attack", runtime: str = "runc", timeout_s: float = 90,
            **changes: Any) -> Attack:
        script = write_script({"scenarios": [{"name": "attack", "turns": [
            {"tool_use": {"name": "Bash", "input": {"command": command,
                                                    "timeout": int(timeout_s * 1000 * 0.8)}}},
            {"text": "finished"}]}]})
        sandbox = SandboxConfig(runtime=None if runtime == "runc" else runtime)
        report = run_eval(options(HOSTILE, case_ids=(case,), model_script=script,
                                  timeout_s=timeout_s, sandbox=sandbox, **changes))
        store = LocalStore(tmp_path / "store")
        keys = RunKeys(report.run_id)
        results, outputs, transcripts = {}, {}, {}
        for line in report.tasks:
            task = keys.task(line.task_id)
            results[line.arm] = TaskResult.model_validate_json(store.get(task.result))
            prefix = task.output("")
            outputs[line.arm] = {k[len(prefix):]: store.get(k) for k in store.list(prefix)}
            transcripts[line.arm] = (store.get(task.transcript).decode("utf-8", "replace")
                                     if store.exists(task.transcript) else "")
        return Attack(report, results, outputs, transcripts)
    return run

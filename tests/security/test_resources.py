"""Exhaustion attacks stay inside their sandbox: fork bomb, memory, disk, stdout."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from runner.schema.enums import Arm, TrialStatus

pytestmark = pytest.mark.integration

ENDED = {TrialStatus.COMPLETED, TrialStatus.AGENT_ERROR, TrialStatus.TIMED_OUT,
         TrialStatus.CRASHED}


def test_fork_bomb_is_contained(attack: Any) -> None:
    free_before = shutil.disk_usage("/").free
    # The bomb's own complaints prove it ran into the process limit.
    result = attack("echo started > bomb.txt; "
                    "( timeout 15 bash -c 'b(){ b|b & }; b' ) 2>&1 "
                    "| grep -m1 -o 'Resource temporarily unavailable' > bomb.err; "
                    "echo survived >> bomb.txt", timeout_s=60)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        assert result.results[arm].status in ENDED
        assert result.outputs[arm]["bomb.txt"].startswith(b"started")
        assert b"Resource temporarily unavailable" in result.outputs[arm]["bomb.err"]
    # the host still forks, and the runner went on to grade and clean up (fixture: no
    # container left behind)
    assert shutil.disk_usage("/").free > free_before - 2 * 1024**3


def test_memory_is_capped(attack: Any) -> None:
    result = attack("python3 -c 'x = bytearray(6 * 1024**3); print(len(x))' > mem.txt 2>&1; "
                    "echo rc=$? >> mem.txt")
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        text = result.outputs[arm]["mem.txt"].decode()
        assert "rc=0" not in text, text  # 6 GiB never fits under the 2 GiB limit
        assert "MemoryError" in text or "rc=137" in text, text


def test_disk_is_capped(attack: Any) -> None:
    # Each fill is removed before anything is written, so the results fit afterwards.
    fills = " ".join(
        f"{name}=$(dd if=/dev/zero of={path}/fill bs=1M count=2048 2>&1 >/dev/null; "
        f"echo rc=$?); rm -f {path}/fill;"
        for name, path in (("work", "/work"), ("tmp", "/tmp"), ("home", "/home/agent")))
    command = (f"{fills} root=$(touch /fill 2>&1; echo rc=$?); "
               "for v in work tmp home root; do "
               "printf '%s: %s\\n' $v \"$(printf %s \"${!v}\" | tr '\\n' ' ')\"; done > disk.txt")
    result = attack(command)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        lines = dict(line.split(": ", 1) for line in
                     result.outputs[arm]["disk.txt"].decode().splitlines())
        for name in ("work", "tmp", "home"):
            assert "No space left on device" in lines[name], lines
            assert not lines[name].endswith("rc=0"), lines
        assert "Read-only file system" in lines["root"] and not lines["root"].endswith("rc=0")


def test_stdout_flood_is_bounded(attack: Any) -> None:
    # pid 1 (docker-init) owns the container's stdout, i.e. the transcript: flood it.
    result = attack("head -c 300000000 /dev/zero | tr '\\0' 'x' > /proc/1/fd/1 2>/dev/null; "
                    "echo done > flood.txt", timeout_s=120)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        # the flood reached the transcript...
        assert "x" * 100_000 in result.transcripts[arm]
        # ...and the log cap (64 MB) bounds what the runner holds; the flood costs the session
        # its result (a hole) or is ignored, never the host
        assert len(result.transcripts[arm]) <= 80 * 1024 * 1024
        assert result.results[arm].status in ENDED | {TrialStatus.INFRA_ERROR}

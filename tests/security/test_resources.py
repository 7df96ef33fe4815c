"""Exhaustion attacks stay inside their sandbox: fork bomb, memory, disk, stdout."""

from __future__ import annotations

import json
import shutil
from typing import Any

import pytest

from runner.models import Arm, TaskStatus

pytestmark = pytest.mark.integration

ENDED = {TaskStatus.COMPLETED, TaskStatus.AGENT_ERROR, TaskStatus.TIMED_OUT,
         TaskStatus.CRASHED}


def test_fork_bomb_is_contained(attack: Any) -> None:
    free_before = shutil.disk_usage("/").free
    result = attack("echo started > bomb.txt; "
                    "timeout 15 bash -c 'b(){ b|b & }; b' 2>/dev/null; "
                    "echo survived >> bomb.txt", timeout_s=60)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        assert result.results[arm].status in ENDED
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
    command = ("dd if=/dev/zero of=/work/fill bs=1M count=2048 2> work.err; w=$?; "
               "rm -f /work/fill; "
               "dd if=/dev/zero of=/tmp/fill bs=1M count=2048 2> tmp.err; t=$?; "
               "rm -f /tmp/fill; "
               "dd if=/dev/zero of=/home/agent/fill bs=1M count=2048 2> home.err; h=$?; "
               "rm -f /home/agent/fill; "
               "touch /fill 2> root.err; r=$?; "
               "printf '{\"work\": %s, \"tmp\": %s, \"home\": %s, \"root\": %s}' $w $t $h $r "
               "> disk.json")
    result = attack(command)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        outputs = result.outputs[arm]
        codes = json.loads(outputs["disk.json"])
        assert all(code != 0 for code in codes.values()), codes
        assert b"No space left on device" in outputs["work.err"]
        assert b"No space left on device" in outputs["tmp.err"]
        assert b"Read-only file system" in outputs["root.err"]


def test_stdout_flood_is_bounded(attack: Any) -> None:
    # pid 1 (docker-init) owns the container's stdout, i.e. the transcript: flood it.
    result = attack("head -c 300000000 /dev/zero | tr '\\0' 'x' > /proc/1/fd/1 2>/dev/null; "
                    "echo done > flood.txt", timeout_s=120)
    for arm in (Arm.BASELINE, Arm.CANDIDATE):
        # the log cap (64 MB) bounds what the runner holds; the flood costs the session its
        # result (a hole) or is ignored, never the host
        assert len(result.transcripts[arm]) <= 80 * 1024 * 1024
        assert result.results[arm].status in ENDED | {TaskStatus.INFRA_ERROR}

"""Plain `gc` leaves what a live run may still be using: a container that ended moments ago
and a scratch dir touched moments ago; `--all` and `--run` take everything of theirs."""

from __future__ import annotations

import os
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace

from runner.sandbox.docker import _recent
from runner.sandbox.reap import reap_scratch


def container(finished: str, created: str = "2026-01-01T00:00:00Z") -> SimpleNamespace:
    return SimpleNamespace(attrs={"State": {"FinishedAt": finished}, "Created": created})


def stamp(ago_s: float) -> str:
    when = datetime.now(UTC) - timedelta(seconds=ago_s)
    return when.strftime("%Y-%m-%dT%H:%M:%S.%f") + "123Z"  # docker writes nanoseconds


def test_a_container_that_ended_recently_is_recent() -> None:
    assert _recent(container(stamp(5)), 600)
    assert not _recent(container(stamp(3600)), 600)
    never_started = container("0001-01-01T00:00:00Z", created=stamp(5))
    assert _recent(never_started, 600)
    assert not _recent(container("garbage"), 600)


def test_scratch_touched_recently_is_kept_by_plain_gc(tmp_path: Path) -> None:
    fresh, old = tmp_path / ("a" * 16 + "-x"), tmp_path / ("b" * 16 + "-y")
    fresh.mkdir()
    old.mkdir()
    hour_ago = time.time() - 3600
    os.utime(old, (hour_ago, hour_ago))
    reaped = reap_scratch(set(), root=tmp_path, grace_s=600)
    assert reaped.scratch_dirs == 1 and fresh.exists() and not old.exists()
    assert reap_scratch(set(), root=tmp_path).scratch_dirs == 1 and not fresh.exists()

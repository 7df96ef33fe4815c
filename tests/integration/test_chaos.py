"""The fault schedule survived (issue #28, item 5): one eval (3 cases x k 2 x 2 arms, the
instant scripted model, real claude in real containers) on a 2-node local Ray cluster with the
S3-compatible server, through five faults (tests/chaos.py). Each fault is first shown to have
happened; then the run, resumed with the same command, must have recorded every trial exactly
once, billed every session it started, left no container or mount, and named each retried
trial with why."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from typing import Any

import pytest

from tests.chaos import Outcome, Schedule, scratch_root

pytestmark = pytest.mark.integration


@pytest.fixture(scope="module")
def survived(docker_client: Any) -> Iterator[Outcome]:
    root = scratch_root()
    try:
        yield Schedule(root, cases=3, k=2, say=print).run()
    finally:
        shutil.rmtree(root, ignore_errors=True)


def test_every_fault_happened(survived: Outcome) -> None:
    names = [f.name for f in survived.faults]
    for fault in ("container killed", "S3 down", "S3 back", "worker node stopped",
                  "worker node back", "scratch disk full", "scratch disk freed",
                  "driver SIGKILLed", "resumed"):
        assert fault in names, (names, survived.stderr[-3000:])
    proofs = {f.name: f.proof for f in survived.faults}
    assert "was running mid-session" in proofs["container killed"]
    assert "got no answer" in proofs["S3 down"]
    assert proofs["worker node stopped"].endswith("1.0 sandbox(es)")
    assert "until ENOSPC" in proofs["scratch disk full"]
    assert "in_progress" in proofs["driver SIGKILLed"]
    assert survived.exit_codes[0] == -9  # the driver died by the SIGKILL


def test_the_resumed_run_completes_with_every_trial_recorded_once(survived: Outcome) -> None:
    assert survived.exit_codes[-1] == 0, survived.stderr[-3000:]
    assert survived.report["status"] == "completed" and not survived.report["partial"]
    assert len(survived.planned) == 12
    assert sorted(survived.reported) == sorted(survived.planned)
    assert set(survived.done) == survived.planned
    assert (survived.lost, survived.doubled) == (0, 0)


def test_every_started_session_is_billed_once(survived: Outcome) -> None:
    assert survived.served > 0
    # A driver killed mid-request may leave a request sent whose answer nobody metered: it
    # counts as unanswered (kept as sent before it went), never as lost.
    assert (survived.unbilled, survived.overbilled) == (0, 0), \
        (survived.served, survived.billed, survived.unanswered)
    for result in survived.done.values():  # an attempt that ran to its end read every answer
        if result.attempts == 1 and result.usage is not None:
            assert result.usage.unanswered == 0, result.trial_id


def test_each_retried_trial_is_named_with_why(survived: Outcome) -> None:
    assert survived.sessions_retried >= 1  # the killed container's trial at least
    for trial, why in survived.retried.items():
        assert len(why) == next(t["attempts"] for t in survived.report["trials"]
                                if t["trial_id"] == trial) - 1, why
        assert all(reason.startswith("attempt ") for reason in why), why


def test_nothing_left_behind(survived: Outcome) -> None:
    assert survived.containers_left == []
    assert survived.mounts_left == []

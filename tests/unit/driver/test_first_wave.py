"""A pass's first trials start at once: the scheduler does not wait on the rate governor
(an actor created a moment before, whose worker takes about two seconds to start), and warm
workers are only asked of Ray."""

from __future__ import annotations

import time
from typing import Any

import pytest
from rich.console import Console

from runner.driver.control import STOP_CHECK_S, STOPPED_BY_USER, Progress, RunControl
from runner.driver.metrics import RunMetrics
from runner.driver.warm import prestart
from runner.schema.enums import Arm, TrialStatus
from runner.schema.options import PassSettings
from runner.schema.trial import TrialResult
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore


class SlowGovernor:
    """A governor whose actor is still starting: every state() blocks."""

    def __init__(self) -> None:
        self.asked = 0

    def state(self) -> Any:
        self.asked += 1
        time.sleep(2.0)
        raise TimeoutError("still starting")

    def close(self) -> None:
        pass


def test_the_first_wave_is_not_held_by_the_governor(monkeypatch: pytest.MonkeyPatch) -> None:
    governor = SlowGovernor()
    control = RunControl("r", MemoryStore(), None, RunMetrics("r", None),
                         Progress(4, Console(quiet=True)), governor)  # type: ignore[arg-type]
    started = time.monotonic()
    assert control.capacity(4) == 4
    assert time.monotonic() - started < 0.5 and governor.asked == 0
    clock = time.monotonic() + 1.5
    monkeypatch.setattr("runner.driver.control.time.monotonic", lambda: clock)
    assert control.capacity(4) == 4 and governor.asked == 1  # asked once a second after


def test_warm_workers_only_for_ray() -> None:
    assert prestart(PassSettings(executor="inprocess")) == 0


class CountingStore(MemoryStore):
    def __init__(self) -> None:
        super().__init__()
        self.exists_calls = 0

    def exists(self, key: str) -> bool:
        self.exists_calls += 1
        return super().exists(key)


def test_a_stop_is_read_from_the_store_once_a_second_not_per_result(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A soak's finding: two store reads per finished trial (the wave's stop flag and the
    store's kill switch) bound a driver on S3; they are read at most once a second, and a
    stop asked for is still seen and kept."""
    store = CountingStore()
    clock = [1000.0]
    monkeypatch.setattr("runner.driver.control.time.monotonic", lambda: clock[0])
    control = RunControl("r", store, None, RunMetrics("r", None),
                         Progress(100, Console(quiet=True)))
    for _ in range(100):  # a hundred results in the same second
        assert control.stop_reason(None) is None
    assert store.exists_calls == 2
    store.put(RunKeys("r").stop_flag, b"stop requested\n")  # `skill-eval stop`
    assert control.stop_reason(None) is None  # not read again within the second
    clock[0] += STOP_CHECK_S
    assert control.stop_reason(None) == STOPPED_BY_USER
    reads = store.exists_calls
    assert control.stop_reason(None) == STOPPED_BY_USER and store.exists_calls == reads


def test_a_trial_that_saw_the_stop_has_it_read_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    store = CountingStore()
    monkeypatch.setattr("runner.driver.control.time.monotonic", lambda: 1000.0)
    control = RunControl("r", store, None, RunMetrics("r", None),
                         Progress(2, Console(quiet=True)))
    assert control.stop_reason(None) is None
    store.put(RunKeys("r").stop_flag, b"stop requested\n")
    waited = TrialResult(trial_id="t", case_id="c", repetition=0, arm=Arm.CANDIDATE,
                         status=TrialStatus.STOPPED, passed=None, error="not started")
    assert control.stop_reason(waited) == STOPPED_BY_USER

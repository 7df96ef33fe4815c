"""A pass's first trials start at once: the scheduler does not wait on the rate governor
(an actor created a moment before, whose worker takes about two seconds to start), and warm
workers are only asked of Ray."""

from __future__ import annotations

import time
from typing import Any

import pytest
from rich.console import Console

from runner.driver.control import Progress, RunControl
from runner.driver.metrics import RunMetrics
from runner.driver.warm import prestart
from runner.schema.options import PassSettings
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

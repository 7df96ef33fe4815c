"""Session slots: at most N holders at once, across threads (each its own file description),
released when the holder leaves, however it leaves."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from runner.trial.slots import SessionSlots


def test_no_more_holders_than_slots(tmp_path: Path) -> None:
    slots = SessionSlots(tmp_path / "slots", 2)
    lock = threading.Lock()
    holding, peak, numbers = 0, 0, set()

    def hold() -> None:
        nonlocal holding, peak
        with slots.hold() as number:
            with lock:
                holding += 1
                peak = max(peak, holding)
                numbers.add(number)
            time.sleep(0.05)
            with lock:
                holding -= 1

    threads = [threading.Thread(target=hold) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert peak == 2 and numbers == {0, 1}


def test_a_slot_is_released_when_its_holder_raises(tmp_path: Path) -> None:
    slots = SessionSlots(tmp_path, 1)
    with pytest.raises(RuntimeError), slots.hold():
        raise RuntimeError("session failed")
    with slots.hold() as number:  # would wait forever if the first one still held it
        assert number == 0


def test_a_waiter_can_give_up(tmp_path: Path) -> None:
    slots = SessionSlots(tmp_path, 1)
    polls = 0

    def waiting() -> None:
        nonlocal polls
        polls += 1
        if polls == 3:
            raise TimeoutError("gave up")

    with slots.hold(), pytest.raises(TimeoutError), slots.hold(waiting):
        pass
    assert polls == 3


def test_counts_do_not_share_files(tmp_path: Path) -> None:
    with SessionSlots(tmp_path, 1).hold(), SessionSlots(tmp_path, 2).hold() as number:
        assert number == 0  # a pass of 2 is not blocked by a pass of 1 in the same folder


def test_at_least_one_slot() -> None:
    with pytest.raises(ValueError):
        SessionSlots(Path("/nonexistent"), 0)


def test_settle_waits_out_a_session_that_just_started(tmp_path: Path) -> None:
    slots = SessionSlots(tmp_path, 2)
    assert slots.settle(0.3) == 0.0  # nothing ever started here: no wait
    with slots.hold():
        pass
    waited = slots.settle(0.3)
    assert 0.2 < waited <= 0.3  # a session began just now: a prefetch waits its start-up out
    assert slots.settle(0.3) == 0.0  # and then not again

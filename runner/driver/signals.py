"""Interrupts the driver honours: Ctrl-C and SIGTERM (what `kill`, systemd, Kubernetes and
`ray job stop` send) both stop the run the same way, and while it cleans up, further signals
are noted instead of cutting the cleanup short (a second Ctrl-C used to leave containers)."""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType
from typing import Any

_shielded = 0
_pending: list[int] = []


def _handler(signum: int, frame: FrameType | None) -> None:
    if _shielded:
        _pending.append(signum)
        return
    raise KeyboardInterrupt(signal.Signals(signum).name)


def install() -> dict[int, Any]:
    """Route SIGINT and SIGTERM to KeyboardInterrupt (main thread only; Ray's own SIGTERM
    handler, installed by ray.init, is replaced, so call again after starting Ray). Returns
    the handlers it replaced."""
    if threading.current_thread() is not threading.main_thread():
        return {}
    return {signum: signal.signal(signum, _handler) for signum in (signal.SIGINT,
                                                                    signal.SIGTERM)}


def restore(previous: dict[int, Any]) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """Cleanup that must finish: signals arriving meanwhile are remembered, not raised."""
    global _shielded
    _shielded += 1
    try:
        yield
    finally:
        _shielded -= 1


def interrupted_during_shield() -> bool:
    return bool(_pending)

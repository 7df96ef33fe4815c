"""A stop someone asked for, read from the store (the reasons: runner.pacing.stops)."""

from __future__ import annotations

from runner.pacing.stops import StopReason
from runner.store.base import Store
from runner.store.keys import STORE_STOP, RunKeys

__all__ = ["StopReason", "requested"]


def requested(store: Store, wave_id: str) -> StopReason | None:
    """A stop someone asked for: the wave's flag first, then the store's kill switch."""
    if store.exists(RunKeys(wave_id).stop_flag):
        return StopReason.USER
    if store.exists(STORE_STOP):
        return StopReason.ALL
    return None

"""Why a wave stopped early: one enum, one wording per reason (a report's `stopped` keeps the
wording, so old reports read the same)."""

from __future__ import annotations

from enum import StrEnum

from runner.store.base import Store
from runner.store.keys import STORE_STOP, RunKeys


class StopReason(StrEnum):
    USER = "stopped by `skill-eval stop`"  # the wave's own stop flag (`stop RUN_ID`)
    ALL = "stopped by `skill-eval stop --all`"  # the store's kill switch
    INTERRUPTED = "interrupted"  # Ctrl-C, SIGTERM


def requested(store: Store, wave_id: str) -> StopReason | None:
    """A stop someone asked for: the wave's flag first, then the store's kill switch."""
    if store.exists(RunKeys(wave_id).stop_flag):
        return StopReason.USER
    if store.exists(STORE_STOP):
        return StopReason.ALL
    return None

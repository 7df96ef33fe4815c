"""Why a wave stopped early: one enum, one wording per reason (a report's `stopped` keeps the
wording, so old reports read the same). Checked by the driver (runner.driver.stops) and by a
trial waiting at its start gate."""

from __future__ import annotations

from enum import StrEnum


class StopReason(StrEnum):
    USER = "stopped by `skill-eval stop`"  # the wave's own stop flag (`stop RUN_ID`)
    ALL = "stopped by `skill-eval stop --all`"  # the store's kill switch
    INTERRUPTED = "interrupted"  # Ctrl-C, SIGTERM

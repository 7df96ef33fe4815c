"""Which credential paid for a run, and how far a subscription's usage windows moved."""

from __future__ import annotations

from collections.abc import Iterable

from runner.schema.enums import CredentialKind
from runner.schema.report import WindowMove
from runner.schema.trial import TrialResult, WindowReading


def credentials_used(results: Iterable[TrialResult]) -> list[CredentialKind]:
    return sorted({r.credential for r in results if r.credential is not None})


def window_moves(results: Iterable[TrialResult]) -> list[WindowMove]:
    return moves([w for r in results for w in r.windows])


def moves(readings: list[WindowReading]) -> list[WindowMove]:
    """Per window: the lowest and highest utilization its latest period showed."""
    latest: dict[str, int | None] = {}
    for w in readings:  # a window that reset during the run: only its newest period counts
        if w.resets_at is not None and (latest.get(w.window) or 0) < w.resets_at:
            latest[w.window] = w.resets_at
        latest.setdefault(w.window, None)
    moves = []
    for window, resets in sorted(latest.items()):
        used = [w.utilization for w in readings if w.window == window
                and w.utilization is not None and (resets is None or w.resets_at == resets)]
        moves.append(WindowMove(window=window, start=min(used) if used else None,
                                end=max(used) if used else None, resets_at=resets))
    return moves


"""Past runs in a store, read from the per-skill indexes (runner.store.receipts): `skill-eval
runs`, the viewer's history, and the cost history `skill-eval estimate` draws on.

The index is read rather than runs/ or receipts/: a run's folder holds every trial's artifacts,
and reading each past run's receipt would cost one request per run.
"""

from __future__ import annotations

from pydantic import ValidationError

from runner.schema.enums import ReceiptKind
from runner.schema.receipt import IndexEntry, SkillIndex
from runner.schema.runs import RunSummary
from runner.schema.triggers import TriggerReport
from runner.store.base import Store
from runner.store.keys import TRIGGERS
from runner.store.receipts import all_indexes, reindex, skill_index, stale, token_history

__all__ = ["list_runs", "list_trigger_runs", "summary", "token_history"]


def summary(skill: str, entry: IndexEntry) -> RunSummary:
    status = entry.status
    if entry.readable and entry.dry_run:
        status += " (dry run)"
    return RunSummary(run_id=entry.run_id, skill=skill, skill_digest=entry.skill_digest,
                      verdict=entry.verdict or "?", net_lift=entry.net_lift,
                      trials=entry.trials, holes=entry.holes, cost_usd=entry.cost_usd,
                      status=status if entry.readable else "unreadable report",
                      started_at=entry.started_at, finished_at=entry.finished_at,
                      model=entry.model, group=entry.group, readable=entry.readable)


def _indexes(store: Store, skill: str | None) -> list[SkillIndex]:
    return [skill_index(store, skill)] if skill is not None else all_indexes(store)


def list_runs(store: Store, skill: str | None = None) -> list[RunSummary]:
    """Every paired run (completed or not), newest first; a receipt this skill-eval cannot
    read (a newer schema) is listed as such, never skipped silently. An index missing a
    filed receipt is repaired on read (one listing of receipts/, then the index again)."""
    indexes = _indexes(store, skill)
    if stale(store, indexes, every=skill is None):
        reindex(store)
        indexes = _indexes(store, skill)
    out = [summary(index.skill, e) for index in indexes for e in index.entries
           if e.kind is ReceiptKind.PAIRED]
    # Newest first; runs whose report predates timestamps go last.
    return sorted(out, key=lambda r: r.finished_at.timestamp() if r.finished_at else 0.0,
                  reverse=True)


def list_trigger_runs(store: Store) -> list[tuple[str, TriggerReport]]:
    """Stored trigger runs (session mode, by run id), newest first by key order."""
    out = []
    for key in store.list(TRIGGERS):
        name = key.rsplit("/", 1)[-1]
        if not name.startswith("t-") or not name.endswith(".json"):
            continue
        try:
            out.append((name[:-5], TriggerReport.model_validate_json(store.get(key))))
        except (KeyError, ValidationError, ValueError):
            continue
    return out

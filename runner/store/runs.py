"""Past runs in a store, read from their receipts (one report per run, filed under the digest of
the skill's bytes): `skill-eval runs`, and the cost history `skill-eval estimate` draws on.

Receipts are listed rather than runs/: a run's folder holds every trial's artifacts, and
listing those on S3 would cost one request per thousand keys for nothing.
"""

from __future__ import annotations

from pydantic import ValidationError

from runner.schema.report import Report
from runner.schema.runs import RunSummary
from runner.store.base import Store

RECEIPTS = "receipts/"


def _cost(report: Report) -> float | None:
    arms = list(report.arms.values())
    if not arms or any(a.cost_usd is None for a in arms):
        return None
    total = sum(a.cost_usd or 0.0 for a in arms) + sum(a.grader_cost_usd or 0.0 for a in arms)
    return total + (report.judge_cost_usd or 0.0)


def list_runs(store: Store, skill: str | None = None) -> list[RunSummary]:
    """Every run with a receipt, newest first; an unreadable receipt (an older or newer schema)
    is listed as such, never skipped silently."""
    out: list[RunSummary] = []
    for key in store.list(RECEIPTS):
        parts = key[len(RECEIPTS):].split("/")
        if len(parts) != 2 or not parts[1].endswith(".json"):
            continue
        digest, run_id = parts[0], parts[1][:-5]
        try:
            report = Report.model_validate_json(store.get(key))
        except (KeyError, ValidationError, ValueError):
            out.append(RunSummary(run_id=run_id, skill="?", skill_digest=digest, verdict="?",
                                  net_lift=None, trials=0, holes=0, cost_usd=None,
                                  status="unreadable report", started_at=None,
                                  finished_at=None, model="?", readable=False))
            continue
        out.append(RunSummary(
            run_id=run_id, skill=report.skill, skill_digest=report.skill_digest,
            verdict=str(report.verdict), net_lift=report.net_lift, trials=len(report.trials),
            holes=sum(1 for t in report.trials if t.status in ("infra_error", "api_error",
                                                               "stopped")),
            cost_usd=_cost(report), status=str(report.status), started_at=report.started_at,
            finished_at=report.finished_at, model=report.model))
    if skill is not None:
        out = [r for r in out if r.skill == skill]
    # Newest first; runs whose report predates timestamps go last.
    return sorted(out, key=lambda r: r.finished_at.timestamp() if r.finished_at else 0.0,
                  reverse=True)

"""Past runs in a store, read from their receipts (one report per run, filed under the digest of
the skill's bytes): `skill-eval runs`, and the cost history `skill-eval estimate` draws on.

Receipts are listed rather than runs/: a run's folder holds every trial's artifacts, and
listing those on S3 would cost one request per thousand keys for nothing.
"""

from __future__ import annotations

from pydantic import ValidationError

from runner.schema.enums import Arm
from runner.schema.report import Report
from runner.schema.runs import RunSummary, TokenMeans
from runner.schema.triggers import TriggerReport
from runner.store.base import Store
from runner.store.keys import RECEIPTS, TRIGGERS


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
            holes=sum(1 for t in report.trials if t.status.is_hole),
            cost_usd=_cost(report), status=str(report.status), started_at=report.started_at,
            finished_at=report.finished_at, model=report.model))
    if skill is not None:
        out = [r for r in out if r.skill == skill]
    # Newest first; runs whose report predates timestamps go last.
    return sorted(out, key=lambda r: r.finished_at.timestamp() if r.finished_at else 0.0,
                  reverse=True)


def _reports(store: Store) -> list[Report]:
    out = []
    for key in store.list(RECEIPTS):
        try:
            out.append(Report.model_validate_json(store.get(key)))
        except (KeyError, ValidationError, ValueError):
            continue  # `runs` lists it as unreadable; history simply leaves it out
    return out


def token_history(store: Store, skill: str, model: str) -> dict[Arm, TokenMeans]:
    """Mean metered tokens per session of each arm over the skill's past real runs on this
    model (its receipts); an arm never measured is absent."""
    totals: dict[Arm, list[float]] = {}
    for report in _reports(store):
        if report.skill != skill or report.model != model or report.dry_run:
            continue  # a dry run's tokens are the script's, not the model's
        for name, cost in report.arms.items():
            if cost.input_tokens is None or cost.output_tokens is None or not cost.sessions:
                continue
            sums = totals.setdefault(Arm(name), [0, 0.0, 0.0])
            sums[0] += cost.sessions
            sums[1] += cost.input_tokens
            sums[2] += cost.output_tokens
    return {arm: TokenMeans(sessions=int(n), input_tokens=i / n, output_tokens=o / n)
            for arm, (n, i, o) in totals.items()}




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

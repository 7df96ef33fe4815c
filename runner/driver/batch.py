"""`skill-eval batch FILE.yaml`: every eval of a batch file in one pass (runner.driver.passes),
then a report per eval and a batch summary."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from pydantic import BaseModel
from rich.console import Console
from rich.text import Text

from runner.analysis.planner import size_warning
from runner.authoring.batch import load_batch
from runner.driver.api import (
    finish,
    note_unsaved,
    preflight,
    stored_unmatched,
    with_incumbent,
)
from runner.driver.passes import run_pass
from runner.driver.preflight import check_pass
from runner.errors import RefusedInput
from runner.schema.enums import Verdict
from runner.schema.report import Report
from runner.store.base import open_store
from runner.store.keys import RunKeys


class BatchSummary(BaseModel):
    batch_id: str
    stopped: str | None
    runs: list[dict[str, object]]


def run_batch(path: Path, console: Console,
              overrides: dict[str, Any] | None = None,
              eval_overrides: dict[str, Any] | None = None) -> tuple[BatchSummary, list[Report]]:
    all_opts = load_batch(path, overrides, eval_overrides)
    plans = []
    store = open_store(all_opts[0].store_uri, all_opts[0].store_endpoint)
    for index, opts in enumerate(all_opts, 1):
        try:
            all_opts[index - 1] = opts = with_incumbent(opts, store, console)[0]
            plans.append(preflight(opts))
        except RefusedInput as exc:
            raise RefusedInput(f"{path}: eval #{index} ({opts.skill_path}): {exc}") from exc
    ids = sorted({p.run_id for p in plans})
    if len(ids) != len(plans):
        raise RefusedInput(f"{path}: two evals in the batch are the same run; remove one")
    batch_id = "b-" + hashlib.sha256(" ".join(ids).encode()).hexdigest()[:16]
    settings = all_opts[0].settings()
    check_pass(settings, store)
    store.put(RunKeys(batch_id).plan, ("\n".join(ids) + "\n").encode())
    total = sum(len(p.trials) for p in plans)
    console.print(f"batch {batch_id}: {len(plans)} eval(s), {total} trial(s), concurrency "
                  f"{settings.concurrency}, budget "
                  + (f"${settings.max_budget_usd:g}" if settings.max_budget_usd else "uncapped"))
    for plan in plans:
        warning = size_warning(len(plan.cases), plan.k, plan.alpha)
        if warning:
            console.print(Text(f"{plan.skill.name}: {warning}", style="yellow"))
    outcome = run_pass(batch_id, plans, store, settings, console)
    reports = [finish(plan, outcome.results, outcome.stopped, store,
                      outcome.unmatched if outcome.ran else stored_unmatched(store, plan.run_id),
                      opts=opts)
               for plan, opts in zip(plans, all_opts, strict=True)]
    for report, opts in zip(reports, all_opts, strict=True):
        note_unsaved(report, opts, console)
    summary = BatchSummary(batch_id=batch_id, stopped=outcome.stopped, runs=[
        {"run_id": r.run_id, "skill": r.skill, "verdict": str(r.verdict),
         "net_lift": r.net_lift, "partial": r.partial, "status": str(r.status)}
        for r in reports])
    store.put(RunKeys(batch_id).report_json, summary.model_dump_json(indent=1).encode())
    return summary, reports


def any_fail(reports: list[Report]) -> bool:
    return any(r.verdict is Verdict.FAIL for r in reports)

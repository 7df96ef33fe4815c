"""`skill-eval batch FILE.yaml`: every eval of a batch file in one pass (runner.driver.passes),
then a report per eval and a batch summary."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from rich.console import Console
from rich.text import Text

from runner import config
from runner.analysis.planner import size_warning
from runner.authoring.batch import TriggerEval, load_batch
from runner.driver.evaluate import (
    keep_report,
    make_report,
    note_unsaved,
    preflight,
    stored_unmatched,
    with_incumbent,
)
from runner.driver.lease import LeaseRecord
from runner.driver.models import group_of, model_groups, with_table
from runner.driver.passes import run_pass
from runner.driver.preflight import check_pass
from runner.driver.triggers import run_trigger
from runner.errors import RefusedInput
from runner.schema.enums import BatchState, Verdict
from runner.schema.models import ModelTable
from runner.schema.options import PassSettings, RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.runs import BatchEvalState
from runner.store.base import Store, open_store
from runner.store.groups import read_group_plan, write_group_plan
from runner.store.keys import RunKeys


class BatchSummary(BaseModel):
    batch_id: str
    stopped: str | None
    runs: list[dict[str, object]]
    model_tables: list[ModelTable] = Field(
        default_factory=list, description="One per eval the batch ran on several models "
                                          "(docs/running.md#several-models)")


def batch_id_of(ids: list[str], triggers: list[TriggerEval]) -> str:
    wanted = ids + [f"trigger:{t.opts.skill_path.resolve()}:{t.spec.mode}:{t.spec.runs}"
                    for t in triggers]
    return "b-" + hashlib.sha256(" ".join(wanted).encode()).hexdigest()[:16]


def run_batch(path: Path, console: Console,
              overrides: dict[str, Any] | None = None,
              eval_overrides: dict[str, Any] | None = None) -> tuple[BatchSummary, list[Report]]:
    """The paired evals in one pass, then each trigger eval in its own, all under the file's
    pass settings; a stopped pass runs no trigger eval."""
    batch = load_batch(path, overrides, eval_overrides)
    settings = (batch.evals[0] if batch.evals else batch.triggers[0].opts).settings()
    store = open_store(settings.store_uri, settings.store_endpoint)
    all_opts, plans = _plans(path, list(batch.evals), store, console)
    ids = sorted({p.run_id for p in plans})
    if len(ids) != len(plans):
        raise RefusedInput(f"{path}: two evals in the batch are the same run; remove one")
    batch_id = batch_id_of(ids, batch.triggers)
    check_pass(settings, store, plans[0].image_id if plans else None)
    write_group_plan(store, batch_id, ids)
    _announce(batch_id, plans, len(batch.triggers), settings, console)
    reports: list[Report] = []
    tables: list[ModelTable] = []
    stopped = None
    if plans:
        reports, tables, stopped = _paired(batch_id, plans, all_opts, store, settings, console)
    runs: list[dict[str, object]] = [
        {"run_id": r.run_id, "skill": r.skill, "model": r.model, "verdict": str(r.verdict),
         "net_lift": r.net_lift, "partial": r.partial, "status": str(r.status)}
        for r in reports]
    if stopped is None:
        runs += _trigger_evals(batch.triggers, batch_id, ids, store, console)
    summary = BatchSummary(batch_id=batch_id, stopped=stopped, runs=runs, model_tables=tables)
    store.put(RunKeys(batch_id).report_json, summary.model_dump_json(indent=1).encode())
    return summary, reports


def _plans(path: Path, all_opts: list[RunOptions], store: Store,
           console: Console) -> tuple[list[RunOptions], list[Plan]]:
    """Each paired eval's options (its incumbent resolved) and plan; a refusal names the
    eval by its place in the file."""
    plans = []
    for index, opts in enumerate(all_opts, 1):
        try:
            all_opts[index - 1] = opts = with_incumbent(opts, store, console)[0]
            plans.append(preflight(opts, warm=index == 1))
        except RefusedInput as exc:
            raise RefusedInput(f"{path}: eval #{index} ({opts.skill_path}): {exc}") from exc
    return all_opts, plans


def _announce(batch_id: str, plans: list[Plan], triggers: int, settings: PassSettings,
              console: Console) -> None:
    """The batch's opening lines: its size and budget, then each eval's size warning."""
    total = sum(len(p.trials) for p in plans)
    console.print(f"batch {batch_id}: {len(plans)} eval(s), {total} trial(s)"
                  + (f", {triggers} trigger eval(s)" if triggers else "")
                  + f", concurrency {settings.concurrency}, budget "
                  + (f"${settings.max_budget_usd:g}" if settings.max_budget_usd else "uncapped"))
    for plan in plans:
        warning = size_warning(len(plan.cases), plan.k, plan.alpha)
        if warning:
            console.print(Text(f"{plan.skill.name}: {warning}", style="yellow"))


def _paired(batch_id: str, plans: list[Plan], all_opts: list[RunOptions], store: Store,
            settings: PassSettings, console: Console
            ) -> tuple[list[Report], list[ModelTable], str | None]:
    """The paired evals' one pass, then each eval's report (with its model table when the
    eval ran on several models), kept in the store."""
    outcome = run_pass(batch_id, plans, store, settings, console)
    reports = [make_report(plan, outcome.results, outcome.stopped, store,
                           outcome.unmatched if outcome.ran else
                           stored_unmatched(store, plan.run_id))
               for plan in plans]
    tables: list[ModelTable] = []
    for group in model_groups(all_opts):
        # its own group too: `compare m-A m-B` reads a batch's per-model runs as a run's
        write_group_plan(store, group_of([plans[i] for i in group]),
                         [plans[i].run_id for i in group])
        made, table = with_table([plans[i] for i in group], [reports[i] for i in group],
                                 outcome.results, all_opts[group[0]].margin,
                                 all_opts[group[0]].alpha)
        tables.append(table)
        for i, with_it in zip(group, made, strict=True):
            reports[i] = with_it
    for plan, paired, opts in zip(plans, reports, all_opts, strict=True):
        keep_report(plan, paired, outcome.results, store, opts)
        note_unsaved(paired, opts, console)
    return reports, tables, outcome.stopped


def _trigger_evals(triggers: list[TriggerEval], batch_id: str, ids: list[str], store: Store,
                   console: Console) -> list[dict[str, object]]:
    """Each trigger eval in its own pass, the batch's group plan updated after each."""
    runs: list[dict[str, object]] = []
    for trigger in triggers:
        report = run_trigger(trigger.opts, trigger.spec.skills_dir, trigger.spec.mode,
                             console, store)
        ids.append(report.run_id or f"catalog:{report.skill}")
        write_group_plan(store, batch_id, ids)
        runs.append({"run_id": report.run_id, "skill": report.skill, "kind": "trigger",
                     "verdict": "n/a", "recall": report.overall.recall,
                     "precision": report.overall.precision, "f1": report.overall.f1,
                     "cost_usd": report.cost_usd, "status": "completed"})
    return runs


def batch_status(store: Store, batch_id: str) -> list[BatchEvalState]:
    """Each eval of a batch and where it stands, read from the store while the batch runs (or
    after): trials done of planned, and its report once the pass wrote one."""
    try:
        run_ids = read_group_plan(store, batch_id).run_ids
    except KeyError:
        raise RefusedInput(f"--batch {batch_id}: no such batch in store {store.uri} (batch ids "
                           "start with b-; `skill-eval batch` prints it first)") from None
    running = _lease_live(store, batch_id)
    states = []
    for run_id in run_ids:
        if run_id.startswith(("t-", "catalog:")):  # a trigger eval: listed once it ran
            states.append(BatchEvalState(run_id=run_id, skill="(trigger eval)", trials=0,
                                         done=0, state=BatchState.FINISHED))
            continue
        try:
            plan = Plan.model_validate_json(store.get(RunKeys(run_id).plan))
        except (KeyError, ValueError):
            states.append(BatchEvalState(run_id=run_id, skill="?", trials=0, done=0,
                                         state=BatchState.WAITING))
            continue
        keys = RunKeys(run_id)
        done = len(keys.done_trial_ids(store.list(keys.trials)))
        report = stored_report(store, run_id)
        state = BatchState.RUNNING if running else BatchState.WAITING
        if report is not None and not running:
            state = BatchState(report.status)  # a RunStatus: the same strings
        states.append(BatchEvalState(
            run_id=run_id, skill=plan.skill.name, trials=len(plan.trials), done=done,
            state=state, verdict=report.verdict if report and not running else None,
            net_lift=report.net_lift if report and not running else None))
    return states


def stored_report(store: Store, run_id: str) -> Report | None:
    try:
        return Report.model_validate_json(store.get(RunKeys(run_id).report_json))
    except (KeyError, ValueError):
        return None


def _lease_live(store: Store, run_id: str) -> bool:
    try:
        held = LeaseRecord.model_validate_json(store.get(RunKeys(run_id).lease))
    except (KeyError, ValueError):
        return False
    return held.age_s() <= config.LEASE_TTL_S


def any_fail(reports: list[Report]) -> bool:
    return any(r.verdict is Verdict.FAIL for r in reports)

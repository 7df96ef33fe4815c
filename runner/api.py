"""The driver: `run_eval` (one skill) and `run_batch` (many evals under one concurrency limit
and one budget) share one path: prepare plans -> one scheduling pass -> a report per plan.
The CLI is a thin shell over these."""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from runner.budget import estimate_usd, start_ledger
from runner.bundles import publish
from runner.errors import InfraError, RefusedInput, SkillLeak
from runner.metrics import RunMetrics, touch_arms
from runner.models import Arm
from runner.paths import RunKeys, receipt_key
from runner.plan import Plan, RunOptions, make_plan
from runner.report import Report, build_report
from runner.scheduler import Control, ensure_ray, execute, finished
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store, open_store
from runner.task import TaskResult, TaskSpec

STOPPED_BY_USER = "stopped by `skill-eval stop`"


def preflight(opts: RunOptions) -> Plan:
    """Everything that can refuse the run before anything is spent."""
    plan = make_plan(opts)
    if opts.model_script is None and not os.environ.get("ANTHROPIC_API_KEY"):
        raise RefusedInput("ANTHROPIC_API_KEY is not set: export it to run against the model, "
                           "or pass --model-script FILE for an offline dry run")
    if opts.sandbox.backend == "docker":
        from runner.sandbox.docker import DockerSandbox

        DockerSandbox(opts.sandbox.image, opts.sandbox.runtime).check_image()
    return plan


def check_budget(cap_usd: float | None, force: bool, pending: list[TaskSpec],
                 spent_usd: float) -> None:
    if cap_usd is None or force:
        return
    estimate = sum(estimate_usd(t.model, 1) for t in pending)
    if spent_usd + estimate > cap_usd:
        already = f" on top of ${spent_usd:.2f} already spent" if spent_usd else ""
        raise RefusedInput(
            f"estimated cost ${estimate:.2f} for {len(pending)} session(s){already} exceeds "
            f"--max-budget-usd {cap_usd:g}; raise the cap, run fewer cases "
            "(--case, --k), or pass --force to run until the cap stops it")


def spent_by(results: list[TaskResult]) -> float:
    """Gateway-metered dollars of finished tasks: what a resumed run has already spent."""
    return sum(r.usage.cost_usd for r in results if r.usage is not None)


def _check_staging(plan: Plan, results: list[TaskResult]) -> None:
    ours = f"{plan.skill.name}:{plan.skill.name}"
    for r in results:
        if r.arm is not Arm.BASELINE and not r.status.is_hole and ours not in r.skills_seen:
            raise InfraError(f"the {r.arm} arm of case {r.case_id!r} did not see the staged skill "
                             f"{ours!r} (saw {r.skills_seen}): staging is broken, run refused")


class RunControl(Control):
    """The driver's side of a pass: progress, metrics, leaks, budget and the stop flag."""

    def __init__(self, control_id: str, store: Store, ledger: Any, metrics: RunMetrics,
                 progress: Progress, total: int) -> None:
        self.control_id, self.store, self.ledger, self.metrics = control_id, store, ledger, metrics
        self.progress = progress
        self.bar = progress.add_task("sessions", total=total)
        self.counts: dict[str, int] = {}
        self.leaks: list[TaskResult] = []
        self.spent = 0.0

    def on_submit(self, spec: TaskSpec) -> None:
        self.metrics.submitted(spec)

    def on_result(self, result: TaskResult, reused: bool) -> None:
        self.metrics.finished_task(result, reused)
        if result.leak:
            self.leaks.append(result)
        if result.usage is not None:  # reused results were paid for too
            self.spent += result.usage.cost_usd
        self.counts[str(result.status)] = self.counts.get(str(result.status), 0) + 1
        self.progress.update(self.bar, advance=1, description="sessions " + " ".join(
            f"{k}={v}" for k, v in sorted(self.counts.items())))

    def stop_reason(self, result: TaskResult | None) -> str | None:
        if self.leaks:
            return f"skill leak in case {self.leaks[0].case_id!r}"
        if self.store.exists(RunKeys(self.control_id).stop_flag):
            self.stop(STOPPED_BY_USER)
            return STOPPED_BY_USER
        if self.ledger is not None:
            import ray

            state = ray.get(self.ledger.state.remote())
            self.metrics.budget(state.spent_usd)
            return state.stopped  # type: ignore[no-any-return]
        self.metrics.budget(self.spent)
        return None

    def stop(self, reason: str) -> None:
        if self.ledger is not None:
            self.ledger.stop.remote(reason)


class PassOptions(BaseModel):
    """What one scheduling pass shares across all its plans."""

    concurrency: int = Field(ge=1)
    max_budget_usd: float | None = Field(default=None, gt=0)
    force: bool = False
    metrics_port: int | None = None
    metrics_linger_s: float = Field(default=0.0, ge=0,
                                    description="Keep serving final metrics this long")
    ray_address: str | None = None
    model_script: Path | None = Field(default=None,
                                      description="One scripted endpoint serves the whole pass")


@contextlib.contextmanager
def _upstream(model_script: Path | None, default: str) -> Iterator[str]:
    if model_script is None:
        yield default
        return
    with ScriptedEndpoint(load_script(model_script)) as url:
        yield url


def run_pass(control_id: str, plans: list[Plan], store: Store, shared: PassOptions,
             console: Console, cleanup: list[RunOptions],
             done: dict[str, TaskResult] | None = None) -> tuple[list[TaskResult], str | None]:
    """Schedule every task of every plan in one bounded pass under one ledger."""
    tasks = [t for p in plans for t in p.tasks]
    done = finished(tasks, store) if done is None else done
    pending = [t for t in tasks if t.task_id not in done]
    spent = spent_by(list(done.values()))
    check_budget(shared.max_budget_usd, shared.force, pending, spent)
    for plan in plans:
        store.put(RunKeys(plan.run_id).plan, plan.model_dump_json(indent=1).encode())
        for data in plan.bundles.values():
            publish(store, plan.run_id, data)
    store.delete(RunKeys(control_id).stop_flag)  # a resumed run starts un-stopped
    metrics = RunMetrics(control_id, shared.max_budget_usd)
    touch_arms(metrics, sorted({a for p in plans for a in p.arms}))
    metrics.planned(tasks)
    if shared.metrics_port is not None:
        metrics.serve(shared.metrics_port)
        console.print(f"metrics at http://127.0.0.1:{shared.metrics_port}/metrics")
    ledger_on = shared.max_budget_usd is not None
    try:
        with _upstream(shared.model_script, tasks[0].upstream_url) as upstream:
            tasks = [t.model_copy(update={"upstream_url": upstream, "ledger": ledger_on,
                                          "ledger_id": control_id}) for t in tasks]
            ensure_ray(shared.ray_address)
            ledger = (start_ledger(control_id, shared.max_budget_usd, spent)
                      if ledger_on else None)
            progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                                transient=True)
            control = RunControl(control_id, store, ledger, metrics, progress, len(tasks))
            with progress:
                try:
                    results, stopped = execute(tasks, store, shared.concurrency, control, done)
                except KeyboardInterrupt:
                    control.stop("interrupted")
                    raise
                finally:
                    # every exit path: containers this node still has for the run go away
                    for opts, plan in zip(cleanup, plans, strict=True):
                        _cleanup(opts, plan)
            if ledger is not None:
                import ray

                metrics.budget(ray.get(ledger.state.remote()).spent_usd)
                ray.kill(ledger)
        store.put(f"{RunKeys(control_id).prefix}/metrics.prom", metrics.snapshot())
        if shared.metrics_port is not None and shared.metrics_linger_s:
            time.sleep(shared.metrics_linger_s)  # let the next scrape see the final state
    finally:
        metrics.close()
    if control.leaks:
        first = control.leaks[0]
        raise SkillLeak(f"run refused: case {first.case_id!r}: {first.leak}. A skill reached an "
                        "arm that must not have it, so no comparison is valid. Check the case "
                        "fixtures for a .claude/skills folder or a copy of the skill.")
    return results, stopped


def _cleanup(opts: RunOptions, plan: Plan) -> None:
    """This node's leftovers of the run: containers, then workspace mounts and scratch."""
    if opts.sandbox.backend == "docker":
        from runner.reaper import reap

        with contextlib.suppress(Exception):
            reap(plan.run_id, task_ids={t.task_id for t in plan.tasks})


def finish(plan: Plan, results: list[TaskResult], stopped: str | None,
           store: Store) -> Report:
    ids = {t.task_id for t in plan.tasks}  # built once, not per result
    mine = [r for r in results if r.task_id in ids]
    _check_staging(plan, mine)
    report = build_report(plan, mine, stopped)
    data = report.model_dump_json(indent=1).encode()
    store.put(RunKeys(plan.run_id).report_json, data)
    store.put(receipt_key(plan.skill.digest, plan.run_id), data)
    return report


def shared_options(opts: RunOptions) -> PassOptions:
    return PassOptions(concurrency=opts.concurrency, max_budget_usd=opts.max_budget_usd,
                       force=opts.force, metrics_port=opts.metrics_port,
                       metrics_linger_s=opts.metrics_linger_s,
                       ray_address=opts.ray_address, model_script=opts.model_script)


def run_eval(opts: RunOptions, console: Console | None = None,
             store: Store | None = None) -> Report:
    console = console or Console(stderr=True)
    plan = preflight(opts)
    store = store or open_store(opts.store_uri, opts.store_endpoint)
    done = finished(plan.tasks, store)  # read once: reused by the pass and the scheduler
    console.print(f"run {plan.run_id}: {len(plan.cases)} case(s) x k={plan.k} x "
                  f"{len(plan.arms)} arm(s) = {len(plan.tasks)} session(s) "
                  f"({len(done)} already done), model {plan.model}"
                  + (" [cyan](dry run: scripted model)[/]" if plan.dry_run else ""))
    results, stopped = run_pass(plan.run_id, [plan], store, shared_options(opts), console,
                                [opts], done)
    return finish(plan, results, stopped, store)


def request_stop(store: Store, run_id: str) -> None:
    """`skill-eval stop`: the driver sees the flag within a poll interval."""
    if not store.exists(RunKeys(run_id).plan):
        raise RefusedInput(f"no run or batch {run_id!r} in store {store.uri}")
    store.put(RunKeys(run_id).stop_flag, b"stop requested\n")

"""`run_eval`: the whole of `skill-eval run`, callable from Python (the CLI is a thin shell)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator
from typing import Any

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from runner.budget import estimate_usd, start_ledger
from runner.errors import InfraError, RefusedInput, SkillLeak
from runner.metrics import RunMetrics, touch_arms
from runner.models import Arm
from runner.paths import RunKeys, receipt_key
from runner.plan import Plan, RunOptions, make_plan
from runner.report import Report, build_report
from runner.scheduler import Control, already_done, ensure_ray, execute
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store, open_store
from runner.task import TaskResult, TaskSpec

STOPPED_BY_USER = "stopped by `skill-eval stop`"


@contextlib.contextmanager
def _upstream(opts: RunOptions) -> Iterator[str]:
    if opts.model_script is None:
        yield opts.upstream_url
        return
    with ScriptedEndpoint(load_script(opts.model_script)) as url:
        yield url


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


def check_budget(opts: RunOptions, plan: Plan, pending: int) -> None:
    if opts.max_budget_usd is None or opts.force:
        return
    estimate = estimate_usd(plan.model, pending)
    if estimate > opts.max_budget_usd:
        raise RefusedInput(
            f"estimated cost ${estimate:.2f} for {pending} session(s) on {plan.model} exceeds "
            f"--max-budget-usd {opts.max_budget_usd:g}; raise the cap, run fewer cases "
            "(--case, --k), or pass --force to run until the cap stops it")


def _check_staging(plan: Plan, results: list[TaskResult]) -> None:
    ours = f"{plan.skill.name}:{plan.skill.name}"
    for r in results:
        if r.arm is not Arm.BASELINE and not r.status.is_hole and ours not in r.skills_seen:
            raise InfraError(f"the {r.arm} arm of case {r.case_id!r} did not see the staged skill "
                             f"{ours!r} (saw {r.skills_seen}): staging is broken, run refused")


def _cleanup(opts: RunOptions, run_id: str) -> None:
    if opts.sandbox.backend == "docker":
        from runner.sandbox.docker import DockerSandbox

        with contextlib.suppress(Exception):
            DockerSandbox(opts.sandbox.image).cleanup_run(run_id)


class RunControl(Control):
    """The driver's side of a run: progress, metrics, leaks, budget and the stop flag."""

    def __init__(self, plan: Plan, store: Store, ledger: Any, metrics: RunMetrics,
                 progress: Progress) -> None:
        self.plan, self.store, self.ledger, self.metrics = plan, store, ledger, metrics
        self.progress = progress
        self.bar = progress.add_task("sessions", total=len(plan.tasks))
        self.counts: dict[str, int] = {}
        self.leaks: list[TaskResult] = []
        self.spent = 0.0

    def on_submit(self, spec: TaskSpec) -> None:
        self.metrics.submitted(spec)

    def on_result(self, result: TaskResult, reused: bool) -> None:
        self.metrics.finished_task(result, reused)
        if result.leak:
            self.leaks.append(result)
        if not reused and result.usage is not None:
            self.spent += result.usage.cost_usd
        self.counts[str(result.status)] = self.counts.get(str(result.status), 0) + 1
        self.progress.update(self.bar, advance=1, description="sessions " + " ".join(
            f"{k}={v}" for k, v in sorted(self.counts.items())))

    def stop_reason(self, result: TaskResult | None) -> str | None:
        if self.leaks:
            return f"skill leak in case {self.leaks[0].case_id!r}"
        if self.store.exists(RunKeys(self.plan.run_id).stop_flag):
            self._ledger_stop(STOPPED_BY_USER)
            return STOPPED_BY_USER
        if self.ledger is not None:
            import ray

            state = ray.get(self.ledger.state.remote())
            self.metrics.budget(state.spent_usd)
            return state.stopped  # type: ignore[no-any-return]
        self.metrics.budget(self.spent)
        return None

    def _ledger_stop(self, reason: str) -> None:
        if self.ledger is not None:
            self.ledger.stop.remote(reason)


def run_eval(opts: RunOptions, console: Console | None = None,
             store: Store | None = None) -> Report:
    console = console or Console(stderr=True)
    plan = preflight(opts)
    store = store or open_store(opts.store_uri, opts.store_endpoint)
    keys = RunKeys(plan.run_id)
    pending = [t for t in plan.tasks if already_done(t, store) is None]
    check_budget(opts, plan, len(pending))
    store.put(keys.plan, plan.model_dump_json(indent=1).encode())
    store.delete(keys.stop_flag)  # a resumed run starts un-stopped
    console.print(f"run {plan.run_id}: {len(plan.cases)} case(s) x k={plan.k} x "
                  f"{len(plan.arms)} arm(s) = {len(plan.tasks)} session(s) "
                  f"({len(plan.tasks) - len(pending)} already done), model {plan.model}"
                  + (" [cyan](dry run: scripted model)[/]" if plan.dry_run else ""))
    metrics = RunMetrics(plan.run_id, opts.max_budget_usd)
    touch_arms(metrics, plan.arms)
    metrics.planned(plan.tasks)
    if opts.metrics_port is not None:
        metrics.serve(opts.metrics_port)
        console.print(f"metrics at http://127.0.0.1:{opts.metrics_port}/metrics")
    try:
        with _upstream(opts) as upstream:
            tasks = [t.model_copy(update={"upstream_url": upstream}) for t in plan.tasks]
            ensure_ray(opts.ray_address)
            ledger = (start_ledger(plan.run_id, opts.max_budget_usd)
                      if opts.max_budget_usd is not None else None)
            progress = Progress(TextColumn("{task.description}"), BarColumn(),
                                MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                                transient=True)
            control = RunControl(plan, store, ledger, metrics, progress)
            with progress:
                try:
                    results, stopped = execute(tasks, store, opts.concurrency, control)
                except KeyboardInterrupt:
                    control._ledger_stop("interrupted")
                    _cleanup(opts, plan.run_id)
                    raise
            if ledger is not None:
                import ray

                metrics.budget(ray.get(ledger.state.remote()).spent_usd)
                ray.kill(ledger)
        store.put(f"{keys.prefix}/metrics.prom", metrics.snapshot())
    finally:
        metrics.close()
    if control.leaks:
        first = control.leaks[0]
        raise SkillLeak(f"run refused: case {first.case_id!r}: {first.leak}. A skill reached an "
                        "arm that must not have it, so no comparison is valid. Check the case "
                        "fixtures for a .claude/skills folder or a copy of the skill.")
    _check_staging(plan, results)
    report = build_report(plan, results, stopped)
    data = report.model_dump_json(indent=1).encode()
    store.put(keys.report_json, data)
    store.put(receipt_key(plan.skill.digest, plan.run_id), data)
    return report


def request_stop(store: Store, run_id: str) -> None:
    """`skill-eval stop`: the driver sees the flag within a poll interval."""
    if not store.exists(RunKeys(run_id).plan):
        raise RefusedInput(f"no run {run_id!r} in store {store.uri}")
    store.put(RunKeys(run_id).stop_flag, b"stop requested\n")



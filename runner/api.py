"""`run_eval`: the whole of `skill-eval run`, callable from Python (the CLI is a thin shell)."""

from __future__ import annotations

import contextlib
import os
from collections.abc import Iterator

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from runner.errors import InfraError, RefusedInput, SkillLeak
from runner.models import Arm
from runner.paths import RunKeys, receipt_key
from runner.plan import Plan, RunOptions, make_plan
from runner.report import Report, build_report
from runner.scheduler import ensure_ray, execute
from runner.scripted.script import load_script
from runner.scripted.server import ScriptedEndpoint
from runner.store.base import Store, open_store
from runner.task import TaskResult


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


def run_eval(opts: RunOptions, console: Console | None = None,
             store: Store | None = None) -> Report:
    console = console or Console(stderr=True)
    plan = preflight(opts)
    store = store or open_store(opts.store_uri)
    keys = RunKeys(plan.run_id)
    store.put(keys.plan, plan.model_dump_json(indent=1).encode())
    console.print(f"run {plan.run_id}: {len(plan.cases)} case(s) x k={plan.k} x "
                  f"{len(plan.arms)} arm(s) = {len(plan.tasks)} session(s), model {plan.model}"
                  + (" [cyan](dry run: scripted model)[/]" if plan.dry_run else ""))
    leaks: list[TaskResult] = []

    def is_leak(result: TaskResult) -> bool:
        if result.leak:
            leaks.append(result)
        return result.leak is not None

    with _upstream(opts) as upstream:
        tasks = [t.model_copy(update={"upstream_url": upstream}) for t in plan.tasks]
        ensure_ray(opts.ray_address)
        progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                            TimeElapsedColumn(), console=console, transient=True)
        counts: dict[str, int] = {}
        with progress:
            bar = progress.add_task("sessions", total=len(tasks))

            def on_result(result: TaskResult) -> None:
                counts[str(result.status)] = counts.get(str(result.status), 0) + 1
                progress.update(bar, advance=1, description="sessions " + " ".join(
                    f"{k}={v}" for k, v in sorted(counts.items())))

            try:
                results = execute(tasks, store, opts.concurrency, on_result, stop_on=is_leak)
            except KeyboardInterrupt:
                _cleanup(opts, plan.run_id)
                raise
    if leaks:
        first = leaks[0]
        raise SkillLeak(f"run refused: case {first.case_id!r}: {first.leak}. A skill reached an "
                        "arm that must not have it, so no comparison is valid. Check the case "
                        "fixtures for a .claude/skills folder or a copy of the skill.")
    _check_staging(plan, results)
    report = build_report(plan, results)
    data = report.model_dump_json(indent=1).encode()
    store.put(keys.report_json, data)
    store.put(receipt_key(plan.skill.digest, plan.run_id), data)
    return report

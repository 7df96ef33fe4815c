"""Schedule a plan's tasks on Ray: one Ray task per TaskSpec, a bounded number in flight.

Finished tasks (DONE in the store) are not submitted again: re-running a command resumes it.
`Control` lets the driver stop early: a leak (the measurement is void), the budget ledger or
`skill-eval stop` (checked every poll interval). Ctrl-C cancels what is in flight.
"""

from __future__ import annotations

import os
from typing import Any

import ray

from runner.models import TaskStatus
from runner.paths import RunKeys
from runner.store.base import Store
from runner.task import TaskResult, TaskSpec, run_task

POLL_S = 1.0


def _run_remote(spec: TaskSpec) -> TaskResult:
    return run_task(spec)


class Control:
    """Hooks the driver gives the scheduler; the defaults do nothing."""

    def on_submit(self, spec: TaskSpec) -> None:
        """A task was handed to Ray."""

    def on_result(self, result: TaskResult, reused: bool) -> None:
        """A task finished (or its stored result was reused on resume)."""

    def stop_reason(self, result: TaskResult | None) -> str | None:
        """Why no further task should start (None: carry on); polled and after each result."""
        return None


def _collect(ref: Any, spec: TaskSpec) -> TaskResult:
    """The task's result; a task that raised or whose worker kept dying becomes a hole."""
    from ray.exceptions import RayError

    try:
        result: TaskResult = ray.get(ref)
        return result
    except RayError as exc:
        cause = getattr(exc, "cause", None) or exc
        return TaskResult(task_id=spec.task_id, case_id=spec.case.id,
                          repetition=spec.repetition, arm=spec.arm,
                          status=TaskStatus.INFRA_ERROR, passed=None,
                          error=f"task failed after retries: {type(cause).__name__}: "
                                f"{str(cause).splitlines()[0] if str(cause) else ''}")


def ensure_ray(address: str | None = None) -> None:
    if ray.is_initialized():
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    kwargs: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False,
                                  configure_logging=False)
    if address is None:
        # A new embedded local cluster ("local": never silently join one that happens to run
        # here). Workers inherit the driver's environment (incl. the API key), which is never
        # placed in the object store.
        address = "local"
        kwargs["num_cpus"] = os.cpu_count() or 1
    ray.init(address=address, **kwargs)


def sandbox_resource() -> str | None:
    """Nodes that declare a `sandbox` resource say how many sandboxes they hold."""
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    return "sandbox" if resources.get("sandbox") else None


def finished(tasks: list[TaskSpec], store: Store) -> dict[str, TaskResult]:
    """Results of the tasks whose DONE exists: one listing per run, not a lookup per task
    (100k HEAD requests against S3 would take longer than many runs)."""
    out: dict[str, TaskResult] = {}
    for run_id in sorted({t.run_id for t in tasks}):
        prefix = f"{RunKeys(run_id).prefix}/tasks/"
        done_ids = {key[len(prefix):].split("/", 1)[0] for key in store.list(prefix)
                    if key.endswith("/DONE")}
        for spec in tasks:
            if spec.run_id == run_id and spec.task_id in done_ids:
                out[spec.task_id] = TaskResult.model_validate_json(
                    store.get(RunKeys(run_id).task(spec.task_id).done))
    return out


def execute(tasks: list[TaskSpec], store: Store, concurrency: int,
            control: Control | None = None,
            done: dict[str, TaskResult] | None = None) -> tuple[list[TaskResult], str | None]:
    """Run every task (or reuse its stored result; `done` if the caller already read them).

    Returns the results in completion order and why the run stopped early, if it did.
    """
    control = control or Control()
    results: list[TaskResult] = []
    pending: list[TaskSpec] = []
    done = finished(tasks, store) if done is None else done
    for spec in tasks:
        if spec.task_id in done:
            results.append(done[spec.task_id])
            control.on_result(done[spec.task_id], True)
        else:
            pending.append(spec)
    stopped = control.stop_reason(None)
    if not pending or stopped:
        return results, stopped
    remote = ray.remote(num_cpus=0, max_retries=3, retry_exceptions=False)(_run_remote)
    resource = sandbox_resource()
    if resource:
        remote = remote.options(resources={resource: 1})
    in_flight: dict[Any, TaskSpec] = {}
    queue = list(reversed(pending))
    try:
        while queue or in_flight:
            while queue and not stopped and len(in_flight) < concurrency:
                spec = queue.pop()
                in_flight[remote.remote(spec)] = spec
                control.on_submit(spec)
            if not in_flight:
                break
            ready, _ = ray.wait(list(in_flight), num_returns=1, timeout=POLL_S)
            for ref in ready:
                spec = in_flight.pop(ref)
                result = _collect(ref, spec)
                results.append(result)
                control.on_result(result, False)
                stopped = stopped or control.stop_reason(result)
            if not ready:
                stopped = stopped or control.stop_reason(None)
            if stopped:
                queue.clear()
    except BaseException:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        raise
    return results, stopped

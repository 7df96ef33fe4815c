"""Schedule a plan's tasks on Ray: one Ray task per TaskSpec, a bounded number in flight.

Finished tasks (DONE in the store) are not submitted again: re-running a command resumes it.
A leak stops the run early (nothing more is spent on a measurement that is void). Ctrl-C
cancels what is in flight and removes the run's containers by label.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import ray

from runner.paths import RunKeys
from runner.store.base import Store
from runner.task import TaskResult, TaskSpec, run_task

ResultCallback = Callable[[TaskResult], None]


def _run_remote(spec: TaskSpec) -> TaskResult:
    return run_task(spec)


def ensure_ray(address: str | None = None) -> None:
    if ray.is_initialized():
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    kwargs: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False,
                                  configure_logging=False)
    if address is None:
        # An embedded local cluster; the driver's environment (incl. the API key) is
        # inherited by the worker processes and never placed in the object store.
        kwargs["num_cpus"] = os.cpu_count() or 1
    ray.init(address=address, **kwargs)


def already_done(spec: TaskSpec, store: Store) -> TaskResult | None:
    keys = RunKeys(spec.run_id).task(spec.task_id)
    if store.exists(keys.done):
        return TaskResult.model_validate_json(store.get(keys.result))
    return None


def execute(tasks: list[TaskSpec], store: Store, concurrency: int,
            on_result: ResultCallback | None = None,
            stop_on: Callable[[TaskResult], bool] | None = None) -> list[TaskResult]:
    """Run every task (or reuse its stored result); return results in completion order."""
    results: list[TaskResult] = []
    pending: list[TaskSpec] = []
    for spec in tasks:
        done = already_done(spec, store)
        if done is not None:
            results.append(done)
            if on_result:
                on_result(done)
        else:
            pending.append(spec)
    if not pending:
        return results
    remote = ray.remote(num_cpus=0, max_retries=2, retry_exceptions=False)(_run_remote)
    in_flight: dict[Any, TaskSpec] = {}
    queue = list(reversed(pending))
    stopping = False
    try:
        while queue or in_flight:
            while queue and not stopping and len(in_flight) < concurrency:
                spec = queue.pop()
                in_flight[remote.remote(spec)] = spec
            if not in_flight:
                break
            ready, _ = ray.wait(list(in_flight), num_returns=1)
            for ref in ready:
                in_flight.pop(ref)
                result: TaskResult = ray.get(ref)
                results.append(result)
                if on_result:
                    on_result(result)
                if stop_on is not None and stop_on(result):
                    stopping = True
            if stopping:
                queue.clear()
    except BaseException:
        for ref in in_flight:
            ray.cancel(ref, force=True)
        raise
    return results

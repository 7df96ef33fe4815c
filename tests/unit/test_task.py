"""The task template around a session, with the fake sandbox: staging, grading, storage,
infrastructure retries, holes and at-most-once recording."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.models import Arm, TaskStatus
from runner.paths import RunKeys
from runner.plan import RunOptions, make_plan
from runner.sandbox.fake import FakeSandbox
from runner.store.memory import MemoryStore
from runner.task import SandboxConfig, TaskSpec, run_task

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


@pytest.fixture
def planned(tmp_path: Path) -> tuple[list[TaskSpec], MemoryStore]:
    plan = make_plan(RunOptions(skill_path=EXAMPLE, case_ids=("sales-totals",),
                                sandbox=SandboxConfig(backend="fake"), fresh=True))
    store = MemoryStore()
    for data in plan.bundles.values():
        from runner.bundles import publish

        publish(store, plan.run_id, data)
    tasks = [t.model_copy(update={"scratch_root": tmp_path / "scratch", "infra_backoff_s": 0})
             for t in plan.tasks]
    FakeSandbox.plan.clear()
    FakeSandbox.starts.clear()
    return tasks, store


def candidate(tasks: list[TaskSpec]) -> TaskSpec:
    return next(t for t in tasks if t.arm is Arm.CANDIDATE)


def test_graded_from_what_the_session_left(planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.task_id] = {
        "reply": "5 rows, Total: 600",
        "write": {"summary.md": "## Totals\n- amount: 600\n"}}
    result = run_task(spec, store)
    assert result.status is TaskStatus.COMPLETED and result.passed is True
    assert result.skills_seen == ["csv-summary:csv-summary"]
    keys = RunKeys(spec.run_id).task(spec.task_id)
    assert store.get(keys.output("summary.md")).startswith(b"## Totals")
    assert store.get(keys.output("sales.csv")).startswith(b"region,")  # the staged fixture
    assert store.get(keys.done) == store.get(keys.result)


def test_infra_failures_are_retried_then_scored(
        planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.task_id] = {"fail_starts": 2, "reply": "nope"}
    result = run_task(spec, store)
    assert result.attempts == 3 and FakeSandbox.starts[spec.task_id] == 3
    assert result.status is TaskStatus.COMPLETED and result.passed is False


def test_infra_failures_past_the_limit_are_holes_without_done(
        planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.task_id] = {"fail_starts": 99}
    result = run_task(spec, store)
    assert result.status is TaskStatus.INFRA_ERROR and result.passed is None
    assert "failed to start" in (result.error or "")
    assert not store.exists(RunKeys(spec.run_id).task(spec.task_id).done)


def test_timeouts_are_holes_and_not_retried(
        planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.task_id] = {"timed_out": True}
    result = run_task(spec, store)
    assert result.status is TaskStatus.TIMED_OUT and FakeSandbox.starts[spec.task_id] == 1


def test_recorded_once(planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.task_id] = {"reply": "first"}
    first = run_task(spec, store)
    FakeSandbox.plan[spec.task_id] = {"reply": "second"}
    again = run_task(spec, store)  # a Ray retry after the first attempt recorded DONE
    assert again == first and FakeSandbox.starts[spec.task_id] == 1


def test_baseline_seeing_the_skill_is_a_leak(
        planned: tuple[list[TaskSpec], MemoryStore]) -> None:
    tasks, store = planned
    baseline = next(t for t in tasks if t.arm is Arm.BASELINE)
    leaky = baseline.model_copy(update={"skill_bundle": candidate(tasks).skill_bundle})
    result = run_task(leaky, store)
    assert result.leak is not None and "baseline arm saw" in result.leak

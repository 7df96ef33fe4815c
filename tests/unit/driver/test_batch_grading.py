"""--batch-grading through the driver without Docker: the fake sandbox plays the sessions, the
real gateway, store and scripted endpoint (its batches API) do the rest. Statements are graded
after the trials in one batch and decided as the interactive grader decides; the judge's rows
go in a batch too; a failed item is retried alone; a run stopped while a batch is pending is
resumed by polling that same batch."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import preflight, request_stop, run_eval
from runner.sandbox.fake import FakeSandbox
from runner.schema.batches import BatchRecord
from runner.schema.enums import Arm, GradingMode, RunStatus
from runner.schema.options import RunOptions, SandboxConfig
from runner.schema.report import Report
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.store.keys import RunKeys
from runner.store.local import LocalStore

ROOT = Path(__file__).resolve().parents[3]
SKILL_MD = """---
name: triage
description: Triages support requests.
---
Name the refund exception, then escalate.
"""
FIXED = "Refund exception R-12 applies; escalated to tier 2."
CLOSED = "Refund exception R-12 applies; the ticket is closed."


@pytest.fixture(autouse=True)
def fake(monkeypatch: pytest.MonkeyPatch, scratch: Path) -> Iterator[None]:
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-test-not-real")
    SCRATCH.append(scratch)
    FakeSandbox.plan.clear()
    FakeSandbox.starts.clear()
    yield
    FakeSandbox.plan.clear()


def skill(root: Path) -> Path:
    path = root / "triage"
    (path / "evals").mkdir(parents=True)
    (path / "SKILL.md").write_text(SKILL_MD)
    (path / "evals" / "evals.json").write_text(json.dumps({"skill_name": "triage", "evals": [
        {"id": "refund", "prompt": "Look at the refund request.",
         "expectations": ["The response names the refund exception that applies"],
         "rubric": "The response that escalates is better."}]}))
    return path


def script(**batches: Any) -> Script:
    return Script.model_validate({
        "usage": {"input_tokens": 10_000, "output_tokens": 500},
        "batches": batches,
        "scenarios": [
            {"name": "grader", "when": {"purpose": "grader"}, "turns": [{"tool_use": {
                "name": "record_grades", "input": {"grades": [
                    {"statement": 1, "passed": True, "reason": "quoted",
                     "evidence": "Refund exception R-12 applies"}]}}}]},
            # the judge prefers the response that escalates, in either order
            {"name": "judge-closed-first", "when": {
                "purpose": "judge", "prompt": "re:ticket is closed[\\s\\S]*Response 2:"},
             "turns": [{"tool_use": {"name": "record_judgement", "input": {
                 "preferred": "2", "reasons": "the second escalates"}}}]},
            {"name": "judge", "when": {"purpose": "judge"},
             "turns": [{"tool_use": {"name": "record_judgement", "input": {
                 "preferred": "1", "reasons": "the first escalates"}}}]},
            {"name": "agent", "turns": [{"text": "ok"}]}]})


@pytest.fixture
def scratch() -> Iterator[Path]:
    """A short folder: gateway sockets live under it (AF_UNIX paths are short)."""
    path = Path(tempfile.mkdtemp(prefix="bg-", dir="/tmp"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


SCRATCH: list[Path] = []


def options(tmp_path: Path, url: str, **changes: Any) -> RunOptions:
    base: dict[str, Any] = dict(
        skill_path=skill(tmp_path) if not (tmp_path / "triage").exists() else tmp_path / "triage",
        k=1, arms=(Arm.BASELINE, Arm.CANDIDATE), store_uri=str(tmp_path / "store"),
        upstream_url=url, executor="inprocess", concurrency=1, endpoint_backoff_s=0,
        sandbox=SandboxConfig(backend="fake", scratch_root=SCRATCH[-1]))
    base.update(changes)
    return RunOptions.model_validate(base)


def replies(opts: RunOptions) -> None:
    """The candidate escalates, the baseline closes the ticket: both name the exception."""
    for spec in preflight(opts).trials:
        FakeSandbox.plan[spec.trial_id] = {
            "reply": FIXED if spec.arm is Arm.CANDIDATE else CLOSED}


def dollars(report: Report) -> tuple[float, float]:
    grader = sum(a.grader_cost_usd or 0.0 for a in report.arms.values())
    return grader, report.judge_cost_usd or 0.0


def test_batch_grading_costs_half_and_decides_as_the_interactive_path(tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(script())
    with endpoint as url:
        opts = options(tmp_path / "one", url)
        replies(opts)
        interactive = run_eval(opts)
        batched_opts = options(tmp_path / "two", url, batch_grading=True)
        replies(batched_opts)
        batched = run_eval(batched_opts)
    assert interactive.grader_mode == "interactive" and interactive.judge_mode == "interactive"
    assert batched.grader_mode == "batch" and batched.judge_mode == "batch"
    # the same decisions: both statements verified, the judge's row a win
    assert [(t.arm, t.passed, t.status) for t in batched.trials] == \
        [(t.arm, t.passed, t.status) for t in interactive.trials]
    assert all(t.passed for t in batched.trials)
    assert [r.outcome for r in batched.rows] == [r.outcome for r in interactive.rows] == ["win"]
    # one batch for the grader (both trials), one for the judge (both orders of the row)
    created = endpoint.model.batches.created
    assert [len(ids) for ids in created] == [2, 2]
    assert all(cid.startswith("g-") for cid in created[0])
    assert all(cid.startswith("j-") for cid in created[1])
    grader_i, judge_i = dollars(interactive)
    grader_b, judge_b = dollars(batched)
    assert grader_i > 0 and judge_i > 0
    assert grader_b == pytest.approx(grader_i / 2)
    assert judge_b == pytest.approx(judge_i / 2)
    store = LocalStore(tmp_path / "two" / "store")
    grades = store.list(RunKeys(batched.run_id).grades)
    assert len(grades) == 2  # stored: a resume neither re-grades nor re-pays
    again = run_eval(batched_opts)
    assert len(endpoint.model.batches.created) == 2
    assert again.trials == batched.trials


def test_a_failed_item_is_retried_alone(tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(script(fail=[{"prompt": "ticket is closed", "times": 1}]))
    with endpoint as url:
        opts = options(tmp_path, url, batch_grading=True, judge=False)
        replies(opts)
        report = run_eval(opts)
    created = endpoint.model.batches.created
    assert len(created) == 2 and len(created[0]) == 2
    baseline = next(t for t in preflight(opts).trials if t.arm is Arm.BASELINE)
    assert created[1] == [RunKeys(report.run_id).custom_id("g", baseline.trial_id)]
    assert report.status is RunStatus.COMPLETED
    assert all(t.passed for t in report.trials)


def test_a_grade_failing_every_batch_is_a_hole_a_resume_grades_without_a_new_session(
        tmp_path: Path) -> None:
    failing = ScriptedEndpoint(script(fail=[{"prompt": "ticket is closed", "times": 99}]))
    with failing as url:
        opts = options(tmp_path, url, batch_grading=True, judge=False)
        replies(opts)
        first = run_eval(opts)
    holes = [t for t in first.trials if t.status == "api_error"]
    assert [t.arm for t in holes] == [Arm.BASELINE]
    assert "grading failed" in str(holes[0].error)
    sessions = sum(FakeSandbox.starts.values())
    with ScriptedEndpoint(script()) as url:
        second = run_eval(opts.model_copy(update={"upstream_url": url}))
    assert sum(FakeSandbox.starts.values()) == sessions  # no session ran again
    assert second.status is RunStatus.COMPLETED and all(t.passed for t in second.trials)


def test_a_run_stopped_while_its_batch_is_pending_resumes_by_polling_that_batch(
        tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(script(pending_s=3.0))
    with endpoint as url:
        opts = options(tmp_path, url, batch_grading=True, judge=False)
        replies(opts)
        store = LocalStore(tmp_path / "store")
        run_id = preflight(opts).run_id
        record = RunKeys(run_id).batch("grader")

        def stop_while_pending() -> None:
            deadline = time.monotonic() + 30
            while not store.exists(record) and time.monotonic() < deadline:
                time.sleep(0.05)
            request_stop(store, run_id)

        threading.Thread(target=stop_while_pending, daemon=True).start()
        stopped = run_eval(opts)
        assert stopped.status is RunStatus.STOPPED
        assert all(t.status == "stopped" and "grading pending" in str(t.error)
                   for t in stopped.trials)
        assert store.exists(record)  # the pending batch is kept for the next driver
        resumed = run_eval(opts)
    assert len(endpoint.model.batches.created) == 1  # polled, never submitted again
    assert resumed.status is RunStatus.COMPLETED
    assert all(t.passed for t in resumed.trials)
    assert not store.exists(record)
    assert resumed.grader_mode == str(GradingMode.BATCH)


def test_a_driver_killed_while_its_batch_is_pending_is_resumed_on_that_batch(
        tmp_path: Path) -> None:
    endpoint = ScriptedEndpoint(script(pending_s=6.0))
    with endpoint as url:
        opts = options(tmp_path, url, batch_grading=True, judge=False)
        record = RunKeys(preflight(opts).run_id).batch("grader")
        store = LocalStore(tmp_path / "store")
        code = ("from runner.driver.api import run_eval\n"
                "from runner.schema.options import RunOptions\n"
                f"run_eval(RunOptions.model_validate_json({opts.model_dump_json()!r}))\n")
        driver = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            deadline = time.monotonic() + 60
            while not store.exists(record) and time.monotonic() < deadline:
                assert driver.poll() is None, "the driver ended before its batch was pending"
                time.sleep(0.05)
            assert store.exists(record)
        finally:
            driver.kill()
            driver.wait()
        assert len(endpoint.model.batches.created) == 1
        assert endpoint.model.batches.batches[
            BatchRecord.model_validate_json(store.get(record)).batch_id].ended is None
        resumed = run_eval(opts)  # the dead driver's lease is taken over at once
    assert len(endpoint.model.batches.created) == 1  # polled, never submitted again
    assert resumed.status is RunStatus.COMPLETED and resumed.grader_mode == "batch"
    assert len(store.list(RunKeys(resumed.run_id).grades)) == 2
    assert not store.exists(record)

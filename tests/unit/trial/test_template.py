"""The trial template around a session, with the fake sandbox: staging, grading, storage by
attempt, infrastructure and endpoint retries, holes and at-most-once recording."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.errors import StoreError
from runner.planning.plan import make_plan
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import Arm, TrialPhase, TrialStatus
from runner.schema.options import RetryPolicy, RunOptions, SandboxConfig
from runner.schema.trial import PassContext, TrialResult, TrialSpec, Usage
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.store.keys import RunKeys
from runner.store.memory import MemoryStore
from runner.trial.template import run_trial

EXAMPLE = Path(__file__).resolve().parents[3] / "examples" / "csv-summary"


@pytest.fixture
def planned(tmp_path: Path) -> tuple[list[TrialSpec], MemoryStore]:
    plan = make_plan(RunOptions(skill_path=EXAMPLE, case_ids=("sales-totals",),
                                sandbox=SandboxConfig(backend="fake"), fresh=True))
    store = MemoryStore()
    for data in plan.bundles.values():
        from runner.authoring.bundles import publish

        publish(store, plan.run_id, data)
    sandbox = SandboxConfig(backend="fake", scratch_root=tmp_path / "scratch")
    context = PassContext(sandbox=sandbox, retry=RetryPolicy(infra_backoff_s=0,
                                                             endpoint_backoff_s=0))
    tasks = [t.model_copy(update={"context": context}) for t in plan.trials]
    FakeSandbox.plan.clear()
    FakeSandbox.starts.clear()
    return tasks, store


def with_context(spec: TrialSpec, **update: object) -> TrialSpec:
    return spec.model_copy(update={"context": spec.context.model_copy(update=update)})


def candidate(tasks: list[TrialSpec]) -> TrialSpec:
    return next(t for t in tasks if t.arm is Arm.CANDIDATE)


def test_graded_from_what_the_session_left(planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {
        "reply": "5 rows, Total: 600",
        "write": {"summary.md": "## Totals\n- amount: 600\n"}}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.passed is True
    assert result.skills_seen == ["csv-summary:csv-summary"]
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    attempt = keys.attempt(result.attempt)
    assert result.attempt == 1
    assert store.get(attempt.output("summary.md")).startswith(b"## Totals")
    assert store.get(attempt.output("sales.csv")).startswith(b"region,")  # the staged fixture
    assert store.get(keys.done) == store.get(attempt.result)


def test_each_phase_of_a_trial_is_timed(planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"reply": "5 rows, Total: 600",
                                       "write": {"summary.md": "## Totals\n- amount: 600\n"}}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED
    assert list(result.phases) == [TrialPhase.STAGE, TrialPhase.GATEWAY, TrialPhase.CONTAINER,
                                   TrialPhase.QUEUED, TrialPhase.SESSION, TrialPhase.COLLECT,
                                   TrialPhase.GRADE]
    assert all(seconds >= 0 for seconds in result.phases.values())
    assert result.phases[TrialPhase.SESSION] == result.wall_s  # the fake's session time
    assert result.phases[TrialPhase.STAGE] > 0  # files were written


def test_infra_failures_are_retried_then_scored(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"fail_starts": 2, "reply": "nope"}
    result = run_trial(spec, store)
    assert result.attempts == 3 and FakeSandbox.starts[spec.trial_id] == 3
    assert result.status is TrialStatus.COMPLETED and result.passed is False


def test_infra_failures_past_the_limit_are_holes_without_done(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"fail_starts": 99}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.INFRA_ERROR and result.passed is None
    assert "failed to start" in (result.error or "")
    assert not store.exists(RunKeys(spec.run_id).trial(spec.trial_id).done)


def test_a_trial_that_hangs_while_the_endpoint_answers_is_a_failed_trial(
        planned: tuple[list[TrialSpec], MemoryStore], tmp_path: Path) -> None:
    """Bug: a timeout was a hole, so a skill that hangs the agent whenever it would lose hid
    its losses from every number."""
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"timed_out": True, "model_calls": 1}
    with ScriptedEndpoint(Script.model_validate(
            {"scenarios": [{"name": "any", "turns": [{"text": "working"}]}]})) as url:
        result = run_trial(with_context(spec, upstream_url=url), store)
    assert FakeSandbox.starts[spec.trial_id] == 1  # not retried: it would only hang again
    assert result.status is TrialStatus.TIMED_OUT and not result.status.is_hole
    assert result.passed is False and result.usage is not None and result.usage.requests == 1
    assert result.scores["finished"].checks[0].detail == "killed at the session timeout"


def test_a_timeout_where_the_endpoint_never_answered_is_an_endpoint_hole(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = with_context(candidate(tasks), retry=candidate(tasks).context.retry.model_copy(
        update={"endpoint_attempts": 2}))
    FakeSandbox.plan[spec.trial_id] = {"timed_out": True}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.API_ERROR and result.passed is None
    assert "never answered" in (result.error or "") and FakeSandbox.starts[spec.trial_id] == 2


def test_recorded_once(planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"reply": "first"}
    first = run_trial(spec, store)
    FakeSandbox.plan[spec.trial_id] = {"reply": "second"}
    again = run_trial(spec, store)  # a Ray retry after the first attempt recorded DONE
    assert again == first and FakeSandbox.starts[spec.trial_id] == 1


def test_baseline_seeing_the_skill_is_a_leak(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    baseline = next(t for t in tasks if t.arm is Arm.BASELINE)
    leaky = baseline.model_copy(update={"skill_bundle": candidate(tasks).skill_bundle})
    result = run_trial(leaky, store)
    assert result.leak is not None and "baseline arm saw" in result.leak


def test_each_try_keeps_its_own_artifacts_and_done_names_the_one_that_stands(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"fail_starts": 1, "reply": "5 rows, Total: 600"}
    result = run_trial(spec, store)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    assert result.attempt == 2 and result.attempts == 2
    failed = TrialResult.model_validate_json(store.get(keys.attempt(1).result))
    assert failed.status is TrialStatus.INFRA_ERROR
    assert TrialResult.model_validate_json(store.get(keys.done)).attempt == 2


def test_a_racing_duplicate_never_overwrites_the_winners_evidence(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """Bug: a retry racing the first try overwrote transcript, outputs and result.json while
    the create-only DONE kept the first result, so DONE and the evidence disagreed."""
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"reply": "winner", "write": {"out.md": "winner"}}
    winner = run_trial(spec, store)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    # The loser started before the winner's DONE existed: it claims its own attempt, runs,
    # writes, and loses the DONE race.
    done = store.get(keys.done)
    store.delete(keys.done)
    FakeSandbox.plan[spec.trial_id] = {"reply": "loser", "write": {"out.md": "loser"}}
    original_put_if_absent = store.put_if_absent

    def racing(key: str, data: bytes) -> bool:
        if key == keys.done:
            original_put_if_absent(key, done)  # the winner records first
        return original_put_if_absent(key, data)

    store.put_if_absent = racing  # type: ignore[method-assign]
    loser = run_trial(spec, store)
    assert FakeSandbox.starts[spec.trial_id] == 2  # the duplicate really ran
    stands = TrialResult.model_validate_json(store.get(keys.done))
    assert loser == stands == winner and stands.attempt == 1
    assert store.get(keys.attempt(1).output("out.md")) == b"winner"
    assert store.get(keys.attempt(2).output("out.md")) == b"loser"


def test_endpoint_failures_are_retried_after_a_backoff_and_counted(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """Bug: a spell of 529s turned every trial into a hole at once."""
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"api_error_starts": 2, "reply": "5 rows, Total: 600"}
    result = run_trial(spec, store)
    assert FakeSandbox.starts[spec.trial_id] == 3
    assert result.status is TrialStatus.COMPLETED and result.attempts == 3


def test_endpoint_failures_past_the_limit_are_holes(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = with_context(candidate(tasks), retry=candidate(tasks).context.retry.model_copy(
        update={"endpoint_attempts": 2}))
    FakeSandbox.plan[spec.trial_id] = {"api_error_starts": 99}
    result = run_trial(spec, store)
    assert FakeSandbox.starts[spec.trial_id] == 2
    assert result.status is TrialStatus.API_ERROR and result.attempts == 2


def test_a_killed_attempts_spend_is_counted(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """Bug: a trial retried after its worker was killed said attempts: 1, and what the killed
    attempt's gateway metered was in neither the cost table nor the ledger."""
    tasks, store = planned
    spec = candidate(tasks)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    # What a killed worker leaves: its claim and the usage its gateway kept current.
    store.put(keys.attempt(1).claim, b"node-a\n")
    store.put(keys.attempt(1).usage, Usage(requests=3, input_tokens=900, output_tokens=30,
                                           cost_usd=0.3).model_dump_json().encode())
    result = run_trial(spec, store)
    assert result.attempt == 2 and result.attempts == 2
    assert result.usage is not None and result.usage.cost_usd == pytest.approx(0.3)
    assert result.usage.input_tokens == 900


def test_each_retried_try_is_named_with_why_it_did_not_stand(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """A retried trial says why each earlier try did not stand: a killed worker's try (only
    its claim left) and a try the machinery failed (its stored result), in order."""
    tasks, store = planned
    spec = candidate(tasks)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    store.put(keys.attempt(1).claim, b"node-a\n")  # what a stopped node's try leaves
    FakeSandbox.plan[spec.trial_id] = {"fail_starts": 1, "reply": "nope"}
    result = run_trial(spec, store)
    assert result.attempt == 3 and result.attempts == 3
    first, second = result.retried_because
    assert first.startswith("attempt 1: ended without a result")
    assert second.startswith("attempt 2: infra_error: ")
    one_try = run_trial(next(t for t in tasks if t.arm is Arm.BASELINE), store)
    assert one_try.attempts == 1 and one_try.retried_because == []


def test_a_sandbox_killed_from_outside_is_retried_not_scored(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """Bug: a container killed by `docker kill` mid-session ended "no result event (exit
    137)", CRASHED: scored as the arm's failure and never retried."""
    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"killed_starts": 1, "reply": "5 rows, Total: 600"}
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.attempts == 2
    assert result.retried_because == [
        "attempt 1: infra_error: the sandbox was killed from outside mid-session (exit 137)"]


def test_a_full_scratch_disk_is_an_infrastructure_hole_retried(
        planned: tuple[list[TrialSpec], MemoryStore], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """Bug: ENOSPC while marking the trial's scratch dir escaped the trial (no result, a
    scratch dir left); it is now a hole by cause, retried, its dir removed."""
    import errno

    import runner.trial.template as template

    tasks, store = planned
    spec = candidate(tasks)
    FakeSandbox.plan[spec.trial_id] = {"reply": "5 rows, Total: 600"}
    real, fails = template.mark_scratch, [1]

    def full_once(scratch: Path, run_id: str) -> None:
        if fails:
            fails.pop()
            raise OSError(errno.ENOSPC, "No space left on device")
        real(scratch, run_id)

    monkeypatch.setattr(template, "mark_scratch", full_once)
    result = run_trial(spec, store)
    assert result.status is TrialStatus.COMPLETED and result.attempts == 2
    assert "No space left on device" in result.retried_because[0]
    assert result.retried_because[0].startswith("attempt 1: infra_error: cannot make")
    assert list((tmp_path / "scratch").glob(f"{spec.trial_id[:16]}-*")) == []


def test_a_corrupt_done_is_treated_as_absent(
        planned: tuple[list[TrialSpec], MemoryStore], caplog: pytest.LogCaptureFixture) -> None:
    """Bug: a full disk left an empty DONE, and every later resume crashed on it."""
    tasks, store = planned
    spec = candidate(tasks)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    store.put(keys.done, b"")
    result = run_trial(spec, store)
    assert FakeSandbox.starts[spec.trial_id] == 1  # it ran again
    assert TrialResult.model_validate_json(store.get(keys.done)) == result
    assert "corrupt marker" in caplog.text


def test_a_store_that_cannot_write_makes_a_hole_not_a_crash(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    tasks, store = planned
    spec = candidate(tasks)
    original_put = store.put

    def full(key: str, data: bytes) -> None:
        if "/outputs/" in key:
            raise StoreError(f"cannot write {key}: [Errno 28] No space left on device")
        original_put(key, data)

    store.put = full  # type: ignore[method-assign]
    result = run_trial(spec, store)
    assert FakeSandbox.starts[spec.trial_id] == 1
    assert result.status is TrialStatus.INFRA_ERROR and "No space left" in (result.error or "")
    assert not store.exists(RunKeys(spec.run_id).trial(spec.trial_id).done)


def test_usage_of_earlier_drivers_attempts_is_counted_once(
        planned: tuple[list[TrialSpec], MemoryStore]) -> None:
    """An earlier driver's last try stored a result.json whose usage already summed its own
    earlier tries: reading it as well would count them twice."""
    tasks, store = planned
    spec = candidate(tasks)
    keys = RunKeys(spec.run_id).trial(spec.trial_id)
    one = Usage(requests=1, input_tokens=100, cost_usd=0.1)
    for n in (1, 2):
        store.put(keys.attempt(n).claim, b"earlier\n")
        store.put(keys.attempt(n).usage, one.model_dump_json().encode())
    summed = TrialResult(trial_id=spec.trial_id, case_id=spec.case.id, repetition=0,
                         arm=spec.arm, status=TrialStatus.INFRA_ERROR, passed=None,
                         usage=one.plus(one), attempt=2, attempts=2)
    store.put(keys.attempt(2).result, summed.model_dump_json().encode())
    result = run_trial(spec, store)
    assert result.attempt == 3 and result.attempts == 3
    assert result.usage is not None and result.usage.cost_usd == pytest.approx(0.2)


def test_a_scratch_root_too_deep_for_a_unix_socket_path_still_reaches_the_gateway(
        planned: tuple[list[TrialSpec], MemoryStore], tmp_path: Path) -> None:
    # <root>/<16-char trial dir>/gw/gw.sock past sun_path's 108 bytes: once an endless
    # "AF_UNIX path too long" infrastructure retry
    tasks, store = planned
    deep = tmp_path / ("d" * 50) / ("e" * 50)
    spec = candidate(tasks)
    assert len(str(deep / spec.trial_id[:16] / "gw" / "gw.sock")) > 108
    FakeSandbox.plan[spec.trial_id] = {"reply": "5 rows, Total: 600", "model_calls": 2,
                                       "write": {"summary.md": "## Totals\n- amount: 600\n"}}
    with ScriptedEndpoint(Script.model_validate(
            {"scenarios": [{"name": "any", "turns": [{"text": "working"}]}]})) as url:
        result = run_trial(with_context(spec, upstream_url=url, sandbox=spec.context.sandbox
                                        .model_copy(update={"scratch_root": deep})), store)
    assert result.status is TrialStatus.COMPLETED and result.attempts == 1
    assert result.usage.requests == 2 and result.passed is True

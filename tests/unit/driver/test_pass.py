"""The driver without Ray: resume, stop, budget stop, leak stop, Ctrl-C, leases and the
no-evidence exit, through the in-process executor and the fake sandbox. The gateway, the
scripted endpoint and the store are the real ones."""

from __future__ import annotations

import os
import signal
import threading
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from runner.costs.pricing import cost_usd
from runner.driver.api import request_stop, run_eval
from runner.driver.control import STOPPED_BY_USER
from runner.driver.lease import Lease, LeaseRecord
from runner.errors import RunBusy, SkillLeak
from runner.gateway.models import api_model
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import RunStatus
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import EXAMPLE, fake_pass_options, fake_starts

pytestmark = pytest.mark.usefixtures("fake_sandbox")


options = fake_pass_options
starts = fake_starts


def test_a_second_run_of_the_same_command_resumes(tmp_path: Path, script: Path) -> None:
    first = run_eval(options(tmp_path, script))
    assert starts() == 6 and first.status is RunStatus.COMPLETED
    again = run_eval(options(tmp_path, script))
    assert starts() == 6  # nothing ran twice
    assert again.run_id == first.run_id and again.trials == first.trials


def test_stop_from_another_shell_ends_the_run(tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"sleep_s": 0.3}
    opts = options(tmp_path, script, k=10)
    store = LocalStore(tmp_path / "store")

    def stop_soon() -> None:
        while starts() < 2:
            time.sleep(0.05)
        run_id = store.list("runs/")[0].split("/")[1]
        request_stop(store, run_id)

    threading.Thread(target=stop_soon, daemon=True).start()
    report = run_eval(opts)
    assert report.stopped == STOPPED_BY_USER and report.status is RunStatus.STOPPED
    assert 2 <= starts() < 20 and len(report.trials) < 20


def test_the_budget_cap_stops_the_run(tmp_path: Path, script: Path) -> None:
    # Each trial makes one model call through its gateway: 100k input tokens = $0.30. The
    # live check's one call (100k tokens too, priced as the id it sends) is the run's spend
    # first: the cap is $0.50 on top of it.
    FakeSandbox.plan["*"] = {"model_calls": 1}
    live = cost_usd(api_model("sonnet"), 100_000, 0, 0, 0)
    report = run_eval(options(tmp_path, script, max_budget_usd=0.5 + live, force=True))
    assert report.stopped is not None and report.stopped.startswith("budget")
    assert starts() == 2  # the second call crossed the cap: no third trial started
    spent = sum(a.cost_usd or 0 for a in report.arms.values())
    assert spent == pytest.approx(0.6)


def test_a_leak_stops_scheduling_and_refuses_the_run(tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"skills": ["csv-summary:csv-summary"]}  # baseline sees it too
    with pytest.raises(SkillLeak, match="baseline arm saw"):
        run_eval(options(tmp_path, script))
    assert starts() < 6


def test_resuming_a_finished_leaked_run_still_refuses_it(tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"skills": ["csv-summary:csv-summary"]}
    opts = options(tmp_path, script, k=1, concurrency=2)  # both trials finish, one leaked
    with pytest.raises(SkillLeak):
        run_eval(opts)
    assert starts() == 2
    with pytest.raises(SkillLeak, match="baseline arm saw"):  # every trial done: still void
        run_eval(opts)
    assert starts() == 2


def test_ctrl_c_cancels_pending_trials_and_cleans_up(tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"sleep_s": 0.3}
    main = threading.main_thread().ident
    assert main is not None

    def interrupt() -> None:
        while starts() < 1:
            time.sleep(0.05)
        signal.pthread_kill(main, signal.SIGINT)

    threading.Thread(target=interrupt, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        run_eval(options(tmp_path, script, k=10))
    time.sleep(0.5)
    assert starts() <= 2  # the queue was dropped
    store = LocalStore(tmp_path / "store")
    assert not [k for k in store.list("runs/") if k.endswith("/LEASE")]  # released
    assert any(k.endswith("/driver.log") for k in store.list("runs/"))


def test_sigterm_is_handled_like_ctrl_c(tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"sleep_s": 0.3}

    def terminate() -> None:
        while starts() < 1:
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=terminate, daemon=True).start()
    with pytest.raises(KeyboardInterrupt):
        run_eval(options(tmp_path, script, k=10))
    assert starts() <= 2


def test_a_second_driver_on_the_same_run_is_refused(tmp_path: Path, script: Path) -> None:
    """Bug: two identical commands at once both ran every trial (double the spend)."""
    # long enough trials that the first driver still holds the lease while the second one
    # starts on a loaded machine (at 0.2 s it could finish first under a load of 50)
    FakeSandbox.plan["*"] = {"sleep_s": 1.0}
    opts = options(tmp_path, script)
    first = threading.Thread(target=run_eval, args=(opts,), daemon=True)
    first.start()
    store = LocalStore(tmp_path / "store")
    deadline = time.monotonic() + 10
    while not [k for k in store.list("runs/") if k.endswith("/LEASE")]:
        assert time.monotonic() < deadline
        time.sleep(0.02)
    with pytest.raises(RunBusy, match=r"another driver .* renewed \d+s ago"):
        run_eval(opts)
    first.join(30)
    assert starts() == 6  # every trial ran once
    waited = run_eval(opts.model_copy(update={"wait": True}))
    assert starts() == 6 and waited.status is RunStatus.COMPLETED


def test_a_dead_drivers_lease_is_taken_over(tmp_path: Path, script: Path,
                                            caplog: pytest.LogCaptureFixture) -> None:
    opts = options(tmp_path, script)
    run_id = run_eval(opts).run_id
    store = LocalStore(tmp_path / "store")
    old = datetime.now(UTC) - timedelta(minutes=10)
    stale = LeaseRecord(token="dead", host="gone", pid=1, acquired_at=old, renewed_at=old)
    store.put(RunKeys(run_id).lease, stale.model_dump_json().encode())
    report = run_eval(opts)  # refused if the dead driver's lease still counted
    assert report.run_id == run_id
    assert "stale lease" in caplog.text and "gone pid 1" in caplog.text


def test_lease_is_renewed_and_released(tmp_path: Path) -> None:
    store = LocalStore(tmp_path)
    lease = Lease(store, "r-x", ttl_s=5, renew_s=0.05)
    lease.acquire()
    first = lease.holder()
    time.sleep(0.2)
    renewed = lease.holder()
    assert first is not None and renewed is not None and renewed.renewed_at > first.renewed_at
    with pytest.raises(RunBusy):
        Lease(store, "r-x").acquire()
    lease.release()
    assert lease.holder() is None


def test_no_scored_trial_because_of_infrastructure_exits_3(tmp_path: Path, script: Path) -> None:
    """Bug: a run whose every trial failed on the endpoint or the machinery exited 0 NEUTRAL."""
    from click.testing import CliRunner

    from runner.cli import main

    FakeSandbox.plan["*"] = {"fail_starts": 99}
    result = CliRunner().invoke(main, [
        "run", str(EXAMPLE), "--case", "sales-totals", "--sandbox", "fake",
        "--executor", "inprocess", "--model-script", str(script),
        "--store", str(tmp_path / "store")])
    assert FakeSandbox.starts and min(FakeSandbox.starts.values()) >= 1
    assert result.exit_code == 3, result.output
    assert "no trial could be scored" in result.output



@pytest.mark.parametrize("prefetch", [0, 2])
def test_prefetched_trials_never_run_more_sessions_than_the_concurrency(
        tmp_path: Path, script: Path, prefetch: int) -> None:
    FakeSandbox.plan["*"] = {"sleep_s": 0.15}
    FakeSandbox.peak = 0
    report = run_eval(options(tmp_path, script, k=4, concurrency=2, prefetch=prefetch))
    assert report.status is RunStatus.COMPLETED and starts() == 8
    assert FakeSandbox.peak == 2  # both slots used, never a third session


def test_a_trial_waiting_for_its_slot_never_starts_once_the_run_is_stopped(
        tmp_path: Path, script: Path) -> None:
    FakeSandbox.plan["*"] = {"sleep_s": 0.4}
    store = LocalStore(tmp_path / "store")

    def stop_during_the_first_session() -> None:
        while starts() < 1:
            time.sleep(0.02)
        request_stop(store, store.list("runs/")[0].split("/")[1])

    threading.Thread(target=stop_during_the_first_session, daemon=True).start()
    report = run_eval(options(tmp_path, script, k=4, prefetch=3))
    assert report.stopped == STOPPED_BY_USER
    assert starts() == 1  # three more were in flight, prepared and waiting: none started
    waited = [t for t in report.trials if t.error and t.error.startswith("not started")]
    assert waited and all(t.status == "stopped" for t in waited)

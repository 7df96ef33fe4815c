"""Scale-out behaviour on the embedded Ray cluster: S3 store, budget, stop, metrics, resume
after a killed driver, a killed Ray worker."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import requests
from prometheus_client.parser import text_string_to_metric_families

from runner.config import SCRATCH_ROOT
from runner.costs.aliases import api_model
from runner.costs.pricing import cost_usd
from runner.driver.api import preflight, run_eval
from runner.driver.control import STOPPED_BY_USER
from runner.schema.enums import Arm, TrialStatus
from runner.schema.report import Report
from runner.schema.trial import TrialResult, Usage
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.s3 import S3Store
from runner.store.trials import standing
from tests.helpers import (
    HANG,
    MAGIC_WITH_SKILL,
    PROBE,
    ROOT,
    free_port,
    no_leftovers_of,
    own_containers,
    own_processes,
    own_runs,
    remove_own_containers,
)

pytestmark = pytest.mark.integration

PLAIN = {"name": "plain", "turns": [{"text": "no idea"}]}


def essentials(report: Report) -> dict[str, Any]:
    """What must not depend on where results are stored or whether the run was resumed."""
    return {"verdict": report.verdict, "wins": report.wins, "losses": report.losses,
            "ties": report.ties, "holes": report.holes, "partial": report.partial,
            "rows": [r.model_dump() for r in report.rows],
            "tasks": sorted((t.trial_id, t.passed, t.status) for t in report.trials),
            "tokens": {a: (c.input_tokens, c.output_tokens) for a, c in report.arms.items()}}


def test_s3_store_full_run_matches_local(options: Any, write_script: Any, s3_bucket: str,
                                         s3_server: str) -> None:
    script = write_script({"scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    local = run_eval(options(case_ids=("greet",), k=2, model_script=script, fresh=False))
    remote = run_eval(options(case_ids=("greet",), k=2, model_script=script, fresh=False,
                              store_uri=f"s3://{s3_bucket}/evals", store_endpoint=s3_server))
    assert remote.run_id == local.run_id
    assert essentials(remote) == essentials(local)
    s3 = S3Store(f"s3://{s3_bucket}/evals", s3_server)
    keys = RunKeys(remote.run_id)
    assert s3.exists(keys.report_json) and s3.exists(keys.plan)
    for task in remote.trials:
        assert s3.exists(keys.trial(task.trial_id).done)
        assert b'"type":"result"' in s3.get(standing(s3, keys.run_id, task.trial_id).transcript)


def test_budget_stops_the_run_within_one_wave(options: Any, write_script: Any) -> None:
    # Every answer is 100k input tokens (the live check's one call too); a skilled session
    # makes 2 responses. The live check spends from the same cap as the sessions.
    script = write_script({"usage": {"input_tokens": 100_000, "output_tokens": 0},
                           "latency_s": 0.3, "scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    cap = 1.0
    report = run_eval(options(case_ids=("greet",), k=6, model_script=script,
                              max_budget_usd=cap, force=True, concurrency=2))
    assert report.stopped is not None and report.stopped.startswith("budget:")
    assert report.partial
    response = cost_usd(api_model(report.model), 100_000, 0, 0, 0)
    spent = sum(c.cost_usd or 0 for c in report.arms.values()) + response  # + the live check
    wave = 2 * 2 * response  # concurrency x responses per session x dollars per response
    assert cap <= spent <= cap + wave
    assert len(report.trials) < 12  # not every session ran


def test_estimate_above_cap_refuses_before_anything_runs(options: Any, write_script: Any,
                                                         tmp_path: Path) -> None:
    from runner.errors import RefusedInput

    script = write_script({"scenarios": [PLAIN]})
    with pytest.raises(RefusedInput, match="exceeds --max-budget-usd"):
        run_eval(options(case_ids=("greet",), k=3, model_script=script, max_budget_usd=0.01))
    assert not (tmp_path / "store" / "runs").exists()  # nothing stored, nothing spent


def test_stop_from_another_shell(options: Any, write_script: Any, tmp_path: Path) -> None:
    script = write_script({"latency_s": 1.0, "scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    opts = options(case_ids=("greet",), k=5, model_script=script, concurrency=1, fresh=False)
    run_id = preflight(opts).run_id
    store = LocalStore(tmp_path / "store")
    out: dict[str, Report] = {}
    runner = threading.Thread(target=lambda: out.setdefault("r", run_eval(opts)))
    runner.start()
    keys = RunKeys(run_id)
    deadline = time.monotonic() + 120
    while not any(k.endswith("/DONE") for k in store.list(keys.prefix)):
        assert time.monotonic() < deadline
        time.sleep(0.2)
    proc = subprocess.run([sys.executable, "-m", "runner", "stop", run_id, "--store",
                           str(tmp_path / "store")], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    runner.join(timeout=120)
    report = out["r"]
    assert report.stopped == STOPPED_BY_USER
    assert report.partial and len(report.trials) < 10


def scrape(url: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    text = requests.get(url, timeout=5).text
    return {(s.name, tuple(sorted(s.labels.items()))): s.value
            for family in text_string_to_metric_families(text) for s in family.samples}


def test_metrics_scraped_during_the_run_match_the_report(options: Any, write_script: Any,
                                                         tmp_path: Path) -> None:
    script = write_script({"latency_s": 0.5, "usage": {"input_tokens": 1234,
                                                      "output_tokens": 56},
                           "scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    port = free_port()
    scrapes: list[dict[Any, float]] = []
    out: dict[str, Report] = {}
    opts = options(case_ids=("greet",), k=3, model_script=script, metrics_port=port)
    runner = threading.Thread(target=lambda: out.setdefault("r", run_eval(opts)))
    runner.start()
    while runner.is_alive():
        try:
            scrapes.append(scrape(f"http://127.0.0.1:{port}/metrics"))
        except requests.ConnectionError:
            pass
        time.sleep(0.3)
    runner.join()
    report = out["r"]
    assert scrapes, "the driver never served /metrics"
    assert any(s.get(("skill_eval_trials_running", (("arm", "candidate"),)), 0) > 0
               for s in scrapes)
    final = {(s.name, tuple(sorted(s.labels.items()))): s.value
             for family in text_string_to_metric_families(
                 LocalStore(tmp_path / "store").get(f"runs/{report.run_id}/metrics.prom")
                 .decode()) for s in family.samples}
    for arm, cost in report.arms.items():
        finished = sum(v for (name, labels), v in final.items()
                       if name == "skill_eval_trials_finished_total" and ("arm", arm) in labels)
        assert finished == cost.trials
        tokens = sum(v for (name, labels), v in final.items()
                     if name == "skill_eval_tokens_total" and ("arm", arm) in labels
                     and ("kind", "input") in labels)
        assert tokens == cost.input_tokens
    last = scrapes[-1]
    assert last[("skill_eval_trials_queued", (("arm", "baseline"),))] == 0


def _run_cli(args: list[str], **kwargs: Any) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, **kwargs)


def test_resume_after_the_driver_is_killed(write_script: Any, tmp_path: Path,
                                           docker_client: Any) -> None:
    script = write_script({"latency_s": 0.5, "scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    args = ["run", str(PROBE), "--case", "greet", "--k", "4", "--model-script", str(script),
            "--concurrency", "1", "--timeout", "60"]
    store_dir = tmp_path / "killed"
    store = LocalStore(store_dir)
    driver = _run_cli([*args, "--store", str(store_dir)])
    deadline = time.monotonic() + 180
    while len([k for k in store.list("runs") if k.endswith("/DONE")]) < 3:
        assert time.monotonic() < deadline and driver.poll() is None
        time.sleep(0.1)
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    run_id = store.list("runs")[0].split("/")[1]
    remove_own_containers(docker_client, {run_id})  # what `gc --run` does; the driver could not
    done_ids = RunKeys(run_id).done_trial_ids(store.list("runs"))
    done_before = {t: store.get(standing(store, run_id, t).transcript) for t in done_ids}
    assert 3 <= len(done_before) < 8

    resumed = _run_cli([*args, "--store", str(store_dir), "--report-json",
                        str(tmp_path / "resumed.json")])
    _, err = resumed.communicate(timeout=300)
    assert resumed.returncode == 0, err[-2000:]
    assert f"({len(done_before)} already done)" in " ".join(err.split())
    for trial_id, transcript in done_before.items():  # finished trials did not run twice
        assert store.get(standing(store, run_id, trial_id).transcript) == transcript

    clean = _run_cli([*args, "--store", str(tmp_path / "clean"), "--report-json",
                      str(tmp_path / "clean.json")])
    _, err = clean.communicate(timeout=300)
    assert clean.returncode == 0, err[-2000:]
    a = Report.model_validate_json((tmp_path / "resumed.json").read_text())
    b = Report.model_validate_json((tmp_path / "clean.json").read_text())
    assert essentials(a) == essentials(b)


def _busy_worker_pids() -> list[int]:
    """Busy workers of the embedded Ray cluster this pytest process started (its
    descendants), never those of other evals on the machine."""
    return own_processes(b"ray::_run_remote", os.getpid())


def test_killed_worker_trial_is_retried_and_recorded_once(options: Any, write_script: Any,
                                                          tmp_path: Path) -> None:
    script = write_script({"latency_s": 2.0, "scenarios": [MAGIC_WITH_SKILL, PLAIN]})
    out: dict[str, Report] = {}
    # no prefetch: the one busy worker is the one whose session is metering
    opts = options(case_ids=("greet",), k=2, model_script=script, concurrency=1, prefetch=0)
    runner = threading.Thread(target=lambda: out.setdefault("r", run_eval(opts)))
    runner.start()
    store = LocalStore(tmp_path / "store")
    deadline = time.monotonic() + 120
    # Mid-session: the first trial's gateway has metered a response and kept it in the store
    # (its usage.json is there from the first request out, answered or not).
    def answered_once() -> list[str]:
        kept = [k for k in store.list("runs") if k.endswith("/attempts/1/usage.json")]
        return [k for k in kept if Usage.model_validate_json(store.get(k)).requests >= 1]

    while not (metered := answered_once()):
        assert time.monotonic() < deadline and runner.is_alive()
        time.sleep(0.05)
    pids = _busy_worker_pids()
    assert len(pids) == 1
    os.kill(pids[0], signal.SIGKILL)
    runner.join(timeout=300)
    report = out["r"]
    assert not report.partial and report.holes == 0
    assert all(t.status == TrialStatus.COMPLETED for t in report.trials)
    keys = RunKeys(report.run_id)
    retried = [t for t in report.trials if t.attempts > 1]
    assert [t.attempt for t in retried] == [2] and retried[0].attempts == 2
    assert metered[0].startswith(keys.trial(retried[0].trial_id).prefix)
    killed = Usage.model_validate_json(store.get(metered[0]))
    second = Usage.model_validate_json(
        store.get(keys.trial(retried[0].trial_id).attempt(2).usage))
    stands = TrialResult.model_validate_json(store.get(keys.trial(retried[0].trial_id).done))
    assert stands.usage is not None and killed.requests >= 1
    assert stands.usage.requests == killed.requests + second.requests  # both attempts count
    # a request the killed attempt sent and never read the answer of is still counted
    assert stands.usage.unanswered == killed.unanswered + second.unanswered
    for trial in report.trials:  # one result per trial, and it is the one DONE recorded
        assert store.get(keys.trial(trial.trial_id).done) == store.get(
            standing(store, keys.run_id, trial.trial_id).result)
    assert {t.arm for t in report.trials} == {Arm.BASELINE, Arm.CANDIDATE}
    assert json.loads(store.get(keys.report_json))["run_id"] == report.run_id


def test_sigterm_cancels_cleans_up_and_says_so(write_script: Any, tmp_path: Path,
                                               docker_client: Any) -> None:
    """Bug: SIGTERM (kill, systemd, `ray job stop`) aborted the driver with a Ray stack dump
    (exit 134) and no message, leaving containers behind."""
    script = write_script({"scenarios": [{"name": "hang", "turns": [
        {"tool_use": {"name": "Bash", "input": {"command": HANG, "timeout": 600000}}},
        {"text": "done"}]}]})
    with no_leftovers_of(lambda: own_runs(tmp_path), SCRATCH_ROOT):
        driver = _run_cli(["run", str(PROBE), "--case", "greet", "--model-script", str(script),
                           "--store", str(tmp_path / "store"), "--timeout", "240", "--fresh"])
        deadline = time.monotonic() + 180
        # this test's run only: other evals on the machine run containers of their own
        while len(running := own_containers(docker_client, own_runs(tmp_path),
                                            running=True)) < 2:
            assert time.monotonic() < deadline and driver.poll() is None
            time.sleep(0.2)
        time.sleep(3)
        for container in running:  # really hanging, not about to finish on their own
            container.reload()
            assert container.status == "running"
        driver.send_signal(signal.SIGTERM)
        _, err = driver.communicate(timeout=180)
        assert driver.returncode == 130, err[-3000:]
        # each cancelled trial removed its own container; the reap after it found nothing left
        assert "interrupted" in err and "cleanup: removed 0 container(s)" in err, err[-3000:]
        assert "Traceback" not in err and "SIGABRT" not in err
        assert own_runs(tmp_path) and own_containers(docker_client, own_runs(tmp_path)) == []

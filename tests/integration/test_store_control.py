"""Through the real CLI, with real containers and claude, and the scripted endpoint counting
every request: regrade (zero agent sessions), several skills at once (joint vs per-skill arm
counts), the store's kill switch on a running batch and its resume, the daily store budget."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.schema.report import Report
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint, ScriptedModel
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.trials import standing
from tests.helpers import EXAMPLE, MAGIC_WITH_SKILL, PROBE, REAL_KEY, ROOT

pytestmark = pytest.mark.integration

PLAIN = {"name": "plain", "turns": [{"text": "no idea"}]}
GRADER = {"name": "grader", "when": {"purpose": "grader"}, "turns": [{"tool_use": {
    "name": "record_grades", "input": {"grades": [{
        "statement": 1, "passed": True, "evidence": "The magic word is MAGIC.",
        "reason": "it names the word"}]}}}]}
# several skills at once stage them as one `library` plugin
WITH_LIBRARY = {"name": "with-library", "when": {"prompt": "magic word", "skill": "library:probe"},
                "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "library:probe"}}},
                          {"text": "The magic word is MAGIC."}]}
AGENT = ("with-library", "with-skill", "plain", "rows", "unmatched")


@pytest.fixture
def endpoint() -> Iterator[tuple[str, ScriptedModel]]:
    rows = {"name": "rows", "when": {"prompt": "rows"}, "turns": [{"text": "5 rows"}]}
    served = ScriptedEndpoint(Script.model_validate(
        {"latency_s": 0.2, "scenarios": [GRADER, WITH_LIBRARY, MAGIC_WITH_SKILL, rows, PLAIN]}))
    with served as url:
        yield url, served.model


def cli(args: list[str], url: str, **kwargs: Any) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": REAL_KEY}
    return subprocess.run([sys.executable, "-m", "runner", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600, **kwargs)


def agent_requests(model: ScriptedModel) -> int:
    return sum(n for name, n in model.counts.items() if name in AGENT)


def test_regrade_rescores_stored_sessions_with_zero_agent_requests(
        tmp_path: Path, endpoint: tuple[str, ScriptedModel], docker_client: Any) -> None:
    url, model = endpoint
    skill = Path(shutil.copytree(PROBE, tmp_path / "probe"))
    store = str(tmp_path / "store")
    made = cli(["run", str(skill), "--case", "greet", "--k", "2", "--store", store,
                "--timeout", "120", "--report-json", str(tmp_path / "run.json")], url)
    assert made.returncode == 0, made.stderr[-3000:]
    source = Report.model_validate_json((tmp_path / "run.json").read_text())
    assert (source.wins, source.losses, source.ties) == (2, 0, 0)
    sessions = agent_requests(model)
    assert sessions >= 4 and model.counts.get("grader", 0) == 0

    same = cli(["regrade", source.run_id, "--store", store, "--report-json",
                str(tmp_path / "same.json")], url)
    assert same.returncode == 0, same.stderr[-3000:]
    again = Report.model_validate_json((tmp_path / "same.json").read_text())
    assert agent_requests(model) == sessions  # not one agent request
    assert again.regraded_from == source.run_id and again.run_id != source.run_id
    assert sorted((t.trial_id, t.passed) for t in again.trials) == \
        sorted((t.trial_id, t.passed) for t in source.trials)
    assert [r.model_dump() for r in again.rows] == [r.model_dump() for r in source.rows]
    local = LocalStore(tmp_path / "store")
    for trial in source.trials:  # the stored transcripts were the ones scored
        assert local.get(standing(local, again.run_id, trial.trial_id).transcript) == \
            local.get(standing(local, source.run_id, trial.trial_id).transcript)

    evals = skill / "evals/evals.json"
    data = json.loads(evals.read_text())
    greet = next(c for c in data["evals"] if c["id"] == "greet")
    greet["assertions"] = ["no idea"]  # a revised assertion...
    greet["expectations"] = ["The answer names the magic word"]  # ...and a new statement
    evals.write_text(json.dumps(data))
    changed = cli(["regrade", source.run_id, "--store", store, "--json"], url)
    assert changed.returncode == 0, changed.stderr[-3000:]
    revised = Report.model_validate_json(changed.stdout)
    assert agent_requests(model) == sessions  # still not one agent request
    assert model.counts["grader"] == 4  # the new statement, graded once per trial
    assert revised.regrade is not None and revised.regrade.graded_trials == 4
    assert {(c.kind, c.change) for c in revised.regrade.changes} == {
        ("assertions", "edited"), ("statements", "added")}
    # the candidate now fails the revised assertion, the baseline the statement: ties
    assert (revised.wins, revised.losses, revised.ties) == (0, 0, 2)
    assert revised.arms["candidate"].grader_cost_usd is not None


def test_joint_and_per_skill_arm_counts(tmp_path: Path, endpoint: tuple[str, ScriptedModel],
                                        docker_client: Any) -> None:
    url, _ = endpoint
    base = ["run", "--skill", str(PROBE), "--skill", str(EXAMPLE), "--case", "greet",
            "--case", "row-count", "--store", str(tmp_path / "store"), "--timeout", "120",
            "--json"]
    joint = cli(base, url)
    assert joint.returncode == 0, joint.stderr[-3000:]
    report = Report.model_validate_json(joint.stdout)
    assert report.baseline_mode == "joint" and len(report.trials) == 2 * 2
    seen = {t.arm: set(t.skills_loaded) for t in report.trials}
    assert not seen["baseline"]  # the without-arm stages no skill
    per_skill = cli([*base, "--baseline-mode", "per-skill"], url)
    assert per_skill.returncode == 0, per_skill.stderr[-3000:]
    assert "3 arms" in " ".join(per_skill.stderr.split())  # the cost stated before running
    reports = [Report.model_validate(r) for r in json.loads(per_skill.stdout)]
    assert [r.left_out for r in reports] == ["probe", "csv-summary"]  # in --skill order
    sessions = {t.trial_id for r in reports for t in r.trials}
    assert len(sessions) == 2 * 3  # cases x (N + 1) arms: the candidate ran once
    store = LocalStore(tmp_path / "store")
    for r in reports:
        for t in r.trials:
            assert store.exists(RunKeys(r.run_id).trial(t.trial_id).done)


def test_stop_all_stops_a_running_batch_and_survives_its_resume(
        tmp_path: Path, endpoint: tuple[str, ScriptedModel], docker_client: Any) -> None:
    url, model = endpoint
    store_dir = tmp_path / "store"
    store = LocalStore(store_dir)
    batch = tmp_path / "batch.yaml"
    batch.write_text(json.dumps({"store": str(store_dir), "concurrency": 1,
                                 "defaults": {"k": 4, "cases": ["greet"], "timeout": 120},
                                 "evals": [{"skill": str(PROBE)}]}))
    env = {**os.environ, "ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": REAL_KEY}
    driver = subprocess.Popen([sys.executable, "-m", "runner", "batch", str(batch)], cwd=ROOT,
                              env=env, text=True, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.monotonic() + 240
        while not [k for k in store.list("runs") if k.endswith("/DONE")]:
            assert time.monotonic() < deadline and driver.poll() is None
            time.sleep(0.2)
        stopped = cli(["stop", "--all", "--store", str(store_dir)], url)
        assert stopped.returncode == 0, stopped.stderr
        _, err = driver.communicate(timeout=240)
    finally:
        if driver.poll() is None:
            driver.kill()
    assert "stopped: stopped by `skill-eval stop --all`" in " ".join(err.split())
    run_id = next(k.split("/")[1] for k in store.list("runs") if k.endswith("/plan.json")
                  and k.split("/")[1].startswith("r-"))
    done = RunKeys(run_id).done_trial_ids(store.list("runs"))
    assert 1 <= len(done) < 8
    before = agent_requests(model)

    resumed = cli(["batch", str(batch)], url)  # the kill switch survives the resume
    assert resumed.returncode == 2 and "stop --lift" in resumed.stderr
    assert agent_requests(model) == before  # refused before anything ran
    assert cli(["stop", "--lift", "--store", str(store_dir)], url).returncode == 0
    finished = cli(["batch", str(batch), "--json"], url)
    assert finished.returncode == 0, finished.stderr[-3000:]
    report = Report.model_validate_json(finished.stdout)
    assert report.status == "completed" and len(report.trials) == 8
    assert f"({len(done)} already done)" in " ".join(finished.stderr.split()) or \
        len(RunKeys(run_id).done_trial_ids(store.list("runs"))) == 8


def test_store_budget_refuses_before_spending(tmp_path: Path,
                                              endpoint: tuple[str, ScriptedModel],
                                              docker_client: Any) -> None:
    url, model = endpoint
    store_dir = tmp_path / "store"
    store_dir.mkdir()
    (store_dir / "store.json").write_text('{"daily_budget_usd": 0.05}')
    refused = cli(["run", str(PROBE), "--case", "greet", "--store", str(store_dir)], url)
    assert refused.returncode == 2, refused.stderr[-2000:]
    assert "daily store budget" in " ".join(refused.stderr.split())
    assert agent_requests(model) == 0 and not (store_dir / "runs").exists()

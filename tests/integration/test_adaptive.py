"""Adaptive k end to end (`run --k auto`): real claude in containers, the scripted endpoint,
Ray. A unanimous case stops at the minimum; a split case gets another repetition; a driver
killed after that decision resumes from the store without deciding anything differently."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import preflight
from runner.planning.plan import make_plan
from runner.schema.enums import Arm
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.trials import standing
from tests.helpers import ROOT, remove_own_containers

pytestmark = pytest.mark.integration


def adapt_skill(root: Path) -> Path:
    """`sure`: the skill always wins (unanimous). `flaky`: whether the agent creates flag.txt
    is a bit of a hash of its trial id (read inside the container from its gateway mount), so
    the test can pick a script whose trials disagree: the candidate wins repetitions 0 and 2
    and ties repetition 1."""
    skill = root / "adapt"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: adapt\ndescription: Use when asked for the "
                                    "magic word.\n---\nAnswer MAGIC.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "adapt", "evals": [
        {"id": "sure", "prompt": "Say the magic word.", "assertions": ["MAGIC"]},
        {"id": "flaky", "prompt": "Write the flag file.", "outputs": [{"path": "flag.txt"}]}]}))
    return skill


def flag_wins(salt: str, trial_id: str) -> bool:
    """What the container computes: the first byte of sha256(salt + trial id prefix) is even."""
    return hashlib.sha256((salt + trial_id[:16]).encode()).digest()[0] % 2 == 0


def script(path: Path, salt: str) -> Path:
    code = ('import hashlib,re,sys; m=open("/proc/self/mountinfo").read(); '
            'i=re.search(r"/([0-9a-f]{16})-[^/ ]*/gw ",m).group(1); '
            f'sys.exit(hashlib.sha256(("{salt}"+i).encode()).digest()[0]%2)')
    path.write_text(json.dumps({"latency_s": 0.5, "scenarios": [
        {"name": "magic", "when": {"prompt": "magic word", "skill": "adapt"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "adapt:adapt"}}},
                   {"text": "The magic word is MAGIC."}]},
        {"name": "flag", "when": {"prompt": "flag file"},
         "turns": [{"tool_use": {"name": "Bash", "input": {
             "command": f"python3 -c '{code}' && touch flag.txt; true"}}},
                   {"text": "finished"}]},
        {"name": "plain", "turns": [{"text": "no idea"}]}]}))
    return path


def pick_script(opts: RunOptions, path: Path) -> tuple[Path, Plan]:
    """A salt whose trial ids (they digest the script) give flaky's candidate win, lose, win
    over repetitions 0..2 and its baseline three losses."""
    image_id = preflight(opts).image_id
    for salt in range(2000):
        script(path, f"s{salt}")
        plan = make_plan(opts.model_copy(update={"model_script": path, "sandbox": opts.sandbox
                                                 .model_copy(update={"image_id": image_id})}))
        flaky = {(t.arm, t.repetition): flag_wins(f"s{salt}", t.trial_id)
                 for t in plan.trials if t.case.id == "flaky"}
        if [flaky[(Arm.CANDIDATE, r)] for r in range(3)] == [True, False, True] and not any(
                flaky[(Arm.BASELINE, r)] for r in range(3)):
            return path, plan
    raise AssertionError("no salt found")


def _run_cli(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def test_adaptive_k_stops_unanimous_cases_grows_a_split_one_and_resumes(
        tmp_path: Path, docker_client: Any) -> None:
    skill = adapt_skill(tmp_path)
    store_dir = tmp_path / "store"
    opts = RunOptions.model_validate({
        "skill_path": skill, "k": "auto", "min_k": 2, "max_k": 3, "store_uri": str(store_dir),
        "model_script": script(tmp_path / "script.json", "s"), "timeout_s": 90,
        "concurrency": 2})
    script_path, plan = pick_script(opts, tmp_path / "script.json")
    args = ["run", str(skill), "--k", "auto", "--min-k", "2", "--max-k", "3",
            "--model-script", str(script_path), "--timeout", "90", "--concurrency", "2",
            "--store", str(store_dir)]
    store = LocalStore(store_dir)
    keys = RunKeys(plan.run_id)
    first_round = {t.trial_id for t in plan.trials if t.repetition < 2}

    third = [t.trial_id for t in plan.trials if t.case.id == "flaky" and t.repetition == 2]
    driver = _run_cli(args)
    deadline = time.monotonic() + 400
    # kill once the killed driver has released the split case's third repetition (a trial of
    # it claimed its first attempt): the decision was made before the kill
    while not any(store.list(keys.trial(t).attempts) for t in third):
        assert time.monotonic() < deadline
        assert driver.poll() is None, driver.communicate()[1][-3000:]
        time.sleep(0.05)
    # a round is released only once the rounds before it are in
    assert first_round <= keys.done_trial_ids(store.list(keys.trials))
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    remove_own_containers(docker_client, {plan.run_id})  # `gc --run`: the driver could not
    done_before = keys.done_trial_ids(store.list(keys.trials))
    transcripts = {t: store.get(standing(store, plan.run_id, t).transcript)
                   for t in done_before}
    assert first_round <= done_before and len(done_before) < 10

    report_path = tmp_path / "report.json"
    resumed = _run_cli([*args, "--report-json", str(report_path)])
    _, err = resumed.communicate(timeout=400)
    assert resumed.returncode == 0, err[-3000:]
    assert f"({len(done_before)} already done)" in " ".join(err.split())
    for trial_id, transcript in transcripts.items():  # finished trials did not run again
        assert store.get(standing(store, plan.run_id, trial_id).transcript) == transcript

    report = Report.model_validate_json(report_path.read_text())
    assert report.adaptive is not None
    assert report.adaptive.repetitions == {"sure": 2, "flaky": 3}
    assert report.adaptive.sessions == 10 and report.adaptive.fixed_sessions == 12
    ran = {t.trial_id for t in report.trials}
    released = {t.trial_id for t in plan.trials if t.repetition < 2 or t.case.id == "flaky"}
    assert ran == released  # the unanimous case's third repetition never ran, anywhere
    assert keys.done_trial_ids(store.list(keys.trials)) == released
    flaky = [r.outcome for r in report.rows if r.case == "flaky"]
    assert flaky == ["win", "tie", "win"]
    assert [r.outcome for r in report.rows if r.case == "sure"] == ["win", "win"]
    assert report.run_id == plan.run_id
    assert report.verdict == "PASS" and not report.partial

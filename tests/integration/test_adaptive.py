"""A sequential run end to end (`run --k auto`): real claude in containers, the scripted
endpoint, Ray. Seven cases, six the skill always wins and one no arm can pass: after the first
look (k=1) the run is not firm (6 decided cases: 2/64 > the look's alpha 0.025) but could
become firm, so the second repetition goes out; a driver killed after that decision resumes
from the store without deciding anything differently."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from runner.schema.report import Report
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.trials import standing
from tests.helpers import ROOT, remove_own_containers

pytestmark = pytest.mark.integration


def adapt_skill(root: Path) -> Path:
    skill = root / "adapt"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: adapt\ndescription: Use when asked for the "
                                    "magic word.\n---\nAnswer MAGIC.\n")
    evals = [{"id": f"sure-{i}", "prompt": f"Say the magic word ({i}).",
              "assertions": ["MAGIC"]} for i in range(6)]
    evals.append({"id": "never", "prompt": "Say the secret word.",
                  "assertions": ["NEVER-THERE"]})
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "adapt",
                                                            "evals": evals}))
    return skill


def script(path: Path) -> Path:
    path.write_text(json.dumps({"latency_s": 0.5, "scenarios": [
        {"name": "magic", "when": {"prompt": "magic word", "skill": "adapt"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "adapt:adapt"}}},
                   {"text": "The magic word is MAGIC."}]},
        {"name": "plain", "turns": [{"text": "no idea"}]}]}))
    return path


def _run_cli(args: list[str]) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True)


def test_a_sequential_run_extends_when_it_could_still_decide_and_resumes(
        tmp_path: Path, docker_client: Any) -> None:
    skill = adapt_skill(tmp_path)
    store_dir = tmp_path / "store"
    script_path = script(tmp_path / "script.json")
    args = ["run", str(skill), "--k", "auto", "--min-k", "1", "--max-k", "2",
            "--model-script", str(script_path), "--timeout", "90", "--concurrency", "2",
            "--store", str(store_dir)]
    driver = _run_cli(args)
    store = LocalStore(store_dir)
    deadline = time.monotonic() + 400
    plan = None
    while plan is None:  # the driver's own plan (it carries the image id)
        assert time.monotonic() < deadline
        assert driver.poll() is None, driver.communicate()[1][-3000:]
        listed = [k for k in store.list("runs/") if k.endswith("/plan.json")]
        if listed:
            plan = json.loads(store.get(listed[0]))
        time.sleep(0.05)
    run_id = plan["run_id"]
    keys = RunKeys(run_id)
    trials = plan["trials"]
    first_look = {t["trial_id"] for t in trials if t["repetition"] == 0}
    second = [t["trial_id"] for t in trials if t["repetition"] == 1]
    # kill once the second stage went out (a trial of it claimed its first attempt): the
    # decision to extend was made before the kill
    while not any(store.list(keys.trial(t).attempts) for t in second):
        assert time.monotonic() < deadline
        assert driver.poll() is None, driver.communicate()[1][-3000:]
        time.sleep(0.05)
    assert first_look <= keys.done_trial_ids(store.list(keys.trials))  # looks wait
    os.killpg(driver.pid, signal.SIGKILL)
    driver.wait()
    remove_own_containers(docker_client, {run_id})  # `gc --run`: the driver could not
    done_before = keys.done_trial_ids(store.list(keys.trials))
    transcripts = {t: store.get(standing(store, run_id, t).transcript) for t in done_before}
    assert first_look <= done_before and len(done_before) < 28

    report_path = tmp_path / "report.json"
    resumed = _run_cli([*args, "--report-json", str(report_path)])
    _, err = resumed.communicate(timeout=600)
    assert resumed.returncode == 0, err[-3000:]
    assert f"({len(done_before)} already done)" in " ".join(err.split())
    for trial_id, transcript in transcripts.items():  # finished trials did not run again
        assert store.get(standing(store, run_id, trial_id).transcript) == transcript

    report = Report.model_validate_json(report_path.read_text())
    assert report.run_id == run_id and report.adaptive is not None
    assert report.adaptive.sessions == 28 and report.adaptive.look == 2
    assert report.adaptive.stopped_because == "the fixed design is done"
    assert set(report.adaptive.repetitions.values()) == {2}
    never = [r.outcome for r in report.rows if r.case == "never"]
    assert never == ["tie", "tie"]
    comp = report.comparisons[0]
    assert comp.verdict == "PASS" and not comp.firm and comp.alpha == 0.025
    assert comp.aa_rate == 2 / 64 and not report.partial

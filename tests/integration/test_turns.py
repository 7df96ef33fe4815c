"""A two-turn case through the real CLI (issue 26.2): the real claude in real containers, the
scripted model. Turn 1 writes notes.txt; turn 2, sent with claude's own --resume in the same
working directory, must append to it. The follow-up's scenario matches only when the request
carries turn 1 as its first user turn, so an unresumed session cannot pass. The baseline does
turn 1 and refuses turn 2: it passes turn 1's checks and fails turn 2's, and the report's row
says so."""

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
import yaml

from runner.sandbox.docker import LABEL_TRIAL
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from tests.helpers import ROOT, own_containers, remove_own_containers

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: notes-keeper
description: Keeps notes.txt. Use when asked to write or extend notes.
---
Write each note as its own line of notes.txt.
"""
FIRST = "Write notes.txt holding the line ALPHA."
SECOND = "Now append the line BETA to notes.txt and say how many lines it has."


def make_skill(root: Path) -> Path:
    skill = root / "notes-keeper"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({
        "skill_name": "notes-keeper", "evals": [{"id": "notes", "turns": [
            {"role": "user", "content": FIRST,
             "outputs": [{"path": "notes.txt", "contains": ["ALPHA"]}]},
            {"role": "user", "content": SECOND, "assertions": ["re:\\b2 lines\\b"],
             "outputs": [{"path": "notes.txt", "contains": ["re:ALPHA\\nBETA"]}]}]}]}))
    return skill


def script(root: Path, follow_up_s: float = 0.0) -> Path:
    write = {"tool_use": {"name": "Bash", "input": {"command": "echo ALPHA > notes.txt"}}}
    path = root / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [
        # follow-ups first: a resumed request still starts with turn 1's prompt
        {"name": "second-skilled", "when": {"prompt": "holding the line ALPHA",
                                            "last_prompt": "append the line BETA",
                                            "skill": "notes-keeper"}, "turns": [
            {"tool_use": {"name": "Bash", "input": {
                "command": "echo BETA >> notes.txt && wc -l < notes.txt"}},
             "sleep_s": follow_up_s},
            {"text": "notes.txt now has 2 lines."}]},
        {"name": "second-bare", "when": {"prompt": "holding the line ALPHA",
                                         "last_prompt": "append the line BETA"},
         "turns": [{"text": "I would rather leave notes.txt as it is.",
                    "sleep_s": follow_up_s}]},
        {"name": "first", "when": {"prompt": "holding the line ALPHA"},
         "turns": [write, {"text": "Wrote notes.txt."}]}]}))
    return path


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                          capture_output=True, timeout=900, env={**os.environ})


def _init_session(raw: bytes) -> str:
    return next(json.loads(line)["session_id"] for line in raw.splitlines()
                if line.strip() and json.loads(line).get("subtype") == "init")


def _result_event(raw: bytes) -> dict[str, object]:
    found: dict[str, object] = next(
        json.loads(line) for line in raw.splitlines()
        if line.strip() and json.loads(line).get("type") == "result")
    return found


def test_a_two_turn_case_is_sent_in_one_session_and_graded_per_turn(
        tmp_path: Path, docker_client: object) -> None:
    skill = make_skill(tmp_path)
    checked = cli("check", str(skill))
    assert checked.returncode == 0, checked.stderr
    assert "notes (2 turns)" in checked.stdout and "EV015" not in checked.stdout

    store = tmp_path / "store"
    done = cli("run", str(skill), "--model-script", str(script(tmp_path)), "--store",
               str(store), "--executor", "inprocess", "--k", "1", "--fresh")
    assert done.returncode in (0, 1), done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    local = LocalStore(store)
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    keys = RunKeys(run_id)
    results = _results(local, run_id)
    assert set(results) == {"baseline", "candidate"}
    cand, base = results["candidate"], results["baseline"]
    assert cand["status"] == "completed" and cand["passed"] is True, cand
    assert base["status"] == "completed" and base["passed"] is False, base
    # the baseline passed its first turn and failed its second, each on its own material
    assert base["scores"]["turn 1: checks"]["passed"] is True
    failed = [c["check"] for c in base["scores"]["turn 2: checks"]["checks"] if not c["passed"]]
    assert failed and all(c.startswith("turn 2: ") for c in failed), failed
    # one conversation: both turns' transcripts kept, the second resuming the first's session
    for result in (cand, base):
        attempt = keys.trial(result["trial_id"]).attempt(result["attempt"])
        one, two = (local.get(attempt.turn(n).transcript) for n in (1, 2))
        assert _init_session(one) == _init_session(two)
        assert local.get(attempt.transcript) == one + two
        # the trial's figures cover both turns
        ends = [_result_event(raw) for raw in (one, two)]
        assert all(e["num_turns"] >= 1 for e in ends), ends
        assert result["turns"] == sum(e["num_turns"] for e in ends), ends
        assert result["wall_s"] > 0
    cand_files = keys.trial(cand["trial_id"]).attempt(cand["attempt"])
    assert local.get(cand_files.output("notes.txt")) == b"ALPHA\nBETA\n"
    report = json.loads(local.get(keys.report_json))
    (row,) = report["rows"]
    assert row["outcome"] == "win" and "(at turn 2)" in row["reason"], row


def test_a_driver_killed_mid_conversation_runs_the_trial_again_whole(
        tmp_path: Path, docker_client: Any) -> None:
    """The driver dies while a trial's second turn runs: the resumed run runs that trial's
    every turn again, in a new session, as a new attempt; nothing of the killed attempt's
    conversation is mixed into the one that stands."""
    skill = make_skill(tmp_path)
    store_dir = tmp_path / "store"
    args = ["run", str(skill), "--model-script", str(script(tmp_path, follow_up_s=6.0)),
            "--store", str(store_dir), "--executor", "inprocess", "--k", "1",
            "--concurrency", "1"]
    driver = subprocess.Popen([sys.executable, "-m", "runner", *args], cwd=ROOT, text=True,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    local = LocalStore(store_dir)
    deadline = time.monotonic() + 400
    run_id, resuming = "", []
    try:
        while not resuming:  # until a follow-up (a resumed claude) is running
            assert time.monotonic() < deadline and driver.poll() is None, driver.stderr
            runs = local.list("runs") if store_dir.exists() else []
            run_id = runs[0].split("/")[1] if runs else ""
            resuming = [c.labels[LABEL_TRIAL] for c in own_containers(
                docker_client, {run_id}, running=True) if run_id
                and "--resume" in (c.attrs["Config"]["Cmd"] or [])]
            time.sleep(0.2)
    finally:
        if driver.poll() is None:
            os.killpg(driver.pid, signal.SIGKILL)
        driver.communicate()
    remove_own_containers(docker_client, {run_id})  # what `gc --run` does; the driver could not
    keys = RunKeys(run_id)
    (trial_id,) = resuming
    trial = keys.trial(trial_id)
    assert local.exists(trial.attempt(1).claim) and not local.exists(trial.done)

    resumed = cli(*args)
    assert resumed.returncode in (0, 1), resumed.stderr[-3000:]
    result = json.loads(local.get(trial.done))
    assert result["attempt"] == 2 and result["status"] == "completed", result
    assert not [k for k in local.list(trial.attempt(1).prefix) if "/turns/" in k]
    stands = trial.attempt(2)
    one, two = (local.get(stands.turn(n).transcript) for n in (1, 2))
    assert _init_session(one) == _init_session(two)
    assert local.get(stands.transcript) == one + two
    report = json.loads(local.get(keys.report_json))
    (row,) = report["rows"]
    assert row["outcome"] == "win" and "(at turn 2)" in row["reason"], row


ONLY_ALPHA = """
import pathlib, sys
notes = pathlib.Path("notes.txt")
text = notes.read_text() if notes.exists() else ""
print(repr(text))
sys.exit(0 if text == "ALPHA\\n" else 1)
"""


def test_each_turn_keeps_its_files_runs_its_own_program_and_is_regraded(
        tmp_path: Path, docker_client: object) -> None:
    """Turn 1 names a judge program that passes only on notes.txt as turn 1 leaves it (turn 2
    appends to it): it runs right after turn 1, in its container. The files turn 1's checks
    read are kept with it, so a regrade grades turn 1's revised check on them, no session."""
    skill = make_skill(tmp_path)
    data = json.loads((skill / "evals" / "evals.json").read_text())
    data["evals"][0]["turns"][0]["judge_program"] = "evals/only_alpha.py"
    (skill / "evals" / "evals.json").write_text(json.dumps(data))
    (skill / "evals" / "only_alpha.py").write_text(ONLY_ALPHA)
    store = tmp_path / "store"
    done = cli("run", str(skill), "--model-script", str(script(tmp_path)), "--store",
               str(store), "--executor", "inprocess", "--k", "1", "--fresh")
    assert done.returncode in (0, 1), done.stderr[-3000:]
    local = LocalStore(store)
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    results = _results(local, run_id)
    cand = results["candidate"]
    assert cand["passed"] is True, cand
    (program,) = cand["scores"]["turn 1: program"]["checks"]
    assert program["passed"] and "'ALPHA\\n'" in program["evidence"], program
    attempt = RunKeys(run_id).trial(cand["trial_id"]).attempt(cand["attempt"])
    one = json.loads(local.get(attempt.turn(1).files))
    assert one["kept"] == ["notes.txt"] and not one["last"]
    assert local.get(attempt.turn(1).output("notes.txt")) == b"ALPHA\n"
    assert json.loads(local.get(attempt.turn(2).files))["last"] is True

    # turn 1's check revised to what only turn 1's own file holds: graded on it, no session
    data["evals"][0]["turns"][0]["outputs"] = [
        {"path": "notes.txt", "contains": ["re:^ALPHA\\n$"]}]
    (skill / "evals" / "evals.json").write_text(json.dumps(data))
    again = cli("regrade", run_id, "--store", str(store))
    assert again.returncode in (0, 1), again.stderr[-3000:]
    regraded = [p.name for p in (store / "runs").iterdir() if p.name != run_id]
    (new_id,) = regraded
    cand = _results(local, new_id)["candidate"]
    checks = {c["check"]: c["passed"] for c in cand["scores"]["turn 1: checks"]["checks"]}
    assert checks == {"turn 1: file notes.txt": True,
                      "turn 1: file notes.txt: re:^ALPHA\\n$": True}, checks
    assert cand["scores"]["turn 1: program"]["passed"] is True  # stands as it ran


def _results(local: LocalStore, run_id: str) -> dict[str, Any]:
    keys = RunKeys(run_id)
    found = {}
    for key in local.list(f"runs/{run_id}/trials/"):
        if key == keys.trial(key.split("/")[3]).done:
            result = json.loads(local.get(key))
            found[result["arm"]] = result
    return found


def _limited(tmp_path: Path, *limit: str) -> tuple[dict[str, Any], ...]:
    """The two-turn case run under `limit`: the candidate's result and its two turns' result
    events."""
    skill = make_skill(tmp_path)
    store = tmp_path / "store"
    done = cli("run", str(skill), "--model-script", str(script(tmp_path)), "--store",
               str(store), "--executor", "inprocess", "--k", "1", "--fresh", *limit)
    assert done.returncode in (0, 1), done.stderr[-3000:]
    local = LocalStore(store)
    (run_id,) = [p.name for p in (store / "runs").iterdir()]
    cand = _results(local, run_id)["candidate"]
    attempt = RunKeys(run_id).trial(cand["trial_id"]).attempt(cand["attempt"])
    return (cand, *(_result_event(local.get(attempt.turn(n).transcript)) for n in (1, 2)))


def test_max_turns_covers_the_whole_conversation(tmp_path: Path,
                                                 docker_client: object) -> None:
    """--max-turns 3: the candidate's turn 1 takes two model turns (a Bash call, then its
    answer), so its follow-up is resumed with --max-turns 1 and claude stops it at its cap;
    the trial says it stopped at turn 2."""
    cand, one, two = _limited(tmp_path, "--max-turns", "3")
    assert one["num_turns"] == 2 and one["subtype"] == "success", one
    assert two["subtype"] == "error_max_turns", two
    assert cand["status"] == "agent_error" and cand["passed"] is False, cand
    assert cand["error"] == "error_max_turns (at turn 2 of 2)", cand


def test_the_session_budget_covers_the_whole_conversation(tmp_path: Path,
                                                          docker_client: object) -> None:
    """--session-budget-usd 0.006: each scripted response costs $0.0025 as the CLI prices it,
    so the candidate's turn 1 takes $0.005 and its follow-up is resumed with
    --max-budget-usd 0.001 (claude bounds each invocation alone and reports the conversation's
    running total); claude stops it after its first call, and the trial says at which turn."""
    cand, one, two = _limited(tmp_path, "--session-budget-usd", "0.006")
    assert one["subtype"] == "success" and one["total_cost_usd"] == 0.005, one
    assert two["subtype"] == "error_max_budget_usd", two
    assert cand["error"] == "error_max_budget_usd (at turn 2 of 2)", cand
    assert cand["cli_cost_usd"] == two["total_cost_usd"], cand  # the running total, once

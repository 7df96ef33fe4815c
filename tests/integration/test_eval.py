"""Paired evals end to end: verdicts, holes, leaks."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.errors import SkillLeak
from runner.sandbox.docker import DEFAULT_IMAGE
from runner.schema.enums import Arm, Outcome, TrialStatus, Verdict
from runner.store.keys import RunKeys
from runner.store.local import LocalStore
from runner.store.trials import standing
from tests.helpers import EXAMPLE, HANG, MAGIC_WITH_SKILL, ROOT

pytestmark = pytest.mark.integration


def test_candidate_wins_cli_pass_and_report_json(tmp_path: Path, docker_client: Any) -> None:
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(EXAMPLE), "--model-script",
         str(EXAMPLE / "model-script.yaml"), "--store", str(tmp_path / "store"),
         "--report-json", str(report_path), "--timeout", "120", "--fresh"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
        env={k: v for k, v in os.environ.items() if k != "ANTHROPIC_API_KEY"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.lstrip().startswith("PASS")  # the verdict comes first
    report = json.loads(report_path.read_text())
    for key in ("verdict", "net_lift", "wins", "losses", "ties", "holes", "partial",
                "sign_test_p", "arms", "rows"):
        assert key in report
    assert report["verdict"] == "PASS"
    assert (report["wins"], report["losses"], report["ties"], report["holes"]) == (2, 0, 1, 0)
    assert report["net_lift"] == pytest.approx(2 / 3)
    assert report["sign_test_p"] == pytest.approx(0.5)
    assert report["partial"] is False and report["dry_run"] is True
    assert report["schema_version"] == 3 and report["status"] == "completed"
    # ids are bound to the image's content, not its name
    assert report["image_id"] == docker_client.images.get(DEFAULT_IMAGE).id
    for arm in ("baseline", "candidate"):
        cost = report["arms"][arm]
        assert set(cost) >= {"trials", "turns", "wall_s", "input_tokens", "output_tokens",
                             "cost_usd"}
        assert cost["trials"] == 3 and cost["input_tokens"] > 0 and cost["wall_s"] > 0
    assert {r["outcome"] for r in report["rows"]} == {"win", "tie"}
    # the candidate's summary.md is what the skill's script really computed in the container
    store = LocalStore(tmp_path / "store")
    outputs = [k for k in store.list(f"runs/{report['run_id']}") if k.endswith("summary.md")]
    texts = [store.get(k).decode() for k in outputs]
    assert any("amount: 600" in t and "## Totals" in t for t in texts)


def test_arms_tie_neutral(options: Any, write_script: Any) -> None:
    script = write_script({"scenarios": [
        {"name": "same", "when": {"prompt": "magic word"},
         "turns": [{"text": "MAGIC, of course."}]}]})
    report = run_eval(options(case_ids=("greet",), k=2, model_script=script))
    assert report.verdict is Verdict.NEUTRAL
    assert (report.wins, report.losses, report.ties, report.holes) == (0, 0, 2, 0)
    assert report.net_lift == 0.0 and report.sign_test_p is None
    assert all(t.passed for t in report.trials)


def test_candidate_loses_fail(options: Any, write_script: Any) -> None:
    script = write_script({"scenarios": [
        {"name": "bad-skill", "when": {"prompt": "magic word", "skill": "probe"},
         "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
                   {"text": "The skill confused me."}]},
        {"name": "fine", "when": {"prompt": "magic word"}, "turns": [{"text": "MAGIC"}]}]})
    report = run_eval(options(case_ids=("greet",), model_script=script))
    assert report.verdict is Verdict.FAIL
    assert report.losses == 1
    candidate = next(t for t in report.trials if t.arm is Arm.CANDIDATE)
    assert candidate.skills_loaded == ["probe:probe"]


def test_a_candidate_that_hangs_scores_losses_not_holes(options: Any,
                                                        write_script: Any) -> None:
    """Bug: a timed-out trial was a hole, so a skill that makes the agent hang whenever it would
    lose got no scored rows, a NEUTRAL verdict, and passed `--gate`."""
    script = write_script({"scenarios": [
        {"name": "stuck", "when": {"prompt": "Take your time", "skill": "probe"},
         "turns": [{"tool_use": {"name": "Bash", "input": {"command": HANG,
                                                           "timeout": 600000}}},
                   {"text": "done"}]},
        {"name": "quick", "when": {"prompt": "Take your time"}, "turns": [{"text": "done"}]}]})
    report = run_eval(options(case_ids=("slow",), model_script=script, timeout_s=15))
    statuses = {t.arm: t.status for t in report.trials}
    assert statuses[Arm.CANDIDATE] == TrialStatus.TIMED_OUT  # it really hung
    assert statuses[Arm.BASELINE] == TrialStatus.COMPLETED
    assert (report.wins, report.losses, report.ties, report.holes) == (0, 1, 0, 0)
    assert report.rows[0].outcome is Outcome.LOSS and report.verdict is Verdict.FAIL
    failed = next(t for t in report.trials if t.arm is Arm.CANDIDATE)
    assert any(f.check == "trial finished" for f in failed.failures)


def test_an_endpoint_that_never_answers_is_a_hole_and_no_evidence(options: Any,
                                                                  write_script: Any) -> None:
    script = write_script({"scenarios": [{"name": "silent", "turns": [
        {"text": "too late", "sleep_s": 120}]}]})
    report = run_eval(options(case_ids=("greet",), model_script=script, timeout_s=10,
                              endpoint_attempts=2, endpoint_backoff_s=1))
    assert all(t.status == TrialStatus.API_ERROR and t.attempts == 2 for t in report.trials)
    assert report.holes == 1 and report.partial is True and report.wins + report.losses == 0
    assert report.verdict is Verdict.NO_EVIDENCE and report.net_lift is None


def test_leaked_skill_refuses_the_run(options: Any, write_script: Any) -> None:
    # The case's fixtures carry a copy of the skill in .claude/skills: claude picks it up as a
    # project skill, so the baseline arm is no longer a baseline.
    # One at a time, baseline first, nothing prefetched: the baseline's leak is the one
    # reported. (The candidate arm sees a second copy of the skill too and would refuse the
    # run on its own.)
    script = write_script({"scenarios": [MAGIC_WITH_SKILL]})
    with pytest.raises(SkillLeak, match="baseline arm saw or loaded skill 'probe'"):
        run_eval(options(case_ids=("leak",), model_script=script, concurrency=1, prefetch=0))


def test_resume_skips_finished_tasks(options: Any, write_script: Any, tmp_path: Path) -> None:
    script = write_script({"scenarios": [MAGIC_WITH_SKILL,
                                         {"name": "plain", "turns": [{"text": "no idea"}]}]})
    first = run_eval(options(case_ids=("greet",), model_script=script, fresh=False))
    assert first.verdict is Verdict.PASS
    store = LocalStore(tmp_path / "store")
    keys = RunKeys(first.run_id)
    transcripts = {t.trial_id: store.get(standing(store, keys.run_id, t.trial_id).transcript)
                   for t in first.trials}
    second = run_eval(options(case_ids=("greet",), model_script=script, fresh=False))
    assert second.run_id == first.run_id
    assert second.rows == first.rows and second.arms == first.arms
    for trial_id, data in transcripts.items():
        assert store.get(standing(store, keys.run_id, trial_id).transcript) == data  # not run again


def test_an_image_built_for_another_claude_is_refused(tmp_path: Path,
                                                       docker_client: Any) -> None:
    """Bug: only the image's existence was checked, so an image carrying another claude build
    ran as if nothing had changed."""
    stale = "skill-eval-test-stale:latest"
    container = docker_client.containers.create(DEFAULT_IMAGE, command=["true"])
    try:
        container.commit(repository=stale.split(":")[0], tag="latest",
                         changes=["LABEL skill-eval.claude-sdk=0.0.1"])
    finally:
        container.remove(force=True)
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "runner", "run", str(EXAMPLE), "--model-script",
             str(EXAMPLE / "model-script.yaml"), "--store", str(tmp_path / "store"),
             "--image", stale], cwd=ROOT, capture_output=True, text=True, timeout=300)
    finally:
        docker_client.images.remove(stale, force=True)
    assert proc.returncode == 3, proc.stderr[-2000:]
    assert "claude-agent-sdk 0.0.1" in proc.stderr and "make image" in proc.stderr
    assert not (tmp_path / "store").exists()  # refused before anything was stored


def test_an_endpoint_overload_spell_is_waited_out(options: Any, write_script: Any) -> None:
    """Bug: a spell of 529s turned every trial into a hole within seconds (each claude gave up
    after its own retries) and the run exited 0 with NEUTRAL."""
    script = write_script({"outage": {"seconds": 15}, "scenarios": [
        MAGIC_WITH_SKILL, {"name": "plain", "turns": [{"text": "no idea"}]}]})
    opts = options(case_ids=("greet",), model_script=script)
    report = run_eval(opts)
    # The run's gateways hold through the spell (the rate governor) and retry the requests
    # themselves; a session whose requests still failed is tried again as a new attempt.
    store = LocalStore(Path(opts.store_uri))
    usages = [json.loads(store.get(RunKeys(report.run_id).trial(t.trial_id).done))["usage"]
              for t in report.trials]
    pushed = sum(u["errors_by_status"].get("529", 0) for u in usages)
    assert pushed > 0, "the outage should have answered some requests with 529"
    assert any(u["held_s"] > 0 for u in usages) or any(t.attempts > 1 for t in report.trials)
    assert not report.partial and report.holes == 0
    assert all(t.status == TrialStatus.COMPLETED for t in report.trials)
    assert report.verdict is Verdict.PASS
    assert sum(a.retries for a in report.arms.values()) == sum(t.attempts - 1
                                                               for t in report.trials)

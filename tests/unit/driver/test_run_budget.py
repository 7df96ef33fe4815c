"""One budget per run: `run --with-triggers --max-budget-usd X --force` spends X once, across
the paired trials, their grading and judging, and the trigger sessions (the trigger wave's
ledger starts at what the paired wave spent). `--force` skips the estimate's question, never
the cap. Through the CLI, the in-process executor, the fake sandbox and a scripted model with
prices (each session's one call: 100k input tokens = $0.30)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from runner.cli import main
from runner.driver.storewide import spent_today
from runner.sandbox.fake import FakeSandbox
from runner.schema.report import Report
from runner.schema.triggers import TriggerReport
from runner.store.local import LocalStore
from tests.helpers import EXAMPLE

pytestmark = pytest.mark.usefixtures("fake_sandbox")
SESSION_USD = 0.30


def skill_with_triggers(tmp_path: Path) -> Path:
    folder = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, folder)
    (folder / "evals" / "trigger").mkdir()
    (folder / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump(
        ["Summarise this CSV file", "Give me the totals of sales.csv"]))
    (folder / "evals/trigger/should-not-trigger.yaml").write_text(yaml.safe_dump(
        ["Write a haiku about autumn", "Rename these photos"]))
    return folder


def script(tmp_path: Path) -> Path:
    path = tmp_path / "script.yaml"
    path.write_text("usage: {input_tokens: 100000, output_tokens: 0}\n"
                    "scenarios: [{name: any, turns: [{text: ok}]}]\n")
    return path


def run(tmp_path: Path, *extra: str) -> tuple[Report, TriggerReport, float]:
    store = tmp_path / "store"
    FakeSandbox.plan["*"] = {"model_calls": 1}
    result = CliRunner().invoke(main, [
        "run", str(skill_with_triggers(tmp_path)), "--case", "row-count", "--k", "1",
        "--sandbox", "fake", "--executor", "inprocess", "--concurrency", "1",
        "--model-script", str(script(tmp_path)), "--store", str(store), "--with-triggers",
        "--json", *extra])
    assert result.exit_code in (0, 1), result.output
    report = Report.model_validate(json.loads(result.stdout.split("\n}\n")[0] + "\n}"))
    local = LocalStore(store)
    trigger_key = next(k for k in local.list("runs/") if k.endswith("/trigger.json"))
    trigger = TriggerReport.model_validate_json(local.get(trigger_key))
    return report, trigger, spent_today(local)


def paired_spend(report: Report) -> float:
    return sum((a.cost_usd or 0.0) + (a.grader_cost_usd or 0.0) for a in report.arms.values()
               ) + (report.judge_cost_usd or 0.0)


def test_the_cap_covers_the_trigger_wave_too(tmp_path: Path) -> None:
    cap = 0.75  # the paired wave spends $0.60 of it: the trigger wave has $0.15 left
    report, trigger, spent = run(tmp_path, "--max-budget-usd", str(cap), "--force")
    assert paired_spend(report) == pytest.approx(2 * SESSION_USD)
    # the trigger wave starts at $0.60: its first session passes the cap and stops it (a wave
    # can pass the cap by the calls in flight: one session here), not a fresh $0.75
    assert trigger.cost_usd is not None and trigger.cost_usd <= SESSION_USD + 1e-9
    assert spent == pytest.approx(paired_spend(report) + trigger.cost_usd)
    assert spent <= cap + SESSION_USD + 1e-9
    assert trigger.runs_made < 12  # 4 queries x 3 runs, had the cap not held


def test_a_cap_already_spent_runs_no_trigger_session(tmp_path: Path) -> None:
    report, trigger, spent = run(tmp_path, "--max-budget-usd", "0.55", "--force")
    sessions = sum(FakeSandbox.starts.values())
    assert sessions == 2  # the paired trials; the trigger wave started stopped
    assert spent == pytest.approx(paired_spend(report))
    assert trigger.cost_usd in (None, 0.0)


def test_without_a_cap_every_trigger_session_runs(tmp_path: Path) -> None:
    _, trigger, _ = run(tmp_path)
    assert trigger.runs_made == 12
    assert trigger.cost_usd == pytest.approx(12 * SESSION_USD)

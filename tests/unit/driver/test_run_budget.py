"""One budget per run: `run --with-triggers --max-budget-usd X --force` spends X once, across
each wave's live check, the paired trials, their grading and judging, and the trigger sessions
(the trigger wave's ledger starts at what the paired wave spent). `--force` skips the
estimate's question, never the cap. Through the CLI, the in-process executor, the fake sandbox
and a scripted model with prices (each session's one call: 100k input tokens = $0.30; the live
check's call: 10k tokens, or 100k where a test says so)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from runner.cli import main
from runner.costs.pricing import cost_usd
from runner.driver.storewide import spent_today
from runner.gateway.models import api_model
from runner.sandbox.fake import FakeSandbox
from runner.schema.report import Report
from runner.schema.triggers import TriggerReport
from runner.store.local import LocalStore
from tests.helpers import EXAMPLE

pytestmark = pytest.mark.usefixtures("fake_sandbox")
SESSION_USD = 0.30
# the live check asks the id the alias resolves to, priced as the table prices that id
PREFLIGHT_USD = cost_usd(api_model("sonnet"), 10_000, 0, 0, 0)


def skill_with_triggers(tmp_path: Path) -> Path:
    folder = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, folder)
    (folder / "evals" / "trigger").mkdir()
    (folder / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump(
        ["Summarise this CSV file", "Give me the totals of sales.csv"]))
    (folder / "evals/trigger/should-not-trigger.yaml").write_text(yaml.safe_dump(
        ["Write a haiku about autumn", "Rename these photos"]))
    return folder


def script(tmp_path: Path, cheap_preflight: bool = True) -> Path:
    """Every answer is 100k input tokens; the live check's 10k with `cheap_preflight`."""
    preflight = ("- {name: preflight, when: {purpose: preflight}, turns: [{tool_use: {name: "
                 "preflight, input: {}}, usage: {input_tokens: 10000, output_tokens: 0}}]}\n"
                 if cheap_preflight else "")
    path = tmp_path / "script.yaml"
    path.write_text("usage: {input_tokens: 100000, output_tokens: 0}\n"
                    f"scenarios:\n{preflight}- {{name: any, turns: [{{text: ok}}]}}\n")
    return path


def invoke(tmp_path: Path, *extra: str, cheap_preflight: bool = True) -> tuple[Report, float]:
    """`run` through the CLI: its report, and what the store's day recorded."""
    store = tmp_path / "store"
    FakeSandbox.plan["*"] = {"model_calls": 1}
    result = CliRunner().invoke(main, [
        "run", str(skill_with_triggers(tmp_path)), "--case", "row-count", "--k", "1",
        "--sandbox", "fake", "--executor", "inprocess", "--concurrency", "1",
        "--model-script", str(script(tmp_path, cheap_preflight)), "--store", str(store),
        "--json", *extra])
    assert result.exit_code in (0, 1), result.output
    report = Report.model_validate(json.loads(result.stdout.split("\n}\n")[0] + "\n}"))
    return report, spent_today(LocalStore(store))


def run(tmp_path: Path, *extra: str) -> tuple[Report, TriggerReport, float]:
    report, spent = invoke(tmp_path, "--with-triggers", *extra)
    local = LocalStore(tmp_path / "store")
    trigger_key = next(k for k in local.list("runs/") if k.endswith("/trigger.json"))
    trigger = TriggerReport.model_validate_json(local.get(trigger_key))
    return report, trigger, spent


def paired_spend(report: Report) -> float:
    return sum((a.cost_usd or 0.0) + (a.grader_cost_usd or 0.0) for a in report.arms.values()
               ) + (report.judge_cost_usd or 0.0)


def test_the_cap_covers_the_trigger_wave_too(tmp_path: Path) -> None:
    cap = 0.75  # the paired wave spends $0.62 of it: the trigger wave has $0.13 left
    report, trigger, spent = run(tmp_path, "--max-budget-usd", str(cap), "--force")
    assert paired_spend(report) == pytest.approx(2 * SESSION_USD)
    # the trigger wave starts at $0.62, its live check takes it to $0.64: its first session
    # passes the cap and stops it (a wave can pass the cap by the calls in flight: one session
    # here), not a fresh $0.75
    sessions = sum(FakeSandbox.starts.values())
    assert sessions - 2 == 1  # the trigger wave's one session in flight when the cap passed
    assert (trigger.cost_usd or 0.0) <= SESSION_USD + 1e-9  # None: a trial never started
    # every session and both waves' live checks are in the store's day
    assert spent == pytest.approx(sessions * SESSION_USD + 2 * PREFLIGHT_USD)
    assert spent <= cap + SESSION_USD + 1e-9
    assert trigger.runs_made < 12  # 4 queries x 3 runs, had the cap not held


def test_a_cap_already_spent_runs_no_trigger_session(tmp_path: Path) -> None:
    report, trigger, spent = run(tmp_path, "--max-budget-usd", "0.55", "--force")
    sessions = sum(FakeSandbox.starts.values())
    assert sessions == 2  # the paired trials; the trigger wave started stopped
    # the trigger wave asked no live check either: the cap was spent
    assert spent == pytest.approx(paired_spend(report) + PREFLIGHT_USD)
    assert trigger.cost_usd in (None, 0.0)


def test_the_live_check_is_spent_from_the_runs_cap(tmp_path: Path) -> None:
    # the live check costs $0.20 here: with it, one session reaches the $0.45 cap; without
    # it (the old count) the first session left $0.15 and the second one started
    preflight = cost_usd(api_model("sonnet"), 100_000, 0, 0, 0)
    report, spent = invoke(tmp_path, "--max-budget-usd", "0.45", "--force",
                           cheap_preflight=False)
    assert sum(FakeSandbox.starts.values()) == 1
    assert report.stopped is not None and "budget" in report.stopped
    assert spent == pytest.approx(preflight + SESSION_USD)  # the live check + one session


def test_without_a_cap_every_trigger_session_runs(tmp_path: Path) -> None:
    _, trigger, _ = run(tmp_path)
    assert trigger.runs_made == 12
    assert trigger.cost_usd == pytest.approx(12 * SESSION_USD)


def test_with_triggers_and_no_queries_is_refused_before_anything_is_spent(
        tmp_path: Path) -> None:
    folder = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, folder)  # no evals/trigger/: the trigger wave has nothing to ask
    store = tmp_path / "store"
    FakeSandbox.plan["*"] = {"model_calls": 1}
    result = CliRunner().invoke(main, [
        "run", str(folder), "--case", "row-count", "--k", "1", "--sandbox", "fake",
        "--executor", "inprocess", "--concurrency", "1", "--model-script",
        str(script(tmp_path)), "--store", str(store), "--with-triggers", "--force"])
    assert result.exit_code == 2, result.output
    assert "evals/trigger/" in result.output and "drop --with-triggers" in result.output
    assert sum(FakeSandbox.starts.values()) == 0  # no paired trial ran
    assert not store.exists() or spent_today(LocalStore(store)) == 0.0

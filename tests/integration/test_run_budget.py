"""One budget per run, in real sessions (claude in containers, Ray, the scripted endpoint
with prices): the paired wave and the trigger wave of one run spend one --max-budget-usd
(`run --with-triggers`), under --force (the estimate's question skipped, never the cap)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.driver.api import run_eval
from runner.driver.storewide import spent_today
from runner.driver.triggers import run_trigger
from runner.driver.wave import RunBudget
from runner.store.local import LocalStore
from tests.helpers import ROOT

pytestmark = pytest.mark.integration
CAP = 1.0


def test_the_trigger_wave_spends_what_the_paired_wave_left(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    folder = tmp_path / "csv-summary"
    shutil.copytree(ROOT / "examples" / "csv-summary", folder)
    (folder / "evals" / "trigger").mkdir()
    (folder / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump(
        ["Summarise this CSV file", "Give me the totals of sales.csv"]))
    # every answer is priced: 100k input tokens of sonnet (Sonnet 5: $0.20)
    script = write_script({"usage": {"input_tokens": 100_000, "output_tokens": 0},
                           "scenarios": [{"name": "any", "turns": [{"text": "Done."}]}]})
    opts = options(skill=folder, case_ids=("row-count",), k=1, model_script=script,
                   max_budget_usd=CAP, force=True, concurrency=1, timeout_s=60)
    budget = RunBudget()
    report = run_eval(opts, budget=budget)
    paired = budget.spent_usd
    assert paired > 0
    trigger = run_trigger(opts.model_copy(update={"k": 3}), None, "session", budget=budget)
    store = LocalStore(Path(opts.store_uri))
    spent = spent_today(store)
    # the most one trial (its session and its grading) cost in the paired wave
    most = max(((a.cost_usd or 0.0) + (a.grader_cost_usd or 0.0)) / max(1, a.trials)
               for a in report.arms.values())
    # what the whole run spent: at most the cap and the one session in flight when it passed
    assert spent == pytest.approx(budget.spent_usd)
    assert spent <= CAP + most + 1e-9, (paired, trigger.cost_usd, spent)
    # the trigger wave had what the paired wave left, not a fresh cap: 2 queries x 3 runs
    # would cost about $1.20
    assert (trigger.cost_usd or 0.0) <= max(0.0, CAP - paired) + most + 1e-9
    assert trigger.runs_made <= 6

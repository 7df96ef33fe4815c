"""What the commands used to do by hand, now below the CLI (runner.driver.checking,
estimating, batchflags): the same answers through the driver's public API."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.costs.estimate import estimate_plan
from runner.driver.api import (
    BatchFlags,
    batch_notify,
    check_skill,
    estimate_eval,
    refused_report,
)
from runner.errors import RefusedInput
from runner.planning.plan import make_plan
from runner.schema.options import RunOptions
from tests.helpers import EXAMPLE


def test_check_reads_the_example_as_a_run_would_plan_it() -> None:
    opts = RunOptions(skill_path=EXAMPLE, k=2)
    checked = check_skill(opts)
    plan = make_plan(opts)
    assert checked.report.ok and checked.report.trials == len(plan.trials)
    assert checked.summary.startswith(f"ok: {plan.skill.name} ")
    assert f"-> {len(plan.trials)} trial(s)" in checked.summary
    assert any(line.startswith("case ") for line in checked.details)
    assert [c.id for c in checked.report.cases] == [c.id for c in plan.cases_in_order()]


def test_check_refuses_a_missing_folder_and_reports_it_as_a_problem(tmp_path: Path) -> None:
    with pytest.raises(RefusedInput) as caught:
        check_skill(RunOptions(skill_path=tmp_path / "nope"))
    report = refused_report(caught.value)
    assert not report.ok
    assert [p.message for p in report.problems] == [f"{tmp_path / 'nope'}: not a folder"]


def test_estimate_reads_no_store_it_would_have_to_create(tmp_path: Path) -> None:
    store = tmp_path / "store"
    opts = RunOptions(skill_path=EXAMPLE, k=1, store_uri=str(store))
    plan, result = estimate_eval(opts)
    assert not store.exists()
    assert result == estimate_plan(make_plan(opts), {})
    assert len(plan.trials) == sum(line.calls for line in result.lines
                                   if line.what in ("baseline", "candidate"))
    _, sized = estimate_eval(opts, detect=0.5)
    assert sized.power is not None and sized.power.options


def test_batch_flags_left_off_override_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    assert {k: v for k, v in BatchFlags().overrides().items() if v is not None} == {}
    assert BatchFlags().eval_overrides() == {"alpha": None}
    flags = BatchFlags(force=True, shared_store=True, store_uri="s3://b/p", alpha=0.1)
    set_ = {k: v for k, v in flags.overrides().items() if v is not None}
    assert set_ == {"force": True, "shared_store": True, "store_uri": "s3://b/p"}
    assert flags.eval_overrides() == {"alpha": 0.1}


def test_the_batch_notifies_the_flag_else_the_file(tmp_path: Path) -> None:
    path = tmp_path / "nightly.yaml"
    path.write_text(json.dumps({"notify": "https://hooks.example/x", "evals": []}))
    assert batch_notify(path, BatchFlags()) == "https://hooks.example/x"
    assert batch_notify(path, BatchFlags(notify="https://other/y")) == "https://other/y"
    path.write_text("notify: ftp://nope\n")
    assert batch_notify(path, BatchFlags()) is None

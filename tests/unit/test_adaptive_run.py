"""`run --k auto` through the real driver (fake sandbox, in-process executor): the unanimous
cases stop at the minimum, the split case gets its next repetition, the report counts the
saving, and a second identical command resumes without running anything."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from runner.cli import main
from runner.driver.api import preflight
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def test_adaptive_k_grows_only_the_split_case(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    opts = RunOptions.model_validate({
        "skill_path": EXAMPLE, "k": "auto", "min_k": 2, "max_k": 4, "store_uri": store,
        "model_script": EXAMPLE / "model-script.yaml", "executor": "inprocess",
        "sandbox": SandboxConfig(backend="fake")})
    plan = preflight(opts)
    assert plan.adaptive is not None and plan.k == 4 and len(plan.trials) == 24
    # sales-totals: the candidate always passes (unanimous wins); inventory-totals: both arms
    # always fail (unanimous ties); row-count: the candidate passes at repetitions 0 and 2
    # and fails at 1 and 3 (a split case), while a PASS is still in play
    for t in plan.trials:
        if t.arm is not Arm.CANDIDATE:
            continue
        if t.case.id == "sales-totals":
            FakeSandbox.plan[t.trial_id] = {"reply": "5 rows. Total: 600",
                                            "write": {"summary.md": "## Totals\namount: 600\n"}}
        if t.case.id == "row-count" and t.repetition % 2 == 0:
            FakeSandbox.plan[t.trial_id] = {"reply": "sales.csv has 5 rows."}
    args = ["run", str(EXAMPLE), "--k", "auto", "--min-k", "2", "--max-k", "4", "--sandbox",
            "fake", "--executor", "inprocess", "--model-script",
            str(EXAMPLE / "model-script.yaml"), "--store", store, "--json"]
    try:
        first = CliRunner().invoke(main, args)
        again = CliRunner().invoke(main, args)
    finally:
        FakeSandbox.plan.clear()
    assert first.exit_code == 0, first.output
    report = json.loads(first.stdout)
    assert report["run_id"] == plan.run_id
    assert "k=auto (2..4)" in first.stderr and "at most 24 trial(s)" in first.stderr
    adaptive = report["adaptive"]
    assert adaptive["repetitions"] == {"sales-totals": 2, "inventory-totals": 2, "row-count": 4}
    assert adaptive["sessions"] == 16 and adaptive["fixed_sessions"] == 24
    assert abs(adaptive["saving"] - 1 / 3) < 1e-9
    rows = [r["outcome"] for r in report["rows"] if r["case"] == "row-count"]
    assert rows == ["win", "tie", "win", "tie"]
    assert report["partial"] is False
    # net lift weighs every case the same: (1 + 0 + 1/2) / 3 (over rows it would be 4/12)
    assert abs(report["net_lift"] - 1 / 2) < 1e-9 and report["verdict"] == "PASS"
    assert again.exit_code == 0, again.output
    assert "(16 already done)" in again.stderr
    assert json.loads(again.stdout)["adaptive"] == adaptive

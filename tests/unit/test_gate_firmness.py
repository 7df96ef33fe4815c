"""A FAIL that is not firm still fails the gate (a hang or a crash must never pass quietly),
and the gate says it is not firm and what size would settle it."""

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


def test_a_gated_run_with_a_fail_that_is_not_firm_exits_1_and_says_so(tmp_path: Path) -> None:
    store = str(tmp_path / "store")
    opts = RunOptions(skill_path=EXAMPLE, case_ids=("row-count",), store_uri=store,
                      model_script=EXAMPLE / "model-script.yaml", executor="inprocess",
                      sandbox=SandboxConfig(backend="fake"))
    plan = preflight(opts)
    baseline = [t.trial_id for t in plan.trials if t.arm is Arm.BASELINE]
    assert len(baseline) == 1
    FakeSandbox.plan[baseline[0]] = {"reply": "sales.csv has 5 rows."}  # the candidate: "ok"
    try:
        args = ["run", str(EXAMPLE), "--case", "row-count", "--sandbox", "fake", "--executor",
                "inprocess", "--model-script", str(EXAMPLE / "model-script.yaml"), "--store",
                store, "--json"]
        plain = CliRunner().invoke(main, args)
        gated = CliRunner().invoke(main, [*args, "--gate"])
    finally:
        FakeSandbox.plan.clear()
    assert plain.exit_code == 0, plain.output
    report = json.loads(plain.stdout)
    assert report["run_id"] == plan.run_id
    comp = report["comparisons"][0]
    assert comp["verdict"] == "FAIL" and comp["losses"] == 1
    assert comp["firm"] is False and comp["aa_rate"] == 0.5  # one row: a coin reads it half
    assert comp["firm_size"] == {"cases": 1, "k": 3}
    assert comp["case_votes"] == {"wins": 0, "losses": 1, "ties": 0}
    assert "can never give a firm verdict" in plain.stderr  # warned before spending
    assert gated.exit_code == 1, gated.output
    assert "gate: FAIL vs baseline blocks, though it is not firm" in gated.stderr
    assert "1 cases x k=3 would make it firm" in gated.stderr

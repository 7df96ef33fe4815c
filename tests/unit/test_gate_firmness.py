"""A FAIL that is not firm is inconclusive at the gate (exit 5), naming the size that would
decide; the hang or crash behind it is a loss row, so a broken skill reads a firm FAIL (exit 1)
as soon as the size allows."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from click.testing import CliRunner

from runner.cli import main
from runner.driver.api import preflight
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def test_a_gated_run_with_a_fail_that_is_not_firm_exits_5_and_names_the_size(
        tmp_path: Path) -> None:
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
    assert comp["firm"] is False and comp["aa_rate"] == 1.0  # one row: a flip reads it too
    assert comp["firm_size"] == {"cases": 6, "k": 1}  # if it held: six lost cases
    assert comp["power_size"]["k"] == 1 and comp["power_lift"] == 0.5
    assert comp["case_votes"] == {"wins": 0, "losses": 1, "ties": 0}
    assert "can never give a firm verdict" in plain.stderr  # warned before spending
    assert gated.exit_code == 5, gated.output
    size = comp["power_size"]["cases"]
    assert "gate: inconclusive vs baseline: FAIL at -100.0%, not firm" in gated.stderr
    assert (f"{size} cases x k=1 would decide a true lift of +50% with 80% power"
            in gated.stderr)


def _six_case_skill(tmp_path: Path) -> Path:
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    evals = json.loads((skill / "evals" / "evals.json").read_text())
    base = next(e for e in evals["evals"] if e["id"] == "row-count")
    evals["evals"] = [{**base, "id": f"row-count-{i}"} for i in range(6)]
    (skill / "evals" / "evals.json").write_text(json.dumps(evals))
    return skill


def test_a_firm_fail_exits_1_and_a_gated_pass_exits_0(tmp_path: Path) -> None:
    """Six cases the candidate loses (it answers without the row count where the baseline
    gives it): an A/A run loses or wins all six 2/64 of the time, a firm FAIL; the mirror image
    is a firm PASS and the gate lets it through."""
    skill = _six_case_skill(tmp_path)
    outcomes = {}
    for name, arm in (("fail", Arm.BASELINE), ("pass", Arm.CANDIDATE)):
        store = str(tmp_path / f"store-{name}")
        plan = preflight(RunOptions(skill_path=skill, store_uri=store,
                                    model_script=skill / "model-script.yaml",
                                    executor="inprocess", sandbox=SandboxConfig(backend="fake")))
        for t in plan.trials:
            if t.arm is arm:
                FakeSandbox.plan[t.trial_id] = {"reply": "sales.csv has 5 rows."}
        try:
            outcomes[name] = CliRunner().invoke(main, [
                "run", str(skill), "--sandbox", "fake", "--executor", "inprocess",
                "--model-script", str(skill / "model-script.yaml"), "--store", store, "--json",
                "--gate"])
        finally:
            FakeSandbox.plan.clear()
    failed, passed = outcomes["fail"], outcomes["pass"]
    comp = json.loads(failed.stdout)["comparisons"][0]
    assert comp["verdict"] == "FAIL" and comp["firm"] is True
    assert comp["aa_rate"] == 2 / 64 and comp["correction"] == "none (one comparison)"
    assert failed.exit_code == 1, failed.output
    assert "gate: firm FAIL vs baseline at -100.0%" in failed.stderr
    assert json.loads(passed.stdout)["comparisons"][0]["firm"] is True
    assert passed.exit_code == 0, passed.output


def test_a_judge_decided_aa_run_is_not_firm(tmp_path: Path) -> None:
    """Eight cases both arms fail by checks, each with a rubric: the judge decides every row.
    Both arms are the same skill; which of the two answers it prefers is a coin the test
    fixes at 7-1. Under the exact conditional test that split is read 2 * 9 / 256 = 7.0% of
    the time: not firm (the old tie-rate model clamped no ties to a coin per row and read it
    firm)."""
    skill = tmp_path / "same"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: same\ndescription: Use when asked to "
                                    "answer.\n---\nAnswer.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "same", "evals": [
        {"id": f"q{i}", "prompt": f"Answer question {i}.", "assertions": ["NEVER-THERE"],
         "rubric": "The answer that says alpha is better."} for i in range(8)]}))
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"scenarios": [
        {"name": "judge-first", "when": {"purpose": "judge",
                                         "prompt": "re:(?s)Response 1:.*alpha.*Response 2:"},
         "turns": [{"tool_use": {"name": "record_judgement", "input": {
             "preferred": "1", "reasons": "alpha"}}}]},
        {"name": "judge-second", "when": {"purpose": "judge"},
         "turns": [{"tool_use": {"name": "record_judgement", "input": {
             "preferred": "2", "reasons": "alpha"}}}]},
        {"name": "answer", "turns": [{"text": "an answer"}]}]}))
    store = str(tmp_path / "store")
    plan = preflight(RunOptions(skill_path=skill, store_uri=store, model_script=script,
                                executor="inprocess", sandbox=SandboxConfig(backend="fake")))
    for t in plan.trials:
        case = int(t.case.id[1:])
        alpha_side = Arm.CANDIDATE if case < 7 else Arm.BASELINE
        FakeSandbox.plan[t.trial_id] = {"reply": "alpha" if t.arm is alpha_side else "beta"}
    try:
        result = CliRunner().invoke(main, [
            "run", str(skill), "--sandbox", "fake", "--executor", "inprocess",
            "--model-script", str(script), "--store", store, "--json", "--gate"])
    finally:
        FakeSandbox.plan.clear()
    report = json.loads(result.stdout)
    comp = report["comparisons"][0]
    assert all(r["judge"] for r in report["rows"])  # every row was the judge's
    assert (comp["wins"], comp["losses"], comp["ties"]) == (7, 1, 0)
    assert comp["verdict"] == "PASS" and comp["firm"] is False
    assert comp["aa_rate"] == 18 / 256
    assert result.exit_code == 0, result.output  # not a FAIL: the gate lets it through

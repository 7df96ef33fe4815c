"""`run --k auto` (a sequential run) through the real driver (fake sandbox, in-process
executor): a strong effect stops at the first look, a split one extends and then stops when it
cannot become firm, and a second identical command resumes without deciding anything anew."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from runner.cli import main
from runner.driver.api import preflight
from runner.sandbox.fake import FakeSandbox
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "csv-summary"


def eight_cases(tmp_path: Path) -> Path:
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    evals = json.loads((skill / "evals" / "evals.json").read_text())
    base = next(e for e in evals["evals"] if e["id"] == "row-count")
    evals["evals"] = [{**base, "id": f"count-{i}"} for i in range(8)]
    (skill / "evals" / "evals.json").write_text(json.dumps(evals))
    return skill


def run_twice(skill: Path, store: str, passes: Any) -> tuple[Any, Any]:
    """`passes(case index, arm)`: whether that arm answers right."""
    opts = RunOptions.model_validate({
        "skill_path": skill, "k": "auto", "min_k": 1, "max_k": 4, "store_uri": store,
        "model_script": skill / "model-script.yaml", "executor": "inprocess",
        "sandbox": SandboxConfig(backend="fake")})
    plan = preflight(opts)
    assert plan.adaptive is not None and len(plan.trials) == 64
    for t in plan.trials:
        if passes(int(t.case.id.split("-")[1]), t.arm):
            FakeSandbox.plan[t.trial_id] = {"reply": "sales.csv has 5 rows."}
    args = ["run", str(skill), "--k", "auto", "--min-k", "1", "--max-k", "4", "--sandbox",
            "fake", "--executor", "inprocess", "--model-script",
            str(skill / "model-script.yaml"), "--store", store, "--json"]
    try:
        first = CliRunner().invoke(main, args)
        again = CliRunner().invoke(main, args)
    finally:
        FakeSandbox.plan.clear()
    assert first.exit_code == 0, first.output
    assert again.exit_code == 0, again.output
    return first, again


def test_a_strong_effect_stops_at_the_first_look(tmp_path: Path) -> None:
    skill = eight_cases(tmp_path)
    first, again = run_twice(skill, str(tmp_path / "s"), lambda i, arm: arm is Arm.CANDIDATE)
    report = json.loads(first.stdout)
    adaptive = report["adaptive"]
    assert adaptive["sessions"] == 16 and adaptive["fixed_sessions"] == 64
    assert adaptive["look"] == 1 and adaptive["looks"] == 4
    assert adaptive["stopped_because"] == "firm at look 1 of 4"
    assert adaptive["sessions_per_firm"] == 16.0
    comp = report["comparisons"][0]
    assert comp["firm"] and comp["verdict"] == "PASS" and comp["alpha"] == 0.0125
    assert "(16 already done)" in again.stderr
    assert json.loads(again.stdout)["adaptive"] == adaptive  # resumed: nothing re-decided


def test_a_split_run_extends_then_stops_when_it_cannot_become_firm(tmp_path: Path) -> None:
    """Four cases only the candidate gets right, four only the baseline: --min-k 1 is not
    --k 1, the second repetition goes out; after it no outcome of k=3, 4 could be firm."""
    skill = eight_cases(tmp_path)
    first, again = run_twice(skill, str(tmp_path / "s"),
                             lambda i, arm: (arm is Arm.CANDIDATE) == (i < 4))
    adaptive = json.loads(first.stdout)["adaptive"]
    assert adaptive["sessions"] == 32 and adaptive["look"] == 2
    assert adaptive["stopped_because"].startswith("cannot become firm")
    assert set(adaptive["repetitions"].values()) == {2}
    assert adaptive["sessions_per_firm"] is None
    assert json.loads(again.stdout)["adaptive"] == adaptive

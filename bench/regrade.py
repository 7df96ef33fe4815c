"""What `regrade` saves: a real run of examples/csv-summary (real containers and claude, the
scripted model endpoint counting every request), then the same sessions regraded after an
assertion is revised. Prints each command's wall time, the agent requests each made at the
endpoint and the dollars the run metered (priced scripted tokens) against the regrade's.

usage: .venv/bin/python bench/regrade.py [--k 2]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.schema.report import Report  # noqa: E402
from runner.scripted.script import load_script  # noqa: E402
from runner.scripted.server import ScriptedEndpoint  # noqa: E402

EXAMPLE = ROOT / "examples" / "csv-summary"


def cli(args: list[str], url: str) -> tuple[float, Report]:
    env = {**os.environ, "ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "bench-key"}
    started = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "runner", *args, "--json"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=1800)
    wall = time.monotonic() - started
    if proc.returncode != 0:
        raise SystemExit(f"{args[0]} failed ({proc.returncode}): {proc.stderr[-2000:]}")
    return wall, Report.model_validate_json(proc.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--k", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-regrade-") as tmp:
        skill = Path(shutil.copytree(EXAMPLE, Path(tmp) / "csv-summary"))
        store = str(Path(tmp) / "store")
        served = ScriptedEndpoint(load_script(EXAMPLE / "model-script.yaml"))
        with served as url:
            run_wall, source = cli(["run", str(skill), "--k", str(args.k), "--store", store],
                                   url)
            run_requests = sum(served.model.counts.values())
            evals = skill / "evals/evals.json"
            data = json.loads(evals.read_text())
            data["evals"][2]["assertions"] = ["re:\\b6 rows\\b"]  # a revised assertion
            evals.write_text(json.dumps(data))
            regrade_wall, regraded = cli(["regrade", source.run_id, "--store", store], url)
            regrade_requests = sum(served.model.counts.values()) - run_requests
    run_usd = sum(a.cost_usd or 0.0 for a in source.arms.values())
    assert regraded.regrade is not None
    spent = regraded.regrade.grader_cost_usd + regraded.regrade.judge_cost_usd
    before = {t.trial_id: t.passed for t in source.trials}
    flipped = sum(1 for t in regraded.trials if before.get(t.trial_id) != t.passed)
    print(f"trials                 {len(source.trials)} ({flipped} changed pass/fail on regrade)")
    for name, wall, requests, usd, report in (
            ("run", run_wall, run_requests, run_usd, source),
            ("regrade", regrade_wall, regrade_requests, spent, regraded)):
        print(f"{name:8} wall {wall:7.1f}s  model requests {requests:4d}  metered ${usd:.4f}  "
              f"W/L/T {report.wins}/{report.losses}/{report.ties}")
    print(f"agent sessions in the regrade: {regraded.regrade.agent_sessions}")
    print(f"regrade / run wall     {regrade_wall / run_wall:.3f}")


if __name__ == "__main__":
    main()

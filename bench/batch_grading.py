"""Grader and judge dollars of one run, interactive and with --batch-grading.

The same eval (a support-triage skill whose cases carry statements for the grader and a rubric
for the judge; real claude in containers, or the fake sandbox) runs twice on fresh ids against
the scripted endpoint, whose grader and judge answers carry a realistic usage (the material of
a trial is ~10k tokens): once with the grader and judge calling /v1/messages one at a time,
once through /v1/messages/batches. Prints per mode: grader calls and dollars, judge calls and
dollars, the two together, the batches made, and the wall time of the whole run.

usage: .venv/bin/python bench/batch_grading.py [--k 2] [--sandbox docker|fake]
                                               [--grader-usage 9000,700] [--judge-usage 18000,300]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rich.console import Console  # noqa: E402

from runner.driver.api import run_eval  # noqa: E402
from runner.schema.enums import Arm  # noqa: E402
from runner.schema.options import RunOptions, SandboxConfig  # noqa: E402
from runner.schema.report import Report  # noqa: E402
from runner.scripted.script import Script  # noqa: E402
from runner.scripted.server import ScriptedEndpoint  # noqa: E402

SKILL_MD = """---
name: triage
description: Triages support requests. Use when asked to "triage this ticket".
---
Name the refund exception that applies, then escalate with the evidence.
"""
MODEL = "claude-sonnet-4-5"


def make_skill(root: Path) -> Path:
    skill = root / "triage"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "triage", "evals": [
        {"id": "refund", "prompt": "Look at the refund request and say what to do.",
         "expectations": ["The response names the applicable refund exception",
                          "The response escalates the request"],
         "rubric": "The response that escalates with evidence is better."},
        {"id": "warranty", "prompt": "Look at the warranty claim and say what to do.",
         "expectations": ["The response names the warranty clause that applies"],
         "rubric": "The shorter correct answer is better."}]}))
    return skill


def usage(pair: str) -> dict[str, int]:
    tokens_in, tokens_out = (int(n) for n in pair.split(","))
    return {"input_tokens": tokens_in, "output_tokens": tokens_out}


def script(grader: str, judge: str) -> Script:
    def grades(n: int, quote: str) -> dict[str, Any]:
        return {"tool_use": {"name": "record_grades", "input": {"grades": [
            {"statement": i, "passed": True, "evidence": quote, "reason": "quoted"}
            for i in range(1, n + 1)]}}, "usage": usage(grader)}

    skilled = {"tool_use": {"name": "Skill", "input": {"skill": "triage:triage"}}}
    return Script.model_validate({
        "usage": {"input_tokens": 3000, "output_tokens": 200},
        "scenarios": [
            {"name": "refund-skill", "when": {"prompt": "refund request", "skill": "triage"},
             "turns": [skilled, {"text": "Refund exception R-12 applies; escalating to tier "
                                         "2 with the receipt."}]},
            {"name": "refund-bare", "when": {"prompt": "refund request"},
             "turns": [{"text": "Refund exception R-12 applies; escalating to tier 2."}]},
            {"name": "warranty", "when": {"prompt": "warranty claim"},
             "turns": [{"text": "Clause 4 of the warranty applies."}]},
            {"name": "grader-refund", "when": {"purpose": "grader", "prompt": "refund"},
             "turns": [grades(2, "Refund exception R-12 applies; escalating to tier 2")]},
            {"name": "grader-warranty", "when": {"purpose": "grader"},
             "turns": [grades(1, "Clause 4 of the warranty applies")]},
            {"name": "judge", "when": {"purpose": "judge"}, "turns": [{"tool_use": {
                "name": "record_judgement", "input": {"preferred": "1", "reasons": "r"}},
                "usage": usage(judge)}]}]})


def measure(batch: bool, skill: Path, k: int, backend: str, work: Path,
            endpoint: ScriptedEndpoint, url: str) -> tuple[Report, float, int]:
    store = work / f"store-{'batch' if batch else 'interactive'}"
    sandbox = SandboxConfig(backend=backend, scratch_root=work / "s")
    opts = RunOptions(skill_path=skill, k=k, arms=(Arm.BASELINE, Arm.CANDIDATE),
                      model=MODEL, upstream_url=url, store_uri=str(store), fresh=True,
                      concurrency=2, batch_grading=batch, sandbox=sandbox,
                      executor="inprocess" if backend == "fake" else "ray")
    before = len(endpoint.model.batches.created)
    started = time.monotonic()
    report = run_eval(opts, Console(stderr=True, quiet=True))
    return report, time.monotonic() - started, len(endpoint.model.batches.created) - before


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--k", type=int, default=2)
    parser.add_argument("--sandbox", choices=["docker", "fake"], default="docker")
    parser.add_argument("--grader-usage", default="9000,700", help="input,output tokens")
    parser.add_argument("--judge-usage", default="18000,300", help="input,output tokens")
    args = parser.parse_args()
    os.environ.setdefault("ANTHROPIC_API_KEY", "sk-bench-not-a-real-key")
    work = Path(tempfile.mkdtemp(prefix="bg-bench-", dir="/tmp"))
    if args.sandbox == "docker":
        from runner.driver.executor import ensure_ray

        ensure_ray()
    rows = []
    try:
        skill = make_skill(work)
        endpoint = ScriptedEndpoint(script(args.grader_usage, args.judge_usage))
        with endpoint as url:
            for batch in (False, True):
                report, wall, batches = measure(batch, skill, args.k, args.sandbox, work,
                                                endpoint, url)
                grader = sum(a.grader_cost_usd or 0.0 for a in report.arms.values())
                calls = sum(a.grader_calls for a in report.arms.values())
                rows.append((report.grader_mode or "-", calls, grader, report.judge_calls,
                             report.judge_cost_usd or 0.0, batches, wall, report.status))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"one run: 2 cases x k={args.k} x 2 arms ({args.sandbox} sandbox), model {MODEL}; "
          f"grader call {args.grader_usage} tokens in,out; judge call {args.judge_usage}")
    print(f"{'mode':<12} {'grader calls':>12} {'grader $':>9} {'judge calls':>11} "
          f"{'judge $':>9} {'together $':>10} {'batches':>7} {'wall s':>7}  status")
    for mode, calls, grader, judge_calls, judge, batches, wall, status in rows:
        print(f"{mode:<12} {calls:>12} {grader:>9.4f} {judge_calls:>11} {judge:>9.4f} "
              f"{grader + judge:>10.4f} {batches:>7} {wall:>7.1f}  {status}")
    first, second = rows[0][2] + rows[0][4], rows[1][2] + rows[1][4]
    if first:
        print(f"batch / interactive: {second / first:.3f} of the grader and judge dollars")


if __name__ == "__main__":
    main()

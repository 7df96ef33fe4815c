"""Goodput against a rate-limited upstream, with and without the run's rate governor.

The scripted endpoint answers 429 (with retry-after) above --rpm Messages requests per
--window seconds. The same eval (probe skill, real claude in containers) runs on fresh ids in
three modes:
  stated     the governor, and an upstream that states its limit on every answer
             (anthropic-ratelimit-* headers): gateways pace themselves before any 429
  429-only   the governor, and an upstream that says nothing until it answers 429: gateways
             hold run-wide and retry themselves, the scheduler backs off
  off        no governor: each claude retries on its own (CLAUDE_CODE_MAX_RETRIES=3), then
             the trial is a hole (one attempt per trial here, so a hole stays a hole)
Prints per mode: trials scored, holes (by cause), 429s the upstream sent, wall time, and
goodput: trials per minute and answered requests per minute against the limit.

usage: .venv/bin/python bench/rate_limit.py [--trials 12] [--rpm 2] [--window 10]
                                            [--concurrency 6] [--modes stated,429-only,off]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402
from rich.console import Console  # noqa: E402

from runner.driver.api import run_eval  # noqa: E402
from runner.driver.executor import ensure_ray  # noqa: E402
from runner.schema.enums import Arm  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402

PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"


def script(rpm: int, window: float, headers: bool) -> dict[str, object]:
    return {"rate_limit": {"rpm": rpm, "window_s": window, "headers": headers},
            "usage": {"input_tokens": 1000, "output_tokens": 50},
            "scenarios": [
                {"name": "with-skill", "when": {"prompt": "magic word", "skill": "probe"},
                 "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
                           {"text": "The magic word is MAGIC."}]},
                {"name": "plain", "turns": [{"text": "MAGIC"}]}]}


def measure(mode: str, trials: int, rpm: int, window: float, concurrency: int,
            work: Path) -> None:
    path = work / f"script-{mode}.yaml"
    path.write_text(yaml.safe_dump(script(rpm, window, headers=mode == "stated")))
    store = work / f"store-{mode}"
    opts = RunOptions(skill_path=PROBE, case_ids=("greet",), k=max(1, trials // 2),
                      arms=(Arm.BASELINE, Arm.CANDIDATE), model_script=path,
                      store_uri=str(store), concurrency=concurrency, fresh=True,
                      timeout_s=600, governor=mode != "off", endpoint_attempts=1)
    started = time.monotonic()
    report = run_eval(opts, Console(file=open(os.devnull, "w")))  # noqa: SIM115
    wall = time.monotonic() - started
    done = sum(1 for t in report.trials if t.passed is not None)
    holes = sum(1 for t in report.trials if t.passed is None)
    causes: dict[str, int] = {}
    for arm in report.arms.values():
        for cause, n in arm.holes_by_cause.items():
            causes[cause] = causes.get(cause, 0) + n
    answered = pushed = 0
    for done_file in store.glob(f"runs/{report.run_id}/trials/*/attempts/*/usage.json"):
        usage = json.loads(done_file.read_text())
        answered += usage["requests"]  # answers that got through (errors are counted apart)
        pushed += usage["errors_by_status"].get("429", 0)
    limit = rpm * 60 / window
    print(f"{mode:<8}: {done}/{len(report.trials)} trials scored, {holes} hole(s), "
          f"{pushed} 429(s) upstream, wall {wall:6.1f}s, {done / wall * 60:5.1f} trials/min, "
          f"{answered / wall * 60:5.1f} answered requests/min = "
          f"{answered / wall * 60 / limit:.2f} of the limit ({limit:g}/min)"
          + (f"; holes by cause {causes}" if causes else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=12)
    parser.add_argument("--rpm", type=int, default=2, help="requests per window")
    parser.add_argument("--window", type=float, default=10.0)
    parser.add_argument("--concurrency", type=int, default=6)
    parser.add_argument("--modes", default="stated,429-only,off")
    args = parser.parse_args()
    ensure_ray(None)
    print(f"{args.trials} trials at concurrency {args.concurrency}; upstream limit {args.rpm} "
          f"requests per {args.window:g}s; baseline trials make 1 request, candidate 2")
    with tempfile.TemporaryDirectory() as tmp:
        for mode in args.modes.split(","):
            measure(mode, args.trials, args.rpm, args.window, args.concurrency, Path(tmp))


if __name__ == "__main__":
    main()

"""Goodput against a rate-limited upstream, with and without the run's rate governor.

The scripted endpoint answers 429 (with retry-after) above --rpm Messages requests per
--window seconds. The same eval (probe skill, real claude in containers) runs twice on fresh
ids: with the governor (gateways hold run-wide and retry themselves, concurrency backs off)
and without it (each claude retries on its own, up to CLAUDE_CODE_MAX_RETRIES, then the trial
is a hole). Prints per mode: trials scored, holes (by cause), wall time and goodput in trials per
minute against the limit.

usage: .venv/bin/python bench/rate_limit.py [--trials 8] [--rpm 6] [--window 10]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from runner.driver.api import run_eval  # noqa: E402
from runner.driver.executor import ensure_ray  # noqa: E402
from runner.schema.enums import Arm  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402

PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"


def script(rpm: int, window: float) -> dict[str, object]:
    return {"rate_limit": {"rpm": rpm, "window_s": window},
            "usage": {"input_tokens": 1000, "output_tokens": 50},
            "scenarios": [
                {"name": "with-skill", "when": {"prompt": "magic word", "skill": "probe"},
                 "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
                           {"text": "The magic word is MAGIC."}]},
                {"name": "plain", "turns": [{"text": "MAGIC"}]}]}


def measure(governor: bool, trials: int, rpm: int, window: float, work: Path) -> None:
    path = work / f"script-{governor}.yaml"
    path.write_text(yaml.safe_dump(script(rpm, window)))
    opts = RunOptions(skill_path=PROBE, case_ids=("greet",), k=max(1, trials // 2),
                      arms=(Arm.BASELINE, Arm.CANDIDATE), model_script=path,
                      store_uri=str(work / f"store-{governor}"), concurrency=2, fresh=True,
                      timeout_s=300, governor=governor, endpoint_attempts=1)
    started = time.monotonic()
    report = run_eval(opts)
    wall = time.monotonic() - started
    done = sum(1 for t in report.trials if t.passed is not None)
    holes = sum(1 for t in report.trials if t.passed is None)
    causes = {c: n for a in report.arms.values() for c, n in a.holes_by_cause.items()}
    print(f"governor {'on ' if governor else 'off'}: {done}/{len(report.trials)} trials "
          f"scored, {holes} hole(s), wall {wall:.1f}s, goodput "
          f"{done / wall * 60:.1f} trials/min, limit {rpm} requests per {window:g}s"
          + (f", holes by cause {causes}" if causes else ""), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=8)
    parser.add_argument("--rpm", type=int, default=6)
    parser.add_argument("--window", type=float, default=10.0)
    args = parser.parse_args()
    ensure_ray(None)
    with tempfile.TemporaryDirectory() as tmp:
        for governor in (True, False):
            measure(governor, args.trials, args.rpm, args.window, Path(tmp))


if __name__ == "__main__":
    main()

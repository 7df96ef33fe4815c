"""The model table's good-enough answer by simulation, through the shipped decision code
(runner.analysis.report.build_report over real plans, runner.analysis.models.build_model_table):
how often a cheaper model is called good enough / not good enough against a bigger one when
their with-skill pass rates are truly equal, exactly the margin apart, or further apart.

Each run: every case has its own difficulty (a with-skill pass probability per model, the
models' gap held fixed, drawn around the stated rate), repetitions are independent draws of it.
Printed per truth and design: the share of runs whose answer for the cheaper model is
good enough (point), good enough and firm, not good enough and firm. At the margin's boundary
"good enough, firm" is the test's type I error and should stay at or below alpha; with a true
gap of 0 "not good enough, firm" is the other error.

usage: .venv/bin/python bench/models.py [--runs 200] [--seed 7] [--margin 0.1]
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from runner.analysis.models import build_model_table  # noqa: E402
from runner.analysis.report import build_report  # noqa: E402
from runner.planning.plan import make_plan  # noqa: E402
from runner.schema.enums import Arm, TrialStatus  # noqa: E402
from runner.schema.models import Standing  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402
from runner.schema.plan import Plan  # noqa: E402
from runner.schema.trial import TrialResult  # noqa: E402
from tests.helpers import word_skill  # noqa: E402

BIG, SMALL = "claude-opus-4-5", "claude-haiku-4-5"
ALPHA = 0.05


def _results(plan: Plan, chance: dict[str, float], rng: random.Random) -> list[TrialResult]:
    return [TrialResult(trial_id=t.trial_id, case_id=t.case.id, repetition=t.repetition,
                        arm=t.arm, status=TrialStatus.COMPLETED,
                        passed=rng.random() < (chance[t.case.id] if t.arm is Arm.CANDIDATE
                                               else 0.3))
            for t in plan.trials]


def _clip(p: float) -> float:
    return min(1.0, max(0.0, p))


def simulate(cases: int, k: int, rate: float, gap: float, margin: float, runs: int,
             rng: random.Random) -> tuple[float, float, float, float]:
    with tempfile.TemporaryDirectory() as tmp:
        skill = word_skill(Path(tmp) / "words", cases)
        plans = {m: make_plan(RunOptions(skill_path=skill, k=k, model=m, store_uri="memory://",
                                         arms=(Arm.BASELINE, Arm.CANDIDATE)))
                 for m in (BIG, SMALL)}
    point = firm_good = firm_bad = 0
    ids = [f"c{n}" for n in range(cases)]
    for _ in range(runs):
        # case difficulty: the bigger model's chance spread around `rate`, the gap kept
        big = {c: _clip(rng.gauss(rate, 0.1)) for c in ids}
        small = {c: _clip(big[c] - gap) for c in ids}
        made = {BIG: _results(plans[BIG], big, rng), SMALL: _results(plans[SMALL], small, rng)}
        reports = [build_report(plans[m], made[m]) for m in (BIG, SMALL)]
        table = build_model_table(reports, made, margin, ALPHA)
        row = next(r for r in table.models if r.model == SMALL)
        good = row.standing in (Standing.BEST, Standing.GOOD_ENOUGH)
        point += good
        firm_good += good and row.firm
        firm_bad += (not good) and row.firm
    return point / runs, firm_good / runs, firm_bad / runs, gap


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--margin", type=float, default=0.1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"margin {args.margin}, alpha {ALPHA}, {args.runs} simulated runs per line; "
          "with-skill pass rate of the bigger model ~0.8 per case (sd 0.1)")
    print(f"{'true gap':>8} {'cases':>5} {'k':>2} {'good enough':>12} {'firm good':>10} "
          f"{'firm not good':>14}")
    for gap in (0.0, args.margin, 2 * args.margin):
        for cases, k in ((10, 1), (30, 1), (15, 2)):
            point, good, bad, _ = simulate(cases, k, 0.8, gap, args.margin, args.runs, rng)
            print(f"{gap:>8.2f} {cases:>5} {k:>2} {point:>12.3f} {good:>10.3f} {bad:>14.3f}")


if __name__ == "__main__":
    main()

"""How often firm verdicts are noise, and how often a real lift is caught: simulated with the
report's own decision code (runner.analysis.rows.compare on Row objects).

A/A: both arms are the same skill. Each case draws its difficulty p from a distribution (the
A/A model's uniform, and others that break its Beta(a, a) assumption: polarized, near-coin,
skewed easy or hard, half the cases solved by both); each repetition of each arm passes with
p. Prints, per design, the share of runs that read PASS or FAIL, and the share whose verdict
was firm (must stay <= alpha in every row).

Power: the planner's suggested sizes for --detect (runner.analysis.planner) for a true lift,
simulated under the power model (a share `lift` of the cases always won, the rest A/A at
uniform difficulty) and under a row-level alternative (every case: the candidate passes with
p + lift*(1-p)... scaled to the same expected net lift), printing the firm PASS rate.

usage: .venv/bin/python bench/confidence.py [--runs 4000] [--seed 7] [--alpha ALPHA (runner.config)]
                                            [--lift 0.5]
"""

from __future__ import annotations

import argparse
import random
import sys
from collections.abc import Callable
from math import comb
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner import config  # noqa: E402
from runner.analysis.confidence import aa_rate, is_firm  # noqa: E402
from runner.analysis.planner import plan_detect  # noqa: E402
from runner.analysis.rows import compare  # noqa: E402
from runner.analysis.stats import verdict  # noqa: E402
from runner.schema.enums import Arm, Outcome, Verdict  # noqa: E402
from runner.schema.report import Row  # noqa: E402

Difficulty = Callable[[random.Random], float]

DIFFICULTIES: dict[str, Difficulty] = {
    "uniform (the model)": lambda r: r.random(),
    "polarized Beta(.3,.3)": lambda r: r.betavariate(0.3, 0.3),
    "near coin Beta(8,8)": lambda r: r.betavariate(8, 8),
    "coin p=1/2": lambda r: 0.5,
    "easy Beta(3,1)": lambda r: r.betavariate(3, 1),
    "hard Beta(1,3)": lambda r: r.betavariate(1, 3),
    "half solved, half coin": lambda r: 1.0 if r.random() < 0.5 else 0.5,
}
DESIGNS = ((3, 1), (5, 1), (5, 3), (10, 3), (20, 3))


def row(case: int, rep: int, cand: bool, opp: bool) -> Row:
    outcome = Outcome.TIE if cand == opp else Outcome.WIN if cand else Outcome.LOSS
    return Row(case=f"c{case}", repetition=rep, opponent=Arm.BASELINE, outcome=outcome,
               candidate_passed=cand, opponent_passed=opp, reason="simulated")


def aa_run(rng: random.Random, cases: int, k: int, difficulty: Difficulty) -> list[Row]:
    rows = []
    for c in range(cases):
        p = difficulty(rng)
        rows += [row(c, rep, rng.random() < p, rng.random() < p) for rep in range(k)]
    return rows


def lift_run(rng: random.Random, cases: int, k: int, lift: float, mode: str) -> list[Row]:
    rows = []
    for c in range(cases):
        p = rng.random()
        if mode == "case-level" and rng.random() < lift:
            rows += [row(c, rep, True, False) for rep in range(k)]
            continue
        # row-level: the candidate passes with p + h(1-p); expected lift h/2 under uniform p
        h = 2 * lift if mode == "row-level" else 0.0
        rows += [row(c, rep, rng.random() < p + h * (1 - p), rng.random() < p)
                 for rep in range(k)]
    return rows


def coin_firm_rate(cases: int, k: int, alpha: float) -> float:
    """The A/A firm-verdict rate when every case is a coin (p = 1/2: rows independent, a win
    and a loss 1/4 each, the most discordant identical arms can be), by enumeration of every
    (W, L, T) through the report's own aa_rate and firmness."""
    rows, total = cases * k, 0.0
    for w in range(rows + 1):
        for lo in range(rows + 1 - w):
            t = rows - w - lo
            # one row per case at k = 1; above it the rows are spread (w, lo, t) over cases
            rate = aa_rate(_spread(cases, k, w, lo, t))
            if verdict(w, lo, t) in (Verdict.PASS, Verdict.FAIL) and is_firm(rate, alpha):
                total += comb(rows, w) * comb(rows - w, lo) * 0.25 ** (w + lo) * 0.5 ** t
    return total


def _spread(cases: int, k: int, w: int, lo: int, t: int) -> list[tuple[int, int, int]]:
    """(W, L, T) dealt to cases in turn: a fixed deal for the coin enumeration (the flip
    test reads per-case tallies; at k = 1 this is exact, above it one of many deals)."""
    per = [[0, 0, 0] for _ in range(cases)]
    for i, kind in enumerate([0] * w + [1] * lo + [2] * t):
        per[i % cases][kind] += 1
    return [(a, b, c) for a, b, c in per]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=4000)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--alpha", type=float, default=config.ALPHA)
    ap.add_argument("--lift", type=float, default=0.5)
    args = ap.parse_args()

    print(f"A/A runs ({args.runs} per cell, seed {args.seed}, alpha {args.alpha}): "
          "share reading PASS or FAIL / share of firm verdicts")
    header = "difficulty".ljust(26) + "".join(f"{n}x{k}".rjust(16) for n, k in DESIGNS)
    print(header)
    worst = 0.0
    for name, difficulty in DIFFICULTIES.items():
        rng = random.Random(args.seed)
        cells = []
        for n, k in DESIGNS:
            verdicts = firm = 0
            for _ in range(args.runs):
                comp = compare(aa_run(rng, n, k, difficulty), Arm.BASELINE, args.alpha)
                verdicts += comp.verdict in (Verdict.PASS, Verdict.FAIL)
                firm += comp.firm
            worst = max(worst, firm / args.runs)
            cells.append(f"{verdicts / args.runs:6.1%} / {firm / args.runs:5.1%}")
        print(name.ljust(26) + "".join(c.rjust(16) for c in cells))
    exact = [coin_firm_rate(n, k, args.alpha) for n, k in DESIGNS]
    print("coin p=1/2, exact".ljust(26) + "".join(f"{'':>8}{e:8.2%}" for e in exact))
    se = (worst * (1 - worst) / args.runs) ** 0.5
    print(f"worst simulated A/A firm-verdict rate: {worst:.1%} (± {se:.1%} sampling error); "
          f"worst exact (the coin, the most discordant identical arms): {max(exact):.2%}; "
          f"alpha {args.alpha}")

    for cases in (3, 5, 10):
        plan = plan_detect(cases, 1, args.lift, alpha=args.alpha)
        for option in plan.options:
            if option.cases is None or option.k is None:
                print(f"  {cases} case(s): {option.label}: not reachable")
                continue
            rates = []
            for mode in ("case-level", "row-level"):
                rng = random.Random(args.seed)
                firm_pass = 0
                for _ in range(args.runs // 4):
                    comp = compare(lift_run(rng, option.cases, option.k, args.lift, mode),
                                   Arm.BASELINE, args.alpha)
                    firm_pass += comp.firm and comp.verdict is Verdict.PASS
                rates.append(f"{mode} {firm_pass / (args.runs // 4):.1%}")
            print(f"power of a true lift {args.lift:+.2f}, skill with {cases} case(s), "
                  f"{option.label} {option.cases}x{option.k} (model "
                  f"{option.power:.1%}): firm PASS " + ", ".join(rates))


if __name__ == "__main__":
    main()

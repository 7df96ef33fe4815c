"""Adaptive k against fixed k, simulated with the real decision code
(runner.analysis.adaptive.plan_reps, runner.analysis.rows.compare).

Each simulated run draws one universe: per case a difficulty p (uniform) and, for a true
effect, the candidate's edge; then every repetition's pair of outcomes up to max_k. The fixed
run reads all max_k repetitions; the adaptive run reads the prefix `plan_reps` releases. Both
see the same draws, so any disagreement is the stopping rule's. Effect models:
  case-level  a share `lift` of the cases the candidate always wins (the planner's model)
  row-level   the candidate passes with p + 2*lift*(1-p) (capped at 1): expected lift `lift`
              (for lift <= 0.5), spread over every case
Prints, per effect: verdict agreement with fixed k, firm agreement, the A/A firm-verdict rate
of each (lift 0), and the median and mean saving in sessions.

usage: .venv/bin/python bench/adaptive.py [--runs 1000] [--cases 5] [--min-k 3] [--max-k 5]
                                          [--seed 11] [--alpha 0.05]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.analysis.adaptive import plan_reps  # noqa: E402
from runner.analysis.rows import compare  # noqa: E402
from runner.schema.enums import Arm, Outcome  # noqa: E402
from runner.schema.report import Row  # noqa: E402

LIFTS = (0.0, 0.2, 0.35, 0.5, 0.7)


def universe(rng: random.Random, cases: int, max_k: int, lift: float,
             mode: str) -> dict[tuple[str, int], Row]:
    rows = {}
    for c in range(cases):
        p = rng.random()
        sure = mode == "case-level" and rng.random() < lift
        cand_p = 1.0 if sure else min(1.0, p + (2 * lift * (1 - p) if mode == "row-level"
                                               else 0.0))
        opp_p = 0.0 if sure else p
        for rep in range(max_k):
            a, b = rng.random() < cand_p, rng.random() < opp_p
            outcome = Outcome.TIE if a == b else Outcome.WIN if a else Outcome.LOSS
            rows[(f"c{c}", rep)] = Row(case=f"c{c}", repetition=rep, opponent=Arm.BASELINE,
                                       outcome=outcome, candidate_passed=a, opponent_passed=b,
                                       reason="simulated")
    return rows


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=1000)
    ap.add_argument("--cases", type=int, default=5)
    ap.add_argument("--min-k", type=int, default=3)
    ap.add_argument("--max-k", type=int, default=5)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--alpha", type=float, default=0.05)
    args = ap.parse_args()
    cases = [f"c{c}" for c in range(args.cases)]
    print(f"adaptive k ({args.min_k}..{args.max_k}) vs fixed k={args.max_k}, {args.cases} "
          f"cases, {args.runs} runs per row, seed {args.seed}, alpha {args.alpha}")
    print(f"{'model':11} {'lift':>5} {'verdict agrees':>15} {'firm agrees':>12} "
          f"{'firm fixed':>11} {'firm adaptive':>14} {'median saving':>14} "
          f"{'mean saving':>12}")
    worst_agree, aa_firm, agreed, total = 1.0, 0.0, 0, 0
    savings_all: list[float] = []
    for mode in ("case-level", "row-level"):
        for lift in LIFTS:
            if mode == "row-level" and lift > 0.5:
                continue
            rng = random.Random(args.seed)
            agree = firm_agree = firm_fixed = firm_adaptive = 0
            savings = []
            for _ in range(args.runs):
                rows = universe(rng, args.cases, args.max_k, lift, mode)
                fixed = compare(list(rows.values()), Arm.BASELINE, args.alpha)
                reps = plan_reps(cases, args.min_k, args.max_k, args.alpha,
                                 lambda c, r, rows=rows: [rows[(c, r)]])  # type: ignore[misc]
                used = [rows[(c, r)] for c in cases for r in range(reps[c])]
                adaptive = compare(used, Arm.BASELINE, args.alpha, case_weighted=True)
                agree += adaptive.verdict is fixed.verdict
                firm_agree += adaptive.firm == fixed.firm and adaptive.verdict is fixed.verdict
                firm_fixed += fixed.firm
                firm_adaptive += adaptive.firm
                savings.append(1 - len(used) / (args.cases * args.max_k))
            savings_all += savings
            agreed, total = agreed + agree, total + args.runs
            worst_agree = min(worst_agree, agree / args.runs)
            if lift == 0:
                aa_firm = max(aa_firm, firm_adaptive / args.runs)
            print(f"{mode:11} {lift:+5.2f} {agree / args.runs:15.1%} "
                  f"{firm_agree / args.runs:12.1%} {firm_fixed / args.runs:11.1%} "
                  f"{firm_adaptive / args.runs:14.1%} {statistics.median(savings):14.0%} "
                  f"{statistics.fmean(savings):12.0%}")
    print(f"verdict agreement over every run {agreed / total:.1%}, worst effect "
          f"{worst_agree:.1%}; A/A firm-verdict rate with adaptive k "
          f"{aa_firm:.1%} (alpha {args.alpha}); median saving over every run "
          f"{statistics.median(savings_all):.0%} of the sessions of fixed k={args.max_k}")


if __name__ == "__main__":
    main()

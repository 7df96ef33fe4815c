"""The decisions you gate on, measured by seeded simulation through the shipped decision code:
runner.analysis.rows.compare + adjust_family (firm, aa_rate, Holm), runner.analysis.gate.decide
(--gate), runner.analysis.compare.paired_figures (`compare`), runner.analysis.adaptive
(sequential --k auto). Prints tables; every A/A cell must be <= alpha.

  aa       A/A firm rate per design, uniform and bimodal difficulty, checks only / a judge
           breaking ties at random / one that always picks / clustered repetitions / with an
           incumbent (family-wise: either comparison firm)
  power    firm PASS rate at a true lift of +0.5 and +0.7 (a share `lift` of cases always won)
  gate     --gate on an unchanged skill: false blocks (exit 1) and inconclusive (exit 5)
  compare  `compare` of two runs of an unchanged skill (false REGRESSION) and of a 20-point drop
  seq      sequential --k auto against the fixed design

usage: python bench/decisions.py [--runs 1000] [--seed 7] [--only aa,power,gate,compare,seq]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.analysis import compare as regress  # noqa: E402
from runner.analysis.adaptive import look_state, schedule  # noqa: E402
from runner.analysis.gate import Answer, decide  # noqa: E402
from runner.analysis.rows import adjust_family, compare  # noqa: E402
from runner.schema.enums import Arm, Outcome, TrialStatus, Verdict  # noqa: E402
from runner.schema.report import ArmCost, Comparison, Report, Row, TrialLine  # noqa: E402

ALPHA = 0.05
DESIGNS = ((3, 1), (5, 1), (5, 3), (10, 3), (18, 1), (10, 2), (20, 3), (50, 5))
DIFFICULTY: dict[str, Callable[[random.Random], float]] = {
    "uniform": lambda r: r.random(), "bimodal": lambda r: r.betavariate(0.3, 0.3)}
FIRM = (Verdict.PASS, Verdict.FAIL)


def outcome(cand: bool, opp: bool, judge: str, rng: random.Random) -> Outcome:
    if cand != opp:
        return Outcome.WIN if cand else Outcome.LOSS
    if judge == "random" and rng.random() < 0.5:  # breaks half the ties, a coin each
        return Outcome.WIN if rng.random() < 0.5 else Outcome.LOSS
    if judge == "always":  # decides every tie (a coin: the arms are the same skill)
        return Outcome.WIN if rng.random() < 0.5 else Outcome.LOSS
    return Outcome.TIE


def row(case: int, rep: int, opp: Arm, result: Outcome) -> Row:
    return Row.model_construct(case=f"c{case}", repetition=rep, opponent=opp, outcome=result,
                               holed=[], candidate_passed=None, opponent_passed=None,
                               reason="sim", judge=[])


def simulate(rng: random.Random, cases: int, k: int, diff: Callable[[random.Random], float],
             judge: str = "none", clustered: bool = False, arms: int = 2,
             lift: float = 0.0) -> list[Row]:
    """Rows of one run. `clustered`: each arm's repetitions of a case share an extra draw
    (its own success probability around the case's), beyond the case's difficulty. `lift`:
    a share of cases the candidate always wins (the power model)."""
    opponents = [Arm.BASELINE, Arm.INCUMBENT][:arms - 1]
    rows: list[Row] = []
    for c in range(cases):
        p = diff(rng)
        sure = rng.random() < lift
        probs = {arm: (min(1.0, max(0.0, p + rng.gauss(0, 0.3))) if clustered else p)
                 for arm in (Arm.CANDIDATE, *opponents)}
        for rep in range(k):
            cand = sure or rng.random() < probs[Arm.CANDIDATE]
            for opp in opponents:
                other = (not sure) and rng.random() < probs[opp]
                rows.append(row(c, rep, opp, outcome(cand, other, judge, rng)))
    return rows


def comparisons(rows: list[Row], arms: int = 2, alpha: float = ALPHA) -> list[Comparison]:
    opponents = [Arm.BASELINE, Arm.INCUMBENT][:arms - 1]
    return adjust_family([compare(rows, o, alpha, family=len(opponents)) for o in opponents])


def aa_table(runs: int, seed: int) -> None:
    print(f"\nA/A firm rate (alpha {ALPHA}, {runs} runs a cell; family-wise with an incumbent)")
    cols = (("checks", "none", False, 2), ("judge random", "random", False, 2),
            ("judge always", "always", False, 2), ("clustered", "none", True, 2),
            ("clust+judge", "always", True, 2), ("incumbent", "always", False, 3))
    print(f"{'design':>8} {'difficulty':>9} " + " ".join(f"{c[0]:>13}" for c in cols))
    worst = 0.0
    for cases, k in DESIGNS:
        for name, diff in DIFFICULTY.items():
            cells = []
            for i, (_, judge, clustered, arms) in enumerate(cols):
                rng = random.Random(seed * 1000 + cases * 10 + k + i)
                hits = sum(any(c.firm for c in comparisons(
                    simulate(rng, cases, k, diff, judge, clustered, arms), arms))
                    for _ in range(runs))
                worst = max(worst, hits / runs)
                cells.append(f"{hits / runs:>13.2%}")
            print(f"{cases:>4}x{k:<3} {name:>9} " + " ".join(cells))
    print(f"worst cell: {worst:.2%} (target <= {ALPHA:.0%})")


def power_table(runs: int, seed: int) -> None:
    print(f"\npower: firm PASS rate ({runs} runs a cell; uniform difficulty, checks only)")
    print(f"{'design':>8} {'+0.5':>8} {'+0.7':>8}")
    for cases, k in DESIGNS:
        cells = []
        for lift in (0.5, 0.7):
            rng = random.Random(seed + cases * 10 + k)
            hits = sum(comparisons(simulate(rng, cases, k, DIFFICULTY["uniform"], lift=lift)
                                   )[0].firm for _ in range(runs))
            cells.append(f"{hits / runs:>8.1%}")
        print(f"{cases:>4}x{k:<3} " + " ".join(cells))


def report_of(comps: list[Comparison]) -> Report:
    return Report.model_construct(skill="bench", comparisons=comps)


def gate_table(runs: int, seed: int) -> None:
    print(f"\n--gate on an unchanged skill ({runs} runs a cell; uniform, judge always picks)")
    print(f"{'design':>8} {'arms':>5} {'exit 1 (false block)':>21} {'exit 5 (inconclusive)':>22}"
          f" {'old gate blocked':>17}")
    for cases, k in DESIGNS:
        for arms in (2, 3):
            rng = random.Random(seed + cases * 10 + k + arms)
            codes = dict.fromkeys(Answer, 0)
            old = 0
            for _ in range(runs):
                comps = comparisons(simulate(rng, cases, k, DIFFICULTY["uniform"], "always",
                                             arms=arms), arms)
                codes[decide([report_of(comps)]).answer] += 1
                old += any(c.verdict is Verdict.FAIL for c in comps)
            print(f"{cases:>4}x{k:<3} {arms:>5} {codes[Answer.FAIL] / runs:>21.2%} "
                  f"{codes[Answer.INCONCLUSIVE] / runs:>22.1%} {old / runs:>17.1%}")


def paired_report(run: str, outcomes: dict[int, list[bool]]) -> Report:
    lines = [TrialLine.model_construct(trial_id=f"{run}-{c}-{r}", case=f"c{c}", repetition=r,
                                       arm=Arm.CANDIDATE, status=TrialStatus.COMPLETED,
                                       passed=v, process_followed=None)
             for c, vs in outcomes.items() for r, v in enumerate(vs)]
    passed = [v for vs in outcomes.values() for v in vs]
    arm = ArmCost.model_construct(pass_rate=sum(passed) / len(passed), process=None,
                                  trials=len(passed), input_tokens=None, output_tokens=None,
                                  cost_usd=None)
    return Report.model_construct(arms={"candidate": arm}, trials=lines)


def draw(rng: random.Random, ps: list[float], k: int, shift: float) -> dict[int, list[bool]]:
    return {c: [rng.random() < p - shift for _ in range(k)] for c, p in enumerate(ps)}


def compare_table(runs: int, seed: int) -> None:
    print(f"\n`compare` task success ({runs} pairs a cell; difficulty U(0.2, 1), "
          f"{regress.REDRAWS} redraws)")
    print(f"{'design':>8} {'false REGRESSION (unchanged)':>29} {'caught (20-point drop)':>23} "
          f"{'old 5-point line false':>23}")
    for cases, k in ((3, 1), (5, 3), (10, 3), (20, 3), (50, 5)):
        rng = random.Random(seed + cases * 10 + k)
        false = caught = old = 0
        for _ in range(runs):
            ps = [0.2 + 0.8 * rng.random() for _ in range(cases)]
            before, same, dropped = (draw(rng, ps, k, shift) for shift in (0, 0, 0.2))
            a = paired_report("a", before)
            same_fig = regress.paired_figures(a, paired_report("b", same), False)[0]
            drop_fig = regress.paired_figures(a, paired_report("c", dropped), False)[0]
            false += same_fig.fails
            caught += drop_fig.fails
            old += same_fig.change is not None and same_fig.change < -0.05
        print(f"{cases:>4}x{k:<3} {false / runs:>29.1%} {caught / runs:>23.1%} "
              f"{old / runs:>23.1%}")


def seq_table(runs: int, seed: int) -> None:
    print(f"\nsequential --k auto against the fixed design ({runs} runs a cell; uniform, "
          "checks only; sessions counted per arm pair)")
    print(f"{'design':>12} {'lift':>5} {'seq firm':>9} {'fixed firm':>11} {'agree':>6} "
          f"{'median':>7} {'worst':>6} {'fixed':>6} {'sess/firm seq':>14} {'fixed':>7}")
    worst_agree = 1.0
    for cases, lo, hi in ((8, 1, 4), (20, 1, 3), (30, 1, 3)):
        looks = schedule(cases, lo, hi, ALPHA)
        order = [f"c{i}" for i in range(cases)]
        for lift in (0.0, 1 / 3, 0.5, 0.7, 1.0):
            rng = random.Random(seed + cases * 100 + int(lift * 10))
            seq_firm = fix_firm = agree = 0
            used: list[int] = []
            for _ in range(runs):
                rows = simulate(rng, cases, hi, DIFFICULTY["uniform"], lift=lift)
                fixed = comparisons(rows)[0]
                for j, look in enumerate(looks):
                    stage = [r for r in rows if int(r.case[1:]) < look.cases
                             and r.repetition < look.k]
                    if look_state(stage, order, j, looks) is not None:
                        break
                seq = comparisons(stage, alpha=look.alpha)[0]
                used.append(look.cases * look.k)
                seq_firm += seq.firm
                fix_firm += fixed.firm
                agree += (seq.firm, seq.verdict) == (fixed.firm, fixed.verdict) or (
                    not seq.firm and not fixed.firm)
            worst_agree = min(worst_agree, agree / runs)
            per_seq = sum(used) / seq_firm if seq_firm else float("nan")
            per_fix = runs * cases * hi / fix_firm if fix_firm else float("nan")
            print(f"{cases:>4} {lo}..{hi:<5} {lift:>5.2f} {seq_firm / runs:>9.1%} "
                  f"{fix_firm / runs:>11.1%} {agree / runs:>6.0%} "
                  f"{statistics.median(used):>7.0f} {max(used):>6} {cases * hi:>6} "
                  f"{per_seq:>14.1f} {per_fix:>7.1f}")
    print(f"worst agreement cell: {worst_agree:.0%} (agree: both firm with the same verdict, "
          "or both not firm)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--redraws", type=int, default=500)
    parser.add_argument("--only", default="aa,power,gate,compare,seq")
    args = parser.parse_args()
    regress.REDRAWS = args.redraws
    tables = {"aa": aa_table, "power": power_table, "gate": gate_table,
              "compare": lambda r, s: compare_table(max(100, r // 5), s), "seq": seq_table}
    for name in args.only.split(","):
        started = time.monotonic()
        tables[name](args.runs, args.seed)
        print(f"({name}: {time.monotonic() - started:.0f} s)")


if __name__ == "__main__":
    main()

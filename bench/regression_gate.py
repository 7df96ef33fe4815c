"""How often the regression gate's trigger rule fires, measured with its real decision code
(runner.analysis.compare.trigger_block): pairs of trigger runs drawn from known fire
probabilities, the "before" and "after" each measured with --runs sessions per query.

  unchanged    the same probabilities twice: every gate failure is a false alarm
  recall drop  should-trigger queries fall from --high to --low: a failure is a catch

Also prints what the fixed 5-point line (one run per query, "noise not measured") does on the
same pairs, for contrast.

usage: .venv/bin/python bench/regression_gate.py [--pairs 200] [--queries 8] [--runs 3]
                                                 [--high 0.9] [--low 0.4] [--redraws 2000]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.analysis import compare as decide  # noqa: E402
from runner.schema.enums import ReceiptKind  # noqa: E402
from runner.schema.receipt import Digests, Receipt  # noqa: E402
from runner.schema.triggers import (  # noqa: E402
    Confusion,
    QueryResult,
    TriggerQuery,
    TriggerReport,
)


def measured(probabilities: list[tuple[bool, float]], runs: int, rng: random.Random) -> Receipt:
    results = [QueryResult(query=TriggerQuery(id=f"q{i}", prompt=f"q{i}", should_trigger=s,
                                              source="bench"),
                           runs=runs, fired=sum(rng.random() < p for _ in range(runs)))
               for i, (s, p) in enumerate(probabilities)]
    should = [q for q in results if q.query.should_trigger]
    quiet = [q for q in results if not q.query.should_trigger]
    overall = Confusion(fired_when_should=sum(q.fired for q in should),
                        missed=sum(q.runs - q.fired for q in should),
                        barged_in=sum(q.fired for q in quiet),
                        quiet_when_should_not=sum(q.runs - q.fired for q in quiet))
    report = TriggerReport(skill="bench", mode="session", runs_per_query=runs, files=[],
                           queries=results, overall=overall, train=overall,
                           validation=Confusion(), runs_made=runs * len(results), cost_usd=None)
    return Receipt(kind=ReceiptKind.TRIGGER, run_id="t-bench", skill="bench",
                   skill_digest="0" * 64, model="bench", k=runs, dry_run=False,
                   finished_at=None, digests=Digests(), trigger=report)


def rate(before: list[tuple[bool, float]], after: list[tuple[bool, float]], runs: int,
         pairs: int, rng: random.Random) -> float:
    fired = sum(decide.trigger_block("bench", measured(before, runs, rng),
                                     measured(after, runs, rng), False).regression
                for _ in range(pairs))
    return fired / pairs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=200)
    parser.add_argument("--queries", type=int, default=8, help="per side (should / should not)")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--high", type=float, default=0.9)
    parser.add_argument("--low", type=float, default=0.4)
    parser.add_argument("--redraws", type=int, default=decide.REDRAWS)
    args = parser.parse_args()
    decide.REDRAWS = args.redraws
    rng = random.Random(11)
    quiet = [(False, 0.1)] * args.queries
    steady = [(True, args.high)] * args.queries + quiet
    dropped = [(True, args.low)] * args.queries + quiet
    print(f"{args.pairs} pairs, {args.queries}+{args.queries} queries, {args.redraws} redraws, "
          f"confidence {decide.CONFIDENCE:.0%}")
    for runs in sorted({args.runs, 1}, reverse=True):
        started = time.monotonic()
        alarms = rate(steady, steady, runs, args.pairs, rng)
        caught = rate(steady, dropped, runs, args.pairs, rng)
        rule = "bootstrap" if runs > 1 else "fixed 5-point line (noise not measured)"
        print(f"runs/query {runs} ({rule}): false alarms {alarms:.1%} (unchanged), "
              f"caught {caught:.1%} (recall {args.high:.2f} -> {args.low:.2f}); "
              f"{(time.monotonic() - started) / (2 * args.pairs) * 1000:.0f} ms per comparison")


if __name__ == "__main__":
    main()

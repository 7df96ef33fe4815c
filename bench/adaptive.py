"""Sequential `--k auto` against the fixed design, through the shipped decision code
(runner.analysis.adaptive.look_state / schedule, runner.analysis.rows.compare): A/A error,
agreement with the fixed design per effect size (worst cell), median and worst sessions, and
sessions per firm verdict. The table is bench/decisions.py's `seq` table.

usage: .venv/bin/python bench/adaptive.py [--runs 1000] [--seed 7]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from decisions import seq_table  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    seq_table(args.runs, args.seed)


if __name__ == "__main__":
    main()

"""The fault schedule survived: one eval on a 2-node local Ray cluster with the S3-compatible
server, run once without faults and once through the schedule (tests/chaos.py: a container
killed mid-session, S3 unresponsive for 30 s, the worker node's Ray stopped and brought back,
the scratch disk full, the driver SIGKILLed while batch grading is pending, then resumed).

Prints, for the faulty run: each fault with what shows it happened; trials lost, doubled and
unbilled (each should be 0); sessions retried, each retried trial and why; containers and
mounts left; and the wall time of both runs.

usage: .venv/bin/python bench/chaos.py [--cases 3] [--k 2] [--skip-clean]
"""

from __future__ import annotations

import argparse
import shutil
import signal
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.chaos import Outcome, Schedule, scratch_root  # noqa: E402


def once(cases: int, k: int, faults: bool) -> Outcome:
    root = scratch_root()
    outcome = Schedule(root, cases, k, faults, say=lambda line: print(line, flush=True)).run()
    shutil.rmtree(root, ignore_errors=True)  # kept when the schedule failed: its drivers' logs
    return outcome


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=3)
    parser.add_argument("--k", type=int, default=2)
    parser.add_argument("--skip-clean", action="store_true",
                        help="no fault-free run to compare the wall time with")
    args = parser.parse_args()
    # SIGTERM ends the schedule through its cleanup (its cluster, S3 server, mount, driver)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    clean = None if args.skip_clean else once(args.cases, args.k, faults=False)
    if clean is not None:
        print(f"fault-free: exit {clean.exit_codes}, {len(clean.reported)} trials, "
              f"wall {clean.wall_s:.0f} s", flush=True)
    chaos = once(args.cases, args.k, faults=True)
    print(f"faults: {', '.join(f.name for f in chaos.faults)}")
    print(f"exit codes: {chaos.exit_codes} (the killed driver's, then the resume's)")
    print(f"trials planned {len(chaos.planned)}, reported {len(chaos.reported)}, "
          f"DONE {len(chaos.done)}")
    print(f"trials lost: {chaos.lost}")
    print(f"trials doubled: {chaos.doubled}")
    print(f"sessions unbilled: {chaos.unbilled} (endpoint answered {chaos.served} agent "
          f"requests, the trials billed {chaos.billed}, {chaos.unanswered} sent by killed "
          "attempts and never answered to them)")
    print(f"attempts: {len(chaos.attempts)}, their usage.json metered "
          f"{sum(n or 0 for n in chaos.attempts.values())} request(s); never metered: "
          f"{sorted(a[:12] + a[32:] for a, n in chaos.attempts.items() if n is None)}")
    print(f"sessions retried: {chaos.sessions_retried}")
    for trial, why in chaos.retried.items():
        print(f"  {trial[:12]}: {'; '.join(why) or '(no reason in the report)'}")
    print(f"containers left: {len(chaos.containers_left)}; mounts left: "
          f"{len(chaos.mounts_left)}")
    wall = f"wall time: {chaos.wall_s:.0f} s with faults"
    if clean is not None:
        wall += f" vs {clean.wall_s:.0f} s fault-free (x{chaos.wall_s / clean.wall_s:.2f})"
    print(wall)


if __name__ == "__main__":
    main()

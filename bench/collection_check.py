"""How long `skill-eval check` takes on one skill, in a fresh process each run (as a user runs
it): for a skill inside a large vendored collection (thousands of SKILL.md under one git
repository), `check` reads every sibling's declared name to tell which skill a shared set
names, so its time grows with the collection. Point it at such a skill (a public sample's,
kept out of this repository):

    .venv/bin/python bench/collection_check.py SKILL_DIR [RUNS]

Prints how many SKILL.md the skill's repository holds, then min/median/max seconds of RUNS
runs (default 3); `check`'s exit code does not matter here (a refused set is timed too).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from pathlib import Path


def repository(skill: Path) -> Path:
    """The folder holding `.git` above the skill, else the skill's own folder."""
    return next((p for p in (skill, *skill.parents) if (p / ".git").exists()), skill)


def main(skill: Path, runs: int) -> None:
    cli = Path(sys.executable).with_name("skill-eval")
    root = repository(skill.resolve())
    skills = sum(1 for _ in root.rglob("SKILL.md"))
    times: list[float] = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(cli), "check", str(skill)], capture_output=True, check=False)
        times.append(time.perf_counter() - start)
    print(f"{skill}: {skills} SKILL.md under {root}; check, {runs} runs")
    print(f"seconds: min {min(times):.2f}  median {statistics.median(times):.2f}  "
          f"max {max(times):.2f}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    main(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 3)

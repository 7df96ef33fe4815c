"""Time to first refusal for each refusal before trials (issue 28.2), through the real CLI:
seconds from starting `skill-eval run` to its exit, the exit code, whether any trial started
(a trial's scratch or a container of the run) and whether anything was left in the store.

    no-claude       --sandbox local, SKILL_EVAL_CLAUDE unset and no claude on PATH
    untrusted-judge --sandbox local without --trust-target, a case with a judge program
    image-mismatch  --image carrying another claude build than images/CLAUDE_SDK_VERSION
                    (a one-layer image made from the sandbox image, removed afterwards)
    unwritable-store  --store /proc/skill-eval-store

With `--against TREE` the same commands also run with another checkout's code on the path
(e.g. /work/main: the behaviour before this change) for comparison.

usage: .venv/bin/python bench/refusals.py [--repeat 3] [--against /work/main]
                                          [--executor inprocess|ray]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "csv-summary"
SCRIPT = EXAMPLE / "model-script.yaml"
MISMATCH = "skill-eval-bench-mismatch:latest"
BASE_IMAGE = "skill-eval-sandbox:latest"


def judged_skill(root: Path) -> Path:
    skill = root / "judged"
    shutil.copytree(EXAMPLE, skill)
    (skill / "evals" / "check.py").write_text("import sys\nsys.exit(0)\n")
    caseset = json.loads((skill / "evals" / "evals.json").read_text())
    caseset["evals"][0]["judge"] = "evals/check.py"
    (skill / "evals" / "evals.json").write_text(json.dumps(caseset))
    return skill


def make_mismatched_image() -> None:
    subprocess.run(["docker", "build", "-q", "-t", MISMATCH, "--label",
                    "skill-eval.claude-sdk=0.0.0-bench", "-"], input=f"FROM {BASE_IMAGE}\n",
                   text=True, check=True, capture_output=True)


def cases(root: Path) -> dict[str, tuple[list[str], dict[str, str]]]:
    empty_path = root / "empty-path"
    empty_path.mkdir(exist_ok=True)
    no_claude = {"PATH": f"{empty_path}:{Path(sys.executable).parent}",
                 "SKILL_EVAL_CLAUDE": ""}
    return {
        "no-claude": (["--sandbox", "local"], no_claude),
        "untrusted-judge": (["--sandbox", "local", "--skill-override", "judged"], {}),
        "image-mismatch": (["--image", MISMATCH], {}),
        "unwritable-store": (["--store", "/proc/skill-eval-store"], {}),
    }


def run_once(tree: Path, skill: Path, store: Path, args: list[str],
             env: dict[str, str], executor: str) -> tuple[float, int, str]:
    if "--store" not in args:
        args = [*args, "--store", str(store)]
    environment = {**os.environ, "PYTHONPATH": str(tree), **env}
    if environment.get("SKILL_EVAL_CLAUDE") == "":
        environment.pop("SKILL_EVAL_CLAUDE")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "runner", "run", str(skill), "--model-script",
                           str(SCRIPT), "--fresh", "--executor", executor, *args],
                          cwd=tree, env=environment, text=True, capture_output=True,
                          timeout=900)
    seconds = time.monotonic() - started
    last = (done.stderr.strip().splitlines() or [""])[-1]
    return seconds, done.returncode, last


def stored_runs(store: Path) -> int:
    return len(list((store / "runs").iterdir())) if (store / "runs").is_dir() else 0


def measure(tree: Path, repeat: int, root: Path, executor: str) -> None:
    judged = judged_skill(root / f"skill-{tree.name}")
    for name, (args, env) in cases(root).items():
        skill = judged if "--skill-override" in args else EXAMPLE
        args = [a for a in args if a not in ("--skill-override", "judged")]
        times, codes, runs = [], set(), 0
        last = ""
        for n in range(repeat):
            store = root / f"store-{tree.name}-{name}-{n}"
            seconds, code, last = run_once(tree, skill, store, args, env, executor)
            times.append(seconds)
            codes.add(code)
            runs += stored_runs(store)
        print(f"{tree.name:>10}  {executor:<9}  {name:<17} "
              f"median {statistics.median(times):6.2f}s  "
              f"max {max(times):6.2f}s  exit {','.join(map(str, sorted(codes)))}  "
              f"runs stored {runs}  | {last[:110]}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--against", type=Path, default=None)
    parser.add_argument("--executor", choices=("inprocess", "ray"), default="inprocess")
    args = parser.parse_args()
    make_mismatched_image()
    try:
        with tempfile.TemporaryDirectory(prefix="bench-refusals-") as folder:
            root = Path(folder)
            for tree in [ROOT, *([args.against] if args.against else [])]:
                measure(tree.resolve(), args.repeat, root, args.executor)
    finally:
        subprocess.run(["docker", "rmi", "-f", MISMATCH], capture_output=True)


if __name__ == "__main__":
    main()

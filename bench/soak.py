"""A soak at users' scale: one run of many trials end to end, and how its after-run costs grow.

1. soak (default 2,000 trials: 10 cases x k=100 x 2 arms): the real CLI drives a local Ray
   cluster (`ray start --head`, tests/raycluster.py) with the instant scripted model
   (latency 0), every trial a real claude session in a real container. Printed: trials per
   minute, the driver's peak RSS, store objects written per trial, the report's and the
   viewer page's build time on that run, and the latency of `skill-eval runs` and of
   `skill-eval view` (the run page and one trial page, over HTTP) on that store.
2. growth (--growth): the report (runner.analysis.report.build_report) and the viewer page
   (runner.view.load + runner.render.html.run_page) over a stored run of N and 4N synthetic
   trials in a memory store, timed: a ratio near 4 is linear, near 16 quadratic.

usage: .venv/bin/python bench/soak.py [--trials 2000] [--cases 10] [--capacity 2]
                                       [--growth N] [--skip-soak] [--profile]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.analysis.fold import fold, spec_order  # noqa: E402
from runner.analysis.report import build_report, fold_report  # noqa: E402
from runner.planning.plan import make_plan  # noqa: E402
from runner.render.html import run_page  # noqa: E402
from runner.schema.enums import Arm, TrialStatus  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402
from runner.schema.trial import CheckResult, Score, TrialResult  # noqa: E402
from runner.store.base import Store  # noqa: E402
from runner.store.keys import RunKeys  # noqa: E402
from runner.store.memory import MemoryStore  # noqa: E402
from runner.view.load import load_run  # noqa: E402
from tests.helpers import free_port  # noqa: E402
from tests.raycluster import Cluster  # noqa: E402

WORD = "SOAKED"


def make_skill(folder: Path, cases: int) -> Path:
    """A skill whose every case passes with it (the scripted model loads it) and half of
    whose cases pass without it: a verdict to compute, rows of every outcome."""
    skill = folder / "soak"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: soak\ndescription: Answers soak questions with the soak word. Use when "
        "asked for the soak word.\n---\n\nAnswer with the soak word.\n")
    evals = [{"id": f"case-{n:02d}", "prompt": f"Soak question {n:02d}: say the soak word.",
              "assertions": [WORD]} for n in range(cases)]
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "soak",
                                                            "evals": evals}))
    return skill


def make_script(path: Path) -> Path:
    path.write_text(json.dumps({"latency_s": 0.0, "scenarios": [
        {"name": "with-skill", "when": {"skill": "soak"}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": "soak:soak"}}},
            {"text": f"The soak word is {WORD}."}]},
        {"name": "even", "when": {"prompt": "question [0-9][02468]"},
         "turns": [{"text": f"Maybe {WORD}."}]},
        {"name": "plain", "turns": [{"text": "I do not know the word."}]}]}))
    return path


def children_peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def timed(command: list[str],
          env: dict[str, str]) -> tuple[float, subprocess.CompletedProcess[str]]:
    t0 = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    return time.perf_counter() - t0, proc


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "runner", *args]


# --- growth: after-run costs at N and 4N trials ------------------------------------------

TRANSCRIPT = (ROOT / "tests" / "fixtures" / "transcript-candidate.jsonl").read_bytes()


def synthetic_run(skill: Path, trials: int, cases: int) -> tuple[Any, list[TrialResult], Store]:
    """A planned run of `trials` trials with a result, a transcript and an output file per
    trial, as the driver leaves them (memory store: the code's cost, not the disk's)."""
    plan = make_plan(RunOptions(skill_path=skill, k=max(1, trials // (2 * cases)),
                                arms=(Arm.BASELINE, Arm.CANDIDATE), store_uri="memory://"))
    store = MemoryStore()
    results = []
    for spec in plan.trials:
        passed = spec.arm is Arm.CANDIDATE or spec.repetition % 2 == 0
        result = TrialResult(
            trial_id=spec.trial_id, case_id=spec.case.id, repetition=spec.repetition,
            arm=spec.arm, status=TrialStatus.COMPLETED, passed=passed, turns=2, wall_s=3.0,
            scores={"checks": Score(scorer="checks", passed=passed, checks=[CheckResult(
                check=f"text: {WORD}", passed=passed, detail="" if passed else "absent")])})
        keys = RunKeys(plan.run_id).trial(spec.trial_id)
        store.put(keys.done, result.model_dump_json().encode())
        store.put(keys.attempt(1).transcript, TRANSCRIPT)
        store.put(keys.attempt(1).output("answer.md"), b"an answer\n" * 20)
        results.append(result)
    return plan, results, store


def growth(skill_root: Path, trials: int, cases: int) -> None:
    """N then 4N trials, grown once by k (cases fixed) and once by cases (k fixed)."""
    for label, shapes in (("4x k", ((cases, trials), (cases, 4 * trials))),
                          ("4x cases", ((cases, trials), (4 * cases, 4 * trials)))):
        timings = [_grow_once(skill_root / f"{label}-{n}", c, t)
                   for n, (c, t) in enumerate(shapes)]
        print(f"growth by {label}: report x{{:.1f}}, viewer load x{{:.1f}}, page x{{:.1f}} "
              "(4 = linear, 16 = quadratic)".format(
                  *(b / a if a > 0 else float("nan")
                    for a, b in zip(timings[0], timings[1], strict=True))), flush=True)


def _grow_once(folder: Path, cases: int, trials: int) -> tuple[float, float, float]:
    plan, results, store = synthetic_run(make_skill(folder, cases), trials, cases)
    t0 = time.perf_counter()
    report = build_report(plan, results)
    t_report = time.perf_counter() - t0
    store.put(RunKeys(plan.run_id).report_json, report.model_dump_json().encode())
    t0 = time.perf_counter()
    loaded, views, history = load_run(store, plan.run_id)
    t_load = time.perf_counter() - t0
    t0 = time.perf_counter()
    html = run_page(loaded, views, history)
    t_page = time.perf_counter() - t0
    print(f"growth {len(plan.trials):>6,} trials ({cases} cases x k={plan.k}): report "
          f"{t_report:6.2f}s; viewer load {t_load:6.2f}s ({len(views):,} trials' material "
          f"read), page render {t_page:6.2f}s, page {len(html) / 1e6:.1f} MB", flush=True)
    return t_report, t_load, t_page


# --- the soak: real sessions through a local Ray cluster ----------------------------------


def store_objects(store_dir: Path) -> dict[str, int]:
    """Objects in the store after the run, by where they sit: per trial or per run."""
    counts = {"trial": 0, "run": 0, "other": 0}
    for path in store_dir.rglob("*"):
        if not path.is_file() or path.name.startswith(".tmp-"):
            continue
        parts = path.relative_to(store_dir).parts
        if parts[0] == "runs" and "trials" in parts:
            counts["trial"] += 1
        elif parts[0] == "runs":
            counts["run"] += 1
        else:
            counts["other"] += 1
    return counts


def latency_over_http(port: int, path: str, attempts: int = 3) -> float:
    import urllib.request

    best = float("inf")
    for _ in range(attempts):
        t0 = time.perf_counter()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=600) as answer:
            answer.read()
        best = min(best, time.perf_counter() - t0)
    return best


def wait_for_port(port: int, proc: subprocess.Popen[str]) -> None:
    import socket

    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and proc.poll() is None:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("skill-eval view did not start serving")


def view_latency(store_dir: Path, run_id: str, trial_id: str) -> tuple[float, float, float]:
    """(index page, run page, trial page) seconds, best of 3, from a running `view`."""
    port = free_port()
    proc = subprocess.Popen(cli("view", "--store", str(store_dir), "--port", str(port)),
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, start_new_session=True)
    try:
        wait_for_port(port, proc)
        return (latency_over_http(port, "/"), latency_over_http(port, f"/run/{run_id}"),
                latency_over_http(port, f"/run/{run_id}/trial/{trial_id}"))
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def children_cpu_s() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def loadavg() -> str:
    return "/".join(f"{x:.2f}" for x in os.getloadavg())


def top_frames(raw: Path, count: int = 15) -> list[tuple[float, str]]:
    """py-spy's raw output (one collapsed stack and its samples a line): the runner functions
    the most samples were inside, as shares of all samples."""
    inside: dict[str, int] = {}
    total = 0
    for line in raw.read_text().splitlines():
        stack, _, n = line.rpartition(" ")
        if not n.isdigit():
            continue
        total += int(n)
        for frame in dict.fromkeys(f for f in stack.split(";") if "runner/" in f):
            inside[frame] = inside.get(frame, 0) + int(n)
    ranked = sorted(inside.items(), key=lambda kv: -kv[1])[:count]
    return [(n / total, frame) for frame, n in ranked] if total else []


def phase_means(store_dir: Path, run_id: str) -> dict[str, float]:
    from runner.store.local import LocalStore
    from runner.store.trials import read_done

    store, keys = LocalStore(store_dir), RunKeys(run_id)
    sums: dict[str, list[float]] = {}
    for trial_id in sorted(keys.done_trial_ids(store.list(keys.trials))):
        result = read_done(store, keys.trial(trial_id))
        for phase, seconds in (result.phases if result else {}).items():
            sums.setdefault(str(phase), []).append(seconds)
    return {phase: sum(v) / len(v) for phase, v in sums.items()}


def run_soak(work: Path, trials: int, cases: int, capacity: int, profile: bool) -> None:
    k = max(1, trials // (2 * cases))
    skill, script = make_skill(work, cases), make_script(work / "script.json")
    store_dir, report_path = work / "store", work / "report.json"
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="rs", dir="/tmp")),
                      sandboxes_per_node=capacity)
    raw = work / "driver-profile.txt"
    spy = [str(Path(sys.executable).parent / "py-spy"), "record", "-r", "20", "-f", "raw",
           "-o", str(raw), "--"] if profile else []
    load_before = loadavg()
    try:
        cluster.start(1)
        cpu0 = children_cpu_s()
        wall, proc = timed(spy + cli(
            "run", str(skill), "--k", str(k), "--model-script", str(script), "--store",
            str(store_dir), "--ray-address", cluster.address, "--concurrency", str(capacity),
            "--fresh", "--timeout", "300", "--report-json", str(report_path)), cluster.env)
        driver_cpu = children_cpu_s() - cpu0
        peak = children_peak_rss_mib()  # the driver: the only child waited for so far
    finally:
        cluster.stop()
        shutil.rmtree(cluster.root, ignore_errors=True)
    if proc.returncode != 0:
        raise SystemExit(f"the soak run failed ({proc.returncode}): {proc.stderr[-3000:]}")
    report = json.loads(report_path.read_text())
    done = len(report["trials"])
    from datetime import datetime

    span = (datetime.fromisoformat(report["finished_at"])
            - datetime.fromisoformat(report["started_at"])).total_seconds()
    objects = store_objects(store_dir)
    print(f"soak: {cases} cases x k={k} x 2 arms = {done:,} trials ({report['holes']} holes, "
          f"verdict {report['verdict']}), capacity {capacity} sandbox(es) on 1 node", flush=True)
    print(f"  trials per minute: {done / wall * 60:.1f} (whole command {wall:.0f}s), "
          f"{done / span * 60:.1f} (run span {span:.0f}s)")
    print(f"  driver peak RSS: {peak:.0f} MiB; driver CPU {driver_cpu:.1f}s = "
          f"{driver_cpu / done:.3f} CPU-s per trial{' (py-spy included)' if profile else ''}")
    print(f"  load average (1/5/15 min) before {load_before}, after {loadavg()}")
    phases = phase_means(store_dir, report["run_id"])
    print("  node phases, mean seconds per trial: " + ", ".join(
        f"{phase} {seconds:.2f}" for phase, seconds in phases.items()) +
        f"; all but the session {sum(phases.values()) - phases.get('session', 0.0):.2f}")
    print(f"  store objects: {sum(objects.values()):,} = {objects['trial']:,} per-trial "
          f"({objects['trial'] / done:.1f} per trial) + {objects['run']:,} run-level + "
          f"{objects['other']:,} index/receipts/other")
    after_run(store_dir, report["run_id"], report["trials"][0]["trial_id"], work)
    if profile:
        print("  driver profile (share of samples inside each runner function):")
        for share, frame in top_frames(raw):
            print(f"    {share:6.1%}  {frame}")


def after_run(store_dir: Path, run_id: str, trial_id: str, work: Path) -> None:
    from runner.schema.plan import Plan
    from runner.store.local import LocalStore
    from runner.store.trials import stored_in_order

    store = LocalStore(store_dir)
    keys = RunKeys(run_id)
    plan = Plan.model_validate_json(store.get(keys.plan))
    t0 = time.perf_counter()  # as `finish` could: each DONE read and folded, none held
    stored = fold_report(fold(plan, stored_in_order(store, sorted(plan.trials, key=spec_order))))
    t_report = time.perf_counter() - t0
    results = stored.trials
    t0 = time.perf_counter()
    loaded, views, history = load_run(store, run_id)
    html = run_page(loaded, views, history)
    t_view = time.perf_counter() - t0
    env = {**os.environ}
    t_runs, proc = timed(cli("runs", "--store", str(store_dir)), env)
    assert proc.returncode == 0, proc.stderr
    t_html, proc = timed(cli("view", run_id, "--store", str(store_dir), "--html",
                             str(work / "page.html")), env)
    assert proc.returncode == 0, proc.stderr
    index, page, trial = view_latency(store_dir, run_id, trial_id)
    print(f"  report build (in process, {len(results):,} stored results read and folded): "
          f"{t_report:.2f}s")
    print(f"  viewer build (in process: load + render the run page, {len(views):,} trials' "
          f"material, {len(html) / 1e6:.1f} MB): {t_view:.2f}s")
    print(f"  `skill-eval runs`: {t_runs:.2f}s; `skill-eval view --html`: {t_html:.2f}s "
          "(whole commands)")
    print(f"  `skill-eval view` over HTTP: index {index:.2f}s, run page {page:.2f}s, "
          f"trial page {trial:.2f}s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=2000)
    parser.add_argument("--cases", type=int, default=10)
    parser.add_argument("--capacity", type=int, default=2, help="sandboxes on the node")
    parser.add_argument("--growth", type=int, default=0, metavar="N",
                        help="also time report and viewer at N and 4N synthetic trials")
    parser.add_argument("--skip-soak", action="store_true")
    parser.add_argument("--profile", action="store_true",
                        help="run the driver under py-spy and print where it spent its time")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="skill-eval-soak-"))
    try:
        if args.growth:
            growth(work / "growth", args.growth, args.cases)
        if not args.skip_soak:
            run_soak(work, args.trials, args.cases, args.capacity, args.profile)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

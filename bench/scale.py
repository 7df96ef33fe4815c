"""Scale-out numbers for the closing note of the scale-out issue.

1. plan: time and driver memory to plan 100k trials of a tiny case set, scan the store for
   finished ones (resume), and submit them all to Ray through the scheduler's bounded loop
   (a no-op remote stands in for the session: no sessions need to finish).
2. throughput: sessions/min of the same latency-bound scripted workload on the embedded
   1-node cluster vs a 2-node local cluster (`ray start --head` + `ray start`, each with
   `sandbox` resources), run through the real CLI.

usage: .venv/bin/python bench/scale.py [--trials 100000] [--sessions 16] [--latency 3]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.driver.scheduler import finished  # noqa: E402
from runner.planning.plan import make_plan  # noqa: E402
from runner.schema.enums import Arm  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402
from runner.store.local import LocalStore  # noqa: E402
from tests.integration.test_cluster import Cluster  # noqa: E402

PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def plan_and_submit(trials: int) -> None:
    import ray

    work = Path(tempfile.mkdtemp(prefix="skill-eval-bench-"))
    before = rss_mib()
    t0 = time.perf_counter()
    plan = make_plan(RunOptions(skill_path=PROBE, case_ids=("greet",), k=trials // 2,
                                arms=(Arm.BASELINE, Arm.CANDIDATE), store_uri=str(work)))
    t_plan = time.perf_counter() - t0
    store = LocalStore(work)
    t0 = time.perf_counter()
    done_already = finished(plan.trials, store)
    pending = [t for t in plan.trials if t.trial_id not in done_already]
    t_scan = time.perf_counter() - t0
    ray.init(address="local", include_dashboard=False, log_to_driver=False,
             configure_logging=False)

    # 1 CPU per no-op so Ray reuses its workers: this measures the driver, not process spawns
    @ray.remote(num_cpus=1)
    def noop(spec: object) -> int:
        return 1

    t0 = time.perf_counter()
    in_flight: list[object] = []
    done = 0
    for spec in pending:  # the scheduler's bounded loop, with a no-op for the session
        in_flight.append(noop.remote(spec))
        if len(in_flight) >= 1000:
            ready, in_flight = ray.wait(in_flight, num_returns=500)
            done += len(ready)
    done += len(ray.get(in_flight))
    t_submit = time.perf_counter() - t0
    ray.shutdown()
    print(f"plan {len(plan.trials):,} trials: {t_plan:.2f}s; resume scan: {t_scan:.2f}s; "
          f"submit+complete {done:,} no-op Ray tasks: {t_submit:.2f}s "
          f"({done / t_submit:,.0f}/s); driver peak RSS {rss_mib():.0f} MiB "
          f"(+{rss_mib() - before:.0f} MiB over start)")


def throughput(sessions: int, latency: float) -> None:
    work = Path(tempfile.mkdtemp(prefix="skill-eval-bench-"))
    script = work / "script.json"
    script.write_text(json.dumps({"latency_s": latency, "scenarios": [
        {"name": "s", "when": {"skill": "probe"}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
            {"text": "MAGIC"}]},
        {"name": "p", "turns": [{"text": "MAGIC"}]}]}))
    args = ["run", str(PROBE), "--case", "greet", "--k", str(sessions // 2), "--model-script",
            str(script), "--concurrency", "4", "--fresh", "--timeout", "300"]

    def timed(extra: list[str], env: dict[str, str]) -> float:
        t0 = time.perf_counter()
        proc = subprocess.run([sys.executable, "-m", "runner", *args, *extra], cwd=ROOT,
                              env=env, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-2000:]
        return time.perf_counter() - t0

    one = timed(["--store", str(work / "one")], dict(os.environ))
    cluster = Cluster(Path(tempfile.mkdtemp(prefix="rb", dir="/tmp")), sandboxes_per_node=2)
    try:
        cluster.start()
        two = timed(["--store", str(work / "two"), "--ray-address", cluster.address],
                    cluster.env)
    finally:
        cluster.stop()
    print(f"{sessions} sessions, scripted latency {latency}s per response, concurrency 4:")
    print(f"  1 node (embedded):        {one:6.1f}s  {sessions / one * 60:6.1f} sessions/min")
    print(f"  2-node local cluster:     {two:6.1f}s  {sessions / two * 60:6.1f} sessions/min "
          "(2 sandboxes per node)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--latency", type=float, default=3.0)
    parser.add_argument("--skip-throughput", action="store_true")
    args = parser.parse_args()
    plan_and_submit(args.trials)
    if not args.skip_throughput:
        throughput(args.sessions, args.latency)


if __name__ == "__main__":
    main()

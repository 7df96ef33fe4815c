"""Scale-out numbers for the closing note of the scale-out issue.

1. plan: time and driver memory to plan 100k trials of a tiny case set, scan the store for
   finished ones (resume), and run them all through the real scheduler (runner.driver.
   scheduler.execute) on Ray, with an executor whose remote is a no-op standing in for the
   session (no sessions need to finish).
2. scaling: sessions/min of the same latency-bound scripted workload on a 1-node and on a
   2-node local cluster (`ray start --head` [+ `ray start`]), each node with the same
   capacity (`sandbox` resources S), the driver's concurrency equal to the total capacity
   (S, then 2S), run through the real CLI.

3. --trials 1000000 --skip-ray --skip-throughput: a million-trial plan built, scanned and
   scheduled with the driver's peak RSS against 1 GiB (the no-op Ray tasks, at ~1,000/s on
   two shared cores, are left out at that size).
4. --report N (each in its own process, so each peak RSS is its own): the report of a run of
   N results, built (a) the way the driver held them, every TrialResult in a list, then
   build_report, and (b) streamed: each result read from the store in report order and folded
   (runner.analysis.fold) as it is read. The store answers each DONE from its key with one
   realistic stored result (a grader score, process items, usage, phases): the parsing and the
   folding, not the disk.

usage: .venv/bin/python bench/scale.py [--trials 100000] [--sessions 16] [--latency 3]
                                        [--capacity 2] [--prefetch N] [--skip-plan]
                                        [--skip-ray] [--skip-throughput] [--report N]
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from datetime import datetime
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.analysis.fold import fold, spec_order  # noqa: E402
from runner.analysis.report import build_report, fold_report  # noqa: E402
from runner.driver.executor import RayExecutor  # noqa: E402
from runner.driver.scheduler import execute, finished  # noqa: E402
from runner.planning.plan import make_plan  # noqa: E402
from runner.schema.enums import Arm, TrialPhase, TrialStatus  # noqa: E402
from runner.schema.options import RunOptions  # noqa: E402
from runner.schema.plan import Plan  # noqa: E402
from runner.schema.trial import TrialResult, TrialSpec  # noqa: E402
from runner.store.local import LocalStore  # noqa: E402
from runner.store.memory import MemoryStore  # noqa: E402
from runner.store.trials import stored_in_order  # noqa: E402
from tests.helpers import word_skill  # noqa: E402
from tests.raycluster import Cluster  # noqa: E402

PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"


def rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


GIB_MIB = 1024


def plan_and_submit(trials: int, with_ray: bool = True) -> None:
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
    # 1 CPU per no-op so Ray reuses its workers: this measures the driver, not process spawns
    @ray.remote(num_cpus=1)
    def noop(trial_id: str) -> str:
        return trial_id

    class NoopExecutor:
        """The Executor interface around a no-op remote: the real scheduler drives it, and
        waits the way the real RayExecutor does."""

        _ray = ray

        def submit(self, spec: TrialSpec) -> object:
            return noop.remote(spec.trial_id)

        def wait(self, handles: list[object], timeout: float) -> list[object]:
            return RayExecutor.wait(self, handles, timeout)  # type: ignore[arg-type]

        def result(self, handle: object, spec: TrialSpec) -> TrialResult:
            ray.get(handle)  # type: ignore[call-overload]
            return TrialResult(trial_id=spec.trial_id, case_id=spec.case.id,
                               repetition=spec.repetition, arm=spec.arm,
                               status=TrialStatus.COMPLETED, passed=True)

        def cancel(self, handles: list[object]) -> None:
            for handle in handles:
                ray.cancel(handle)

    class InstantExecutor:
        """Handles that are finished as soon as they are submitted: what is left is the
        driver's own cost per trial (the scheduler loop, results, bookkeeping). With
        `shared`, every trial answers with one result object: the scheduler's own state,
        without the results the driver keeps for the report."""

        def __init__(self, shared: bool = False) -> None:
            self.shared: TrialResult | None = None
            if shared:
                spec = pending[0]
                self.shared = TrialResult(trial_id=spec.trial_id, case_id=spec.case.id,
                                          repetition=0, arm=spec.arm,
                                          status=TrialStatus.COMPLETED, passed=True)

        def submit(self, spec: TrialSpec) -> object:
            return spec.trial_id

        def wait(self, handles: list[object], timeout: float) -> list[object]:
            return handles

        def result(self, handle: object, spec: TrialSpec) -> TrialResult:
            if self.shared is not None:
                return self.shared
            return TrialResult(trial_id=spec.trial_id, case_id=spec.case.id,
                               repetition=spec.repetition, arm=spec.arm,
                               status=TrialStatus.COMPLETED, passed=True)

        def cancel(self, handles: list[object]) -> None:
            pass

    planned = rss_mib()
    print(f"plan {len(plan.trials):,} trials: {t_plan:.2f}s; resume scan: {t_scan:.2f}s; "
          f"driver peak RSS with the plan {planned:.0f} MiB", flush=True)
    for shared in (True, False):
        t0 = time.perf_counter()
        results, _ = execute(pending, InstantExecutor(shared), 1000,  # type: ignore[arg-type]
                             prefetch=1000)
        t_driver = time.perf_counter() - t0
        peak = rss_mib()
        held = ("one shared result: the scheduler's own state" if shared else
                "a result object per trial, every one held as the driver holds them for "
                "the report")
        print(f"schedule {len(results):,} trials (instant executor, {held}): "
              f"{t_driver:.2f}s; driver peak RSS {peak:.0f} MiB (+{peak - before:.0f} MiB "
              f"over start): {'under' if peak < GIB_MIB else 'OVER'} 1 GiB", flush=True)
        del results
    if not with_ray:
        return

    ray.init(address="local", include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    t0 = time.perf_counter()
    results, _ = execute(pending, NoopExecutor(), 1000)  # type: ignore[arg-type]
    done = len(results)
    t_submit = time.perf_counter() - t0
    ray.shutdown()
    print(f"plan {len(plan.trials):,} trials: {t_plan:.2f}s; resume scan: {t_scan:.2f}s; "
          f"scheduler.execute over {done:,} no-op Ray tasks: {t_submit:.2f}s "
          f"({done / t_submit:,.0f}/s); driver peak RSS {rss_mib():.0f} MiB "
          f"(+{rss_mib() - before:.0f} MiB over start)")


FOLD_RUN = ROOT / "tests" / "fixtures" / "stored" / "report-run.json"


class MadeStore(MemoryStore):
    """A store whose every DONE is one stored result renamed to the trial its key names: a run
    of a million results without a million objects written. The bytes are cut from three
    templates (candidate passed, baseline passed, baseline failed), so a read costs what
    reading bytes costs, and the verdict is a firm PASS as a real skill's would be."""

    ID, CASE, REP = "0" * 32, "case-template", 987654321

    def __init__(self, plan: Plan) -> None:
        super().__init__()
        data = json.loads(FOLD_RUN.read_text())
        template = next(TrialResult.model_validate(r) for r in data["results"]
                        if "grader" in r["scores"] and "process" in r["scores"])
        template.phases = {TrialPhase.STAGE: 0.4, TrialPhase.SESSION: 2.1}
        self.parts: dict[tuple[Arm, bool], list[bytes]] = {}
        for arm, passed in ((Arm.CANDIDATE, True), (Arm.BASELINE, True), (Arm.BASELINE, False)):
            made = template.model_copy(update={"trial_id": self.ID, "case_id": self.CASE,
                                               "repetition": self.REP, "arm": arm,
                                               "passed": passed}).model_dump_json()
            self.parts[arm, passed] = [part.encode() for part in made.replace(
                self.ID, "\0").replace(self.CASE, "\0").replace(str(self.REP), "\0").split("\0")]
            assert len(self.parts[arm, passed]) == 4, "each stand-in once, in field order"
        self.specs = {t.trial_id: t for t in plan.trials}
        self.gets = 0

    def result(self, spec: TrialSpec) -> bytes:
        parts = self.parts[spec.arm, spec.arm is Arm.CANDIDATE or spec.repetition % 2 == 0]
        fill = (spec.trial_id.encode(), spec.case.id.encode(), str(spec.repetition).encode())
        return b"".join(p + f for p, f in zip(parts, fill, strict=False)) + parts[-1]

    def get(self, key: str) -> bytes:
        self.gets += 1
        return self.result(self.specs[key.rsplit("/", 2)[-2]])


def report_at(trials: int, how: str, cases: int = 10) -> None:
    """One report of `trials` results (`cases` cases x k x 2 arms), held or streamed: time and
    this process's peak RSS."""
    t0 = time.perf_counter()
    folder = Path(tempfile.mkdtemp(prefix="skill-eval-bench-"))
    skill = word_skill(folder / "many", cases, "many")
    plan = make_plan(RunOptions(skill_path=skill, k=trials // (2 * cases),
                                arms=(Arm.BASELINE, Arm.CANDIDATE), store_uri="memory://"))
    shutil.rmtree(folder)  # the plan holds the case set: the folder is not read again
    store = MadeStore(plan)
    t_plan, planned = time.perf_counter() - t0, rss_mib()
    t0 = time.perf_counter()
    if how == "held":
        results = [TrialResult.model_validate_json(store.result(t)) for t in plan.trials]
        held = rss_mib()
        report = build_report(plan, results)
        what = f"every TrialResult held ({held:.0f} MiB with them), then build_report"
    else:
        ordered = stored_in_order(store, sorted(plan.trials, key=spec_order))
        report = fold_report(fold(plan, ordered))
        what = f"streamed: {store.gets:,} DONEs read from the store and folded as read"
    t_report = time.perf_counter() - t0
    peak = rss_mib()
    print(f"report of {len(report.trials):,} results, {cases} cases x k={plan.k} x 2 arms "
          f"({what}): {t_report:.1f}s; plan "
          f"{t_plan:.0f}s, {planned:.0f} MiB with it; driver peak RSS {peak:.0f} MiB: "
          f"{'under' if peak < GIB_MIB else 'OVER'} 1 GiB; verdict {report.verdict}, "
          f"{len(report.rows):,} rows", flush=True)


HELD_MAX = 200_000  # parsed results take ~13 KB each (20,000 measured): 1M would be ~13 GiB


def reports(trials: int) -> None:
    if trials > HELD_MAX:
        print(f"report held: not run above {HELD_MAX:,} results (each parsed result ~13 KB: "
              "run --report 20000 to see it), on a machine others share", flush=True)
    for how in ("held", "streamed") if trials <= HELD_MAX else ("streamed",):
        proc = subprocess.run([sys.executable, __file__, "--report-one", how, "--report",
                               str(trials)], cwd=ROOT, capture_output=True, text=True)
        print(proc.stdout.strip() or proc.stderr[-2000:], flush=True)


def throughput(sessions: int, latency: float, capacity: int, prefetch: int | None) -> None:
    work = Path(tempfile.mkdtemp(prefix="skill-eval-bench-"))
    script = work / "script.json"
    script.write_text(json.dumps({"latency_s": latency, "scenarios": [
        {"name": "s", "when": {"skill": "probe"}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
            {"text": "MAGIC"}]},
        {"name": "p", "turns": [{"text": "MAGIC"}]}]}))
    args = ["run", str(PROBE), "--case", "greet", "--k", str(sessions // 2), "--model-script",
            str(script), "--fresh", "--timeout", "300"]
    if prefetch is not None:
        args += ["--prefetch", str(prefetch)]

    def on_cluster(nodes: int) -> tuple[float, float]:
        """Whole-command wall, and the run's own span (plan made to report written: the
        CLI's start-up and Ray connection left out)."""
        cluster = Cluster(Path(tempfile.mkdtemp(prefix="rb", dir="/tmp")),
                          sandboxes_per_node=capacity)
        report = work / f"n{nodes}.json"
        try:
            cluster.start(nodes)
            t0 = time.perf_counter()
            proc = subprocess.run(
                [sys.executable, "-m", "runner", *args, "--store", str(work / f"n{nodes}"),
                 "--ray-address", cluster.address, "--concurrency", str(nodes * capacity),
                 "--report-json", str(report)],
                cwd=ROOT, env=cluster.env, capture_output=True, text=True)
            assert proc.returncode == 0, proc.stderr[-2000:]
            wall = time.perf_counter() - t0
        finally:
            cluster.stop()
        data = json.loads(report.read_text())
        span = (datetime.fromisoformat(data["finished_at"])
                - datetime.fromisoformat(data["started_at"])).total_seconds()
        return wall, span

    (one, one_span), (two, two_span) = on_cluster(1), on_cluster(2)
    print(f"{sessions} sessions, scripted latency {latency}s per response, {capacity} "
          "sandbox(es) per node, driver concurrency = total capacity, prefetch "
          f"{'as default' if prefetch is None else prefetch}:")
    for label, wall, span in ((f"1 node  (concurrency {capacity}):", one, one_span),
                              (f"2 nodes (concurrency {2 * capacity}):", two, two_span)):
        print(f"  {label} command {wall:6.1f}s  {sessions / wall * 60:6.1f} sessions/min;  "
              f"run span {span:6.1f}s  {sessions / span * 60:6.1f} sessions/min")
    print(f"  2 nodes vs 1: {one / two:.2f}x (whole command), {one_span / two_span:.2f}x "
          "(run span)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--trials", type=int, default=100_000)
    parser.add_argument("--sessions", type=int, default=16)
    parser.add_argument("--latency", type=float, default=3.0)
    parser.add_argument("--capacity", type=int, default=2,
                        help="sandbox resources per node")
    parser.add_argument("--prefetch", type=int, help="passed to run (default: its default)")
    parser.add_argument("--skip-plan", action="store_true")
    parser.add_argument("--skip-ray", action="store_true",
                        help="plan, scan and schedule only (no no-op Ray tasks)")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument("--report", type=int, metavar="N",
                        help="the report of N results, held then streamed (each in a process)")
    parser.add_argument("--report-one", choices=("held", "streamed"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.report_one:
        report_at(args.report, args.report_one)
        return
    if args.report:
        reports(args.report)
    if not args.skip_plan:
        plan_and_submit(args.trials, with_ray=not args.skip_ray)
    if not args.skip_throughput:
        throughput(args.sessions, args.latency, args.capacity, args.prefetch)


if __name__ == "__main__":
    main()

"""How much skill-eval's container path costs per session, against claude run bare.

For N sessions of the same scripted case (instant model), at concurrency 1 and 2:
  bare       claude -p as a host process in a temp dir, straight at the scripted endpoint
  local      skill-eval's full path (Ray task, gateway, staging, grading, store) with the
             `local` backend: the runner's own overhead without a container
  container  skill-eval's full path with the Docker sandbox (what users run: the next trials'
             containers start while sessions wait on the model, --prefetch as default)
  serial     the same with --prefetch 0: each trial starts its container when its turn comes
Prints wall seconds per session, machine CPU-seconds per session (from /proc/stat, so
dockerd/containerd/runc count too) and throughput relative to bare; then, per runner mode,
the time from a pass's start to its first session (Ray handing the first trials to workers:
what the warm pool started while the plan was made saves).

usage: .venv/bin/python bench/overhead.py [--sessions 12] [--latency 0] [--repeat 1]
                                          [--modes bare,local,container,serial]
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
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from runner.config import CLAUDE_SDK_VERSION  # noqa: E402
from runner.driver import api, passes  # noqa: E402
from runner.driver.api import run_eval  # noqa: E402
from runner.driver.executor import ensure_ray  # noqa: E402
from runner.schema.enums import Arm  # noqa: E402
from runner.schema.options import RunOptions, SandboxConfig  # noqa: E402
from runner.scripted.script import Script  # noqa: E402
from runner.scripted.server import ScriptedEndpoint  # noqa: E402

PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"


def cpu_seconds() -> float:
    with open("/proc/stat") as f:
        fields = [int(x) for x in f.readline().split()[1:]]
    busy = sum(fields) - fields[3] - fields[4]  # minus idle and iowait
    return busy / os.sysconf("SC_CLK_TCK")


def measure(fn: Callable[[], None]) -> tuple[float, float]:
    cpu, wall = cpu_seconds(), time.monotonic()
    fn()
    return time.monotonic() - wall, cpu_seconds() - cpu


def claude_binary() -> str:
    found = os.environ.get("SKILL_EVAL_CLAUDE") or shutil.which("claude")
    cached = Path.home() / ".cache" / "skill-eval" / f"claude-{CLAUDE_SDK_VERSION}"
    if not found and cached.exists():
        found = str(cached)
    if not found:
        sys.exit("no claude binary: run `make image` (it caches one) or set SKILL_EVAL_CLAUDE")
    return found


def bare(url: str, sessions: int, concurrency: int) -> None:
    claude = claude_binary()

    def one(_: int) -> None:
        with tempfile.TemporaryDirectory() as work, tempfile.TemporaryDirectory() as home:
            env = {"PATH": os.environ["PATH"], "HOME": home, "ANTHROPIC_BASE_URL": url,
                   "ANTHROPIC_API_KEY": "bench", "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
                   "CLAUDE_CODE_MAX_RETRIES": "3", "IS_SANDBOX": "1"}  # allowed as root
            out = subprocess.run([claude, "-p", "--output-format", "stream-json", "--verbose",
                                  "--model", "sonnet", "--dangerously-skip-permissions",
                                  "--no-session-persistence", "--", "Say the magic word."],
                                 cwd=work, env=env, capture_output=True, timeout=120)
            assert b'"type":"result"' in out.stdout, out.stderr[-500:]

    with ThreadPoolExecutor(concurrency) as pool:
        list(pool.map(one, range(sessions)))


PASS_STARTS: list[float] = []


def _timed_pass(*args: Any, **kwargs: Any) -> Any:
    PASS_STARTS.append(time.time())
    return _run_pass(*args, **kwargs)


_run_pass = passes.run_pass
setattr(api, "run_pass", _timed_pass)  # noqa: B010 - the pass's start, as run_eval calls it


def first_session_s(store: str) -> float:
    """Seconds from the last pass's start to its first trial's session."""
    starts: list[float] = []
    for done in Path(store).glob("runs/*/trials/*/DONE"):
        at = json.loads(done.read_text()).get("session_at")
        if at is not None:
            starts.append(float(at))
    return min(starts) - PASS_STARTS[-1]


def through_runner(script: Path, store: str, backend: str, sessions: int,
                   concurrency: int, prefetch: int | None = None) -> None:
    opts = RunOptions(skill_path=PROBE, case_ids=("greet",), k=max(1, sessions // 2),
                      arms=(Arm.BASELINE, Arm.CANDIDATE), concurrency=concurrency,
                      prefetch=prefetch,
                      model_script=script, store_uri=store, fresh=True, timeout_s=120,
                      sandbox=SandboxConfig(backend=backend))
    from rich.console import Console

    report = run_eval(opts, Console(file=open(os.devnull, "w")))  # noqa: SIM115
    assert not report.partial, report.trials


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sessions", type=int, default=12)
    parser.add_argument("--latency", type=float, default=0.0, help="scripted model latency, s")
    parser.add_argument("--modes", default="bare,local,container,serial",
                        help="bare, local, container, container:N (--prefetch N), serial "
                             "(--prefetch 0)")
    parser.add_argument("--repeat", type=int, default=1, help="rounds; medians are printed")
    args = parser.parse_args()
    os.environ.setdefault("SKILL_EVAL_CLAUDE", claude_binary())
    script_data = {"latency_s": args.latency, "scenarios": [
        {"name": "magic", "turns": [{"text": "MAGIC"}]}]}
    work = Path(tempfile.mkdtemp(prefix="skill-eval-bench-"))
    script_path = work / "script.yaml"
    import yaml

    script_path.write_text(yaml.safe_dump(script_data))
    ensure_ray()
    modes = args.modes.split(",")

    firsts: dict[str, list[float]] = {}

    def run_mode(mode: str, concurrency: int, round_: int) -> tuple[float, float]:
        """(wall, CPU) of one cell: `container:N` is the container path with --prefetch N."""
        if mode == "bare":
            with ScriptedEndpoint(Script.model_validate(script_data)) as url:
                return measure(lambda: bare(url, args.sessions, concurrency))
        backend = "local" if mode == "local" else "docker"
        prefetch = 0 if mode == "serial" else (
            int(mode.split(":")[1]) if ":" in mode else None)
        store = str(work / f"{mode}-{concurrency}-{round_}")
        cell = measure(lambda: through_runner(script_path, store, backend, args.sessions,
                                              concurrency, prefetch))
        firsts.setdefault(mode, []).append(first_session_s(store))
        return cell

    # warm-up: Ray workers started, imports done, page cache hot
    with ScriptedEndpoint(Script.model_validate(script_data)) as url:
        if "bare" in modes:
            bare(url, 2, 2)
    for backend in ("local", "docker"):
        if backend in modes or (backend == "docker" and any(
                m.startswith(("container", "serial")) for m in modes)):
            through_runner(script_path, str(work / "warm"), backend, 2, 2)

    print(f"{args.sessions} sessions per cell, scripted model latency {args.latency}s, "
          f"{os.cpu_count()} cores; median of {args.repeat} interleaved round(s)")
    print(f"{'mode':<12} {'conc':>4} {'wall s':>8} {'s/session':>10} {'CPU-s/session':>14} "
          f"{'sessions/s':>11} {'vs bare':>8}")
    for concurrency in (1, 2):
        cells: dict[str, list[tuple[float, float]]] = {mode: [] for mode in modes}
        for round_ in range(args.repeat):
            for mode in modes:
                cells[mode].append(run_mode(mode, concurrency, round_))
        baseline = None
        for mode in modes:
            wall = statistics.median(w for w, _ in cells[mode])
            cpu = statistics.median(c for _, c in cells[mode])
            rate = args.sessions / wall
            if mode == "bare":
                baseline = rate
            ratio = f"{rate / baseline:.2f}x" if baseline else "-"
            print(f"{mode:<12} {concurrency:>4} {wall:>8.2f} {wall / args.sessions:>10.3f} "
                  f"{cpu / args.sessions:>14.3f} {rate:>11.3f} {ratio:>8}", flush=True)
    print("\npass start -> first session (s), median over every cell of the mode")
    for mode, values in firsts.items():
        print(f"{mode:<12} {statistics.median(values):>8.3f}  (min {min(values):.3f}, "
              f"max {max(values):.3f}, n={len(values)})", flush=True)
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()

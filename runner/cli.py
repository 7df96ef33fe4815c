"""The `skill-eval` command line.

Exit codes: 0 run completed; 1 --gate and the verdict is FAIL; 2 refused input (nothing
ran or the measurement is void, e.g. a leaked skill); 3 infrastructure failure; 130 Ctrl-C.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
from rich.console import Console

from runner import config, console
from runner.driver import signals
from runner.errors import SkillEvalError
from runner.logs import LEVELS, configure
from runner.schema.enums import Arm, Verdict

EXIT_CODES = """\b
Exit codes:
  0  run completed (whatever the verdict, unless --gate)
  1  --gate given and the verdict is FAIL
  2  refused input: bad skill folder, case set, flags, or a leaked skill
  3  infrastructure failure: Docker, image, gateway, store, Ray
  130  interrupted (Ctrl-C or SIGTERM): in-flight trials cancelled and cleaned up
"""


F = TypeVar("F", bound=Callable[..., Any])


def _store_option(help_text: str) -> Callable[[F], F]:
    return click.option("--store", "store_uri", show_default=config.STORE, help=help_text,
                        default=lambda: os.environ.get(config.STORE_ENV, config.STORE))


def _fail(console: Console, exc: SkillEvalError) -> NoReturn:
    console.print("error: ", style="bold red", end="")
    console.print(str(exc), markup=False, highlight=False)
    sys.exit(exc.exit_code)


def _interrupted(console: Console) -> NoReturn:
    console.print("interrupted: ", style="red", end="")
    console.print("in-flight trials cancelled and cleaned up (see the cleanup line above); "
                  "re-run the same command to resume", markup=False)
    sys.exit(130)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--log-level", type=click.Choice(LEVELS), default=config.LOG_LEVEL,
              show_default=True, help="What the runner logs on stderr (the run's own log in "
                                      "the store always has INFO and up).")
def main(log_level: str) -> None:
    """skill-eval: does the agent do the job better with this skill than without it?

    Runs the real `claude` CLI on each case of a skill's evals/evals.json, once per arm
    (baseline: no skill, candidate: the folder, incumbent: a previous version), k times,
    each session in a throwaway network-less container, and reports net lift and a verdict.
    """
    configure(log_level)
    signals.install()  # SIGTERM stops a run like Ctrl-C does


@main.command(epilog=EXIT_CODES)
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--k", "k", default=1, show_default=True, type=click.IntRange(min=1),
              help="Repetitions per case and arm.")
@click.option("--model", default=config.MODEL, show_default=True, help="Model passed to claude.")
@click.option("--case", "cases", multiple=True, help="Run only this case id (repeatable).")
@click.option("--incumbent", type=click.Path(path_type=Path),
              help="A previous version of the skill; runs only if its bytes differ.")
@click.option("--arms", default="baseline,candidate,incumbent", show_default=True,
              help="Comma-separated arms to run (candidate is required).")
@click.option("--concurrency", default=config.CONCURRENCY, show_default=True,
              type=click.IntRange(min=1), help="Trials in flight at once.")
@click.option("--timeout", "timeout_s", default=config.TIMEOUT_S, show_default=True,
              type=click.FloatRange(min=1), help="Per-session wall-clock limit, seconds.")
@click.option("--max-turns", type=click.IntRange(min=1), help="Passed to claude.")
@click.option("--session-budget-usd", type=click.FloatRange(min=0, min_open=True),
              help="Per-session --max-budget-usd passed to claude.")
@click.option("--model-script", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Offline dry run against a scripted model endpoint (no key, no cost).")
@_store_option("Where runs are kept: a directory or s3://bucket/prefix.")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible server for an s3:// store (MinIO, ...).")
@click.option("--max-budget-usd", type=click.FloatRange(min=0, min_open=True),
              help="Run-level spending cap, metered at the gateways across all nodes.")
@click.option("--force", is_flag=True, help="Run even when the cost estimate exceeds the cap.")
@click.option("--metrics-port", type=click.IntRange(0, 65535),
              help="Serve Prometheus metrics on 127.0.0.1:PORT/metrics while running.")
@click.option("--metrics-linger", "metrics_linger_s", default=0.0, show_default=True,
              type=click.FloatRange(min=0),
              help="Keep serving the final metrics this many seconds (one scrape interval).")
@click.option("--image", default=config.IMAGE, show_default=True,
              help="Sandbox image (build it with `make image`).")
@click.option("--runtime", help="Docker runtime for sandboxes, e.g. runsc (gVisor).")
@click.option("--sandbox", "backend", type=click.Choice(["docker", "local", "fake"]),
              default="docker", show_default=True,
              help="local = no isolation at all (debugging only); fake = nothing runs (tests).")
@click.option("--executor", type=click.Choice(["ray", "inprocess"]), default="ray",
              show_default=True,
              help="inprocess = threads in this process, no Ray (debugging).")
@click.option("--allow-server-tools", is_flag=True,
              help="Let server-side tools (web search/fetch, code execution) through.")
@click.option("--fresh", is_flag=True, help="New run id; default resumes an identical run.")
@click.option("--wait", is_flag=True,
              help="If another driver is running this run, wait for it instead of refusing.")
@click.option("--ray-address", default=None, help="Existing Ray cluster (default: local).")
@click.option("--report-json", type=click.Path(dir_okay=False, path_type=Path),
              help="Also write the machine-readable report here.")
@click.option("--gate", is_flag=True, help="Exit 1 when the verdict is FAIL.")
def run(skill: Path, k: int, model: str, cases: tuple[str, ...], incumbent: Path | None,
        arms: str, concurrency: int, timeout_s: float, max_turns: int | None,
        session_budget_usd: float | None, model_script: Path | None, store_uri: str,
        s3_endpoint_url: str | None, max_budget_usd: float | None, force: bool,
        metrics_port: int | None, metrics_linger_s: float, image: str, runtime: str | None,
        backend: str, executor: str, allow_server_tools: bool, fresh: bool, wait: bool,
        ray_address: str | None, report_json: Path | None, gate: bool) -> None:
    """Evaluate SKILL (a folder with SKILL.md and evals/evals.json).

    \b
    Examples:
      skill-eval run examples/csv-summary --model-script examples/csv-summary/model-script.yaml
      skill-eval run ./my-skill --k 3 --incumbent ./my-skill-v1 --report-json report.json
      skill-eval run ./my-skill --case totals --timeout 300 --gate
    """
    from runner.driver.api import require_scored, run_eval
    from runner.render.terminal import render
    from runner.schema.options import RunOptions, SandboxConfig

    err = console.err()
    try:
        try:
            arm_list = tuple(Arm(a.strip()) for a in arms.split(",") if a.strip())
        except ValueError as exc:
            raise click.BadParameter(f"{exc}; arms are baseline, candidate, incumbent",
                                     param_hint="--arms") from exc
        opts = RunOptions(
            skill_path=skill, incumbent_path=incumbent, k=k, model=model, case_ids=cases,
            arms=arm_list, concurrency=concurrency, timeout_s=timeout_s, max_turns=max_turns,
            session_budget_usd=session_budget_usd, store_uri=store_uri,
            store_endpoint=s3_endpoint_url, max_budget_usd=max_budget_usd, force=force,
            metrics_port=metrics_port, metrics_linger_s=metrics_linger_s,
            upstream_url=os.environ.get("ANTHROPIC_BASE_URL", config.UPSTREAM),
            model_script=model_script, allow_server_tools=allow_server_tools, fresh=fresh,
            wait=wait, ray_address=ray_address, executor=executor,
            sandbox=SandboxConfig(backend=backend, image=image, runtime=runtime))
        started = time.monotonic()
        report = run_eval(opts, err)
        if report_json is not None:
            report_json.write_text(report.model_dump_json(indent=1))
        render(report, console.out())
        err.print(f"{len(report.trials)} trial(s) in {time.monotonic() - started:.1f}s; "
                  f"stored under {store_uri}/runs/{report.run_id}", style="dim", markup=False)
        require_scored([report])
    except SkillEvalError as exc:
        _fail(err, exc)
    except KeyboardInterrupt:
        _interrupted(err)
    if gate and report.verdict is Verdict.FAIL:
        sys.exit(1)


@main.command(epilog=EXIT_CODES)
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--k", "k", default=1, show_default=True, type=click.IntRange(min=1))
@click.option("--incumbent", type=click.Path(path_type=Path))
def check(skill: Path, k: int, incumbent: Path | None) -> None:
    """Check SKILL and its case set offline (free): what a run would do, without running.

    \b
    Example:
      skill-eval check examples/csv-summary
    """
    from runner.planning.plan import make_plan
    from runner.schema.options import RunOptions

    err = console.err()
    try:
        plan = make_plan(RunOptions(skill_path=skill, k=k, incumbent_path=incumbent))
    except SkillEvalError as exc:
        _fail(err, exc)
    console.out().print(f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), "
                    f"{len(plan.cases)} case(s): {', '.join(plan.cases)}; arms "
                    f"{', '.join(plan.arms)}; k={k} -> {len(plan.trials)} trial(s)",
                    markup=False, highlight=False)


@main.command(epilog=EXIT_CODES)
@click.argument("batch_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--store", "store_uri", default=None,
              help="Override the batch file's store (directory or s3://bucket/prefix).")
@click.option("--ray-address", default=None, help="Existing Ray cluster (default: local).")
@click.option("--metrics-port", type=click.IntRange(0, 65535),
              help="Serve Prometheus metrics on 127.0.0.1:PORT/metrics while running.")
@click.option("--force", is_flag=True, help="Run even when the cost estimate exceeds the cap.")
@click.option("--wait", is_flag=True,
              help="If another driver is running this batch, wait for it instead of refusing.")
@click.option("--gate", is_flag=True, help="Exit 1 when any eval's verdict is FAIL.")
def batch(batch_file: Path, store_uri: str | None, ray_address: str | None,
          metrics_port: int | None, force: bool, wait: bool, gate: bool) -> None:
    """Run every eval in BATCH_FILE in one driver: one concurrency limit, one budget,
    resumable as a whole (re-run the same command). For overnight queues on a cluster,
    submit it as a Ray job (see README, "Running at scale").

    \b
    Examples:
      skill-eval batch nightly.yaml
      ray job submit --address http://HEAD:8265 --working-dir . -- skill-eval batch nightly.yaml
    """
    from runner.driver.api import require_scored
    from runner.driver.batch import any_fail, run_batch
    from runner.render.terminal import render

    err = console.err()
    try:
        summary, reports = run_batch(batch_file, err, overrides={
            "store_uri": store_uri, "ray_address": ray_address, "metrics_port": metrics_port,
            "force": force or None, "wait": wait or None,
            "upstream_url": os.environ.get("ANTHROPIC_BASE_URL")})
        out = console.out()
        for report in reports:
            render(report, out)
            out.print()
        out.print(f"batch {summary.batch_id}: " + ", ".join(
            f"{r['skill']} {r['verdict']}" for r in summary.runs)
            + (f" (stopped: {summary.stopped})" if summary.stopped else ""), markup=False)
        require_scored(reports)
    except SkillEvalError as exc:
        _fail(err, exc)
    except KeyboardInterrupt:
        _interrupted(err)
    if gate and any_fail(reports):
        sys.exit(1)


@main.command()
@click.argument("run_id")
@_store_option("The run's store.")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3")
def stop(run_id: str, store_uri: str, s3_endpoint_url: str | None) -> None:
    """Stop RUN_ID cleanly from another shell: no new session starts, in-flight sessions end
    at their next model call, and the driver writes a partial report.

    \b
    Example:
      skill-eval stop r-8cfe993a564bfb22
    """
    from runner.driver.api import request_stop
    from runner.store.base import open_store

    try:
        request_stop(open_store(store_uri, s3_endpoint_url), run_id)
    except SkillEvalError as exc:
        _fail(console.err(), exc)
    console.out().print(f"stop requested for {run_id}")


@main.command("serve-model")
@click.argument("script", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--port", default=8787, show_default=True, type=int)
@click.option("--host", default="127.0.0.1", show_default=True)
def serve_model(script: Path, port: int, host: str) -> None:
    """Serve a scripted Messages API endpoint (for manual runs and debugging).

    \b
    Example:
      skill-eval serve-model examples/csv-summary/model-script.yaml --port 8787
      ANTHROPIC_BASE_URL=http://127.0.0.1:8787 ANTHROPIC_API_KEY=x claude -p hi
    """
    from runner.scripted.script import load_script
    from runner.scripted.server import ScriptedEndpoint

    err = console.err()
    try:
        endpoint = ScriptedEndpoint(load_script(script), host, port)
    except SkillEvalError as exc:
        _fail(err, exc)
    with endpoint as url:
        err.print(f"scripted model endpoint at {url} (Ctrl-C stops)")
        try:
            while True:
                time.sleep(3600)
        except KeyboardInterrupt:
            pass


@main.command()
@click.option("--run", "run_id", help="Only this run's leftovers (running or not).")
@click.option("--all", "include_running", is_flag=True,
              help="Also running sandboxes (after a driver crashed mid-run).")
def gc(run_id: str | None, include_running: bool) -> None:
    """Remove what interrupted runs left behind: sandbox containers (by label), workspace
    mounts and scratch directories. By default running sandboxes are kept.

    \b
    Examples:
      skill-eval gc
      skill-eval gc --run r-8cfe993a564bfb22
    """
    from runner.sandbox.registry import open_sandbox
    from runner.schema.options import SandboxConfig

    try:
        reaped = open_sandbox(SandboxConfig()).reap_run(
            run_id, include_running=include_running or run_id is not None)
    except SkillEvalError as exc:
        _fail(console.err(), exc)
    console.out().print(f"removed {reaped.containers} container(s), {reaped.mounts} mount(s), "
                    f"{reaped.scratch_dirs} scratch dir(s)"
                    + (f"; {reaped.failed} container(s) could not be removed"
                       if reaped.failed else ""))
    if reaped.failed:
        sys.exit(3)

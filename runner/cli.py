"""The `skill-eval` command line: a thin shell over runner.driver.

Every command runs under one guard (`guarded`) that turns the project's errors into their exit
codes and one line on stderr, Ctrl-C and SIGTERM into 130, and anything else (a bug in
skill-eval) into exit 4 with the traceback in a file it names, or on stderr with `--debug`.
"""

from __future__ import annotations

import functools
import os
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar, cast

import click
from rich.console import Console
from rich.text import Text

from runner import config, console
from runner.driver import signals
from runner.errors import (
    EXIT_GATE,
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    InfraError,
    RefusedInput,
    SkillEvalError,
)
from runner.logs import LEVELS, configure
from runner.schema.enums import Arm, Verdict
from runner.schema.report import Report
from runner.schema.runs import Estimate

EXIT_CODES = """\b
Exit codes:
  0    completed (whatever the verdict, unless --gate)
  1    --gate given and a verdict is FAIL or NO EVIDENCE (or, with --gate-max-p, a
       sign test is not below P)
  2    refused input, nothing spent: skill folder, case set, flags, store URI, a leaked
       skill, or a run another driver holds
  3    infrastructure failure: Docker, image, gateway, store, Ray; or no trial could be
       scored because of them (under --gate: exit 1, no evidence fails the gate)
  4    a bug in skill-eval itself (the message names the file with the traceback)
  130  interrupted (Ctrl-C or SIGTERM): in-flight trials cancelled and cleaned up
"""

CHECK_EXIT_CODES = """\b
Exit codes:
  0  the skill and its case set can run
  2  refused: the message names the file, the case and the fix
  4  a bug in skill-eval itself
"""


F = TypeVar("F", bound=Callable[..., Any])


def _store_option(help_text: str) -> Callable[[F], F]:
    return click.option("--store", "store_uri", show_default=config.STORE, help=help_text,
                        default=lambda: os.environ.get(config.STORE_ENV, config.STORE))


def _output_options(what: str, gate: str) -> Callable[[F], F]:
    """The options `run` and `batch` share for what they print and how they exit."""
    options = [
        click.option("--report-json", type=click.Path(dir_okay=False, path_type=Path),
                     help=f"Also write {what} here (checked before the run)."),
        click.option("--json", "as_json", is_flag=True,
                     help=f"Print {what} on stdout instead of the tables."),
        click.option("--quiet", "-q", is_flag=True,
                     help="No progress or notes on stderr: only errors, and the report."),
        click.option("--gate", is_flag=True,
                     help=f"Exit 1 when {gate} against any opponent, or a comparison has no "
                          "evidence."),
        click.option("--gate-max-p", type=click.FloatRange(0, 1), default=None,
                     help="With --gate: also exit 1 unless every comparison's sign test is "
                          "below P (a PASS at 4 wins, 2 losses has p = 0.69: not evidence)."),
    ]

    def apply(fn: F) -> F:
        for option in reversed(options):
            fn = option(fn)
        return fn
    return apply


def _fail(err: Console, exc: SkillEvalError) -> NoReturn:
    err.print(Text.assemble(("error: ", "bold red"), str(exc)))
    sys.exit(exc.exit_code)


def _interrupted(err: Console) -> NoReturn:
    err.print(Text.assemble(("interrupted: ", "red"), "in-flight trials cancelled and cleaned "
                            "up (see the cleanup line above); re-run the same command to "
                            "resume"))
    sys.exit(EXIT_INTERRUPTED)


def _internal(err: Console, exc: Exception, debug: bool) -> NoReturn:
    trace = traceback.format_exc()
    if debug:
        err.print(Text(trace))
        where = "above"
    else:
        fd, path = tempfile.mkstemp(prefix="skill-eval-crash-", suffix=".txt")
        with os.fdopen(fd, "w") as handle:
            handle.write(trace)
        where = f"in {path}"
    err.print(Text.assemble(("internal error: ", "bold red"),
                            f"{type(exc).__name__}: {exc} (a bug in skill-eval; traceback "
                            f"{where}; please report it)"))
    sys.exit(EXIT_INTERNAL)


def guarded(fn: F) -> F:
    """Errors become exit codes and one line each; nothing else reaches the user raw."""
    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        err = console.err()
        try:
            return fn(*args, **kwargs)
        except SkillEvalError as exc:
            _fail(err, exc)
        except KeyboardInterrupt:
            _interrupted(err)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except Exception as exc:  # noqa: BLE001 - the one place a bug is caught
            ctx = click.get_current_context(silent=True)
            _internal(err, exc, bool(ctx and ctx.find_root().params.get("debug")))
    return cast(F, wrapper)


@click.group(context_settings={"help_option_names": ["-h", "--help"],
                                "max_content_width": 100}, epilog=EXIT_CODES)
@click.option("--log-level", type=click.Choice(LEVELS), default=config.LOG_LEVEL,
              show_default=True, help="What the runner logs on stderr (the run's own log in "
                                      "the store always has INFO and up).")
@click.option("--debug", is_flag=True, help="Print the traceback of an internal error.")
def main(log_level: str, debug: bool) -> None:
    """skill-eval: does the agent do the job better with this skill than without it?

    Runs the real `claude` CLI on each case of a skill's evals/evals.json, once per arm
    (baseline: no skill, candidate: the folder, incumbent: a previous version), k times,
    each session in a throwaway network-less container, and reports net lift and a verdict.
    """
    configure(log_level)
    signals.install()  # SIGTERM stops a run like Ctrl-C does


@main.command(epilog=EXIT_CODES, short_help="Evaluate a skill: paired trials, net lift, verdict.")
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
              type=click.IntRange(min=1), help="claude sessions running at once.")
@click.option("--prefetch", type=click.IntRange(min=0),
              help="Trials prepared ahead (container started, waiting for a session to end) "
                   "[default: half --concurrency, at least 1; 0: none].")
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
@click.option("--rpm", type=click.IntRange(min=1),
              help="Model requests per minute for the whole run (every node's gateways).")
@click.option("--itpm", type=click.IntRange(min=1), help="Input tokens per minute, whole run.")
@click.option("--otpm", type=click.IntRange(min=1), help="Output tokens per minute, whole run.")
@click.option("--metrics-port", type=click.IntRange(0, 65535),
              help="Serve Prometheus metrics on HOST:PORT/metrics while running.")
@click.option("--metrics-host", default="127.0.0.1", show_default=True,
              help="Address the metrics server binds; 0.0.0.0 lets a Prometheus in a container "
                   "or on another host scrape it (deploy/monitoring).")
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
@click.option("--grader-model", default=None,
              help="Model grading plain-language statements (default: --model).")
@click.option("--judge-model", default=None,
              help="Model of the pairwise judge (default: the grader model).")
@click.option("--no-judge", is_flag=True, help="Do not let the judge break ties: they stay ties.")
@click.option("--judge-all", is_flag=True,
              help="Blind A/B of every case: the judge reads every row (it decides ties only).")
@click.option("--confirm", is_flag=True,
              help="Show the estimate and ask before spending (needs a terminal).")
@click.option("--triggers-only", is_flag=True,
              help="Run the trigger eval alone (3 sessions per query): the cheapest signal.")
@click.option("--with-triggers", is_flag=True,
              help="Also run the trigger eval after the paired runs.")
@click.option("--fresh", is_flag=True, help="New run id; default resumes an identical run.")
@click.option("--wait", is_flag=True,
              help="If another driver is running this run, wait for it instead of refusing.")
@click.option("--ray-address", default=None, help="Existing Ray cluster (default: local).")
@_output_options("the report", "the verdict is FAIL")
@guarded
def run(skill: Path, k: int, model: str, cases: tuple[str, ...], incumbent: Path | None,
        arms: str, concurrency: int, prefetch: int | None, timeout_s: float,
        max_turns: int | None, session_budget_usd: float | None, model_script: Path | None,
        store_uri: str,
        s3_endpoint_url: str | None, max_budget_usd: float | None, force: bool,
        rpm: int | None, itpm: int | None, otpm: int | None,
        metrics_port: int | None, metrics_host: str, metrics_linger_s: float, image: str,
        runtime: str | None, backend: str, executor: str, allow_server_tools: bool,
        grader_model: str | None, judge_model: str | None, no_judge: bool, judge_all: bool,
        confirm: bool, triggers_only: bool, with_triggers: bool,
        fresh: bool, wait: bool, ray_address: str | None, report_json: Path | None,
        as_json: bool, quiet: bool, gate: bool, gate_max_p: float | None) -> None:
    """Evaluate SKILL (a folder with SKILL.md and evals/evals.json).

    \b
    Examples:
      skill-eval run examples/csv-summary --model-script examples/csv-summary/model-script.yaml
      skill-eval run ./my-skill --k 3 --incumbent ./my-skill-v1 --report-json report.json
      skill-eval run ./my-skill --case totals --timeout 300 --gate
      skill-eval run ./my-skill --grader-model claude-haiku-4-5 --no-judge
    """
    from runner.driver.api import run_eval
    from runner.schema.options import RunOptions, SandboxConfig

    try:
        arm_list = tuple(Arm(a.strip()) for a in arms.split(",") if a.strip())
    except ValueError as exc:
        raise click.BadParameter(f"{exc}; arms are baseline, candidate, incumbent",
                                 param_hint="--arms") from exc
    check_writable(report_json, "--report-json")
    opts = RunOptions(
        skill_path=skill, incumbent_path=incumbent, k=k, model=model, case_ids=cases,
        arms=arm_list, concurrency=concurrency, prefetch=prefetch, timeout_s=timeout_s,
        max_turns=max_turns,
        session_budget_usd=session_budget_usd, store_uri=store_uri,
        store_endpoint=s3_endpoint_url, max_budget_usd=max_budget_usd, force=force,
        rpm=rpm, itpm=itpm, otpm=otpm, metrics_port=metrics_port, metrics_host=metrics_host,
        metrics_linger_s=metrics_linger_s,
        upstream_url=os.environ.get("ANTHROPIC_BASE_URL", config.UPSTREAM),
        model_script=model_script, allow_server_tools=allow_server_tools, fresh=fresh,
        grader_model=grader_model, judge_model=judge_model, judge=not no_judge,
        judge_all=judge_all,
        wait=wait, ray_address=ray_address, executor=executor,
        sandbox=SandboxConfig(backend=backend, image=image, runtime=runtime))
    if confirm and not sys.stdin.isatty():
        raise click.BadParameter("there is no terminal to ask on; in scripts cap the spend "
                                 "with --max-budget-usd instead", param_hint="--confirm")
    started = time.monotonic()
    err = console.err(quiet=quiet)
    if triggers_only or with_triggers:
        from runner.driver.triggers import run_trigger
        from runner.render.terminal import render_trigger

        triggers = opts.model_copy(update={"k": TRIGGER_RUNS, "force": True})
        if triggers_only:
            render_trigger(run_trigger(triggers, None, "session", err), console.out())
            return
    report = run_eval(opts, err, confirm=_ask if confirm else None)
    _emit([report], report_json, as_json)
    err.print(Text(f"{len(report.trials)} trial(s) in {time.monotonic() - started:.1f}s; "
                   f"stored under {store_uri}/runs/{report.run_id}", style="dim"))
    if with_triggers:
        render_trigger(run_trigger(triggers, None, "session", err), console.out())
    _verdict_exit([report], err, gate, gate_max_p)


TRIGGER_RUNS = 3  # sessions per trigger query from `run --triggers-only/--with-triggers`


def _ask(estimate: Estimate) -> bool:
    return click.confirm(f"spend up to ${estimate.total_usd:.4f}?", default=False,
                         err=True)


def _verdict_exit(reports: list[Report], err: Console, gate: bool,
                  gate_max_p: float | None) -> None:
    """After the report: exit 2 for a script that missed requests, 3 when infrastructure left
    nothing to score, 1 when the gate fails. Under --gate a run with no evidence fails the
    gate (exit 1) whatever the cause, the cause printed: the gate's question has one answer."""
    from runner.driver.api import require_scored, require_script_coverage

    try:
        require_scored(reports)
    except InfraError as exc:
        if not gate:
            raise
        err.print(Text(f"gate: no evidence: {exc}", style="red"))
        sys.exit(EXIT_GATE)
    require_script_coverage(reports)
    if gate and gate_fails(reports, gate_max_p):
        sys.exit(EXIT_GATE)


def check_writable(path: Path | None, flag: str) -> None:
    """A report path that cannot be written is refused before the run is paid for."""
    if path is None:
        return
    folder = path.parent if str(path.parent) else Path(".")
    if path.is_dir() or not folder.is_dir() or not os.access(folder, os.W_OK):
        raise RefusedInput(f"{flag} {path}: cannot write there (the folder must exist and be "
                           "writable)")


def _emit(reports: list[Report], report_json: Path | None, as_json: bool) -> None:
    """The report: the file first (it survives a broken terminal), then stdout."""
    from runner.render.terminal import render

    payload = (reports[0].model_dump_json(indent=1) if len(reports) == 1 else
               "[" + ",\n".join(r.model_dump_json(indent=1) for r in reports) + "]")
    if report_json is not None:
        try:
            report_json.write_text(payload)
        except OSError as exc:  # checked before the run; the disk can still fill up
            raise InfraError(f"--report-json {report_json}: cannot write it "
                             f"({exc.strerror}); the report is also in the store") from exc
    if as_json:
        sys.stdout.write(payload + "\n")
        return
    out = console.out()
    for index, report in enumerate(reports):
        if index:
            out.print()
        render(report, out)


def gate_fails(reports: list[Report], max_p: float | None = None) -> bool:
    """The gate fails on FAIL or NO EVIDENCE against any opponent (baseline or incumbent),
    and with `max_p` on any comparison whose sign test is not below it."""
    comparisons = [c for r in reports for c in r.comparisons]
    if any(c.verdict in (Verdict.FAIL, Verdict.NO_EVIDENCE) for c in comparisons):
        return True
    return max_p is not None and any(c.sign_test_p is None or c.sign_test_p >= max_p
                                     for c in comparisons)


@main.command(epilog=CHECK_EXIT_CODES, short_help="Check a skill and its case set offline.")
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--k", "k", default=config.K, show_default=True, type=click.IntRange(min=1),
              help="Repetitions per case and arm, for the plan size.")
@click.option("--incumbent", type=click.Path(path_type=Path),
              help="A previous version of the skill, checked the same way.")
@click.option("--model-script", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Also check a model script for an offline dry run.")
@click.option("--verbose", "-v", is_flag=True,
              help="Also list each case and how each of its checks will be graded.")
@guarded
def check(skill: Path, k: int, incumbent: Path | None, model_script: Path | None,
          verbose: bool) -> None:
    """Check SKILL and its case set offline (free, nothing written): what a run would do.

    \b
    Examples:
      skill-eval check examples/csv-summary
      skill-eval check examples/csv-summary -v      # how each check will be graded
      skill-eval check examples/csv-summary --model-script examples/csv-summary/model-script.yaml
    """
    from runner.planning.plan import make_plan
    from runner.schema.options import RunOptions
    from runner.scripted.script import load_script

    plan = make_plan(RunOptions(skill_path=skill, k=k, incumbent_path=incumbent))
    script = ""
    if model_script is not None:
        scenarios = load_script(model_script).scenarios
        script = f"; model script ok ({len(scenarios)} scenario(s))"
    out = console.out()
    out.print(Text(
        f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), {len(plan.cases)} "
        f"case(s): {', '.join(plan.cases)}; arms {', '.join(plan.arms)}; k={k} -> "
        f"{len(plan.trials)} trial(s){script}"))
    if verbose:
        from runner.authoring.describe import describe_case

        for case in plan.cases_in_order():
            for line in describe_case(case, plan.judge_expected_output):
                out.print(Text(line))
    for finding in plan.findings:
        out.print(Text(f"{finding.code} {finding.file}: case {finding.case!r}: "
                       f"{finding.message}; fix: {finding.fix}"))


@main.command(epilog=EXIT_CODES, short_help="Run many evals under one limit and one budget.")
@click.argument("batch_file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--store", "store_uri", default=None,
              help="Override the batch file's store (directory or s3://bucket/prefix).")
@click.option("--ray-address", default=None, help="Existing Ray cluster (default: local).")
@click.option("--metrics-port", type=click.IntRange(0, 65535),
              help="Serve Prometheus metrics on HOST:PORT/metrics while running.")
@click.option("--metrics-host", default=None,
              help="Address the metrics server binds (default 127.0.0.1).")
@click.option("--force", is_flag=True, help="Run even when the cost estimate exceeds the cap.")
@click.option("--wait", is_flag=True,
              help="If another driver is running this batch, wait for it instead of refusing.")
@_output_options("the reports (a JSON list)", "any eval's verdict is FAIL")
@guarded
def batch(batch_file: Path, store_uri: str | None, ray_address: str | None,
          metrics_port: int | None, metrics_host: str | None, force: bool, wait: bool,
          report_json: Path | None, as_json: bool, quiet: bool, gate: bool,
          gate_max_p: float | None) -> None:
    """Run every eval in BATCH_FILE in one driver: one concurrency limit, one budget,
    resumable as a whole (re-run the same command). Relative paths in the file (skills,
    store, model script) are read from the file's folder. For overnight queues on a cluster,
    submit it as a Ray job (see README, "Running at scale").

    \b
    Examples:
      skill-eval batch nightly.yaml
      skill-eval batch nightly.yaml --store s3://evals/nightly --gate
      ray job submit --address http://HEAD:8265 --working-dir . -- skill-eval batch nightly.yaml
    """
    from runner.driver.batch import run_batch

    check_writable(report_json, "--report-json")
    err = console.err(quiet=quiet)
    summary, reports = run_batch(batch_file, err, overrides={
        "store_uri": store_uri, "ray_address": ray_address, "metrics_port": metrics_port,
        "metrics_host": metrics_host, "force": force or None, "wait": wait or None,
        "upstream_url": os.environ.get("ANTHROPIC_BASE_URL")})
    _emit(reports, report_json, as_json)
    err.print(Text(f"batch {summary.batch_id}: " + ", ".join(
        f"{r['skill']} {r['verdict']}" for r in summary.runs)
        + (f" (stopped: {summary.stopped})" if summary.stopped else "")))
    _verdict_exit(reports, err, gate, gate_max_p)


@main.command(epilog=EXIT_CODES, short_help="Stop a run or batch from another shell.")
@click.argument("run_id")
@_store_option("The run's store.")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible server for an s3:// store.")
@guarded
def stop(run_id: str, store_uri: str, s3_endpoint_url: str | None) -> None:
    """Stop RUN_ID (or a batch id) cleanly from another shell: no new trial starts, in-flight
    trials end at their next model call, and the driver writes a partial report.

    \b
    Example:
      skill-eval stop r-8cfe993a564bfb22
    """
    from runner.driver.api import request_stop
    from runner.store.base import open_store

    request_stop(open_store(store_uri, s3_endpoint_url), run_id)
    console.out().print(Text(f"stop requested for {run_id}"))


@main.command(epilog=CHECK_EXIT_CODES, short_help="What a run would cost, before spending.")
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--k", "k", default=config.K, show_default=True, type=click.IntRange(min=1),
              help="Repetitions per case and arm.")
@click.option("--model", default=config.MODEL, show_default=True, help="Model passed to claude.")
@click.option("--case", "cases", multiple=True, help="Only this case id (repeatable).")
@click.option("--incumbent", type=click.Path(path_type=Path),
              help="Folder of the version you already have.")
@click.option("--grader-model", default=None, help="Model grading statements.")
@click.option("--judge-model", default=None, help="Model of the pairwise judge.")
@click.option("--no-judge", is_flag=True, help="Leave ties as ties.")
@_store_option("Where past runs are kept: their history sharpens the estimate.")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible endpoint (MinIO, ...).")
@click.option("--json", "as_json", is_flag=True, help="Print the estimate as JSON on stdout.")
@guarded
def estimate(skill: Path, k: int, model: str, cases: tuple[str, ...], incumbent: Path | None,
             grader_model: str | None, judge_model: str | None, no_judge: bool,
             store_uri: str, s3_endpoint_url: str | None, as_json: bool) -> None:
    """What evaluating SKILL would cost: sessions per arm, grader and judge calls, tokens and
    dollars from the versioned price table. Offline and free; uses the skill's past runs in the
    store when there are any, else a generous per-session default.

    \b
    Examples:
      skill-eval estimate examples/csv-summary
      skill-eval estimate ./my-skill --k 3 --incumbent ./my-skill-v1 --store s3://evals/runs
    """
    from runner.costs.estimate import estimate_plan
    from runner.planning.plan import make_plan
    from runner.render.terminal import render_estimate
    from runner.schema.options import RunOptions
    from runner.store.base import open_store
    from runner.store.runs import token_history

    plan = make_plan(RunOptions(skill_path=skill, k=k, model=model, case_ids=cases,
                                incumbent_path=incumbent, grader_model=grader_model,
                                judge_model=judge_model, judge=not no_judge))
    history = {}
    if "://" in store_uri or Path(store_uri).is_dir():
        history = token_history(open_store(store_uri, s3_endpoint_url), plan.skill.name, model)
    result = estimate_plan(plan, history)
    if as_json:
        console.out().print_json(result.model_dump_json())
        return
    render_estimate(result, console.out(), f"{plan.skill.name}: {len(plan.trials)} trial(s) "
                                           "would cost")


@main.command(epilog=EXIT_CODES, short_help="Look at a run in the browser.")
@click.argument("run_id", required=False)
@_store_option("The store to read (a directory or s3://bucket/prefix).")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible endpoint (MinIO, ...).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to serve on (loopback unless you say otherwise).")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535))
@click.option("--html", "html_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Write RUN_ID's page (default: the newest run) to this file and exit.")
@guarded
def view(run_id: str | None, store_uri: str, s3_endpoint_url: str | None, host: str,
         port: int, html_file: Path | None) -> None:
    """Look at runs in the browser: verdict and comparisons first, cost per arm, charts, the
    case x arm x repetition grid, and every row side by side (transcripts as turns, output
    files with a diff between arms, each check, grader quote and judge call). Read-only; the
    page runs no script and loads nothing from the network.

    \b
    Examples:
      skill-eval view                         # serve every run in .skill-eval on loopback
      skill-eval view r-8cfe993a564bfb22 --store s3://evals/nightly
      skill-eval view --html report.html      # the newest run as one static page (CI artifact)
    """
    from runner.render.html import run_page, trigger_page
    from runner.store.base import open_store
    from runner.view.load import latest_run, load_run, load_trigger

    if "://" not in store_uri and not Path(store_uri).is_dir():
        raise RefusedInput(f"--store {store_uri}: no such directory, so no runs there; name "
                           "the store the runs were made with (run --store)")
    store = open_store(store_uri, s3_endpoint_url)
    if html_file is not None:
        check_writable(html_file, "--html")
        chosen = run_id or latest_run(store)
        if chosen.startswith("t-"):  # a trigger run
            html_file.write_text(trigger_page(load_trigger(store, chosen), chosen),
                                 encoding="utf-8")
        else:
            report, views, history = load_run(store, chosen)
            html_file.write_text(run_page(report, views, history), encoding="utf-8")
        console.out().print(Text(f"wrote {html_file} (run {chosen})"))
        return
    from runner.aio import HostedApp
    from runner.view.server import Viewer

    if run_id is not None:  # refuse an unknown run now, not in the browser
        (load_trigger if run_id.startswith("t-") else load_run)(store, run_id)
    hosted = HostedApp(Viewer(store).app())
    try:
        url = hosted.start_tcp(host, port)
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    kind = "trigger" if run_id and run_id.startswith("t-") else "run"
    target = f"{url}/{kind}/{run_id}" if run_id else f"{url}/"
    try:
        console.out().print(Text(f"serving {target} (read-only; Ctrl-C stops)"))
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        hosted.stop()


@main.command(epilog=EXIT_CODES, short_help="Does the skill fire, and only when it should?")
@click.argument("skill", type=click.Path(path_type=Path))
@click.option("--runs", "runs_per_query", default=3, show_default=True,
              type=click.IntRange(min=1), help="Sessions per query (the model is not "
                                               "deterministic).")
@click.option("--skills-dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              help="The library the skill competes with (each folder a skill).")
@click.option("--with-neighbours", "with_neighbours", default=0, type=click.IntRange(min=0),
              help="Also measure the N library skills whose descriptions overlap most (and "
                   "that have trigger sets): an edit can take a neighbour's requests.")
@click.option("--mode", type=click.Choice(["session", "catalog"]), default="session",
              show_default=True, help="session: real sessions in containers (observed "
                                      "activation); catalog: one model call per query")
@click.option("--model", default=config.MODEL, show_default=True, help="Model to route with.")
@click.option("--model-script", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Scripted model for an offline dry run.")
@click.option("--session-budget-usd", type=click.FloatRange(min=0, min_open=True),
              help="Per-session cap (default 0.25: the decision lands in a turn or two).")
@click.option("--max-budget-usd", type=click.FloatRange(min=0, min_open=True),
              help="Cap on the whole trigger run.")
@click.option("--concurrency", default=config.CONCURRENCY, show_default=True,
              type=click.IntRange(min=1), help="Sessions in flight.")
@click.option("--timeout", "timeout_s", default=180.0, show_default=True,
              type=click.FloatRange(min=1), help="Per-session limit, seconds.")
@_store_option("Where runs are kept: a directory or s3://bucket/prefix.")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible endpoint (MinIO, ...).")
@click.option("--sandbox", "backend", type=click.Choice(["docker", "local", "fake"]),
              default="docker", show_default=True, help="Where sessions run.")
@click.option("--executor", type=click.Choice(["ray", "inprocess"]), default="ray",
              show_default=True, help="inprocess = threads in this process, no Ray.")
@click.option("--fresh", is_flag=True, help="New run id; default resumes an identical run.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON on stdout.")
@guarded
def trigger(skill: Path, runs_per_query: int, skills_dir: Path | None, with_neighbours: int,
            mode: str, model: str,
            model_script: Path | None, session_budget_usd: float | None,
            max_budget_usd: float | None, concurrency: int, timeout_s: float, store_uri: str,
            s3_endpoint_url: str | None, backend: str, executor: str, fresh: bool,
            as_json: bool) -> None:
    """Trigger evaluation: each query of SKILL's trigger set runs --runs times as a headless
    claude session in a fresh container, with the skill among --skills-dir's skills, not in
    plan mode, with the read-only tools only (Skill Read Glob Grep), no MCP server and a
    per-session budget cap. What counts is the first skill each session loads. Prints the
    confusion matrix, recall, precision and F1, each query's fire rate and where its misses
    went, train and validation figures (60/40, stratified), EV010 and the bill.

    \b
    Examples:
      skill-eval trigger ./my-skill --skills-dir ~/.claude/skills --runs 3
      skill-eval trigger ./my-skill --mode catalog       # cheap: a model reads the catalog
    """
    from runner.driver.triggers import run_with_neighbours
    from runner.render.terminal import render_trigger
    from runner.schema.options import RunOptions, SandboxConfig

    opts = RunOptions(
        skill_path=skill, k=runs_per_query, model=model, model_script=model_script,
        session_budget_usd=session_budget_usd, max_budget_usd=max_budget_usd,
        concurrency=concurrency, timeout_s=timeout_s, store_uri=store_uri,
        store_endpoint=s3_endpoint_url, fresh=fresh, executor=executor, force=True,
        upstream_url=os.environ.get("ANTHROPIC_BASE_URL", config.UPSTREAM),
        sandbox=SandboxConfig(backend=backend))
    reports = run_with_neighbours(opts, skills_dir, mode, with_neighbours, console.err())
    if as_json:
        console.out().print_json(data=[r.model_dump(mode="json") for r in reports])
        return
    for number, report in enumerate(reports):
        if number:
            console.out().print(Text(f"\nneighbour {report.skill}:", style="bold"))
        render_trigger(report, console.out())


@main.command(epilog=CHECK_EXIT_CODES, short_help="Where would this wording route? (offline)")
@click.option("--skills-dir", type=click.Path(exists=True, file_okay=False, path_type=Path),
              required=True, help="A folder of skill folders (each with a SKILL.md).")
@click.option("--prompt", required=True, help="The request to route.")
@click.option("--top", default=5, show_default=True, type=click.IntRange(min=1),
              help="Show this many skills.")
@guarded
def route(skills_dir: Path, prompt: str, top: int) -> None:
    """Rank the skills under --skills-dir by how much of the prompt's wording each description
    shares, naming the sentence that matched. Offline and free: it reasons about
    descriptions, it never observes an activation (`skill-eval trigger` does).

    \b
    Example:
      skill-eval route --skills-dir ~/.claude/skills --prompt "list the PRs merged since v2"
    """
    from runner.authoring.skill import load_library
    from runner.triggers.route import rank

    library = load_library(skills_dir)
    ranked = rank(prompt, {s.name: s.description for s in library})[:top]
    out = console.out()
    width = max(len(m.skill) for m in ranked)
    for number, match in enumerate(ranked, 1):
        quoted = match.sentence if len(match.sentence) <= 70 else match.sentence[:69] + "…"
        out.print(Text(f"{number}. {match.skill.ljust(width)}  {match.score:.2f}  "
                       + (f"\"{quoted}\"" if quoted else "(no shared wording)")))
    if len(ranked) > 1 and ranked[0].score > 0:
        lead = ranked[0].score - ranked[1].score
        verdict = (f"`{ranked[0].skill}` wins by {lead:.2f} over `{ranked[1].skill}`" if lead
                   else f"`{ranked[0].skill}` and `{ranked[1].skill}` tie: the wording does "
                        "not separate them")
        out.print(Text("\n" + verdict))
    elif not ranked or ranked[0].score == 0:
        out.print(Text("\nno description shares the prompt's wording"))


@main.command(epilog=EXIT_CODES, short_help="List the runs in a store, newest first.")
@_store_option("The store to list (a directory or s3://bucket/prefix).")
@click.option("--s3-endpoint-url", envvar="AWS_ENDPOINT_URL_S3",
              help="S3-compatible endpoint (MinIO, ...).")
@click.option("--skill", "skill_name", default=None, help="Only runs of this skill (its name).")
@click.option("--limit", default=50, show_default=True, type=click.IntRange(min=1),
              help="Show at most this many.")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON on stdout.")
@guarded
def runs(store_uri: str, s3_endpoint_url: str | None, skill_name: str | None, limit: int,
         as_json: bool) -> None:
    """List the runs in a store, newest first: id, skill and digest, verdict, net lift,
    trials, holes, cost, when it finished, status. Read from the receipts: nothing is changed.

    \b
    Examples:
      skill-eval runs
      skill-eval runs --store s3://evals/nightly --skill csv-summary --limit 10
    """
    from runner.render.terminal import render_runs
    from runner.store.base import open_store
    from runner.store.runs import list_runs

    if "://" not in store_uri and not Path(store_uri).is_dir():
        raise RefusedInput(f"--store {store_uri}: no such directory, so no runs there; name "
                           "the store the runs were made with (run --store)")
    store = open_store(store_uri, s3_endpoint_url)
    if "://" in store_uri:
        store.preflight()  # the bucket must exist; a local store is only read
    found = list_runs(store, skill_name)[:limit]
    if as_json:
        console.out().print_json(data=[r.model_dump(mode="json") for r in found])
        return
    render_runs(found, console.out())


@main.command("serve-model", epilog=EXIT_CODES,
              short_help="Serve a scripted Messages API endpoint.")
@click.argument("script", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--port", default=8787, show_default=True, type=click.IntRange(0, 65535))
@click.option("--host", default="127.0.0.1", show_default=True)
@guarded
def serve_model(script: Path, port: int, host: str) -> None:
    """Serve a scripted Messages API endpoint (for manual runs and debugging).

    \b
    Example:
      skill-eval serve-model examples/csv-summary/model-script.yaml --port 8787
      ANTHROPIC_BASE_URL=http://127.0.0.1:8787 ANTHROPIC_API_KEY=x claude -p hi
    """
    from runner.scripted.script import load_script
    from runner.scripted.server import ScriptedEndpoint

    endpoint = ScriptedEndpoint(load_script(script), host, port)
    try:
        url = endpoint.__enter__()
    except OSError as exc:
        raise RefusedInput(f"--host {host} --port {port}: cannot listen there "
                           f"({exc.strerror or exc}); pick another address or port") from exc
    try:
        console.err().print(Text(f"scripted model endpoint at {url} (Ctrl-C stops)"))
        while True:
            time.sleep(3600)
    except KeyboardInterrupt:
        pass
    finally:
        endpoint.__exit__(None, None, None)


@main.command(epilog=EXIT_CODES, short_help="Remove what interrupted runs left behind.")
@click.option("--run", "run_id", help="Only this run's leftovers (running or not).")
@click.option("--all", "include_running", is_flag=True,
              help="Also running sandboxes (after a driver crashed mid-run).")
@guarded
def gc(run_id: str | None, include_running: bool) -> None:
    """Remove what interrupted runs left behind: sandbox containers (by label), workspace
    mounts, scratch directories, and cached skill and fixture bundles no trial is using.
    By default running sandboxes are kept.

    \b
    Examples:
      skill-eval gc
      skill-eval gc --run r-8cfe993a564bfb22
    """
    from runner.sandbox.reap import reap_bundles
    from runner.sandbox.registry import open_sandbox
    from runner.schema.options import SandboxConfig

    reaped = open_sandbox(SandboxConfig()).reap_run(
        run_id, include_running=include_running or run_id is not None)
    if run_id is None and not reaped.kept:  # nothing runs here: no trial needs the cache
        reaped = reaped.plus(reap_bundles())
    console.out().print(Text(
        f"removed {reaped.containers} container(s), {reaped.mounts} mount(s), "
        f"{reaped.scratch_dirs} scratch dir(s), {reaped.bundles} cached bundle(s)"
        + (f"; {reaped.failed} container(s) could not be removed" if reaped.failed else "")))
    if reaped.failed:
        sys.exit(InfraError.exit_code)

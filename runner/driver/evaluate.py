"""One skill's run: its preflight, `run_eval`, its report made and kept; `request_stop`. A
batch is in runner.driver.batch; both go through one scheduling pass (runner.driver.passes).
The command line reaches these through runner.driver.api."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

from rich.console import Console
from rich.markup import escape

from runner.analysis.feedback import build_feedback
from runner.analysis.planner import size_warning
from runner.analysis.report import build_report
from runner.authoring.reading import located, read_skill, refuse_errors, skill_findings
from runner.authoring.scan import gate_local, program_findings, scan_skill
from runner.console import err as stderr_console
from runner.costs.estimate import estimate_plan
from runner.driver.cluster import is_cluster
from runner.driver.passes import forwarded, run_pass
from runner.driver.preflight import check_fixtures_fit, check_pass
from runner.driver.receipts import file_paired, resolve_incumbent
from runner.driver.refusals import refuse_before_trials
from runner.driver.scheduler import finished
from runner.driver.warm import prestart
from runner.driver.wave import RunBudget as RunBudget  # public: a run shares it across waves
from runner.errors import InfraError, RefusedInput
from runner.gateway.credentials import read_credential
from runner.judging.ties import stored as stored_judgements
from runner.planning.plan import check_request, make_plan
from runner.render.terminal import render_estimate
from runner.sandbox.registry import open_sandbox
from runner.schema.enums import RunStatus
from runner.schema.feedback import Feedback
from runner.schema.models import Futility
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.regrade import Regrade
from runner.schema.report import Report as Report  # also for the CLI's type hints
from runner.schema.runs import Estimate
from runner.schema.trial import TrialResult
from runner.scripted.script import load_script
from runner.store.base import Store, open_store
from runner.store.keys import RunKeys
from runner.store.runs import token_history
from runner.trial.isolation import check_library_staging, check_staging


def check_model_access(opts: RunOptions) -> None:
    """A model script that loads, or a credential to reach the real model: before anything is
    spent. On a cluster whose nodes hold their own credential, each node is asked instead
    (runner.driver.cluster); forwarded credentials must be in this shell."""
    if opts.model_script is not None:
        load_script(opts.model_script)
        return
    if read_credential() is not None:
        return
    if opts.forward_credentials:
        raise RefusedInput("--forward-credentials: neither ANTHROPIC_API_KEY nor "
                           "CLAUDE_CODE_OAUTH_TOKEN is set in this shell, so there is nothing "
                           "to forward; export one, or leave the flag out to use each node's")
    if opts.executor == "ray" and is_cluster(opts.ray_address):
        return
    raise RefusedInput("ANTHROPIC_API_KEY is not set: export it (or CLAUDE_CODE_OAUTH_TOKEN, "
                       "from `claude setup-token`, to run on a subscription) to run against "
                       "the model, or give a model script (run --model-script FILE, or "
                       "`model_script:` in a batch file) for an offline dry run")


def preflight(opts: RunOptions, warm: bool = False, triggers: bool = False) -> Plan:
    """Everything that can refuse the run before anything is written or spent: the offline
    checks first (free: hygiene, the case set, the static scan's gate under --sandbox local),
    then the key, then the sandbox backend (its image id goes into every id). The pass's own
    checks (store, Ray, metrics port, the live model call) are `check_pass` and `check_live`.
    With `warm`, Ray's workers start once the cheap checks passed, while the rest is checked
    and planned. With `triggers`, the trigger wave that follows (`run --with-triggers`) must
    have queries to ask."""
    reading = read_skill(opts.skill_path)
    refuse_errors(reading, opts.skill_path)  # hygiene errors: nothing is billed
    request = check_request(opts)
    found = [*skill_findings(reading, request.skill.path, request.caseset.evals),
             *program_findings(request.skill.path, list(request.caseset.evals))]
    gate_local(list(reading.scan), opts.sandbox.backend, opts.trust_target, request.skill.path)
    if request.incumbent is not None:
        gate_local(scan_skill(request.incumbent.path), opts.sandbox.backend, opts.trust_target,
                   request.incumbent.path)
    check_model_access(opts)
    refuse_before_trials(opts, request.caseset.evals, request.skill.path, triggers)
    if warm:
        prestart(opts.settings(), forwarded(opts.settings()))
    if opts.sandbox.backend == "docker":
        check_fixtures_fit(request.caseset.evals, request.skill.path,
                           opts.sandbox.limits.workspace_size)
    info = open_sandbox(opts.sandbox).preflight()
    sandbox = opts.sandbox.model_copy(update={"image_id": info.image_id})
    plan = make_plan(opts.model_copy(update={"sandbox": sandbox}), request)
    return plan.model_copy(update={"findings": [*found, *plan.findings]})


def finish(plan: Plan, results: list[TrialResult], stopped: str | None, store: Store,
           unmatched: tuple[int, str | None] = (0, None),
           regrade: Regrade | None = None, opts: RunOptions | None = None) -> Report:
    """The report, its feedback file, and what the run leaves for later runs (its index
    entry; a receipt and its saved name only when it completed)."""
    report = make_report(plan, results, stopped, store, unmatched, regrade)
    keep_report(plan, report, results, store, opts)
    return report


def make_report(plan: Plan, results: list[TrialResult], stopped: str | None, store: Store,
                unmatched: tuple[int, str | None] = (0, None),
                regrade: Regrade | None = None, futility: Futility | None = None) -> Report:
    """The run's report from its own results (the store gives its judgements), not yet
    kept: a multi-model run adds the model table before it is (runner.driver.models), and
    says which model stopped for futility (`futility`)."""
    ids = {t.trial_id for t in plan.trials}  # built once, not per result
    mine = [r for r in results if r.trial_id in ids]
    if plan.skills:  # several skills at once: each arm stages a library
        check_library_staging({t.arm: t.library for t in plan.trials}, mine)
    else:
        check_staging(plan.skill.name, mine)
    judgements = [j for j in stored_judgements(store, plan.run_id)
                  if j.candidate_trial in ids and j.model == plan.judge_model]
    return build_report(plan, mine, stopped, judgements, futility).model_copy(update={
        "script_unmatched": unmatched[0], "script_first_unmatched": unmatched[1],
        "finished_at": datetime.now(UTC), "regrade": regrade})


def keep_report(plan: Plan, report: Report, results: list[TrialResult], store: Store,
                opts: RunOptions | None = None) -> None:
    """The report and its feedback file into the store, then its index entry and receipt
    (which carries the report as stored)."""
    ids = {t.trial_id for t in plan.trials}
    mine = [r for r in results if r.trial_id in ids]
    data = report.model_dump_json(indent=1).encode()
    store.put(RunKeys(plan.run_id).report_json, data)
    store.put(RunKeys(plan.run_id).feedback, build_feedback(
        report, mine, stored_feedback(store, plan.run_id)).model_dump_json(indent=1).encode())
    file_paired(store, plan, report, opts)


def require_script_coverage(reports: list[Report]) -> None:
    """A dry run whose model script answered requests it has no scenario for measured the
    script, not the skill: the input is wrong (exit 2), and the report says where."""
    for report in reports:
        if report.script_unmatched:
            raise RefusedInput(
                f"run {report.run_id}: the model script matched no scenario for "
                f"{report.script_unmatched} model request(s) (first prompt: "
                f"{report.script_first_unmatched!r}); add a scenario for it, or a fallback "
                "scenario without `when`")


def require_scored(reports: list[Report]) -> None:
    """A run in which infrastructure left nothing to score is a failure of the machinery,
    not a verdict (exit 3): every trial a hole, and not because the run was stopped."""
    for report in reports:
        infra = [t for t in report.trials if t.status.is_hole]
        if report.status is not RunStatus.STOPPED and report.trials and \
                report.wins + report.losses + report.ties == 0 and infra:
            first = infra[0]
            raise InfraError(
                f"run {report.run_id}: no trial could be scored, {len(infra)} failed on the "
                f"infrastructure (first: {first.case} {first.arm}: {first.status}: "
                f"{first.error}); re-run the same command to resume once it is fixed")


def estimate_run(plan: Plan, store: Store, done: set[str] | None = None,
                 batch_grading: bool = False) -> Estimate:
    """What the trials still to run would cost, from the skill's own history when it has one."""
    pending = [t for t in plan.trials if t.trial_id not in (done or set())]
    history = token_history(store, plan.skill.name, plan.model)
    return estimate_plan(plan.model_copy(update={"trials": pending}), history, batch_grading)


def run_eval(opts: RunOptions, console: Console | None = None,
             store: Store | None = None,
             confirm: Callable[[Estimate], bool] | None = None,
             budget: RunBudget | None = None, with_triggers: bool = False) -> Report:
    """One eval. `confirm` is asked with the estimate before anything is spent; a False
    answer refuses the run (nothing written, nothing spent). `budget`: shared with the run's
    later waves (`run --with-triggers`), which then spend under the same cap; `with_triggers`
    refuses, before anything is spent, a skill with no trigger queries for that wave."""
    console = console or stderr_console()
    opts, store = with_incumbent(opts, store, console)
    plan = preflight(opts, warm=True, triggers=with_triggers)
    check_pass(opts.settings(), store, plan.image_id)
    done = finished(plan.trials, store)  # read once: reused by the pass and the scheduler
    for finding in plan.findings:
        console.print(f"[yellow]{finding.code}[/] {escape(located(finding))} "
                      f"{escape(finding.message)}; fix: {escape(finding.fix)}")
    console.print(f"run {plan.run_id}: {len(plan.cases)} case(s) x k={plan.k_label()} x "
                  f"{len(plan.arms)} arm(s) = {'at most ' if plan.adaptive else ''}"
                  f"{len(plan.trials)} trial(s) "
                  f"({len(done)} already done), model {plan.model}"
                  + (" [cyan](dry run: scripted model)[/]" if plan.dry_run else ""))
    warning = size_warning(len(plan.cases), plan.k, plan.alpha)
    if warning:
        console.print(f"[yellow]{escape(warning)}[/]")
    estimate = estimate_run(plan, store, set(done), opts.batch_grading)
    render_estimate(estimate, console, "would cost" if not plan.dry_run else
                    "would cost against the real model")
    if confirm is not None and estimate.lines and not confirm(estimate):
        raise RefusedInput("not started: declined at the cost prompt (nothing was spent)")
    outcome = run_pass(plan.run_id, [plan], store, opts.settings(), console, done,
                       budget)
    unmatched = outcome.unmatched if outcome.ran else stored_unmatched(store, plan.run_id)
    report = finish(plan, outcome.results, outcome.stopped, store, unmatched, opts=opts)
    note_unsaved(report, opts, console)
    return report


def note_unsaved(report: Report, opts: RunOptions, console: Console) -> None:
    """`--save NAME` names only a completed run: say so when this one was not."""
    if opts.save and report.status is not RunStatus.COMPLETED:
        console.print(f"[yellow]not saved as {escape(opts.save)!r}[/]: run {report.run_id} is "
                      f"{report.status}; only a completed run files a receipt and takes a name")


def with_incumbent(opts: RunOptions, store: Store | None,
                   console: Console) -> tuple[RunOptions, Store]:
    """The store the run uses, and `--incumbent latest` resolved from it (exit 2 when the
    skill has no completed run of other bytes there)."""
    store = store or open_store(opts.store_uri, opts.store_endpoint)
    if opts.incumbent_latest:
        store.preflight()
        opts, note = resolve_incumbent(opts, store)
        console.print(f"incumbent: {escape(note)}")
    if opts.incumbent_team:
        from runner.driver.team import resolve_team_incumbent

        store.preflight()
        opts, note = resolve_team_incumbent(opts, store)
        console.print(f"incumbent: {escape(note)}")
    return opts, store


def stored_feedback(store: Store, run_id: str) -> Feedback | None:
    try:
        return Feedback.model_validate_json(store.get(RunKeys(run_id).feedback))
    except (KeyError, ValueError):
        return None


def stored_unmatched(store: Store, run_id: str) -> tuple[int, str | None]:
    """A resume that ran nothing keeps what the run's model script left unmatched before."""
    try:
        previous = Report.model_validate_json(store.get(RunKeys(run_id).report_json))
    except (KeyError, ValueError):
        return 0, None
    return previous.script_unmatched, previous.script_first_unmatched


def request_stop(store: Store, run_id: str) -> None:
    """`skill-eval stop`: the driver sees the flag within a poll interval."""
    if not store.exists(RunKeys(run_id).plan):
        raise RefusedInput(f"no run or batch {run_id!r} in store {store.uri}")
    store.put(RunKeys(run_id).stop_flag, b"stop requested\n")


def store_at(uri: str, endpoint: str | None) -> Store:
    """The store a command writes to (`stop`): opened, not checked (the caller preflights)."""
    return open_store(uri, endpoint)

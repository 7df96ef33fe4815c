"""`skill-eval run --skill A --skill B [--baseline-mode joint|per-skill]`: several skills at
once (runner.planning.group) in one scheduling pass, a report per without-arm."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from runner.console import err as stderr_console
from runner.costs.estimate import estimate_plan
from runner.driver.evaluate import check_model_access, finish, stored_unmatched
from runner.driver.passes import run_pass, shared_trials
from runner.driver.preflight import check_fixtures_fit, check_pass
from runner.driver.refusals import refuse_before_trials
from runner.driver.scheduler import finished
from runner.errors import RefusedInput
from runner.planning.group import GroupRequest, check_group, make_group_plans
from runner.render.terminal import render_estimate
from runner.sandbox.registry import open_sandbox
from runner.schema.enums import BaselineMode
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.runs import Estimate
from runner.store.base import Store, open_store
from runner.store.keys import RunKeys
from runner.store.runs import token_history


def preflight_group(opts: RunOptions) -> tuple[list[Plan], GroupRequest]:
    request = check_group(opts)
    check_model_access(opts)
    for skill, caseset in zip(request.skills, request.casesets, strict=True):
        refuse_before_trials(opts, caseset.evals, skill.path)
    if opts.sandbox.backend == "docker":
        for skill, caseset in zip(request.skills, request.casesets, strict=True):
            check_fixtures_fit(caseset.evals, skill.path, opts.sandbox.limits.workspace_size)
    info = open_sandbox(opts.sandbox).preflight()
    sandbox = opts.sandbox.model_copy(update={"image_id": info.image_id})
    return make_group_plans(opts.model_copy(update={"sandbox": sandbox}), request), request


def describe_arms(plans: list[Plan], request: GroupRequest) -> str:
    """What the arms are and what the delta means, stated before anything is spent."""
    names = ", ".join(s.name for s in request.skills)
    n = len(request.skills)
    if plans[0].baseline_mode is BaselineMode.PER_SKILL:
        return (f"{n} skills ({names}), baseline mode per-skill: {n + 1} arms (candidate: all "
                f"{n} staged; one without-arm per skill, staging the others), so about "
                f"{n + 1}/2 the cost of a joint run; each delta is that skill's marginal "
                "contribution")
    return (f"{n} skills ({names}), baseline mode joint: 2 arms (candidate: all {n} staged; "
            "baseline: none); the delta is their joint contribution, not any one skill's")


def estimate_group(plans: list[Plan], store: Store, done: set[str]) -> Estimate:
    trials, _ = shared_trials(plans)
    pending = [t for t in trials if t.trial_id not in done]
    history = token_history(store, plans[0].skill.name, plans[0].model)
    return estimate_plan(plans[0].model_copy(update={"trials": pending}), history)


def run_group(opts: RunOptions, console: Console | None = None,
              confirm: Callable[[Estimate], bool] | None = None) -> list[Report]:
    console = console or stderr_console()
    plans, request = preflight_group(opts)
    store = open_store(opts.store_uri, opts.store_endpoint)
    check_pass(opts.settings(), store)
    trials, _ = shared_trials(plans)
    done = finished(trials, store)
    for finding in (f for p in plans[:1] for f in p.findings):
        console.print(f"[yellow]{finding.code}[/] {escape(finding.file)}: case "
                      f"{escape(finding.case)!r}: {escape(finding.message)}")
    console.print(escape(describe_arms(plans, request)))
    console.print(f"runs {', '.join(p.run_id for p in plans)}: {len(plans[0].cases)} case(s) "
                  f"x k={opts.k} = {len(trials)} trial(s) ({len(done)} already done), model "
                  f"{opts.model}" + (" [cyan](dry run: scripted model)[/]"
                                     if plans[0].dry_run else ""))
    estimate = estimate_group(plans, store, set(done))
    render_estimate(estimate, console, "would cost" if not plans[0].dry_run else
                    "would cost against the real model")
    if confirm is not None and estimate.lines and not confirm(estimate):
        raise RefusedInput("not started: declined at the cost prompt (nothing was spent)")
    group_id = "g-" + hashlib.sha256(" ".join(p.run_id for p in plans).encode()).hexdigest()[:16]
    console.print(f"group {group_id} (`skill-eval stop {group_id}` stops every arm)")
    store.put(RunKeys(group_id).plan, "".join(f"{p.run_id}\n" for p in plans).encode())
    outcome = run_pass(group_id, plans, store, opts.settings(), console, None)
    return [finish(plan, outcome.results, outcome.stopped, store,
                   outcome.unmatched if outcome.ran else stored_unmatched(store, plan.run_id),
                   opts=opts) for plan in plans]

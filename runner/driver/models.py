"""`skill-eval run SKILL --model A --model B`: the model axis (docs/running.md#several-models).

Each model is an ordinary single-skill run (its own plan, run id, report and receipt; the model
is already in every trial id and digest, so a single-model run's ids do not change), and all
of them are scheduled in one wave under one run budget. The model table
(runner.analysis.models) then reads the runs together and is attached to each model's report."""

from __future__ import annotations

import hashlib
from collections.abc import Callable

from rich.console import Console
from rich.markup import escape

from runner.analysis.models import build_model_table, futile, futility
from runner.authoring.reading import located
from runner.console import err as stderr_console
from runner.costs.estimate import per_model
from runner.driver.evaluate import (
    RunBudget,
    estimate_run,
    keep_report,
    make_report,
    note_unsaved,
    preflight,
    stored_unmatched,
    with_incumbent,
)
from runner.driver.passes import run_pass, shared_trials
from runner.driver.preflight import check_pass
from runner.driver.scheduler import finished
from runner.errors import RefusedInput
from runner.render.terminal import render_estimate
from runner.schema.models import ModelTable
from runner.schema.options import RunOptions
from runner.schema.plan import Plan
from runner.schema.report import Report
from runner.schema.runs import Estimate
from runner.schema.trial import TrialResult
from runner.store.base import Store
from runner.store.groups import write_group_plan


def check_models(opts: RunOptions) -> list[str]:
    """The models, once each: two or more, and no combination the table cannot read."""
    models = list(dict.fromkeys(opts.models))
    if len(models) < 2:
        raise RefusedInput("--model: name two or more models to compare them (one model: "
                           "`--model NAME` once)")
    if opts.skill_paths:
        raise RefusedInput("--model A --model B compares models on one skill; it does not "
                           "combine with several --add-skill (run them per model)")
    if opts.save is not None:
        raise RefusedInput("--save names one run, and several models make one run per "
                           "model; compare the per-model runs by their ids")
    return models


def group_of(plans: list[Plan]) -> str:
    """The id (`m-...`) of the runs of one eval on several models, from their run ids."""
    return "m-" + hashlib.sha256(" ".join(p.run_id for p in plans).encode()).hexdigest()[:16]


def with_table(plans: list[Plan], reports: list[Report], results: list[TrialResult],
               margin: float, alpha: float) -> tuple[list[Report], ModelTable]:
    """The model table of these runs of one eval on several models (one plan and report per
    model), attached to each report; shared by `run --model` and a batch's `models:`."""
    by_model = {plan.model: [r for r in results
                             if r.trial_id in {t.trial_id for t in plan.trials}]
                for plan in plans}
    stopped = futile(plans, {r.trial_id: r for r in results})
    table = build_model_table(reports, by_model, margin, alpha,
                              frozenset(p.model for p in plans if p.run_id in stopped))
    table = table.model_copy(update={"group_id": group_of(plans)})
    # the table is part of each model's report before it is kept: its receipt carries it
    return [r.model_copy(update={"model_table": table}) for r in reports], table


def model_groups(evals: list[RunOptions]) -> list[list[int]]:
    """Which evals of a batch are one eval on several models (`models:`, or evals that differ
    only in `model:`), by index: each group of two or more gets a model table."""
    groups: dict[str, list[int]] = {}
    for index, opts in enumerate(evals):
        groups.setdefault(opts.model_dump_json(exclude={"model", "models"}), []).append(index)
    return [g for g in groups.values() if len({evals[i].model for i in g}) > 1]


def plan_models(opts: RunOptions) -> list[Plan]:
    """One plan per model, each the plan a single-model run of it would make."""
    models = check_models(opts)
    return [preflight(opts.model_copy(update={"model": model, "models": ()}), warm=not index)
            .model_copy(update={"margin": opts.margin}) for index, model in enumerate(models)]


def estimate_models(plans: list[Plan], store: Store, done: set[str],
                    batch_grading: bool = False) -> Estimate:
    """Every model priced at its own price, before anything runs."""
    return per_model([(plan.model, estimate_run(plan, store, done, batch_grading))
                      for plan in plans])


def run_models(opts: RunOptions, console: Console | None = None,
               confirm: Callable[[Estimate], bool] | None = None,
               budget: RunBudget | None = None) -> tuple[list[Report], ModelTable]:
    """Every model's run in one wave, then the table; each report carries the table."""
    console = console or stderr_console()
    opts, store = with_incumbent(opts, None, console)
    plans = plan_models(opts)
    check_pass(opts.settings(), store, plans[0].image_id)
    trials, _ = shared_trials(plans)
    done = finished(trials, store)
    for finding in plans[0].findings:
        console.print(f"[yellow]{finding.code}[/] {escape(located(finding))} "
                      f"{escape(finding.message)}; fix: {escape(finding.fix)}")
    for plan in plans:
        console.print(f"run {plan.run_id}: model {escape(plan.model)}, {len(plan.cases)} "
                      f"case(s) x k={plan.k_label()} x {len(plan.arms)} arm(s) = "
                      f"{len(plan.trials)} trial(s)")
    console.print(f"{len(plans)} models, {len(trials)} trial(s) ({len(done)} already done)"
                  + (" [cyan](dry run: scripted model)[/]" if plans[0].dry_run else ""))
    estimate = estimate_models(plans, store, set(done), opts.batch_grading)
    render_estimate(estimate, console, "would cost" if not plans[0].dry_run else
                    "would cost against the real model")
    if confirm is not None and estimate.lines and not confirm(estimate):
        raise RefusedInput("not started: declined at the cost prompt (nothing was spent)")
    group_id = group_of(plans)
    console.print(f"group {group_id} (`skill-eval stop {group_id}` stops every model's run)")
    write_group_plan(store, group_id, [p.run_id for p in plans])
    outcome = run_pass(group_id, plans, store, opts.settings(), console, done, budget)
    # a model stopped for futility is decided (not good enough): its run is complete
    cut = futility(plans, {r.trial_id: r for r in outcome.results})
    reports = [make_report(plan, outcome.results, outcome.stopped, store,
                           outcome.unmatched if outcome.ran else
                           stored_unmatched(store, plan.run_id),
                           futility=cut.get(plan.run_id)) for plan in plans]
    reports, table = with_table(plans, reports, outcome.results, opts.margin, opts.alpha)
    for plan, report in zip(plans, reports, strict=True):
        keep_report(plan, report, outcome.results, store, opts)
        note_unsaved(report, opts, console)
    return reports, table

"""`skill-eval run`: evaluate one skill (paired trials, net lift, verdict)."""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich.console import Console
from rich.text import Text

from runner import config, console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.ci import check_ci
from runner.cli.options import (
    CI,
    EVAL,
    OPTIONS,
    OUTPUT,
    PASS,
    SANDBOX,
    RunOptions,
    run_options,
    use,
)
from runner.cli.output import ask, check_writable, emit, verdict_exit
from runner.errors import RefusedInput

if TYPE_CHECKING:
    from runner.driver.api import Collection, Report


@main.command(epilog=EXIT_CODES, short_help="Evaluate a skill: paired trials, net lift, verdict.")
@click.argument("skill", type=click.Path(path_type=Path), required=False)
@click.option("--add-skill", "--skill", "skill_paths", multiple=True,
              type=click.Path(path_type=Path),
              help="Add a skill folder to the run (repeat it; SKILL counts as one): the "
                   "candidate arm stages them all, and each case set's cases run together.")
@use("baseline_mode", "skill_name", *EVAL, "margin", "save", *PASS, *SANDBOX, "trust_target",
     model=OPTIONS["models"])
@click.option("--confirm", is_flag=True,
              help="Show the cost estimate and ask before spending (needs a terminal).")
@click.option("--triggers-only", is_flag=True,
              help="Run the trigger eval alone (3 sessions per query): the cheapest signal.")
@click.option("--with-triggers", is_flag=True,
              help="Also run the trigger eval after the paired trials.")
@use(*OUTPUT, *CI)
@guarded
def run(skill: Path | None, skill_paths: tuple[Path, ...], baseline_mode: str | None,
        confirm: bool, triggers_only: bool, with_triggers: bool,
        report_json: Path | None, as_json: bool, quiet: bool, gate: bool,
        gate_max_p: float | None, junit: Path | None, **params: Any) -> None:
    """Evaluate SKILL (a folder with SKILL.md and evals/evals.json). On a collection (a folder
    of skills, one shared set whose cases each name their skill): a run per skill with cases,
    in one wave under one budget, a report per skill and the group summary.

    \b
    Examples:
      skill-eval run examples/csv-summary --model-script examples/csv-summary/model-script.yaml
      skill-eval run ./my-skill --k 3 --incumbent ./my-skill-v1 --report-json report.json
      skill-eval run ./my-skill --case totals --timeout 300 --gate
      skill-eval run ./my-skill --k auto --max-k 5 --alpha 0.05 --gate
      skill-eval run ./my-skill --grader-model claude-haiku-4-5 --no-judge
      skill-eval run ./my-skill --k 5 --batch-grading
      skill-eval run --add-skill ./pdf --add-skill ./xlsx --baseline-mode per-skill --confirm
      skill-eval run ./my-skill --incumbent latest --save v2   # against the last version
      skill-eval run ./my-own-skill --sandbox local --trust-target   # no isolation: yours only
      skill-eval run ./my-skill --model claude-haiku-4-5 --model claude-sonnet-4-5 --margin 0.1
      skill-eval run ./my-skills --k 3                # a collection: a run per skill
      skill-eval run ./my-skills --skill-name pdf     # one skill of the collection
    """
    check_writable(report_json, "--report-json")
    check_ci(junit)
    skills, found = _targets(_skills(skill, skill_paths, baseline_mode,
                                     triggers_only or with_triggers),
                             triggers_only or with_triggers, params)
    several = len(skills) > 1
    opts = run_options(skills[0], {**params, "skill_paths": tuple(skills) if several else (),
                                   "baseline_mode": baseline_mode})
    if confirm and not sys.stdin.isatty():
        raise click.BadParameter("there is no terminal to ask on; in scripts cap the spend "
                                 "with --max-budget-usd instead", param_hint="--confirm")
    output = Output(report_json, as_json, gate, gate_max_p, console.err(quiet=quiet),
                    time.monotonic(), junit, skills)
    if opts.models and (triggers_only or with_triggers or several or found is not None):
        raise click.BadParameter("several models run the paired eval of one skill; run "
                                 "triggers, several skills or a collection per model",
                                 param_hint="--model")
    if found is not None:
        _collection(opts, found, confirm, output)
    elif triggers_only:
        _triggers_only(opts, output)
    elif opts.models:
        _models(opts, confirm, output)
    elif several:
        _several(opts, confirm, output)
    else:
        _one(opts, confirm, with_triggers, output)


@dataclass(frozen=True)
class Output:
    """Where the command's report goes and how it exits (--report-json, --json, --gate,
    --junit and the CI annotations on the skills' folders)."""

    report_json: Path | None
    as_json: bool
    gate: bool
    gate_max_p: float | None
    err: Console
    started: float
    junit: Path | None
    skills: list[Path]

    def stored(self, opts: RunOptions, reports: list[Report], runs: str) -> None:
        """The closing line of a command that ran several runs: trials, time, where."""
        self.err.print(Text(
            f"{sum(len(r.trials) for r in reports)} trial record(s) in "
            f"{time.monotonic() - self.started:.1f}s; stored under {opts.store_uri}/runs/ "
            f"({runs})", style="dim"))


def _skills(skill: Path | None, skill_paths: tuple[Path, ...], baseline_mode: str | None,
            triggers: bool) -> list[Path]:
    """SKILL and every --skill, once each; a baseline mode and a trigger run need which."""
    skills = list(dict.fromkeys([*([skill] if skill else []), *skill_paths]))
    if not skills:
        raise click.BadParameter("name the skill folder: `run SKILL` (or several with "
                                 "--skill A --skill B)", param_hint="SKILL")
    several = len(skills) > 1
    if baseline_mode is not None and not several:
        raise click.BadParameter("a baseline mode chooses between several skills' without-arms;"
                                 " name two or more with --skill", param_hint="--baseline-mode")
    if several and triggers:
        raise click.BadParameter("trigger runs measure one skill at a time",
                                 param_hint="--skill")
    return skills


def _targets(skills: list[Path], triggers: bool, params: dict[str, Any]
             ) -> tuple[list[Path], Collection | None]:
    """What the run is about: several skills staged together, a collection (a run per
    skill), or one skill, resolved to its folder; a skill without a case set gets one drafted
    for review and the command exits 2, nothing else spent."""
    from runner.driver.api import collection_at, draft_when_missing, one_skill

    several = len(skills) > 1
    if several and any(collection_at(p) is not None for p in skills):
        raise click.BadParameter("a collection of skills runs alone (`run COLLECTION`: a run "
                                 "per skill); to stage skills together name each skill folder",
                                 param_hint="--add-skill")
    found = None if several else collection_at(skills[0], params.get("skill_name"),
                                               params.get("cases_file"))
    if found is not None and triggers:
        raise click.BadParameter("trigger runs measure one skill at a time; run each skill "
                                 "of the collection", param_hint="--with-triggers")
    if not several and found is None:
        skills = [one_skill(skills[0])]
        drafted = draft_when_missing(skills[0], params)
        if drafted is not None:  # no set: drafted and written for review, nothing else spent
            console.err().print(Text(drafted))
            sys.exit(RefusedInput.exit_code)
    return skills, found


def _trigger_options(opts: RunOptions) -> RunOptions:
    """--triggers-only and --with-triggers: the trigger eval's sessions per query; the
    trigger wave skips the estimate's question (--force), never the run's cap."""
    return opts.model_copy(update={"k": config.TRIGGER_RUNS, "force": True})


def _triggers_only(opts: RunOptions, output: Output) -> None:
    from runner.driver.api import for_trigger, notifying, run_trigger
    from runner.render.terminal import render_trigger

    with notifying(opts.notify, "run") as note:
        trigger_report = run_trigger(_trigger_options(opts), None, "session", output.err)
        note.notice = for_trigger([trigger_report])
        render_trigger(trigger_report, console.out())


def _several(opts: RunOptions, confirm: bool, output: Output) -> None:
    from runner.driver.api import ci_outputs, folders_of, for_reports, notifying, run_group

    with notifying(opts.notify, "run") as note:
        reports = run_group(opts, output.err, confirm=ask if confirm else None)
        note.notice = for_reports("run", None, reports)
        emit(reports, output.report_json, output.as_json)
        ci_outputs(reports, output.junit, folders_of(output.skills))
        output.stored(opts, reports, ", ".join(r.run_id for r in reports))
        verdict_exit(reports, output.err, output.gate, output.gate_max_p)


def _one(opts: RunOptions, confirm: bool, with_triggers: bool, output: Output) -> None:
    from runner.driver.api import (
        RunBudget,
        ci_outputs,
        folders_of,
        for_reports,
        notifying,
        run_eval,
        run_trigger,
    )
    from runner.render.terminal import render_trigger

    with notifying(opts.notify, "run") as note:
        budget = RunBudget()  # one cap for every wave of the run, triggers included
        report = run_eval(opts, output.err, confirm=ask if confirm else None, budget=budget,
                          with_triggers=with_triggers)
        note.notice = for_reports("run", report.run_id, [report])
        emit([report], output.report_json, output.as_json)
        ci_outputs([report], output.junit, folders_of(output.skills))
        output.err.print(Text(
            f"{len(report.trials)} trial(s) in {time.monotonic() - output.started:.1f}s; "
            f"stored under {opts.store_uri}/runs/{report.run_id}", style="dim"))
        if with_triggers:
            render_trigger(run_trigger(_trigger_options(opts), None, "session", output.err,
                                       budget=budget), console.out())
        verdict_exit([report], output.err, output.gate, output.gate_max_p)


def _models(opts: RunOptions, confirm: bool, output: Output) -> None:
    from runner.driver.api import ci_outputs, folders_of, for_reports, notifying, run_models
    from runner.render.models import render_model_table

    with notifying(opts.notify, "run") as note:
        reports, table = run_models(opts, output.err, confirm=ask if confirm else None)
        note.notice = for_reports("run", None, reports)
        emit(reports, output.report_json, output.as_json)
        if not output.as_json:
            console.out().print()
            render_model_table(table, console.out())
        ci_outputs(reports, output.junit, folders_of(output.skills))
        output.stored(opts, reports, ", ".join(f"{r.model}: {r.run_id}" for r in reports))
        verdict_exit(reports, output.err, output.gate, output.gate_max_p)


def _collection(opts: RunOptions, found: Collection, confirm: bool, output: Output) -> None:
    from runner.driver.api import ci_outputs, folders_of, for_reports, notifying, run_collection
    from runner.render.collection import render_collection

    with notifying(opts.notify, "run") as note:
        summary, reports = run_collection(opts, found, output.err,
                                          confirm=ask if confirm else None)
        note.notice = for_reports("run", summary.group_id, reports, summary.stopped)
        emit(reports, output.report_json, output.as_json)
        render_collection(summary, output.err if output.as_json else console.out())
        ci_outputs(reports, output.junit, folders_of([Path(r.path) for r in summary.runs]))
        output.stored(opts, reports,
                      f"group {summary.group_id}: {', '.join(r.run_id for r in reports)}")
        verdict_exit(reports, output.err, output.gate, output.gate_max_p)

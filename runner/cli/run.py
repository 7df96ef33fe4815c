"""`skill-eval run`: evaluate one skill (paired trials, net lift, verdict)."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import config, console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.ci import check_ci, ci_outputs, folders_of
from runner.cli.drafting import draft_when_missing, one_skill
from runner.cli.options import CI, EVAL, OUTPUT, PASS, SANDBOX, run_options, use
from runner.cli.output import ask, check_writable, emit, verdict_exit
from runner.schema.enums import BaselineMode


@main.command(epilog=EXIT_CODES, short_help="Evaluate a skill: paired trials, net lift, verdict.")
@click.argument("skill", type=click.Path(path_type=Path), required=False)
@click.option("--add-skill", "--skill", "skill_paths", multiple=True,
              type=click.Path(path_type=Path),
              help="Add a skill folder to the run (repeat it; SKILL counts as one): the "
                   "candidate arm stages them all, and each case set's cases run together.")
@click.option("--baseline-mode", type=click.Choice([m.value for m in BaselineMode]),
              default=None, help="With several skills: joint (default; one without-arm, no "
                                 "skill: the delta is the set's joint contribution) or "
                                 "per-skill (one without-arm per skill, staging the others: "
                                 "N+1 arms, each skill's marginal contribution).")
@use(*EVAL, "save", *PASS, *SANDBOX, "trust_target")
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
    """Evaluate SKILL (a folder with SKILL.md and evals/evals.json).

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
    """
    from runner.driver.api import RunBudget, run_eval
    from runner.driver.notify import for_reports, for_trigger, notifying

    check_writable(report_json, "--report-json")
    check_ci(junit)
    skills = list(dict.fromkeys([*([skill] if skill else []), *skill_paths]))
    if not skills:
        raise click.BadParameter("name the skill folder: `run SKILL` (or several with "
                                 "--skill A --skill B)", param_hint="SKILL")
    several = len(skills) > 1
    if baseline_mode is not None and not several:
        raise click.BadParameter("a baseline mode chooses between several skills' without-arms;"
                                 " name two or more with --skill", param_hint="--baseline-mode")
    if several and (triggers_only or with_triggers):
        raise click.BadParameter("trigger runs measure one skill at a time",
                                 param_hint="--skill")
    if not several:
        skills = [one_skill(skills[0])]
        draft_when_missing(skills[0], params)  # no set: drafted, written, exit 2
    opts = run_options(skills[0], {**params, "skill_paths": tuple(skills) if several else (),
                                   "baseline_mode": baseline_mode})
    if confirm and not sys.stdin.isatty():
        raise click.BadParameter("there is no terminal to ask on; in scripts cap the spend "
                                 "with --max-budget-usd instead", param_hint="--confirm")
    started = time.monotonic()
    err = console.err(quiet=quiet)
    with notifying(opts.notify, "run") as note:
        if triggers_only or with_triggers:
            from runner.driver.triggers import run_trigger
            from runner.render.terminal import render_trigger

            # the trigger wave skips the estimate's question (--force), never the run's cap
            triggers = opts.model_copy(update={"k": config.TRIGGER_RUNS, "force": True})
            if triggers_only:
                trigger_report = run_trigger(triggers, None, "session", err)
                note.notice = for_trigger([trigger_report])
                render_trigger(trigger_report, console.out())
                return
        if several:
            from runner.driver.group import run_group

            reports = run_group(opts, err, confirm=ask if confirm else None)
            note.notice = for_reports("run", None, reports)
            emit(reports, report_json, as_json)
            ci_outputs(reports, junit, folders_of(skills))
            err.print(Text(f"{sum(len(r.trials) for r in reports)} trial record(s) in "
                           f"{time.monotonic() - started:.1f}s; stored under "
                           f"{opts.store_uri}/runs/ ({', '.join(r.run_id for r in reports)})",
                           style="dim"))
            verdict_exit(reports, err, gate, gate_max_p)
            return
        budget = RunBudget()  # one cap for every wave of the run, triggers included
        report = run_eval(opts, err, confirm=ask if confirm else None, budget=budget)
        note.notice = for_reports("run", report.run_id, [report])
        emit([report], report_json, as_json)
        ci_outputs([report], junit, folders_of(skills))
        err.print(Text(f"{len(report.trials)} trial(s) in {time.monotonic() - started:.1f}s; "
                       f"stored under {opts.store_uri}/runs/{report.run_id}", style="dim"))
        if with_triggers:
            render_trigger(run_trigger(triggers, None, "session", err, budget=budget),
                           console.out())
        verdict_exit([report], err, gate, gate_max_p)

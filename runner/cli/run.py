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
from runner.cli.options import EVAL, OUTPUT, PASS, SANDBOX, run_options, use
from runner.cli.output import ask, check_writable, emit, verdict_exit


@main.command(epilog=EXIT_CODES, short_help="Evaluate a skill: paired trials, net lift, verdict.")
@click.argument("skill", type=click.Path(path_type=Path))
@use(*EVAL, *PASS, *SANDBOX)
@click.option("--confirm", is_flag=True,
              help="Show the cost estimate and ask before spending (needs a terminal).")
@click.option("--triggers-only", is_flag=True,
              help="Run the trigger eval alone (3 sessions per query): the cheapest signal.")
@click.option("--with-triggers", is_flag=True,
              help="Also run the trigger eval after the paired trials.")
@use(*OUTPUT)
@guarded
def run(skill: Path, confirm: bool, triggers_only: bool, with_triggers: bool,
        report_json: Path | None, as_json: bool, quiet: bool, gate: bool,
        gate_max_p: float | None, **params: Any) -> None:
    """Evaluate SKILL (a folder with SKILL.md and evals/evals.json).

    \b
    Examples:
      skill-eval run examples/csv-summary --model-script examples/csv-summary/model-script.yaml
      skill-eval run ./my-skill --k 3 --incumbent ./my-skill-v1 --report-json report.json
      skill-eval run ./my-skill --case totals --timeout 300 --gate
      skill-eval run ./my-skill --grader-model claude-haiku-4-5 --no-judge
    """
    from runner.driver.api import run_eval
    from runner.driver.notify import for_reports, for_trigger, notifying

    check_writable(report_json, "--report-json")
    opts = run_options(skill, params)
    if confirm and not sys.stdin.isatty():
        raise click.BadParameter("there is no terminal to ask on; in scripts cap the spend "
                                 "with --max-budget-usd instead", param_hint="--confirm")
    started = time.monotonic()
    err = console.err(quiet=quiet)
    with notifying(opts.notify, "run") as note:
        if triggers_only or with_triggers:
            from runner.driver.triggers import run_trigger
            from runner.render.terminal import render_trigger

            triggers = opts.model_copy(update={"k": config.TRIGGER_RUNS, "force": True})
            if triggers_only:
                trigger_report = run_trigger(triggers, None, "session", err)
                note.notice = for_trigger([trigger_report])
                render_trigger(trigger_report, console.out())
                return
        report = run_eval(opts, err, confirm=ask if confirm else None)
        note.notice = for_reports("run", report.run_id, [report])
        emit([report], report_json, as_json)
        err.print(Text(f"{len(report.trials)} trial(s) in {time.monotonic() - started:.1f}s; "
                       f"stored under {opts.store_uri}/runs/{report.run_id}", style="dim"))
        if with_triggers:
            render_trigger(run_trigger(triggers, None, "session", err), console.out())
        verdict_exit([report], err, gate, gate_max_p)

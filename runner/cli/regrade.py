"""`skill-eval regrade`: score a stored run's sessions again against the case set as it is now."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import console
from runner.cli.app import EXIT_CODES, guarded, main
from runner.cli.options import OUTPUT, STORE, use
from runner.cli.output import check_writable, emit, verdict_exit


@main.command(epilog=EXIT_CODES, short_help="Re-score a stored run's sessions; no session runs.")
@click.argument("run_id")
@click.option("--cases-from", "--skill", "skill_path", type=click.Path(path_type=Path),
              help="Read the case set from this folder (default: the folder the run was made "
                   "from, as its plan records it).")
@use(*STORE, "model_script", "max_budget_usd", "store_budget_usd", "force", "rpm", "itpm", "otpm",
     "wait", *OUTPUT)
@guarded
def regrade(run_id: str, skill_path: Path | None, report_json: Path | None, as_json: bool,
            quiet: bool, gate: bool, gate_max_p: float | None, **params: Any) -> None:
    """Score RUN_ID's stored sessions again against the skill's case set and graders as they
    are now, with zero agent sessions: revise a weak assertion, then see what it says about
    the sessions you already paid for. The result is a new run (its own id, stored like any
    run, `regraded_from` RUN_ID) that names the trials it reused and what changed (criteria
    added, removed, edited). Changed statements go to the grader and changed rubrics to the
    judge, metered, capped and paced (--rpm) like a run's; unchanged grades and judgements are
    reused. A case
    whose prompt or fixtures changed, or that the run did not have, cannot be regraded: it is
    named (run it to measure it). The same command again resumes.

    \b
    Examples:
      skill-eval regrade r-8cfe993a564bfb22
      skill-eval regrade r-8cfe993a564bfb22 --cases-from ./my-skill --gate --report-json re.json
      skill-eval regrade r-8cfe993a564bfb22 --model-script grader.yaml   # offline grader
      skill-eval regrade r-8cfe993a564bfb22 --max-budget-usd 2 --rpm 50
    """
    from runner.driver.api import RegradeOptions, regrade_run

    check_writable(report_json, "--report-json")
    opts = RegradeOptions(run_id=run_id, skill_path=skill_path,
                          **{k: v for k, v in params.items() if v is not None})
    err = console.err(quiet=quiet)
    report = regrade_run(opts, err)
    emit([report], report_json, as_json)
    err.print(Text(f"regraded {run_id} as {report.run_id}: {len(report.trials)} trial(s), 0 "
                   f"agent sessions; stored under {opts.store_uri}/runs/{report.run_id}",
                   style="dim"))
    verdict_exit([report], err, gate, gate_max_p)

"""`skill-eval check`: Check a skill and its case set offline."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import run_options, use


@main.command(epilog=CHECK_EXIT_CODES, short_help="Check a skill and its case set offline.")
@click.argument("skill", type=click.Path(path_type=Path))
@use("k", "max_k", "min_k", "incumbent_path", "model_script")
@click.option("--verbose", "-v", is_flag=True,
              help="Also list each case and how each of its checks will be graded.")
@guarded
def check(skill: Path, verbose: bool, **params: Any) -> None:
    """Check SKILL and its case set offline (free, nothing written): what a run would do.

    \b
    Examples:
      skill-eval check examples/csv-summary
      skill-eval check examples/csv-summary -v      # how each check will be graded
      skill-eval check examples/csv-summary --model-script examples/csv-summary/model-script.yaml
    """
    from runner.planning.plan import make_plan
    from runner.scripted.script import load_script

    opts = run_options(skill, params)
    plan = make_plan(opts)
    model_script = opts.model_script
    script = ""
    if model_script is not None:
        scenarios = load_script(model_script).scenarios
        script = f"; model script ok ({len(scenarios)} scenario(s))"
    out = console.out()
    out.print(Text(
        f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), {len(plan.cases)} "
        f"case(s): {', '.join(plan.cases)}; arms {', '.join(plan.arms)}; k={plan.k_label()} -> "
        f"{'at most ' if plan.adaptive else ''}{len(plan.trials)} trial(s){script}"))
    if verbose:
        from runner.authoring.describe import describe_case

        for case in plan.cases_in_order():
            for line in describe_case(case, plan.judge_expected_output):
                out.print(Text(line))
    for finding in plan.findings:
        out.print(Text(f"{finding.code} {finding.file}: case {finding.case!r}: "
                       f"{finding.message}; fix: {finding.fix}"))

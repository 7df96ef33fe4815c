"""`skill-eval check`: Check a skill and its case set offline."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click
from rich.text import Text

from runner import console
from runner.cli.app import CHECK_EXIT_CODES, guarded, main
from runner.cli.options import run_options, use
from runner.errors import CaseSetError, RefusedInput
from runner.schema.case import Finding
from runner.schema.checked import CheckReport


@main.command(epilog=CHECK_EXIT_CODES, short_help="Check a skill and its case set offline.")
@click.argument("skill", type=click.Path(path_type=Path))
@use("k", "max_k", "min_k", "incumbent_path", "model_script", "cases_file")
@click.option("--verbose", "-v", is_flag=True,
              help="Also list each case: every check, how it will be graded, on what material "
                   "and where it came from; fixtures and where they are staged; what is kept "
                   "but not graded.")
@click.option("--json", "as_json", is_flag=True,
              help="Print everything -v shows, and every finding or problem, as JSON on "
                   "stdout (exit 2 when refused, with every problem).")
@guarded
def check(skill: Path, verbose: bool, as_json: bool, **params: Any) -> None:
    """Check SKILL and its case set offline (free, nothing written): what a run would do.
    A set with problems is refused with all of them at once, each with its code, file, case
    and fix.

    Also the skill's hygiene (HY001-HY008: an error refuses, as a run would), the static scan
    of its files (network reach, process spawn, commands on load, hidden commands, destructive
    commands, overrides, hidden characters, uploads) and CS004.

    \b
    Examples:
      skill-eval check examples/csv-summary
      skill-eval check examples/csv-summary -v      # how each check will be graded
      skill-eval check examples/csv-summary --json  # the same, for tools
      skill-eval check examples/csv-summary --model-script examples/csv-summary/model-script.yaml
    """
    from runner.authoring.describe import case_lines, ignored_summary, read_case
    from runner.authoring.layouts import collection, collection_lines
    from runner.authoring.reading import located, read_skill, refuse_errors, skill_findings
    from runner.authoring.scan import kinds, program_findings, scan_programs
    from runner.planning.plan import check_request, make_plan
    from runner.scripted.script import load_script
    from runner.triggers.checked import trigger_findings

    members = collection(skill)
    if len(members) == 1:
        skill = members[0][0]  # a repository whose one skill sits in a subfolder
    elif members:
        for line in collection_lines(skill, members):
            click.echo(line)
        return
    opts = run_options(skill, params)
    try:
        skill_reading = read_skill(skill)
        refuse_errors(skill_reading, skill)  # a run would refuse them too, before it bills
        request = check_request(opts)
        plan = make_plan(opts, request)
        script = ""
        if opts.model_script is not None:
            scenarios = load_script(opts.model_script).scenarios
            script = f"; model script ok ({len(scenarios)} scenario(s))"
    except RefusedInput as exc:
        if not as_json:
            raise
        _refused_json(exc)
    caseset = request.caseset
    readings = [read_case(case, caseset.origins.get(case.id), caseset.judge_expected_output)
                for case in plan.cases_in_order()]
    programs = scan_programs(plan.skill.path, plan.cases_in_order())
    found = [*skill_findings(skill_reading, plan.skill.path, plan.cases_in_order()),
             *program_findings(plan.skill.path, plan.cases_in_order()),
             *trigger_findings(plan.skill.path, plan.skill.name, plan.skill.description)]
    if as_json:
        report = CheckReport(ok=True, skill=plan.skill.name, skill_sha256=plan.skill.digest,
                             arms=[str(a) for a in plan.arms], k=opts.k,
                             trials=len(plan.trials), cases=readings,
                             findings=[*found, *plan.findings], about=caseset.about)
        click.echo(report.model_dump_json(indent=2))
        return
    out = console.out()
    out.print(Text(
        f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), {len(plan.cases)} "
        f"case(s): {', '.join(plan.cases)}; arms {', '.join(plan.arms)}; k={plan.k_label()} -> "
        f"{'at most ' if plan.adaptive else ''}{len(plan.trials)} trial(s){script}"))
    ignored = ignored_summary(readings)
    if ignored is not None:
        out.print(Text(ignored))
    if verbose:
        for reading in readings:
            for line in case_lines(reading):
                out.print(Text(line))
        if caseset.about:
            out.print(Text(f"kept, not graded (top level): {', '.join(sorted(caseset.about))}"))
    for finding in [*found, *plan.findings]:
        out.print(Text(f"{finding.code} {located(finding)} {finding.message}; fix: "
                       f"{finding.fix}"))
    if skill_reading.scan:
        out.print(Text(f"static scan: {len(skill_reading.scan)} finding(s) "
                       f"({', '.join(kinds(list(skill_reading.scan)))}): reported in a "
                       "container sandbox; --sandbox local refuses the skill unless "
                       "--trust-target"))
    if programs:
        out.print(Text(f"static scan of the case set's programs: {len(programs)} finding(s) "
                       f"({', '.join(kinds(programs))}): they run in their own container; "
                       "on the host only with --trust-target"))


def _refused_json(exc: RefusedInput) -> None:
    problems = list(getattr(exc, "problems", []))
    if not problems:
        file = exc.path if isinstance(exc, CaseSetError) else ""
        case = (exc.case_id or "") if isinstance(exc, CaseSetError) else ""
        message = exc.problem if isinstance(exc, CaseSetError) else str(exc)
        code = message.split(":", 1)[0] if message[:2] in ("EV", "CS", "HY") else ""
        problems = [Finding(code=code, file=file, case=case, message=message, fix="")]
    click.echo(CheckReport(ok=False, problems=problems).model_dump_json(indent=2))
    sys.exit(exc.exit_code)

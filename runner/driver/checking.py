"""The case-set check (`skill-eval check`) below the command line: the same offline reading a
run's preflight starts with (hygiene, the case set, the plan, the model script), without the
sandbox, the key or anything written, and what it found, as data and as lines.

A refused set is reported with every problem (`refused_report`), the shape `check --json`
prints."""

from __future__ import annotations

from dataclasses import dataclass

from runner.authoring.describe import case_lines, read_case
from runner.authoring.reading import located, read_skill, refuse_errors, skill_findings
from runner.authoring.scan import kinds
from runner.errors import CaseSetError, RefusedInput
from runner.planning.plan import check_request, make_plan
from runner.schema.case import Finding
from runner.schema.checked import CheckReport
from runner.schema.options import RunOptions
from runner.scripted.script import load_script


@dataclass(frozen=True)
class Checked:
    """What the check found: the report (`--json`) and the same as lines of text."""

    report: CheckReport
    summary: str  # the `ok:` line
    details: list[str]  # -v: each case's checks, fixtures and origins; what is kept
    notes: list[str]  # every finding with its fix, then the static scan


def check_skill(opts: RunOptions) -> Checked:
    """Everything a run would refuse offline (RefusedInput, with all the problems), and what
    it would do: cases, arms, trials, how each check is graded."""
    skill_reading = read_skill(opts.skill_path)
    refuse_errors(skill_reading, opts.skill_path)  # a run would refuse them too, before it bills
    request = check_request(opts)
    plan = make_plan(opts, request)
    script = ""
    if opts.model_script is not None:
        scenarios = load_script(opts.model_script).scenarios
        script = f"; model script ok ({len(scenarios)} scenario(s))"
    caseset = request.caseset
    readings = [read_case(case, caseset.origins.get(case.id), caseset.judge_expected_output)
                for case in plan.cases_in_order()]
    findings = [*skill_findings(skill_reading, plan.skill.path, plan.cases_in_order()),
                *plan.findings]
    report = CheckReport(ok=True, skill=plan.skill.name, skill_sha256=plan.skill.digest,
                         arms=[str(a) for a in plan.arms], k=opts.k, trials=len(plan.trials),
                         cases=readings, findings=findings, about=caseset.about)
    summary = (
        f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), {len(plan.cases)} "
        f"case(s): {', '.join(plan.cases)}; arms {', '.join(plan.arms)}; k={plan.k_label()} -> "
        f"{'at most ' if plan.adaptive else ''}{len(plan.trials)} trial(s){script}")
    details = [line for reading in readings for line in case_lines(reading)]
    if caseset.about:
        details.append(f"kept, not graded (top level): {', '.join(sorted(caseset.about))}")
    notes = [f"{f.code} {located(f)} {f.message}; fix: {f.fix}" for f in findings]
    if skill_reading.scan:
        notes.append(f"static scan: {len(skill_reading.scan)} finding(s) "
                     f"({', '.join(kinds(list(skill_reading.scan)))}): reported in a "
                     "container sandbox; --sandbox local refuses the skill unless "
                     "--trust-target")
    return Checked(report, summary, details, notes)


def refused_report(exc: RefusedInput) -> CheckReport:
    """A refusal as `check --json` reports it: every problem the error carries, or the one
    it names (its code read from the message)."""
    problems = list(getattr(exc, "problems", []))
    if not problems:
        file = exc.path if isinstance(exc, CaseSetError) else ""
        case = (exc.case_id or "") if isinstance(exc, CaseSetError) else ""
        message = exc.problem if isinstance(exc, CaseSetError) else str(exc)
        code = message.split(":", 1)[0] if message[:2] in ("EV", "CS", "HY") else ""
        problems = [Finding(code=code, file=file, case=case, message=message, fix="")]
    return CheckReport(ok=False, problems=problems)

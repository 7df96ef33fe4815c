"""The case-set check (`skill-eval check`) below the command line: the same offline reading a
run's preflight starts with (hygiene, the case set, the plan, the model script), without the
sandbox, the key or anything written, and what it found, as data and as lines.

A refused set is reported with every problem (`refused_report`), the shape `check --json`
prints."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from runner.authoring.describe import case_lines, ignored_summary, read_case
from runner.authoring.layouts import collection, collection_lines, hidden_set_lines, set_lines
from runner.authoring.other_sets import other_set_lines
from runner.authoring.problems import LEFT_OUT
from runner.authoring.reading import located, read_skill, refuse_errors, skill_findings
from runner.authoring.scan import kinds, program_findings, scan_programs
from runner.driver.trigger_only import check_trigger_only
from runner.errors import CaseSetError, RefusedInput
from runner.planning.plan import check_request, make_plan
from runner.schema.case import CaseSet, Finding
from runner.schema.checked import CheckReport, SetsFound
from runner.schema.options import RunOptions
from runner.scripted.script import load_script
from runner.triggers.checked import trigger_findings, trigger_line, trigger_location


@dataclass(frozen=True)
class Checked:
    """What the check found: the report (`--json`) and the same as lines of text."""

    report: CheckReport
    summary: str  # the `ok:` line
    ignored: str | None  # every field kept and never graded (plain `check` too)
    details: list[str]  # -v: each case's checks, fixtures and origins; what is kept
    notes: list[str]  # every finding with its fix, then the static scans

    def lines(self, verbose: bool) -> list[str]:
        """What `check` prints, in order (with -v: `verbose`)."""
        return [self.summary, *([self.ignored] if self.ignored else []),
                *(self.details if verbose else []), *self.notes]


def check_target(skill: Path) -> tuple[Path, list[str]]:
    """The skill folder `check SKILL` reads, and for a collection of skills (a folder
    without SKILL.md holding several) the lines that list them instead (nothing is checked).
    A repository whose one skill sits in a subfolder is that skill."""
    members = collection(skill)
    if len(members) == 1:
        return members[0][0], []
    if members:
        return skill, collection_lines(skill, members)
    return skill, []


def check_skill(opts: RunOptions) -> Checked:
    """Everything a run would refuse offline (RefusedInput, with all the problems), and what
    it would do: cases, arms, trials, how each check is graded."""
    skill_reading = read_skill(opts.skill_path)
    refuse_errors(skill_reading, opts.skill_path)  # a run would refuse them too, before it bills
    only = check_trigger_only(opts, skill_reading)
    if only is not None:  # the authors chose triggers: nothing for `run`, nothing to refuse
        return only
    request = check_request(opts)
    plan = make_plan(opts, request)
    script = ""
    if opts.model_script is not None:
        scenarios = load_script(opts.model_script).scenarios
        script = f"; model script ok ({len(scenarios)} scenario(s))"
    caseset = request.caseset
    # the cases as read, their project's files inline: the plan's hold only its bundle's digest
    cases = list(caseset.evals)
    readings = [read_case(case, caseset.origins.get(case.id), caseset.judge_expected_output)
                for case in cases]
    turns = {r.id: r.turns for r in readings if r.turns > 1}
    programs = scan_programs(plan.skill.path, cases)
    findings = [*skill_findings(skill_reading, plan.skill.path, cases),
                *program_findings(plan.skill.path, cases),
                *trigger_findings(plan.skill.path, plan.skill.name, plan.skill.description),
                *plan.findings]
    report = CheckReport(ok=True, skill=plan.skill.name, skill_sha256=plan.skill.digest,
                         arms=[str(a) for a in plan.arms], k=opts.k, trials=len(plan.trials),
                         cases=readings, left_out=list(caseset.left_out),
                         findings=findings, about=caseset.about,
                         set_files=list(caseset.read_files),
                         unread_files=list(caseset.unread_files),
                         sets=SetsFound(runtime=caseset.source or None, trigger=trigger_location(
                             plan.skill.path, plan.skill.name)))
    shown = [f"{c} ({turns[c]} turns)" if c in turns else c for c in plan.cases]
    summary = (
        f"ok: {plan.skill.name} (sha256 {plan.skill.short_digest}), {len(plan.cases)} "
        f"case(s): {', '.join(shown)}; arms {', '.join(plan.arms)}; k={plan.k_label()} -> "
        f"{'at most ' if plan.adaptive else ''}{len(plan.trials)} trial(s){script}"
        + (f"; left out, cannot run as written ({_left_out_codes(caseset)} below): "
           f"{', '.join(caseset.left_out)}" if caseset.left_out else ""))
    details = [line for reading in readings for line in case_lines(reading)]
    if caseset.about:
        details.append(f"kept, not graded (top level): {', '.join(sorted(caseset.about))}")
    notes = [f"{f.code} {located(f)} {f.message}; fix: {f.fix}" for f in findings]
    if skill_reading.scan:
        notes.append(f"static scan: {len(skill_reading.scan)} finding(s) "
                     f"({', '.join(kinds(list(skill_reading.scan)))}): reported in a "
                     "container sandbox; --sandbox local refuses the skill unless "
                     "--trust-target")
    if programs:
        notes.append(f"static scan of the case set's programs: {len(programs)} finding(s) "
                     f"({', '.join(kinds(programs))}): they run in their own container; "
                     "on the host only with --trust-target")
    triggers = trigger_line(plan.skill.path, plan.skill.name)
    hidden = hidden_set_lines(plan.skill.path, plan.skill.name)
    notes += hidden
    trigger_set = trigger_location(plan.skill.path, plan.skill.name)
    sets = set_lines(caseset)
    # (a file a line about sets already names is not named twice; a scan finding naming the
    # file says nothing of whether it is read)
    notes += other_set_lines(plan.skill.path, plan.skill.name,
                             [*caseset.read_files, *caseset.keyed_files,
                              *([trigger_set] if trigger_set else [])],
                             "\n".join([*hidden, *sets, *(n for n in notes
                                                          if not _FINDING.match(n))]))
    return Checked(report, summary, ignored_summary(readings), details,
                   [*sets, *([triggers] if triggers else []), *notes])


def _left_out_codes(caseset: CaseSet) -> str:
    """The codes of the lines saying why cases are left out (EV009 a missing input, EV012 a
    program's test no arm's work decides), as the summary points at them."""
    codes = sorted({f.code for f in caseset.findings
                    if f.case in caseset.left_out and LEFT_OUT in f.message})
    return ", ".join(codes) or "EV009"


# A finding's line (`SE009 path:line: ...`, `CB001 ...`): a scan's or a check's, no set line.
_FINDING = re.compile(r"^\s*[A-Z]{2}\d{3}\s")


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

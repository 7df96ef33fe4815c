"""How each check of a case will be graded, on what material, and where it came from
(`skill-eval check -v` and `check --json`)."""

from __future__ import annotations

import re

from runner.analysis.wording_i18n import case_language
from runner.authoring.fields import (
    GRADED_FIELDS,
    METADATA,
    PROSE,
    STATEMENT_ORIGIN,
    expectation_named,
    field_kind,
)
from runner.authoring.notes_needs import notes_needs
from runner.authoring.programs import grader_readings
from runner.authoring.tiers import REPORT_ONLY
from runner.schema.case import Case, Reading
from runner.schema.checked import CaseReading, CheckReading, FixtureReading
from runner.schema.enums import CheckKind
from runner.scoring.absence import states_absence
from runner.scoring.asked import reads_as_file
from runner.scoring.checks import describe_matcher
from runner.scoring.conditional import closing_condition, condition_of
from runner.scoring.on_calls import MARK, about_writing, on_calls

READS = {Reading.WORK: "the final text and every file the agent created or changed",
         Reading.TEXT: "the final text only (\"in\": \"text\")",
         Reading.FILES: "the files the agent created or changed (\"in\": \"files\")"}
SOURCES = "labelled sources: final text, tool calls with results, files the agent wrote"
CALLS_ONLY = ("tool calls with their results only (the final text and files saying it ran are "
              "claims, not evidence)")
CALLS_OR_FILE = ("tool calls with their results, and the file it names as the agent wrote it "
                 "(the final text saying so is a claim, not evidence)")
_FILE = re.compile(r"(?<![\w/-])[\w./-]*\w\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w/-])")


# The fixtures `check -v` lists one by one; past this many, a count stands for the rest.
FIXTURES_SHOWN = 12


def _origin(origins: dict[str, tuple[str, ...]], field: str, index: int) -> str:
    found = origins.get(field, ())
    return found[index] if index < len(found) else f"{field}[{index}]"


def _statement(text: str) -> tuple[str, str]:
    # the grader's own reading of a file name (a folder or a known extension): `e.g.`,
    # `j.smith` and `corp.local` are words, not files
    files = [f for f in _FILE.findall(text) if not re.fullmatch(r"[\d.]+", f)
             and reads_as_file(f)]
    graded = "grader model: pass only on a verbatim quote verified in the source it names"
    if states_absence(text):  # nothing to quote for an absence
        graded = ("grader model, an absence: passes when nothing in the material breaks it "
                  "(no quote), fails on a quote of what does")
    condition = condition_of(text)
    if condition is not None and closing_condition(text):
        # "Discusses when X" / "Suggests tags if a wiki exists": the grader tells them apart
        graded = (f"grader model, maybe conditional: the grader first decides whether the "
                  f"closing {condition!r} is a condition on the case (then it passes with no "
                  f"quote when that does not hold) or part of what the work must show (then "
                  f"{graded.removeprefix('grader model').lstrip(', :')})")
    elif condition is not None:  # the author's `applies_when`, kept
        graded = (f"grader model, conditional: passes with no quote when {condition!r} does "
                  f"not hold; when it holds, {graded.removeprefix('grader model').lstrip(', :')}")
    if files:
        graded += (f"; names {', '.join(dict.fromkeys(files))}: if the agent writes it, only "
                   "a quote from that file (or a tool result reading it) counts, never its "
                   "own account")
    if on_calls(text) and about_writing(text) and files:  # the file it writes shows it too
        return (graded + "; about what the agent did: only a quote from a tool call or from "
                "the file it wrote counts", CALLS_OR_FILE)
    if on_calls(text):  # running it is shown by the calls, never by saying so
        return (graded + "; about what the agent ran: only a quote from a tool call counts",
                CALLS_ONLY)
    return graded, SOURCES


def read_case(case: Case, origins: dict[str, tuple[str, ...]] | None = None,
              judge_expected_output: bool = False) -> CaseReading:
    # a statement with no word of its own language is read in its case's (wording_i18n)
    with case_language((case.prompt, *case.statements, case.expected_output or "")):
        return _read_case(case, origins or {}, judge_expected_output)


def _read_case(case: Case, origins: dict[str, tuple[str, ...]],
               judge_expected_output: bool) -> CaseReading:
    checks = [*_text_checks(case, origins), *_file_checks(case, origins),
              *grader_readings(case),  # an author's grader program (runner.authoring.programs)
              *_process_checks(case)]
    written = origins.get("files", ())
    fixtures = [FixtureReading(file=file, written=written[n] if n < len(written) else file,
                               staged_at=str(case.fixture_destination(file)))
                for n, file in enumerate(case.files)]
    fixtures += [FixtureReading(file=path, written=f"{path!r} (inline, {len(text)} chars)",
                                staged_at=path) for path, text in case.inline_files.items()]
    checks = [*_turn_checks(case), *checks]
    return CaseReading(id=case.id, name=case.name, checks=checks,
                       fixtures=fixtures, ignored=_ignored(case, origins),
                       runs_first=[s.id for s in case.chain], setup=list(case.setup_run),
                       ties=_ties(case, judge_expected_output), turns=len(case.prompts),
                       references=list(case.references),
                       pass_rule=case.pass_rule.shown(sum(c.decides for c in checks))
                       if case.pass_rule else None)


def _turn_checks(case: Case) -> list[CheckReading]:
    """A multi-turn case's checks written on its turns, each named by its turn (the case's
    own checks, listed after them, grade the last turn)."""
    checks: list[CheckReading] = []
    for number in range(1, len(case.prompts) + 1):
        own = case.turn_case(number)
        where = "first turn" if number == 1 else f"follow_ups[{number - 2}]"
        for check in [*_text_checks(own, {}), *_file_checks(own, {})] if own else []:
            checks.append(check.model_copy(update={
                "entry": f"turn {number}: {check.entry}",
                "reads": f"{check.reads}, as turn {number} left it",
                "origin": f"{where}: {check.origin}"}))
    return checks


def _text_checks(case: Case, origins: dict[str, tuple[str, ...]]) -> list[CheckReading]:
    """Assertions, output files, statements and tool calls, in that order."""
    checks: list[CheckReading] = []
    for n, assertion in enumerate(case.assertions):
        checks.append(CheckReading(kind=CheckKind.ASSERTION, entry=assertion,
                                   graded=describe_matcher(assertion), reads=READS[case.reads],
                                   origin=_origin(origins, "assertions", n)))
    for n, output in enumerate(case.outputs):
        checks.append(CheckReading(kind=CheckKind.OUTPUT, entry=output.path, graded="must exist",
                                   reads="the working directory after the run",
                                   origin=f"outputs[{n}]"))
        checks += [CheckReading(kind=CheckKind.OUTPUT, entry=f"{output.path}: {a}",
                                graded=describe_matcher(a), reads=f"the file {output.path}",
                                origin=f"outputs[{n}].contains[{m}]")
                   for m, a in enumerate(output.contains)]
    for n, statement in enumerate(case.statements):
        graded, reads = _statement(statement)
        checks.append(CheckReading(kind=CheckKind.STATEMENT, entry=statement, graded=graded,
                                   reads=reads, origin=_origin(origins, "statements", n)))
    for n, matcher in enumerate(case.tool_calls):
        checks.append(CheckReading(kind=CheckKind.TOOL_CALL, entry=matcher,
                                   graded=(f"no call may match {matcher[1:]}"
                                           if matcher.startswith("!")
                                           else f"some call must match {matcher}"),
                                   reads="the tool calls as the transcript recorded them",
                                   origin=_origin(origins, "tool_calls", n)))
    return checks


def _file_checks(case: Case, origins: dict[str, tuple[str, ...]]) -> list[CheckReading]:
    """JSON checks, then the judge program."""
    checks: list[CheckReading] = []
    for n, check in enumerate(case.json_checks):
        want = ("must be absent" if not check.exists else
                f"must equal {check.equals!r}" if check.equals is not None else
                describe_matcher(check.contains) if check.contains else "must exist")
        checks.append(CheckReading(kind=CheckKind.JSON, entry=f"{check.file} {check.path}",
                                   graded=want, reads=f"the JSON file {check.file}",
                                   origin=_origin(origins, "json_checks", n)))
    if case.judge_program:
        checks.append(CheckReading(kind=CheckKind.JUDGE_PROGRAM, entry=case.judge_program,
                                   graded="must exit 0",
                                   reads="the working directory, read-only, in the trial's "
                                         "sandbox", origin="judge"))
    return checks


def _process_checks(case: Case) -> list[CheckReading]:
    """The process items: reported beside task success, never deciding it."""
    checks: list[CheckReading] = []
    for item in case.process:
        bounds = (f" min {item.min}" if item.min is not None else "") + (
            f" max {item.max}" if item.max is not None else "")
        checks.append(CheckReading(kind=CheckKind.PROCESS, entry=item.id,
                                   graded=f"{item.form}: {', '.join(item.matchers)}{bounds}",
                                   reads="the tool calls in order", origin=f"process {item.id}",
                                   decides=False))
    return checks


def _ignored(case: Case, origins: dict[str, tuple[str, ...]]) -> list[str]:
    """The case's fields kept and never graded."""
    # (notes saying what the case needs and lacks are read: EV014 quotes them)
    read = notes_needs(case.extra)
    ignored = [f"{key.removesuffix(REPORT_ONLY)} ({REPORT_ONLY_SAID})"
               if key.endswith(REPORT_ONLY)
               else f"{key} ({_KINDS.get(field_kind(key, case.extra[key]) or '', 'kept')}, "
               "not graded)" for key in sorted(case.extra) if key not in read]
    graded_expected = any(o.startswith("expected_output") for o in origins.get("statements", ()))
    if case.expected_output and not graded_expected:
        ignored.append("expected_output (shown to the grader beside statements; not a check)"
                       if case.statements else "expected_output (not a check)")
    return ignored


def _ties(case: Case, judge_expected_output: bool) -> str:
    """How a tied row of this case is decided."""
    if case.rubric:
        return f"the judge compares both arms by the rubric: {case.rubric}"
    if judge_expected_output and case.expected_output:
        return "the judge compares both arms by the expected output"
    return "ties stay ties (no rubric)"


def _shown_setup(line: str) -> str:
    """A setup line by its first line: a harness script fed on stdin (runner.authoring.
    harness_scripts) is shown by its command and its path, not its whole text."""
    first, _, rest = line.partition("\n")
    return first if not rest else f"{first} (then the script's {rest.count(chr(10))} lines)"


def case_lines(reading: CaseReading) -> list[str]:
    """`check -v`: one case, a line per check, fixture and ignored field."""
    lines = [f"case {reading.id}" + (f" ({reading.name})" if reading.name else "")]
    if reading.runs_first:
        lines.append(f"  depends on: case {', then case '.join(reading.runs_first)} runs first "
                     "in its sandbox, by the same arm; what that leaves is its starting point "
                     "(graded in its own trial), not this case's work")
    for line in reading.setup:
        lines.append(f"  setup: `{_shown_setup(line)}` runs in the working directory before "
                     "the agent starts (in the sandbox, no network): what it builds is the "
                     "starting point")
    if reading.turns > 1:
        lines.append(f"  {reading.turns} turns: each follow-up is sent in the same session "
                     "(claude --resume) after the turn before; a `turn N:` check grades that "
                     f"turn, the case's own checks grade turn {reading.turns}")
    for check in reading.checks:
        note = "" if check.decides else " (reported beside task success)"
        # every statement scoped to the calls wears the reader's mark, however it was worded
        scoped = MARK if check.reads in (CALLS_ONLY, CALLS_OR_FILE) \
            and not check.entry.startswith(MARK) else ""
        lines.append(f"  {check.kind} {scoped}{check.entry}: {check.graded}{note}")
        lines.append(f"      reads {check.reads}; from {check.origin}")
    # a case run in its project carries hundreds of files: the first few stand for them
    shown = reading.fixtures if len(reading.fixtures) <= FIXTURES_SHOWN \
        else reading.fixtures[:FIXTURES_SHOWN - 1]
    for fixture in shown:
        # the case's workspace: its contents are the working directory itself
        place = ("its contents staged at ./ (the working directory's root)"
                 if fixture.staged_at == "." else f"staged at ./{fixture.staged_at}")
        lines.append(f"  fixture {fixture.file} -> {place}"
                     + ("" if fixture.written == repr(fixture.file)
                        else f" (written {fixture.written})"))
    if len(shown) < len(reading.fixtures):
        lines.append(f"  ... and {len(reading.fixtures) - len(shown)} more fixture(s)")
    for name in reading.references:
        lines.append(f"  reference for the grader: {name} (its text is shown to the grader "
                     "beside the statements; never staged for the agent)")
    for item in reading.ignored:
        lines.append(f"  ignored: {item}")
    if reading.pass_rule:
        lines.append(f"  pass rule: {reading.pass_rule}")
    lines.append(f"  ties: {reading.ties}")
    return lines


# A check in its harness's report-only tier (runner.authoring.tiers.REPORT_ONLY) is said by its
# own EV012 line, so not listed as ignored.
REPORT_ONLY_SAID = "in its harness's report-only tier: never deciding, not graded (EV012)"
_IGNORED_KEYS = re.compile(r"\[ignored: ([^\]]+)\]")
_KINDS = {PROSE: "prose", METADATA: "metadata"}
_KIND_OF = re.compile(r"\((prose|metadata|kept), not graded\)$")


def ignored_summary(readings: list[CaseReading]) -> str | None:
    """Plain `check`: every field kept and never graded, with how many cases carry it, and
    every key of a check object no rule reads, so nothing is dropped without a line."""
    fields: dict[str, int] = {}
    kinds: dict[str, dict[str, int]] = {"prose": {}, "metadata": {}}
    keys: dict[str, int] = {}
    for reading in readings:
        for item in reading.ignored:
            if item.endswith(f"({REPORT_ONLY_SAID})"):
                continue
            name = item.split(" (", 1)[0]
            kind = _KIND_OF.search(item)
            counted = kinds.get(kind.group(1), fields) if kind else fields
            counted[name] = counted.get(name, 0) + 1
        for check in reading.checks:
            for found in _IGNORED_KEYS.findall(check.origin):
                for key in found.split(", "):
                    keys[key] = keys.get(key, 0) + 1
    graded = _expectations_graded(readings)
    if not fields and not keys and not any(kinds.values()):
        return graded
    # `expected_depth: standard`: an expectation no rule grades, a check waiting to be written
    expected = {name: fields.pop(name) for name in sorted(fields) if expectation_named(name)}
    parts = [f"{name} in {n} case(s)" for name, n in sorted(fields.items())]
    parts += [f"check key {key!r} x{n}" for key, n in sorted(keys.items())]
    # the author's prose and labels: counted apart, so what may be a lost check stands out
    parts += [f"{kind} {name} in {n} case(s)" for kind, named in kinds.items()
              for name, n in sorted(named.items())]
    lines = [f"ignored (kept, not graded): {', '.join(parts)}; `check -v` shows each; fix: "
             "move what should decide into assertions, statements or outputs"] if parts else []
    if expected:
        lines.append("kept, not graded: " + ", ".join(f"{name} in {n} case(s)" for name, n in
                                                      expected.items())
                     + f" ({len(expected)} expectation field(s) no rule grades); fix: write "
                     "what each expects as statements (\"The answer ...\") under expectations")
    if graded:
        lines.append(graded)
    return "\n".join(lines)


def _expectations_graded(readings: list[CaseReading]) -> str | None:
    """Plain `check`: the expectation fields (`expected_<x>`, `must_not_<x>`) graded as
    statements, each with its cases."""
    cases: dict[str, int] = {}
    for reading in readings:
        names = {check.origin.split(" (", 1)[0].split("[", 1)[0].split(".", 1)[0]
                 for check in reading.checks if f"({STATEMENT_ORIGIN}" in check.origin}
        for name in names:
            cases[name] = cases.get(name, 0) + 1
    if not cases:
        return None
    return (f"EV012 {len(cases)} {GRADED_FIELDS} field(s) graded as "
            "statements: " + ", ".join(f"{name} in {n} case(s)"
                                       for name, n in sorted(cases.items()))
            + " (worded \"The work's <x> is: <value>\", \"The agent must not <x>: <value>\"; "
            "`check -v` shows each)")


def describe_case(case: Case, judge_expected_output: bool = False) -> list[str]:
    return case_lines(read_case(case, None, judge_expected_output))

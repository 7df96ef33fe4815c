"""GitHub Actions output: workflow-command annotations (`::error file=...,line=...::`) that
point at the case in `evals/evals.json`, and a Markdown job summary (appended to the file
$GITHUB_STEP_SUMMARY names).

    error    a lost case where the gate fails (FAIL or no evidence against that opponent)
    warning  a lost case the gate lets through, and every inconclusive case

Where a case's file is not known (a merged report with no folder at hand), the annotation
carries no file and GitHub shows it on the run instead.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from runner.render.outcomes import (
    CaseOutcome,
    CaseResult,
    case_outcomes,
    decide_size,
    inconclusive,
)
from runner.schema.report import Report


@dataclass(frozen=True)
class CaseSpot:
    """Where a case is declared: a path relative to the workspace, and its line."""

    file: str
    line: int


def case_lines(evals_json: Path, workspace: Path) -> dict[str, CaseSpot]:
    """Case id -> the line of its `"id": ...` in an evals.json (the first such line; a file
    that cannot be read gives nothing)."""
    try:
        text = evals_json.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    try:
        shown = str(evals_json.resolve().relative_to(workspace.resolve()))
    except ValueError:
        shown = str(evals_json)
    spots: dict[str, CaseSpot] = {}
    pattern = re.compile(r'"id"\s*:\s*("(?:[^"\\]|\\.)*"|-?\d+)')
    for number, line in enumerate(text.splitlines(), 1):
        for match in pattern.finditer(line):
            case = match.group(1).strip('"')
            spots.setdefault(case, CaseSpot(shown, number))
    return spots


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(level: str, message: str, title: str, spot: CaseSpot | None) -> str:
    props = [f"title={_escape_property(title)}"]
    if spot is not None:
        props = [f"file={_escape_property(spot.file)}", f"line={spot.line}", *props]
    return f"::{level} {','.join(props)}::{_escape_data(message)}"


def _level(o: CaseOutcome) -> str | None:
    if o.result is CaseResult.FAILED:
        return "error" if o.gate_fails else "warning"
    return "warning" if o.result is CaseResult.INCONCLUSIVE else None


def annotation_lines(reports: list[Report],
                spots: dict[str, dict[str, CaseSpot]]) -> list[str]:
    """One line per failed or inconclusive case; `spots` is skill -> case -> its place."""
    lines = []
    for report in reports:
        # several skills at once: the cases come from each skill's own case set
        places: dict[str, CaseSpot] = {}
        for name in [*report.skills, report.skill]:
            places.update(spots.get(name, {}))
        for o in case_outcomes(report):
            level = _level(o)
            if level is None:
                continue
            body = o.message + ("\n" + "\n".join(o.details[:20]) if o.details else "")
            lines.append(annotation(level, body, f"skill-eval {o.skill} [{o.model}]: {o.name}",
                                    places.get(o.case)))
    return lines


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _report_summary(report: Report) -> list[str]:
    head = f"### skill-eval: {report.skill} [{report.model}]: {report.verdict}"
    out = [head, "", f"run `{report.run_id}`, k {report.k}, {len(report.cases)} case(s), "
           f"status {report.status}" + (", **dry run** (scripted model)" if report.dry_run
                                        else ""), "",
           "| opponent | verdict | firm | W | L | T | holes | net lift | sign test p | "
           "size that would decide |", "|---|---|---|---|---|---|---|---|---|---|"]
    for c in report.comparisons:
        firm = "yes" if c.firm else ("no" if c.aa_rate is not None else "n/a")
        lift = "n/a" if c.net_lift is None else f"{c.net_lift:+.2f}"
        p = "n/a" if c.sign_test_p is None else f"{c.sign_test_p:.3f}"
        size = (decide_size(c) or "") if inconclusive(c) else ""
        out.append(f"| {c.opponent} | {c.verdict} | {firm} | {c.wins} | {c.losses} | "
                   f"{c.ties} | {c.holes} | {lift} | {p} | {size} |")
    bad = [o for o in case_outcomes(report) if o.result is not CaseResult.PASSED]
    if bad:
        out += ["", "| case | opponent | result | why |", "|---|---|---|---|"]
        out += [f"| {_cell(o.case)} | {o.opponent} | {o.result} | {_cell(o.message)} |"
                for o in bad]
    return out


def summary_markdown(reports: list[Report]) -> str:
    """The job summary: per report its verdicts, then the cases that lost or did not decide."""
    outcomes = [o for r in reports for o in case_outcomes(r)]
    counts = {res: sum(o.result is res for o in outcomes) for res in CaseResult}
    lines = ["## skill-eval", "",
             f"{len(reports)} run(s): {counts[CaseResult.PASSED]} case(s) passed, "
             f"{counts[CaseResult.FAILED]} failed, {counts[CaseResult.INCONCLUSIVE]} "
             "inconclusive", ""]
    for report in reports:
        lines += [*_report_summary(report), ""]
    return "\n".join(lines) + "\n"

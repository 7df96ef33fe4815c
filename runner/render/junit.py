"""`--junit FILE`: the reports as JUnit XML, the format CI systems read.

    <testsuites name="skill-eval">             one per file
      <testsuite name="SKILL [MODEL]">         one per report (run), its verdicts as properties
        <testcase classname="skill-eval.SKILL.MODEL" name="CASE vs OPPONENT">
          <failure .../>                       the case lost: failing checks and reasons
          <skipped message="..."/>             inconclusive, with the size that would decide

One test case per case x opponent x model (runner.render.outcomes decides which).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from runner.render.outcomes import CaseOutcome, CaseResult, case_outcomes, comparison_line
from runner.schema.report import Report

# XML 1.0 cannot carry most control characters, which a transcript's text may hold
_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(value: str) -> str:
    return _ILLEGAL.sub("?", value)


def _counts(outcomes: list[CaseOutcome]) -> dict[str, str]:
    return {"tests": str(len(outcomes)),
            "failures": str(sum(o.result is CaseResult.FAILED for o in outcomes)),
            "skipped": str(sum(o.result is CaseResult.INCONCLUSIVE for o in outcomes)),
            "errors": "0"}


def _suite(report: Report) -> tuple[ET.Element, list[CaseOutcome]]:
    outcomes = case_outcomes(report)
    suite = ET.Element("testsuite", {"name": _text(f"{report.skill} [{report.model}]"),
                                     **_counts(outcomes)})
    if report.started_at and report.finished_at:
        suite.set("timestamp", report.started_at.isoformat())
        suite.set("time", f"{(report.finished_at - report.started_at).total_seconds():.3f}")
    props = ET.SubElement(suite, "properties")
    facts = [("run_id", report.run_id), ("skill_digest", report.skill_digest),
             ("model", report.model), ("status", str(report.status)),
             ("dry_run", str(report.dry_run).lower()), ("k", str(report.k))]
    facts += [(f"verdict vs {c.opponent}", comparison_line(c)) for c in report.comparisons]
    for name, value in facts:
        ET.SubElement(props, "property", {"name": _text(name), "value": _text(value)})
    for o in outcomes:
        case = ET.SubElement(suite, "testcase", {
            "classname": _text(f"skill-eval.{o.skill}.{o.model}"), "name": _text(o.name)})
        if o.result is CaseResult.FAILED:
            failure = ET.SubElement(case, "failure", {"message": _text(o.message),
                                                      "type": "loss"})
            failure.text = _text("\n".join(o.details) or o.message)
        elif o.result is CaseResult.INCONCLUSIVE:
            ET.SubElement(case, "skipped", {"message": _text(o.message)})
    return suite, outcomes


def junit_xml(reports: list[Report]) -> str:
    """Every report as one JUnit document (a suite per report)."""
    root = ET.Element("testsuites", {"name": "skill-eval"})
    every: list[CaseOutcome] = []
    for report in reports:
        suite, outcomes = _suite(report)
        root.append(suite)
        every += outcomes
    for name, value in _counts(every).items():
        root.set(name, value)
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"

"""The `checks` scorer: the case's deterministic checks. Every check must pass for the trial
to pass, and each keeps its evidence (what matched, where).

    assertions    the assertion grammar on the agent's work: its final text and every file
                  it created or changed (the case's `in` narrows it to "text" or "files")
    outputs       files the run had to create, optionally with `contains`
    tool_calls    process matchers at least one call must match (selftune's tool calls)
    json_checks   values at dotted paths inside JSON output files (selftune's JSON paths)
"""

from __future__ import annotations

import json
import re
from typing import Any

from runner.schema.case import Case, JsonCheck, Reading
from runner.schema.trial import CheckResult, Score, ToolCall
from runner.scoring.base import Evidence, Grading
from runner.scoring.checks import check_text, check_work, parse_matcher
from runner.scoring.process import parse_call_matcher

NAME = "checks"
_STEP = re.compile(r"([^.\[\]]+)|\[(\d+)\]")
_MISSING = object()


def json_path_steps(path: str) -> list[str | int]:
    """`a.b[0].c` -> ['a', 'b', 0, 'c']; ValueError for a path that cannot be read."""
    steps: list[str | int] = []
    position = 0
    for match in _STEP.finditer(path):
        between = path[position:match.start()]
        if between not in ("", "."):
            raise ValueError(f"JSON path {path!r}: cannot read {between!r}")
        steps.append(match.group(1) if match.group(1) is not None else int(match.group(2)))
        position = match.end()
    if not steps or path[position:] not in ("",):
        raise ValueError(f"JSON path {path!r}: write it dotted, with [n] for list items")
    return steps


def _walk(data: Any, steps: list[str | int]) -> Any:
    for step in steps:
        if isinstance(step, int) and isinstance(data, list) and step < len(data):
            data = data[step]
        elif isinstance(step, str) and isinstance(data, dict) and step in data:
            data = data[step]
        else:
            return _MISSING
    return data


def check_json(check: JsonCheck, outputs: dict[str, bytes]) -> CheckResult:
    label = f"json {check.file}: {check.path}"
    data = outputs.get(check.file)
    if data is None:
        return CheckResult(check=label, passed=False, detail=f"{check.file} not created")
    try:
        document = json.loads(data)
    except ValueError as exc:
        return CheckResult(check=label, passed=False, detail=f"{check.file} is not JSON: {exc}")
    value = _walk(document, json_path_steps(check.path))
    if not check.exists:
        ok = value is _MISSING
        return CheckResult(check=label + " absent", passed=ok,
                           detail="" if ok else f"present: {json.dumps(value)[:120]}")
    if value is _MISSING:
        return CheckResult(check=label, passed=False, detail="no such path")
    shown = json.dumps(value, ensure_ascii=False)
    if check.equals is not None and value != check.equals:
        return CheckResult(check=f"{label} == {json.dumps(check.equals)}", passed=False,
                           detail=f"found {shown[:120]}")
    if check.contains is not None:
        text = value if isinstance(value, str) else shown
        if not parse_matcher(check.contains).check(text):
            return CheckResult(check=f"{label}: {check.contains}", passed=False,
                               detail=f"found {shown[:120]}")
    return CheckResult(check=label, passed=True, evidence=f"{check.path} = {shown[:120]}")


def check_call(source: str, calls: tuple[ToolCall, ...]) -> CheckResult:
    matcher = parse_call_matcher(source)
    check = f"tool call: {source}"
    for n, call in enumerate(calls, 1):
        if matcher.matches(call):
            found = f"call #{n} {call.name} {call.input[:100]}"
            if matcher.negate:
                return CheckResult(check=check, passed=False, detail=f"{found} matches")
            return CheckResult(check=check, passed=True, evidence=found)
    if matcher.negate:
        return CheckResult(check=check, passed=True,
                           evidence=f"none of {len(calls)} call(s) matches")
    names = sorted({c.name for c in calls})
    return CheckResult(check=check, passed=False,
                       detail=f"no call matches (calls made: {', '.join(names) or 'none'})")


FINAL_TEXT = "final text"


def work_sources(reads: Reading, evidence: Evidence) -> list[tuple[str, str]]:
    """What a case's assertions read, as named sources: the final text, each written file."""
    sources: list[tuple[str, str]] = []
    if reads is not Reading.FILES:
        sources.append((FINAL_TEXT, evidence.assistant_text))
    if reads is not Reading.TEXT:
        sources += [(f"file {rel}", text)
                    for rel, text in sorted(evidence.written_texts().items())]
    return sources


def grade(case: Case, evidence: Evidence) -> list[CheckResult]:
    sources = work_sources(case.reads, evidence) if case.assertions else []
    results = [check_work(a, sources, case.reads.value) for a in case.assertions]
    for output in case.outputs:
        data = evidence.outputs.get(output.path)
        label = f"file {output.path}"
        if data is None:
            why = evidence.skipped.get(output.path)
            detail = f"not created ({why})" if why else "not created"
            results.append(CheckResult(check=label, passed=False, detail=detail))
            for assertion in output.contains:
                results.append(CheckResult(check=f"{label}: {assertion}", passed=False,
                                           detail="file missing"))
            continue
        results.append(CheckResult(check=label, passed=True, evidence=f"{len(data)} bytes"))
        text = data.decode("utf-8", "replace")
        results.extend(check_text(a, text, label) for a in output.contains)
    results.extend(check_call(source, evidence.calls) for source in case.tool_calls)
    results.extend(check_json(check, evidence.outputs) for check in case.json_checks)
    return results


class ChecksScorer:
    name = NAME

    def score(self, case: Case, evidence: Evidence, grading: Grading) -> Score | None:
        if not (case.assertions or case.outputs or case.tool_calls or case.json_checks):
            return None
        checks = grade(case, evidence)
        return Score(scorer=NAME, passed=all(c.passed for c in checks), checks=checks)


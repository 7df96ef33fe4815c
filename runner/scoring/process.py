"""Process rubrics (docs/case-sets.md#how-each-check-is-graded), read from the ordered tool
calls of the transcript. Deterministic: a step that leaves no tool call cannot be seen.

A matcher is `Tool` or `Tool:<assertion>`: tool names joined by `|` (`*`: any tool), then the
assertion grammar (runner.scoring.checks) applied to the call's input as the transcript recorded
it (compact JSON, kept up to 2000 characters). A leading `!` (`!*:re:rm -rf`) negates the whole
matcher under `tool_calls`: no call may match (`!` is never part of a tool's name).

    order: [A, B, ...]      the matchers occur in this order, other calls between allowed
    after: A, then: B       some B comes after the LAST A; an A that never came fails
    never: A                no call matches
    count: A, min, max      the number of matching calls is within bounds

The `process` score is reported apart from task success (it never decides a trial's pass), so
a run saved before process existed still compares.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from runner.schema.case import Case, ProcessItem
from runner.schema.drafts import is_draft
from runner.schema.trial import CheckResult, Score, ToolCall
from runner.scoring.base import Evidence, Grading
from runner.scoring.checks import Matcher, parse_matcher

NAME = "process"
TOOL_NAME = re.compile(r"^(?:[A-Za-z_][\w.\-]*|\*)$")
ANY_TOOL = "*"
NOT_CALLED = "!"


@dataclass(frozen=True)
class CallMatcher:
    source: str
    tools: frozenset[str]
    assertion: Matcher | None
    negate: bool = False  # under `tool_calls`: no call may match

    def matches(self, call: ToolCall) -> bool:
        return (ANY_TOOL in self.tools or call.name in self.tools) and (
            self.assertion is None or self.assertion.check(call.input))


def parse_call_matcher(source: str) -> CallMatcher:
    """Parse `Tool` or `Tool:<assertion>`; ValueError with the problem for a bad one."""
    if is_draft(source):
        raise ValueError(f"matcher {source!r} is still a draft (starts with TODO)")
    negate = source.startswith(NOT_CALLED)
    names, sep, rest = source[len(NOT_CALLED) if negate else 0:].partition(":")
    tools = [n.strip() for n in names.split("|")]
    bad = [n for n in tools if not TOOL_NAME.match(n)]
    if bad or not tools:
        raise ValueError(f"matcher {source!r}: {bad[0] if bad else names!r} is not a tool "
                         "name (write Tool or Tool1|Tool2, then optionally :<assertion>)")
    if sep and not rest:
        raise ValueError(f"matcher {source!r}: nothing after ':' (drop it, or add an assertion)")
    return CallMatcher(source, frozenset(tools), parse_matcher(rest) if sep else None, negate)


def _where(calls: list[ToolCall], index: int) -> str:
    call = calls[index]
    text = call.input if len(call.input) <= 100 else call.input[:99] + "…"
    return f"call #{index + 1} {call.name} {text}"


def grade_item(item: ProcessItem, calls: list[ToolCall]) -> CheckResult:
    label = f"process {item.id} ({item.form})"

    def hits(source: str) -> list[int]:
        matcher = parse_call_matcher(source)
        return [i for i, c in enumerate(calls) if matcher.matches(c)]

    def result(ok: bool, why: str) -> CheckResult:
        return CheckResult(check=label, passed=ok, detail="" if ok else why,
                           evidence=why if ok else "")

    if item.order is not None:
        position, seen = -1, []
        for source in item.order:
            later = [i for i in hits(source) if i > position]
            if not later:
                after = f" after {_where(calls, position)}" if position >= 0 else ""
                return result(False, f"no call matches {source!r}{after}")
            position = later[0]
            seen.append(f"#{position + 1}")
        return result(True, "in order at calls " + ", ".join(seen))
    if item.after is not None and item.then is not None:
        anchors = hits(item.after)
        if not anchors:
            return result(False, f"{item.after!r} never came, so nothing was verified")
        last = anchors[-1]
        later = [i for i in hits(item.then) if i > last]
        if not later:
            return result(False, f"no {item.then!r} after the last {item.after!r} "
                                 f"({_where(calls, last)})")
        return result(True, f"{_where(calls, later[0])} follows the last anchor "
                            f"(call #{last + 1})")
    if item.never is not None:
        found = hits(item.never)
        if found:
            return result(False, f"{_where(calls, found[0])} matches {item.never!r}")
        return result(True, f"none of {len(calls)} call(s) matches")
    assert item.count is not None
    n = len(hits(item.count))
    low = item.min if item.min is not None else 0
    high = item.max
    ok = n >= low and (high is None or n <= high)
    bounds = f"{low}..{high if high is not None else '∞'}"
    return result(ok, f"{n} matching call(s), wanted {bounds}")


class ProcessScorer:
    name = NAME

    def score(self, case: Case, evidence: Evidence, grading: Grading) -> Score | None:
        if not case.process:
            return None
        calls = list(evidence.calls)
        checks = [grade_item(item, calls) for item in case.process]
        return Score(scorer=NAME, passed=all(c.passed for c in checks), checks=checks,
                     decides=False)


"""The deterministic check grammar (docs/case-sets.md#how-each-check-is-graded), shared by text
and file checks.

    "Total"          the text contains this substring
    "re:\\d+ rows"   the regular expression matches somewhere (re.search, MULTILINE)
    "not:I cannot"   prohibition: the rest (itself substring or re:) must NOT match
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from runner.schema.trial import CheckResult


@dataclass(frozen=True)
class Matcher:
    source: str
    pattern: re.Pattern[str] | None  # None means plain substring
    needle: str
    negate: bool

    def check(self, text: str) -> bool:
        found = (
            self.pattern.search(text) is not None if self.pattern else self.needle in text
        )
        return found != self.negate


def describe_matcher(source: str) -> str:
    """How an assertion will be graded, in words (for `skill-eval check`)."""
    m = parse_matcher(source)
    kind = "regular expression" if m.pattern is not None else "substring"
    return f"{'must not contain' if m.negate else 'must contain'} {kind} `{m.needle}`"


def parse_matcher(source: str) -> Matcher:
    """Parse one assertion; raises ValueError with the problem for a bad one."""
    body, negate = source, False
    if body.startswith("not:"):
        body, negate = body[4:], True
    if body.startswith("re:"):
        expr = body[3:]
        if not expr:
            raise ValueError(f"empty regular expression in {source!r}")
        try:
            return Matcher(source, re.compile(expr, re.MULTILINE), expr, negate)
        except re.error as exc:
            raise ValueError(f"regular expression {expr!r} does not compile: {exc}") from exc
    if not body:
        raise ValueError(f"empty assertion {source!r}")
    return Matcher(source, None, body, negate)


SNIPPET = 120
MAX_LINES = 5000


def _clip(text: str) -> str:
    text = text.strip()
    return text if len(text) <= SNIPPET else text[:SNIPPET - 1] + "…"


def _where(matcher: Matcher, text: str) -> str:
    """For a failed check: the closest line (a positive check) or the offending line (a
    prohibition), with its number, so a failure can be read without opening the transcript."""
    lines = text.splitlines()[:MAX_LINES]
    if not text.strip():
        return "the text is empty"
    if matcher.negate:
        for number, line in enumerate(lines, 1):
            if (matcher.pattern.search(line) if matcher.pattern else matcher.needle in line):
                return f"found at line {number}: {_clip(line)!r}"
        return "found (across lines)"
    if matcher.pattern is not None:
        return f"text starts: {_clip(text)!r}"
    close = difflib.get_close_matches(matcher.needle, lines, n=1, cutoff=0.0)
    if not close:
        return f"text starts: {_clip(text)!r}"
    return f"closest, line {lines.index(close[0]) + 1}: {_clip(close[0])!r}"


def check_text(assertion: str, text: str, label: str = "text") -> CheckResult:
    matcher = parse_matcher(assertion)
    ok = matcher.check(text)
    evidence = ""
    if ok:
        detail = ""
        evidence = _found(matcher, text) if not matcher.negate else "absent"
    elif matcher.negate:
        detail = f"prohibited {matcher.needle!r} is present; {_where(matcher, text)}"
    else:
        detail = f"{matcher.needle!r} not found; {_where(matcher, text)}"
    return CheckResult(check=f"{label}: {assertion}", passed=ok, detail=detail,
                       evidence=evidence)


def _found(matcher: Matcher, text: str) -> str:
    """Where a positive check matched: the line and its number."""
    for number, line in enumerate(text.splitlines()[:MAX_LINES], 1):
        if (matcher.pattern.search(line) if matcher.pattern else matcher.needle in line):
            return f"line {number}: {_clip(line)!r}"
    return "matched across lines"


def check_work(assertion: str, sources: list[tuple[str, str]], label: str) -> CheckResult:
    """One assertion on the agent's work, read as several named sources (its final text, each
    file it wrote): a positive check passes when some source matches, a prohibition when none
    does. The evidence names the source it came from."""
    matcher = parse_matcher(assertion)
    check = f"{label}: {assertion}"
    if not sources:
        return CheckResult(check=check, passed=matcher.negate,
                           detail="" if matcher.negate else "nothing to read: no file written",
                           evidence="absent" if matcher.negate else "")
    hits = [(name, text) for name, text in sources
            if (matcher.pattern.search(text) is not None if matcher.pattern
                else matcher.needle in text)]
    names = ", ".join(name for name, _ in sources)
    if matcher.negate:
        if not hits:
            return CheckResult(check=check, passed=True, evidence=f"absent from {names}")
        name, text = hits[0]
        return CheckResult(check=check, passed=False,
                           detail=f"prohibited {matcher.needle!r} is present in {name}; "
                                  f"{_where(matcher, text)}")
    if hits:
        name, text = hits[0]
        return CheckResult(check=check, passed=True, evidence=f"{name} {_found(matcher, text)}")
    name, text = sources[0]
    return CheckResult(check=check, passed=False,
                       detail=f"{matcher.needle!r} not found in {names}; {name}: "
                              f"{_where(matcher, text)}")

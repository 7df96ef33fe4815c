"""Requirement tiers and typed expectation objects as other tools write them (issue 26,
items 3 and 8; docs/case-sets.md#formats-read):

- `must: [...]` holds what the work must do or hold, `must_not: [...]` what it must not: each
  item is read as a plain assertion is (a literal is a substring check, negated under
  `must_not`; a sentence is a statement for the grader, "The run avoids this: ..." under
  `must_not`), so the operand stays the author's.
- `should: [...]` is the case's expectations when it stands alone (test-writing usage: "it
  should ..."). Beside `must` or `must_not` it is the soft tier the author set apart from the
  hard one (RFC 2119's SHOULD): reported and not graded, as an item worded optional is, since
  graded it would fail work that left it out on purpose. `should_not: [...]` is the same tier
  negated: read as `must_not` alone, soft beside `must` or `must_not`.
- `must: {contains, not_contains, regex, ...}` (a mapping, not a list) is read as an `expect:`
  object is (dialects.EXPECT_MAPPINGS); it is still the hard tier for `should`.
- A check object marked soft by a field (`optional: true`, `required: false`, `weight: 0`,
  `severity: "nice-to-have"`) is reported and not graded, for the same reason.
- A check object in its harness's report-only tier (`tier: "diagnostic"`, `level:
  "informational"`, `diagnostic: true`, `blocking: false`) is the same: its harness reports
  it and never lets it decide, so it cannot fail the case here either (`tier_marking`); the
  hard tier (`tier: "required"`) is what every check here is, so the key is read, not ignored.
- `expect: {contains, not_contains, regex, not_regex, equals}` (and `expected: {...}`) names
  its operands by kind: each is read as the runner's literal list of that kind.
"""

from __future__ import annotations

import re
from typing import Any

MUST, MUST_NOT, SHOULD, SHOULD_NOT = "must", "must_not", "should", "should_not"
TIERS = (MUST, MUST_NOT, SHOULD, SHOULD_NOT)
_SOFT_SEVERITIES = frozenset({"nice-to-have", "nice_to_have", "nice to have", "optional",
                              "bonus", "suggestion", "nice-to-haves"})
# How a check in the report-only tier is kept on its case (`<origin> (report-only)`): said by
# its own EV012 line, so plain `check` does not list it as ignored (runner.authoring.describe).
REPORT_ONLY = " (report-only)"
# A harness's tier field and the values that say report-only or deciding.
_TIER_KEYS = ("tier", "level", "gate", "gating")
_SOFT_TIERS = frozenset({"diagnostic", "diagnostics", "informational", "info", "advisory",
                         "report", "report-only", "report_only", "non-blocking", "nonblocking",
                         "non_blocking", "soft", "optional", "observational", "warn"})
_HARD_TIERS = frozenset({"required", "blocking", "gating", "hard", "must", "mandatory",
                         "structural", "critical", "gate"})
# An expectation object's operand fields -> the runner's list of that kind.
EXPECT_OPERANDS = {"contains": "must_include", "not_contains": "must_avoid",
                   "regex": "must_have", "not_regex": "must_not_have",
                   "equals": "must_have",
                   # a harness's checks on the agent's printed answer (`claude -p`'s stdout)
                   "stdout_contains": "must_include", "stdout_not_contains": "must_avoid",
                   "stdout_matches": "must_have", "stdout_not_matches": "must_not_have",
                   "stdout_regex": "must_have", "output_matches": "must_have",
                   "output_not_matches": "must_not_have"}


def soft_marking(check: dict[str, Any]) -> str | None:
    """The field that marks a check object as not required, as written, or None."""
    if check.get("optional") is True:
        return "optional: true"
    if check.get("required") is False:
        return "required: false"
    weight = check.get("weight")
    if isinstance(weight, (int, float)) and not isinstance(weight, bool) and weight == 0:
        return f"weight: {weight}"
    severity = check.get("severity", check.get("priority"))
    if isinstance(severity, str) and severity.strip().lower() in _SOFT_SEVERITIES:
        return f"severity: {severity!r}"
    return tier_marking(check)


def tier_marking(check: dict[str, Any]) -> str | None:
    """The field putting a check object in its harness's report-only tier, or None."""
    for key in _TIER_KEYS:
        tier = check.get(key)
        if isinstance(tier, str) and tier.strip().lower() in _SOFT_TIERS:
            return f"{key}: {tier.strip()!r}"
    if check.get("diagnostic") is True or check.get("blocking") is False:
        return "diagnostic: true" if check.get("diagnostic") is True else "blocking: false"
    return None


def hard_tier_keys(check: dict[str, Any]) -> set[str]:
    """The tier keys of a check object saying it decides (`tier: required`): read, since
    every check here decides its case, never listed as ignored."""
    return {key for key in _TIER_KEYS if isinstance(check.get(key), str)
            and check[key].strip().lower() in _HARD_TIERS} | (
        {"blocking"} if check.get("blocking") is True else set())


def _items(value: Any) -> list[Any] | None:
    """A tier's items: a list of strings or objects, or one string; None for other shapes
    (left to the rules that read them today)."""
    if isinstance(value, str) and value.strip() or isinstance(value, dict) and value.keys() & {
            "type", "kind"}:  # one item (an untyped mapping is an `expect:` object)
        return [value]
    if isinstance(value, list) and value and all(
            isinstance(v, str) and v.strip() or isinstance(v, dict) and v for v in value):
        return list(value)
    return None


def tier_lists(item: dict[str, Any]) -> tuple[list[tuple[str, Any, bool]], list[tuple[str, Any]]]:
    """Takes `must`, `must_not`, `should` and `should_not` out of a case: the items to grade
    (origin, entry, negated) and the soft ones (origin, entry), reported and not graded."""
    found = {key: _items(item.get(key)) for key in TIERS}
    graded: list[tuple[str, Any, bool]] = []
    soft: list[tuple[str, Any]] = []
    # a `must` mapping ({contains: [...]}) is the hard tier too, read elsewhere
    hard = any(found[k] is not None or isinstance(item.get(k), dict) and item[k]
               for k in (MUST, MUST_NOT))
    for key, values in found.items():
        if values is None:
            continue
        item.pop(key)
        for n, entry in enumerate(values):
            if key in (SHOULD, SHOULD_NOT) and hard:
                soft.append((f"{key}[{n}]", entry))
            else:
                graded.append((f"{key}[{n}]", entry, key in (MUST_NOT, SHOULD_NOT)))
    return graded, soft


def soft_objects(item: dict[str, Any], keys: tuple[str, ...]
                 ) -> list[tuple[str, dict[str, Any], str]]:
    """Takes the objects marked soft by a field out of the case's lists `keys` (`outputs`,
    `tool_calls`, `json_checks`): (origin, object, marking) of each, left out of grading."""
    taken: list[tuple[str, dict[str, Any], str]] = []
    for key in keys:
        values = item.get(key)
        if not isinstance(values, list):
            continue
        kept = []
        for n, value in enumerate(values):
            marking = soft_marking(value) if isinstance(value, dict) else None
            if marking is None:
                kept.append(value)
            else:
                taken.append((f"{key}[{n}]", value, marking))
        if kept:
            item[key] = kept
        else:
            item.pop(key)
    return taken


def _texts(value: Any) -> list[str] | None:
    values = value if isinstance(value, list) else [value]
    if values and all(isinstance(v, (str, int, float)) and not isinstance(v, bool)
                      for v in values):
        return [str(v) for v in values]
    return None


def expect_operands(given: dict[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """An expectation object with its operand fields as the runner's lists (`contains` ->
    `must_include`, `equals` -> a regular expression for the whole text of one source), and
    the names it renamed; other fields are returned as they are."""
    out: dict[str, Any] = {}
    renamed: list[str] = []
    for field, value in given.items():
        target = EXPECT_OPERANDS.get(field)
        texts = _texts(value) if target is not None else None
        if target is None or texts is None:
            out[field] = value
            continue
        if field == "equals":
            texts = [r"\A\s*" + re.escape(t.strip()) + r"\s*\Z" for t in texts]
        out[target] = [*out.get(target, []), *texts]
        renamed.append(field)
    return out, renamed

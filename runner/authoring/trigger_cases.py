"""A case its author wrote as a trigger test inside a runtime set: labelled so (`type:
trigger`, `kind: no-trigger`, `category: routing`; an id or name saying so,
`negative-typo-fix-does-not-trigger`; a `should_trigger: false` flag) or expected only to
fire or not, or to be routed elsewhere ("Should not fire, because ...", "Should route to
cbr-verify / not fire").
Its question is whether the skill loads for the words a user would type: "review my code",
"bootstrap this repo" are the words the trigger reads, never an input the session must hold,
so no such pointer (or named file) refuses it (EV009). What else it checks is graded as
written; the set's routing lines (runner.authoring.routing) say how its firing is measured.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.sides import side
from runner.schema.case import Case

# Fields an author labels a case's kind with.
_LABEL_KEYS = ("type", "kind", "category", "case_type", "test_type", "mode")
# A label naming a trigger test, on either side: trigger, no-trigger, should_not_trigger,
# negative-trigger, routing, activation (hyphens, underscores and spaces alike).
_TRIGGER_LABEL = re.compile(
    r"(?i)^(?:(?:no|not|non|should|should[-_ ]not|must|must[-_ ]not|negative|positive|"
    r"near[-_ ]miss|false)[-_ ])?(?:trigger|triggers|triggering|routing|route|activation)"
    r"(?:[-_ ](?:test|case|check|positive|negative|boundary|boundaries|edge))?$")
# An expected answer that is only the skill firing, not firing, or routing elsewhere, in its
# first clause ("Should not fire, because the user ...", "Should route to cbr-verify / not
# fire"): what follows a comma, dash or "because" gives the author's reason, no work.
_FIRING_HEAD = re.compile(
    r"(?i)^\W*(?:(?:the\s+)?(?:skill|it)\s+)?(?:should|must|will)(?:\s+not|n't)?\s+"
    r"(?:(?:fire|trigger|activate|load|be\s+(?:triggered|invoked|loaded))\b|route\s+(?:to|away)\b)")
_HEAD_END = re.compile(r"\s*(?:[,;:.(\u2014\u2013]|\s-\s|\bbecause\b)")


# A case's id or name saying it tests (not) firing: "negative-typo-fix-does-not-trigger",
# "should_not_trigger_on_poems", "no-trigger-3" (hyphens, underscores and spaces alike).
_TRIGGER_NAME = re.compile(
    r"(?i)(?:^|[-_ ])(?:(?:does|should|must)[-_ ]not|doesnt|shouldnt|no|negative|near[-_ ]miss)"
    r"[-_ ](?:trigger|fire|activate|invoke)(?:s|ed)?(?:$|[-_ ])")


# The flags whose `false` names a near miss (of dialects.TRIGGER_FLAGS, the ones spelled as
# an expectation; a bare `trigger: false` is not read so)
_NEAR_MISS_FLAGS = ("should_trigger", "should_fire", "should_activate", "expected_trigger")


def _label(extra: dict[str, Any], case_id: str = "", name: str | None = None) -> str | None:
    for key in _LABEL_KEYS:
        value = extra.get(key)
        if isinstance(value, str) and _TRIGGER_LABEL.match(value.strip()):
            return f"{key}: {value.strip()}"
    # a flag saying the skill must not fire on it: a near miss, whatever else it checks
    # (the reader keeps it as `should_trigger (trigger expectation)`)
    for key, value in extra.items():
        if key.split(" (")[0] in _NEAR_MISS_FLAGS and side(value) is False:
            return f"{key.split(' (')[0]}: {value}"
    for key, value in (("id", case_id), ("name", name or extra.get("name"))):
        if isinstance(value, str) and _TRIGGER_NAME.search(value.strip()):
            return f"{key}: {value.strip()}"
    return None


def trigger_test(case: Case) -> str | None:
    """Why the case is a trigger test (its label, or its expected answer's head), else None."""
    label = _label(case.extra, case.id, case.name)
    if label is not None:
        return label
    # graded only on a call of the Skill tool (`expected_tool_call: Skill`, its args read as
    # short patterns: the skill's name, an argument): whether the skill is invoked
    if case.tool_calls and all(re.match(r"Skill(?![\w-])", t) for t in case.tool_calls) \
            and not (case.statements or case.outputs or case.json_checks) \
            and all(len(a) <= 60 and " " not in a for a in case.assertions):
        return "a call of the Skill tool"
    expected = " ".join(case.expected_output.split())
    if not expected or case.assertions or case.outputs or case.tool_calls or case.json_checks:
        return None
    head = _HEAD_END.split(expected, maxsplit=1)[0]
    # every statement is the expected answer (or one of its claims) or itself about firing
    if _FIRING_HEAD.match(head) and all(" ".join(s.split()) in expected or _FIRING_HEAD.match(s)
                                        for s in case.statements):
        return head
    return None

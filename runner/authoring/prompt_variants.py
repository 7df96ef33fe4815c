"""A case whose request is written as a list of variants (issue 26, rule 7: triggers where
they belong): `trigger_prompts: ["compile the dbt model x", "run dbt compile on x"]`,
`prompt_variants: [...]` beside `should_trigger: true` and `should_not_trigger_prompts:
[...]`. Read by the field's grammar, never its exact name: a field whose name ends in the
plural of a request's noun (`prompts`, `queries`, `requests`, `utterances`, `phrases`) or is
`variants` / `<x>_variants`, holding a list of texts, in a case with no request of its own as
text. A name that denies firing (`should_not_trigger_prompts`, `negative_prompts`,
`non_trigger_queries`) holds the prompts the skill must not fire on.

The case runs on its first variant (its request); every variant of a name that speaks of
firing (`trigger_prompts`), or of a case whose own flag says it fires (`should_trigger:
true`), is offered as a trigger query on its side, and so is every prompt of a denying name
(the other side). A statement of the case whose subject is those prompts and whose verb is
the skill firing ("All 5 trigger prompts activate the skill", "None of the 3 negative prompts
activate this skill") is what those trigger queries measure: taken out of the grading with
them, so a case that says nothing else is a trigger case only. The case reader says so in one
EV012 line; nothing is dropped.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from runner.authoring.fields import snake_case

# The plural of a request's noun closing a field's name; `variants` closing it, or alone.
_PLURAL_REQUEST = re.compile(r"(?:^|_)(?:prompts|queries|requests|utterances|phrases|"
                             r"variants)$")
_FIRING = re.compile(r"(?:^|_)(?:trigger|triggers|triggering|activation|activate|fire|fires)"
                     r"(?:_|$)")
_DENYING = re.compile(r"(?:^|_)(?:not|non|no|negative|never|dont)(?:_|$)")
# The names a request is read under as text (runner.authoring.siblings.PROMPT_KEYS): when one
# holds text, the case has its request and a list beside it is the author's own data.
_REQUEST_NAMES = ("prompt", "query", "input", "question", "request", "task", "user_message",
                  "user_prompt", "user_input", "message", "instruction")


# A statement about the variants firing: the plural request noun as its subject, then a verb
# of the skill firing, in one clause.
_ABOUT_FIRING = re.compile(r"(?i)\b(?:prompts|queries|variants|requests|phrases|utterances)\b"
                           r"[^.;:]*?\b(?:activates?|triggers?|fires?|loads?|invokes?|routes?)"
                           r"\b")


def about_firing(statement: Any) -> bool:
    """A statement whose subject is the case's prompts and whose verb is the skill firing."""
    return isinstance(statement, str) and _ABOUT_FIRING.search(statement) is not None


@dataclass(frozen=True)
class Variants:
    """The request's variants of one case, by field."""

    field: str  # the field holding the variants the case runs on
    prompts: tuple[str, ...]
    firing: bool  # its name speaks of firing (`trigger_prompts`)
    negatives: tuple[tuple[str, str], ...]  # (field, prompt) the skill must not fire on


def _texts(value: Any) -> tuple[str, ...] | None:
    if not isinstance(value, list) or not value:
        return None
    if not all(isinstance(v, str) and v.strip() for v in value):
        return None
    return tuple(v.strip() for v in value)


def variants_of(item: dict[str, Any]) -> Variants | None:
    """The case's variants, or None when it has a request as text or no such list."""
    if any(isinstance(item.get(k), str) and item[k].strip() for k in _REQUEST_NAMES):
        return None
    chosen: tuple[str, tuple[str, ...]] | None = None
    negatives: list[tuple[str, str]] = []
    for key, value in item.items():
        name = snake_case(str(key))
        texts = _texts(value)
        if texts is None or _PLURAL_REQUEST.search(name) is None:
            continue
        if _DENYING.search(name):
            negatives.extend((str(key), t) for t in texts)
        elif chosen is None:
            chosen = (str(key), texts)
    if chosen is None:
        return None
    return Variants(chosen[0], chosen[1], _FIRING.search(snake_case(chosen[0])) is not None,
                    tuple(negatives))


def fires_flag(item: dict[str, Any]) -> bool | None:
    """The case's own flag that the skill fires (`should_trigger: true`), else None."""
    for key, value in item.items():
        name = snake_case(str(key))
        if isinstance(value, bool) and _FIRING.search(name) and name.startswith(
                ("should", "expect", "expected", "triggers", "fires", "activates")):
            return value != bool(_DENYING.search(name))
    return None

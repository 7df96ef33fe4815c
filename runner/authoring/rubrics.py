"""A `rubric` written as a list or mapping of criteria, not a string (issue 26).

The runner's `rubric` (a string) is the judge's: it compares the two arms of a case when the
checks tie, and decides nothing else. A list of criteria (`["names the bug", "suggests a
fix"]`) or a mapping of them (`{criteria: [...], pass: "all"}`, `{accuracy: "...", tone:
"..."}`) says, criterion by criterion, what each answer must do: pass-or-fail claims, so
each is a statement for the grader (every statement must pass, which is `pass: "all"`).
A number, flag or word beside them (`pass: "any"`, `threshold: 0.8`, `weight: 2`) is a
setting of the author's tool: returned to be reported, never applied here (a bar the case
can apply as its pass rule is taken from them: runner.authoring.pass_rules.rubric_rule).
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from runner.authoring.fields import label_value, one_token

# Keys of a criterion object that hold its sentence, in order of preference.
_TEXT_KEYS = ("criterion", "statement", "claim", "description", "text", "requirement",
              "expectation", "check", "question", "name")
# Where `pass: "all"` (or `required: "all"`) says what the statements already mean.
_ALL = frozenset({"all", "every", "each", "100%"})


class RubricCriteria(BaseModel):
    """A rubric's criteria, each with where it came from, and what was not applied."""

    model_config = ConfigDict(frozen=True)
    criteria: tuple[tuple[str, str], ...] = ()  # (statement, origin)
    settings: tuple[str, ...] = ()  # `pass: any`: shown, not applied


def _sentence(value: Any) -> str | None:
    """A criterion's text: a string of words (not a bare label or flag), or the text field
    of an object (`{criterion: "...", weight: 2}`)."""
    if isinstance(value, dict):
        value = next((value[k] for k in _TEXT_KEYS if isinstance(value.get(k), str)), None)
    if not isinstance(value, str) or not value.strip() or label_value(value) \
            or one_token(value):
        return None
    return value.strip()


def _items(value: list[Any], origin: str) -> tuple[list[tuple[str, str]], list[str]]:
    found, skipped = [], []
    for n, item in enumerate(value):
        text = _sentence(item)
        if text is None:
            skipped.append(f"{origin}[{n}]: {item!r}")
        else:
            found.append((text, f"{origin}[{n}]"))
    return found, skipped


def rubric_criteria(value: list[Any] | dict[str, Any], origin: str = "rubric") -> RubricCriteria:
    """Criteria of a list rubric (its items) or of a mapping (its list values' items, its
    sentence values, keyed by name); anything else in it is a setting, reported."""
    if isinstance(value, list):
        found, skipped = _items(value, origin)
        return RubricCriteria(criteria=tuple(found), settings=tuple(skipped))
    criteria: list[tuple[str, str]] = []
    settings: list[str] = []
    for key, entry in value.items():
        where = f"{origin}.{key}"
        if isinstance(entry, list):
            found, skipped = _items(entry, where)
            criteria += found
            settings += skipped
            continue
        text = _sentence(entry)
        if text is not None:
            criteria.append((text, where))
        elif not (isinstance(entry, str) and entry.strip().lower() in _ALL):
            settings.append(f"{where}: {entry!r}")
    return RubricCriteria(criteria=tuple(criteria), settings=tuple(settings))

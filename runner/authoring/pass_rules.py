"""The authors' own pass rule of a case (docs/case-sets.md#pass-rules): "at least k of its n
checks pass" or a threshold on the share of checks passed, read into `Case.pass_rule` so the
case's verdict applies it (runner.scoring.base.passed) instead of every check having to pass.

Read from a case's fields by their names, whatever the format:

- a count: a name with a "least" word and a "pass" word (`minimum_passed_assertions: 4`,
  `min_pass: 3`), an integer; or a "k/n" / "k of n" text under such a name or a threshold's;
- a share: `threshold` / `pass_threshold` / `passing_threshold` in [0, 1] (0.8), or a
  percentage text ("80%").

A value that says neither (a threshold of 7 on an unknown scale, a word) is no rule: it is
reported as an unapplied pass rule (EV012, with the fix), never applied by a guess.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.fields import words
from runner.authoring.problems import Problems

_LEAST = frozenset({"min", "minimum", "least", "required"})
_PASS = frozenset({"pass", "passed", "passes", "passing"})
_THRESHOLD = frozenset({"threshold"})
_K_OF_N = re.compile(r"^\s*(\d+)\s*(?:/|of|out\s+of)\s*(\d+)\b", re.IGNORECASE)
_PERCENT = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*%\s*$")
FIX = ('write it as `"minimum_passed_assertions": K` (K of the case\'s checks) or '
       '`"threshold": 0.8` (the share of its checks that must pass)')



def rule_field(name: str) -> bool:
    """A field naming a case's pass rule (see the module)."""
    said = words(name)
    return bool(said & _THRESHOLD and said <= _THRESHOLD | _PASS | _LEAST) \
        or bool(said & _LEAST and said & _PASS)


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return float(value)


def _valued(value: Any) -> bool:
    """A value that may state a bar: a number or a text (a flag, `pass_required: true`, or a
    structure is no bar: kept as the field it is)."""
    return isinstance(value, (int, float, str)) and not isinstance(value, bool)


def rule_of(name: str, value: Any) -> dict[str, Any] | None:
    """The pass rule a field says (PassRule's fields), or None when it says none exactly."""
    said = f"{name}: {value}"
    if isinstance(value, str):
        k_of_n = _K_OF_N.match(value)
        if k_of_n and int(k_of_n[1]) <= int(k_of_n[2]) and int(k_of_n[2]) > 0:
            return {"least": int(k_of_n[1]), "of": int(k_of_n[2]), "said": said}
        percent = _PERCENT.match(value)
        if percent and float(percent[1]) <= 100:
            return {"fraction": float(percent[1]) / 100, "said": said}
        return None
    number = _number(value)
    if number is None or number < 0:
        return None
    if words(name) & _LEAST and words(name) & _PASS and number.is_integer():
        return {"least": int(number), "said": said}
    if words(name) & _THRESHOLD and number <= 1:
        return {"fraction": number, "said": said}
    return None


def read_case_rule(item: dict[str, Any], problems: Problems, label: str) -> None:
    """Moves a case's pass-rule field into `pass_rule` (see the module); one it cannot apply
    stays in the case, kept and reported as an unapplied pass rule."""
    if item.get("pass_rule") is not None:
        return
    for key in [k for k in item if rule_field(k) and _valued(item[k])]:
        rule = rule_of(key, item[key])
        if rule is None:
            problems.report("EV012", label, f"`{key}: {item[key]}` is the author's pass rule "
                            "and says no count or share of the case's checks: not applied "
                            "(every check must pass)", FIX)
            continue
        if "pass_rule" in item:
            problems.report("EV012", label, f"`{key}: {item[key]}`: a second pass rule, not "
                            f"applied (the case's is {item['pass_rule']['said']})",
                            "give the case one pass rule")
            continue
        item.pop(key)
        counted = _counted(key, item)
        if "least" in rule and "of" not in rule and counted >= rule["least"] > 0:
            # as the author counted: a check the reader splits in two keeps their proportion
            rule["of"] = counted
        item["pass_rule"] = rule


def _counted(name: str, item: dict[str, Any]) -> int:
    """How many checks the rule's own name counts (`minimum_passed_assertions`: the case's
    `assertions` as written), or 0 when it names no list of the case."""
    lists = [item[w] for w in words(name) if isinstance(item.get(w), list)]
    return len(lists[0]) if len(lists) == 1 else 0


# A set's pass rule in words (`scoring: "1 if all expected_behavior keys match; 0
# otherwise"`, or one such text per kind of case): applied when it says a count or a share
# exactly ("80%", "4/5"), else kept and reported, never guessed.
WORDED_RULES = ("scoring", "scoring_rule", "pass_rule", "grading_rule", "pass_criteria_rule")


def _worded_rule(about: dict[str, Any], problems: Problems) -> dict[str, Any] | None:
    """The set's pass rule written under a `scoring`-like key: the rule when its one text
    says a count or share, else None with an EV012 line saying it is not applied."""
    for key in [k for k in WORDED_RULES if k in about]:
        value = about[key]
        texts = [value] if isinstance(value, str) else [
            v for v in value.values() if isinstance(v, str)] if isinstance(value, dict) else []
        if not texts:
            continue
        rule = rule_of(key, texts[0]) if len(texts) == 1 else None
        if rule is not None:
            about.pop(key)
            return rule
        kinds = f" per kind of case ({', '.join(list(value)[:4])})" if isinstance(
            value, dict) else ""
        problems.report("EV012", "", f"top-level `{key}` is the authors' pass rule in words"
                        f"{kinds}, {texts[0][:80]!r}: it says no count or share of a case's "
                        "checks, so not applied: every check of a case must pass (kept)", FIX)
    return None


def set_rule(about: dict[str, Any], items: list[Any], problems: Problems) -> list[Any]:
    """A pass rule at the set's top level (`threshold: 0.8`, `minimum_passed_assertions: 3`,
    or a `scoring` text saying one) holds for every case without one of its own: given to
    each, as the set's. One that says no count or share stays descriptive and is reported,
    not applied."""
    worded = _worded_rule(about, problems)
    if worded is not None:
        about["pass_threshold"] = worded["fraction"] if "fraction" in worded else \
            f"{worded['least']}/{worded.get('of', worded['least'])}"
    for key in [k for k in about if rule_field(k) and _valued(about[k])]:
        rule = rule_of(key, about[key])
        if rule is None:
            problems.report("EV012", "", f"top-level `{key}: {about[key]}` is the set's pass "
                            "rule and says no count or share of a case's checks: not applied "
                            "(every check of a case must pass)", FIX)
            continue
        about.pop(key)
        rule["said"] = f"the set's {rule['said']}"
        given = [dict(item, pass_rule=rule) if isinstance(item, dict)
                 and not any(rule_field(k) and _valued(v) for k, v in item.items())
                 else item for item in items]
        count = sum(a is not b for a, b in zip(given, items, strict=True))
        problems.report("EV012", "", f"top-level `{key}: {rule['said'].split(': ', 1)[1]}`: "
                        f"the pass rule of each of the {count} case(s) without one of their "
                        "own", "none needed")
        return given
    return items


def rubric_rule(rubric: Any, criteria: int) -> tuple[str, dict[str, Any]] | None:
    """A rubric mapping's own bar (`{criteria: [...], threshold: 0.8}`): its key and the pass
    rule it says over the rubric's `criteria`, or None."""
    if not isinstance(rubric, dict):
        return None
    for key, value in rubric.items():
        if isinstance(key, str) and rule_field(key) and _valued(value):
            rule = rule_of(key, value)
            if rule is not None:
                if "least" in rule and "of" not in rule and criteria >= rule["least"] > 0:
                    rule["of"] = criteria
                return key, {**rule, "said": f"rubric.{rule['said']}"}
    return None

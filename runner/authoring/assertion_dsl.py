r"""A small language some authors write in assertion strings (issue 26; docs/case-sets.md):
quoted and prefixed forms that are deterministic checks, read as checks with the operand
exactly as written, never as sentences for the grader.

- `contains 'X'`, `does not contain 'X'` (also `"X"`), the same in the languages of
  runner.analysis.wording_i18n (`no contiene 'X'`, `不包含 'X'`, `「X」を含まない`), and
  `contains 'X' or contains 'Y'` (one alternation), `contains 'X' and contains 'Y'` (two checks);
- `CONTAINS: X`, `NOT_CONTAINS: X`, `regex: R`, `not_regex: R` (any case of the prefix),
  and the authors' own words for them, `FORBID: X` / `MUST_NOT_CONTAIN: X`, `REQUIRE: X` /
  `MUST_CONTAIN: X` (an operand written as a regular expression, `\.start_chat\(`, is one);
  `CONTAINS_ANY: a|b` (one check either term passes), `CONTAINS_ALL: a|b` (one check each),
  `NOT_CONTAINS_ANY: a|b` (none of them), the author's `|` between terms; a name in
  camelCase (`containsAny:`, `notContains:`) is the same name. Under `expectations` (a list of
  sentences) only a prefix written as code is this language: camelCase, snake_case, capitals
  or no space after the colon (`contains:obsidian`); "Contains: a summary" stays a sentence;
- `SKILL_LOADED: name`: a routing expectation (the skill loads), which no check can see in the
  work: offered as a trigger query.

A leading weight label (`PRIORITY_1: ...`) is a label. Any other string is not this language
(None): the plain-string rule decides, as before.

A harness's own `kind:operand` strings (`response_contains:raleighnc`, `exit_status:completed`:
a snake_case kind, the operand right after the colon) are a typed check written in one string:
`keyed` splits them, and runner.authoring.dialects reads the kind as it reads a check object's
`type` (when the case's strings show the language: one of them has a kind it can read).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from runner.analysis.wording import negation_pattern
from runner.analysis.wording_i18n import quoted_clause
from runner.authoring.pattern_fields import unmistakable

# `PRIORITY_2: CONTAINS: x`: the priority is the author's weight, not part of the operand.
_LABEL = re.compile(r"^\s*PRIORITY_\d+\s*:\s*", re.IGNORECASE)
_PREFIXED = re.compile(r"^\s*([A-Za-z][A-Za-z_]*)\s*:(\s?)(.*)$", re.DOTALL)
# The authors' own prefixes, read as code only (capitals, or the operand right after the
# colon).
_OWN_WORDS = frozenset({"FORBID", "FORBIDDEN", "MUST_NOT_CONTAIN", "REQUIRE", "REQUIRED",
                        "MUST_CONTAIN"})
_KINDS = frozenset({"CONTAINS", "NOT_CONTAINS", "REGEX", "NOT_REGEX", "SKILL_LOADED",
                    "CONTAINS_ANY", "CONTAINS_ALL", "NOT_CONTAINS_ANY"}) | _OWN_WORDS
# What an author's own prefix means: a text that must (not) be there.
_DENIES = frozenset({"NOT_CONTAINS", "FORBID", "FORBIDDEN", "MUST_NOT_CONTAIN"})
_HUMP = re.compile(r"(?<=[a-z])(?=[A-Z])")  # containsAny -> contains_Any
# One quoted clause: `contains 'X'` / `does not contain "X"` / `doesn't contain 'X'`.
# (a clause's denial is the verb's: `no`/`never contains` is not the language)
_CLAUSE_NOT = negation_pattern(but=("no", "never", "nor", "without", "don't", "do not"),
                               apostrophe="'")
_CLAUSE = re.compile(rf"""\s*(?P<neg>(?:{_CLAUSE_NOT})\s+)?contains?\s+
                         (?P<q>['"])(?P<operand>.*?)(?P=q)\s*""",
                     re.IGNORECASE | re.VERBOSE | re.DOTALL)
_JOIN = re.compile(r"\s*\b(or|and)\b\s*", re.IGNORECASE)


# `response_not_contains:api key`: a snake_case kind (one `_` at least, so no prose word or
# `http:`), the operand right after the colon (a YAML-like `status_code: 200` is text to find).
_KEYED = re.compile(r"^([a-z][a-z0-9]*(?:_[a-z0-9]+)+):(\S.*)$", re.DOTALL)


def keyed(text: str) -> tuple[str, str] | None:
    """The kind and operand of a `kind:operand` string, or None when it is not one."""
    found = _KEYED.match(text.strip())
    return (found.group(1), found.group(2).strip()) if found is not None else None


@dataclass(frozen=True)
class DslReading:
    """What one DSL string became: checks in the runner's grammar (`X`, `not:X`, `re:R`), or
    the skill a routing expectation names."""

    checks: tuple[str, ...] = ()
    loads_skill: str | None = None


def _clauses(text: str) -> tuple[list[tuple[bool, str]], str] | None:
    """The quoted clauses and the word joining them (`or`/`and`), when the whole string is
    made of them."""
    found: list[tuple[bool, str]] = []
    joins: set[str] = set()
    at = 0
    while True:
        match = _CLAUSE.match(text, at)
        if match is None or not match.group("operand"):
            return None
        found.append((match.group("neg") is not None, match.group("operand")))
        at = match.end()
        if at == len(text):
            break
        join = _JOIN.match(text, at)
        if join is None:
            return None
        joins.add(join.group(1).lower())
        at = join.end()
    if len(joins) > 1:
        return None  # `a or b and c`: the author's precedence is not written down
    return found, next(iter(joins), "and")


def _other_language(body: str) -> DslReading | None:
    """`no contiene 'X'`, `不包含 'X'`: one clause, whole; several operands only when denied
    ("ni 'X' ni 'Y'": none of them), since a positive join's meaning is the author's."""
    found = quoted_clause(body)
    if found is None:
        return None
    negated, operands = found
    if negated:
        return DslReading(checks=tuple("not:" + o for o in operands))
    return DslReading(checks=(operands[0],)) if len(operands) == 1 else None


def _prefixed(body: str, as_code: bool) -> DslReading | None:
    """`KIND: operand` in any case of a known kind; with `as_code`, only when the prefix is
    written as code (see the module)."""
    prefixed = _PREFIXED.match(body)
    if prefixed is None:
        return None
    name, spaced, operand = prefixed.group(1), prefixed.group(2), prefixed.group(3).strip()
    kind = _HUMP.sub("_", name).upper()
    if kind not in _KINDS or not operand:
        return None
    if as_code and spaced and "_" not in name and not _HUMP.search(name) \
            and not name.isupper():
        return None  # "Contains: a summary of each step" is a sentence
    if kind in _OWN_WORDS and spaced and not name.isupper():
        return None  # "Forbid: jargon in the intro" is a sentence too, wherever it stands
    if kind == "SKILL_LOADED":
        return DslReading(loads_skill=operand)
    if kind in ("CONTAINS_ANY", "CONTAINS_ALL", "NOT_CONTAINS_ANY"):
        terms = [t.strip() for t in operand.split("|") if t.strip()]
        if kind == "CONTAINS_ANY":
            return DslReading(checks=("re:" + "|".join(re.escape(t) for t in terms),)
                              if len(terms) > 1 else tuple(terms))
        return DslReading(checks=tuple(("not:" if kind.startswith("NOT") else "") + t
                                       for t in terms))
    if kind in ("REGEX", "NOT_REGEX"):
        return DslReading(checks=(("not:re:" if kind == "NOT_REGEX" else "re:") + operand,))
    # an operand written as a regular expression (`\.start_chat\(`) is one
    pattern = "re:" if unmistakable(operand) else ""
    return DslReading(checks=(("not:" if kind in _DENIES else "") + pattern + operand,))


def read_prefixed(text: str) -> DslReading | None:
    """The checks a sentence list's item is when it is written as a prefixed check in code
    (`containsAny:a|b`, `NOT_CONTAINS: x`), or None."""
    found = _prefixed(_LABEL.sub("", text, count=1), as_code=True)
    return None if found is None or not found.checks else found


def read_dsl(text: str) -> DslReading | None:
    """The checks (or routing expectation) a DSL string is, or None when it is not one."""
    body = _LABEL.sub("", text, count=1)
    if _PREFIXED.match(body) is not None:
        found = _prefixed(body, as_code=False)
        if found is not None:
            return found
    parsed = _clauses(body.strip())
    if parsed is None:
        return _other_language(body)
    clauses, join = parsed
    if join == "or" and len(clauses) > 1:
        if any(negated for negated, _ in clauses):
            return None  # `contains X or does not contain Y` is no single check
        return DslReading(checks=("re:" + "|".join(re.escape(o) for _, o in clauses),))
    return DslReading(checks=tuple(("not:" if negated else "") + operand
                                   for negated, operand in clauses))

"""A collection's routing set found as its skills' case set (issue 26, "triggers where they
belong"): a file above several skills whose every entry is a prompt and the skill that should
answer it (`{utterance, expected_skill, acceptable_skills?, notes?}`), nothing graded. Each
skill reads it as its own trigger queries: a prompt expecting that skill should fire it; one
expecting another should not, unless the entry accepts this skill too (`acceptable_skills`:
the authors' own "either is fine", no side for it), never a runtime set refused for having no
criterion (EV008)."""

from __future__ import annotations

from typing import Any

from runner.authoring.sides import NO_SKILL, SKILL_NAME, side

# Where an entry keeps its prompt, and the fields beside it that only label or explain it.
_PROMPT_KEYS = ("prompt", "query", "utterance", "input", "text", "request", "question",
                "message", "user_message")
_LABELS = frozenset({"id", "name", "title", "notes", "note", "reason", "why", "comment",
                     "category", "tags", "difficulty", "description", "language", "lang"})
_ACCEPTABLE = ("acceptable_skills", "also_acceptable", "alternatives", "acceptable")
# The entry's route: the skill that should answer it (null or "none": no skill).
ROUTE_KEYS = ("expected_skill", "expectedSkill", "expected_owner", "expected_primary", "expect",
              "expected")
_NO_ROUTE = object()


def _route(item: dict[str, Any]) -> Any:
    """The skill an entry routes to (None: no skill), or _NO_ROUTE when it names none (a side,
    `expected: trigger`, or a sentence)."""
    key = next((k for k in ROUTE_KEYS if k in item), None)
    value = item.get(key) if key is not None else None
    if key is None:
        return _NO_ROUTE
    if value is None or isinstance(value, str) and value.strip().lower() in NO_SKILL:
        return None
    if isinstance(value, str) and SKILL_NAME.match(value.strip()) and side(value) is None:
        return value.strip()
    return _NO_ROUTE


def collection_queries(items: list[Any], aliases: set[str]) -> list[tuple[str, bool]] | None:
    """(prompt, should fire) for the skill `aliases` names, or None unless every entry is a
    routing entry and the set routes to two skills or more."""
    routed: list[tuple[str, Any, list[str]]] = []
    for item in items:
        if not isinstance(item, dict):
            return None
        prompt = next((item[k] for k in _PROMPT_KEYS if isinstance(item.get(k), str)
                       and item[k].strip()), None)
        found = _route(item)
        if prompt is None or found is _NO_ROUTE:
            return None
        # (only the route's own key beside: `expected_output`, `expected_behavior` grade a
        # case of another kind, its reader's)
        used = {k for k in _PROMPT_KEYS if k in item} | set(ROUTE_KEYS) | set(_ACCEPTABLE) \
            | {"route", "expected_skills"}
        if set(item) - used - _LABELS:
            return None  # a field besides: a case of another kind, its reader's
        accepted = next((v for k in _ACCEPTABLE if isinstance(v := item.get(k), list)), [])
        routed.append((prompt.strip(), found, [str(a) for a in accepted]))
    if len({skill for _, skill, _ in routed if skill}) < 2:
        return None
    queries: list[tuple[str, bool]] = []
    for prompt, skill, accepted in routed:
        if skill in aliases:
            queries.append((prompt, True))
        elif not aliases & set(accepted):  # another skill's, this one not accepted either
            queries.append((prompt, False))
    return queries

"""A collection's routing set (issue 26): each query names the skill that should answer it
(`expect`, `expected`, `expected_skill`: a skill's name, or null/none for no skill), or a map
`{skill: {should_trigger: [...], should_not_trigger: [...]}}`; `route: "not <skill>"` says a
query must not reach that skill. Each skill of the collection reads it as its own trigger set:
a query expecting that skill should fire it, one expecting another skill or none should not,
one only kept from another skill says nothing about it.

`expected` is also a runtime set's expected output: it is read as a route (a skill's name) only
when it looks like one, a name without spaces; a set is read as a routing or trigger set by its
`expected` only when every query's looks like routing (runner.authoring.sides): a skill's name,
trigger/skip, a boolean or null, on a prompt a user would type (short)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from runner.authoring.routing import route_field
from runner.authoring.sides import (
    EXPECTS,
    NEGATIVE_LISTS,
    NO_SKILL,
    NOT_SKILL,
    POSITIVE_LISTS,
    SKILL_NAME,
    side,
)
from runner.errors import CaseSetError

ROUTE_KEYS = ("expect", "expected", "expected_skill", "expectedSkill", "expected_owner",
              "expected_primary")
# Inside an expectation object (`expected: {selected_skill: none, layer: runtime}`): the route.
NESTED_KEYS = ("selected_skill", "expected_skill", "skill", "owner", "selected_owner")


@dataclass(frozen=True)
class Route:
    """A query's expected skill (None: no skill), or the one skill it must not reach."""

    skill: str | None = None
    not_skill: str | None = None


def route(item: Any) -> Route | None:
    """None for a query whose expectation is a side (`expected: trigger`) or absent."""
    if not isinstance(item, dict):
        return None
    key = next((k for k in ROUTE_KEYS if k in item), None) or next(
        (k for k in item if str(k).startswith("expected_") and route_field(str(k))), None)
    value = item.get(key) if key else None
    if isinstance(value, list) and len(value) <= 1 and all(isinstance(v, str) for v in value):
        value = value[0] if value else None  # `expected_handler: [skill]`: the one skill
    if isinstance(value, dict):  # an expectation object: the skill it selects, if it says
        inner = next((k for k in NESTED_KEYS if k in value), None)
        if inner is None:
            return None
        key, value = "expected_skill", value[inner]
    said = NOT_SKILL.match(item["route"]) if isinstance(item.get("route"), str) else None
    not_skill = said.group(1) if said else None
    if key is not None and value is None or isinstance(value, str) and \
            value.strip().lower() in NO_SKILL:
        return Route(None, not_skill)
    # a bare `expected` names a skill only as a name (a sentence is an expected output)
    if isinstance(value, str) and value.strip() and side(value) is None and (
            key not in EXPECTS or SKILL_NAME.match(value.strip())):
        return Route(value.strip(), not_skill)
    return Route(None, not_skill) if not_skill and key is None else None


def skill_sides(items: list[Any]) -> list[Any]:
    """A set whose side field names the skill instead of a side (`should_trigger:
    "screenote"`, null for none) as routes (`expected_skill`); any other set as it is."""
    def named(v: Any) -> bool:
        return isinstance(v, str) and SKILL_NAME.match(v.strip()) is not None \
            and side(v) is None

    if not any(isinstance(i, dict) and named(i.get("should_trigger")) for i in items):
        return items
    return [{**{k: v for k, v in i.items() if k != "should_trigger"},
             "expected_skill": i["should_trigger"]}
            if isinstance(i, dict) and "should_trigger" in i
            and (i["should_trigger"] is None or named(i["should_trigger"])) else i
            for i in items]


def named_lists(item: Any) -> tuple[list[str], list[str]] | None:
    """A query naming the skills that should and should not fire on it in its side lists
    (`should_trigger: [review], should_not_trigger: [perf]`), or None: a query's side lists
    holding skill names (words of a name, never a sentence), not prompts."""
    if not isinstance(item, dict) or not any(isinstance(item.get(k), str) for k in (
            "prompt", "query", "message", "input")):
        return None
    pos = [v for k in POSITIVE_LISTS for v in _entries(item.get(k))]
    neg = [v for k in NEGATIVE_LISTS for v in _entries(item.get(k))]
    said = [*pos, *neg]
    if not said or not all(isinstance(v, str) and SKILL_NAME.match(v.strip()) for v in said):
        return None
    return [v.strip() for v in pos], [v.strip() for v in neg]


def names_skill(entry: str, names: set[str], plugin: str | None) -> bool:
    """Whether a query's skill entry names this skill (`names`: what the set may call it):
    one of its names, or `<plugin>:<name>` as Claude Code writes a plugin's skill, when the
    prefix is this skill's plugin (runner.authoring.skill.plugin_of) or its plugin is not
    known. Another plugin's prefix names that plugin's skill of the same name: another skill."""
    if entry in names:
        return True
    prefix, colon, name = entry.rpartition(":")
    return bool(colon) and name.strip() in names and (plugin is None
                                                      or prefix.strip() == plugin)


def entries(items: list[Any]) -> set[str]:
    """Every skill a set's queries name: expected, kept from (`route: not X`), or under a
    `skill` key."""
    from runner.authoring.layouts import case_skill

    items = skill_sides(items)
    found = {n for i in items for n in case_skill(i)}
    found |= {n for i in items for side in (named_lists(i) or ([], [])) for n in side}
    for said in map(route, items):
        if said is not None:
            found |= {s for s in (said.skill, said.not_skill) if s}
    return found


def expected_skills(items: list[Any]) -> set[str]:
    """The skills a routing set's queries expect; empty: not a routing set."""
    items = skill_sides(items)
    return {r.skill for r in map(route, items) if r is not None and r.skill} \
        | {n for i in items for n in (named_lists(i) or ([], []))[0]}


def from_map(raw: Any) -> list[dict[str, Any]] | None:
    """The map form as queries naming their skill; None unless every value is one skill's
    should/should-not lists."""
    sides = set(POSITIVE_LISTS) | set(NEGATIVE_LISTS)
    if not isinstance(raw, dict) or not raw or not all(
            isinstance(v, dict) and v.keys() & sides for v in raw.values()):
        return None
    out: list[dict[str, Any]] = []
    for skill, lists in raw.items():
        for keys, field, value in ((POSITIVE_LISTS, "expected_skill", skill),
                                   (NEGATIVE_LISTS, "route", f"not {skill}")):
            for key in keys:
                for entry in _entries(lists.get(key)):
                    query = entry if isinstance(entry, dict) else {"prompt": entry}
                    out.append({**query, field: value})
    return out


def _entries(value: Any) -> list[Any]:
    """A side's queries: a list, or one query written alone (`should_trigger: "make a PDF"`,
    or a value no query can be, which the query reader refuses naming it)."""
    return [] if value is None else value if isinstance(value, list) else [value]


def for_skill(items: list[Any], aliases: set[str], known: set[str] | None,
              shown: str) -> list[Any]:
    """A routing set's queries as one skill's (`aliases`: what the set may call it; `known`:
    the collection's skills, when the set sits above several): each with its side."""
    out: list[Any] = []
    for number, item in enumerate(skill_sides(items), 1):
        lists = named_lists(item)
        if lists is not None:  # says only of the skills it names
            # (a skill named under `should_trigger` beside `should_not_trigger: [its
            # neighbours]` is read as the query's route: it fires that one)
            routed = route(item) if any(k in item for k in ROUTE_KEYS) else None
            named = [*lists[0], *([routed.skill] if routed is not None and routed.skill else [])]
            fires = {n.rpartition(":")[2] for n in named} & aliases
            stays = {n.rpartition(":")[2] for n in lists[1]} & aliases
            if fires or stays:
                kept = {k: v for k, v in item.items()
                        if k not in (*POSITIVE_LISTS, *NEGATIVE_LISTS, *ROUTE_KEYS)}
                out.append({**kept, "should_trigger": bool(fires)})
            continue
        found = route(item)
        if found is None:
            out.append(item)  # a query with a side of its own
            continue
        if found.skill and known is not None and found.skill not in known | aliases \
                and found.skill.rpartition(":")[2] not in known:  # `other:<skill>` is one
            raise CaseSetError(shown, f"query {item.get('id', f'#{number}')}: expects skill "
                                      f"{found.skill!r}, which is no skill of the collection "
                                      f"({', '.join(sorted(known))}); fix: name one of them, "
                                      "or null for a query no skill should answer")
        if found.skill is None and found.not_skill and found.not_skill not in aliases:
            continue  # kept from another skill only: says nothing about this one
        kept = {k: v for k, v in item.items() if k not in (*ROUTE_KEYS, "route")}
        out.append({**kept, "should_trigger": found.skill in aliases})
    return out

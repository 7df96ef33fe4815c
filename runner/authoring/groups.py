"""Sets whose cases sit in named groups (issue 26): no one list of cases, but several, each
under a key that names its group:

- two or more top-level lists of objects with a prompt (`positive: [...]`, `negative: [...]`;
  `routing: [...]`, `progressive_loading: [...]`);
- a mapping of groups under one key (`tracks: {project_mode: {measures, cases: [...]}, ...}`),
  each group a list of cases or an object holding one list of cases beside fields of its own;
- a mapping of named cases under one key (`agents: {planner: {prompt, keywords}, ...}`),
  each name the case's id;
- a list of skill entries under one key (`skills: [{skill, plugin?, evals: [...]}, ...]`),
  each named (`skill`, else `name`) and holding one list of cases: a collection's set, each
  case of an entry under `skill` that skill's (`"skill": "<plugin>:<skill>"` unless the case
  names its own), which the collection's attribution then reads
  (runner.authoring.attribution); an entry's `name` is its group's (a tag).

They are one set, the groups in the order written. Each case is tagged with its group's name
(`tags`); a case with no `id` (or `name`) is given `<group>-<n>`; a group's own fields
(`measures`, `requires`, `variants`) are each of its cases' unless the case has its own, so
the case reader grades, maps or reports them like any case field, never dropping one.

Groups named as trigger sides (`positive`/`negative`, `should_trigger`/`should_not_trigger`,
`near_miss`) are sides of a trigger set only when the negative side says nothing of the work
but that the skill must not fire (a routing word, "Do not trigger; this is ..." or no
expectation at all): then each case with no routing field of its own says its side
(`should_trigger`), which the case reader offers as a trigger query. Otherwise the names are
tags only (happy paths and error paths of the work).

A list that is the authors' program data (a retrieval script's query/relevant-document
pairs: `is_data`, runner.authoring.siblings.bare_pairs) is no group.

Read from the set's structure only, never its file or tool name; `is_case` is the set
reader's test of an object with a prompt (runner.authoring.siblings.prompt_fields), passed in
with `is_data` so this module depends on no reader.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from runner.authoring.routing import routing_value, routing_with_reason, routing_word
from runner.authoring.sides import NEGATIVE_LISTS, POSITIVE_LISTS, side

IsCase = Callable[[Any], Any]
IsData = Callable[[list[Any]], Any]
# Keys under which a group object holds its cases.
CASE_KEYS = ("cases", "evals", "tests", "test_cases", "queries", "prompts", "examples",
             "items", "scenarios", "tasks")
# The set's top-level key under which the reading is said (caseset reports it, EV012).
GROUPED = "__grouped__"
GROUPED_FIX = ("none needed if so meant; else list the cases under `evals`, each with its "
               "`tags`")
# Fields of a case that say nothing of the work: what a case without any other expects nothing.
_NEUTRAL = frozenset({"id", "name", "title", "tags", "tag", "category", "reason", "why",
                      "rationale", "notes", "note", "description", "comment"})


@dataclass(frozen=True)
class Group:
    name: str
    cases: list[dict[str, Any]]
    fields: dict[str, Any] = field(default_factory=dict)  # the group's own, each case's too
    under: str = ""  # the key the group sits under (`tracks`), or "" at the top level
    named: bool = False  # a mapping of named cases: each key the case's id


@dataclass(frozen=True)
class Grouped:
    cases: list[dict[str, Any]]
    groups: list[Group]
    sided: bool  # the groups are trigger sides

    def line(self) -> str:
        """What `check` says of the reading (one EV012 line)."""
        parts = [f"{g.under + '.' if g.under else ''}{g.name} ({len(g.cases)}"
                 f"{', named' if g.named else ''}"
                 f"{', with ' + ', '.join(g.fields) if g.fields else ''})" for g in self.groups]
        sides = ("; the groups are trigger sides: each case without a routing field of its "
                 "own says its side (should_trigger)") if self.sided else ""
        return (f"cases in {len(self.groups)} group(s): {', '.join(parts)}: read as one set, "
                f"each case tagged with its group's name, a group's fields each of its "
                f"cases'{sides}")


def _case_list(value: Any, is_case: IsCase) -> bool:
    return isinstance(value, list) and bool(value) and all(
        isinstance(i, dict) and is_case(i) for i in value)


def _group(name: str, value: Any, under: str, is_case: IsCase) -> Group | None:
    """A group under a mapping: a list of cases, or an object holding one such list."""
    if _case_list(value, is_case):
        return Group(name, list(value), under=under)
    if not isinstance(value, dict) or is_case(value):
        return None
    lists = [k for k in value if _case_list(value[k], is_case)]
    keyed = [k for k in lists if k in CASE_KEYS] or lists
    if len(keyed) != 1:
        return None
    return Group(name, list(value[keyed[0]]), {k: v for k, v in value.items() if k != keyed[0]},
                 under)


# Keys that label an entry when it has neither `skill` nor `name` (`original_skill`, `source`).
_LABEL_KEY = re.compile(r"(?i)skill|source|title|group|topic|category|suite|area|id$")
# Where a skill entry names its skill, and the plugin that holds it.
ENTRY_SKILL = "skill"
ENTRY_NAME = "name"
ENTRY_PLUGIN = "plugin"


def _entry_names(entry: dict[str, Any]) -> tuple[str, str | None] | None:
    """A skill entry's group name and the skill its cases are for (`plugin:skill` when it
    gives its plugin): under `skill`; under `name` a group name only, since a suite's name is
    no skill's (a tag naming a skill of the repository still attributes the case)."""
    said = {k: entry[k].strip() for k in (ENTRY_SKILL, ENTRY_NAME)
            if isinstance(entry.get(k), str) and entry[k].strip()}
    if not said:
        # named by another label (`{original_skill: ab-test-setup, reference, evals}`: the
        # source its cases came from): a group's name only, never the skill its cases are for
        label = next((v.strip() for k, v in entry.items() if isinstance(v, str) and v.strip()
                      and " " not in v.strip() and _LABEL_KEY.search(str(k))), None)
        return (label, None) if label else None
    skill = said.get(ENTRY_SKILL)
    plugin = entry.get(ENTRY_PLUGIN)
    if skill and ":" not in skill and isinstance(plugin, str) and plugin.strip():
        skill = f"{plugin.strip()}:{skill}"
    # the group (its tag, its cases' ids) is the skill's own name, the plugin aside
    return (skill.rsplit(":", 1)[-1] if skill else said[ENTRY_NAME]), skill


def _skill_entries(key: str, value: Any, is_case: IsCase, is_data: IsData) -> list[Group]:
    """A list of skill entries, each naming its skill and holding one list of cases: one
    group per entry, named by its skill, its case list's key and naming keys no field."""
    if not isinstance(value, list) or not value or any(
            not isinstance(e, dict) or is_case(e) for e in value):
        return []
    out: list[Group] = []
    for entry in value:
        names = _entry_names(entry)
        group = _group(names[0], entry, key, is_case) if names else None
        if names is None or group is None or is_data(group.cases):
            return []
        name, skill = names
        fields = {k: v for k, v in group.fields.items()
                  if k not in (ENTRY_SKILL, ENTRY_NAME, ENTRY_PLUGIN)}
        out.append(Group(name, [{ENTRY_SKILL: skill, **c} if skill and ENTRY_SKILL not in c
                                else c for c in group.cases], fields, key))
    return out


def _groups(data: dict[str, Any], is_case: IsCase, is_data: IsData) -> list[Group]:
    entries = [g for k, v in data.items() for g in _skill_entries(str(k), v, is_case, is_data)]
    if entries:
        return entries
    out: list[Group] = []
    top = [k for k, v in data.items() if _case_list(v, is_case) and not is_data(v)]
    for key, value in data.items():
        if key in top:
            out.append(Group(str(key), list(value)))
        elif isinstance(value, dict) and value and not is_case(value):
            if all(isinstance(v, dict) and is_case(v) for v in value.values()):
                out.append(Group(str(key), [{"id": str(k), **v} if not _named(v) else dict(v)
                                            for k, v in value.items()], named=True))
                continue
            inner = [_group(str(k), v, str(key), is_case) for k, v in value.items()]
            if all(g is not None and not is_data(g.cases) for g in inner):
                out += [g for g in inner if g is not None]
    # one top-level list alone is the set's list (runner.authoring.shapes), not a group
    return out if len(out) >= 2 or any(g.under or g.named for g in out) else []


def _named(case: dict[str, Any]) -> bool:
    return any(isinstance(case.get(k), (str, int)) and str(case[k]).strip()
               for k in ("id", "name"))


# A group named by a side and the firing it is about: `positive_triggers`,
# `negative_triggers`, `should_not_fire`, `non_triggers`.
_FIRING_WORDS = frozenset({"trigger", "triggers", "triggering", "fire", "fires", "firing",
                           "activate", "activation", "activations"})
_NEGATIVE_WORDS = frozenset({"negative", "negatives", "neg", "not", "no", "non", "never"})


def _group_side(name: str) -> bool | None:
    key = name.lower().replace("-", "_")
    if key in POSITIVE_LISTS:
        return True
    if key in NEGATIVE_LISTS:
        return False
    words = set(re.split(r"[_\s]+", key))
    if len(words) >= 2 and words & _FIRING_WORDS:
        return not words & _NEGATIVE_WORDS
    return side(name)


def _own_routing(case: dict[str, Any]) -> bool | None:
    """What the case itself says of the skill firing: a routing field, or an expectation
    that is only a routing word (with its reason)."""
    for key, value in case.items():
        said = routing_value(key, value)
        if said is not None:
            return said
        if isinstance(value, str) and key not in _NEUTRAL:
            reasoned = routing_with_reason(value)
            worded = routing_word(value) if len(value.split()) <= 4 else None
            if reasoned is not None or worded is not None:
                return reasoned[0] if reasoned is not None else worded
    return None


def _expects_nothing(case: dict[str, Any], is_case: IsCase) -> bool:
    prompts = set(is_case(case))
    return not set(case) - prompts - _NEUTRAL


def _sided(groups: list[Group], is_case: IsCase) -> bool:
    """Trigger sides: some group named as a negative side, each of its cases saying whether
    the skill fires (its own word stands) or nothing at all; one expecting work makes the
    names tags only (an error path is no query the skill must not fire on)."""
    negative = [g for g in groups if _group_side(g.name) is False]
    return bool(negative) and all(
        _own_routing(c) is not None or _expects_nothing(c, is_case)
        for g in negative for c in g.cases)


def _case(group: Group, number: int, case: dict[str, Any], fires: bool | None) -> dict[str, Any]:
    out = {**{k: v for k, v in group.fields.items() if k not in case}, **case}
    if not _named(out):
        out["id"] = f"{group.name}-{number}"
    tags = out.get("tags")
    listed = [tags] if isinstance(tags, str) else list(tags) if isinstance(tags, list) else []
    out["tags"] = [*listed, group.name] if group.name not in listed else listed
    if fires is not None and _own_routing(case) is None:
        out["should_trigger"] = fires
    return out


def grouped(data: Any, is_case: IsCase, is_data: IsData) -> Grouped | None:
    """The set's cases read from its groups; None when the data is no set of groups (one
    list of cases is read by its own rule)."""
    if not isinstance(data, dict):
        return None
    groups = _groups(data, is_case, is_data)
    if not groups:
        return None
    sided = _sided(groups, is_case)
    cases = [_case(g, n, c, _group_side(g.name) if sided else None)
             for g in groups for n, c in enumerate(g.cases, 1)]
    # ids each group numbers from 1 (`id: 1` in every source): led by their group's name
    ids = [str(c.get("id")) for c in cases if c.get("id") is not None]
    if len(ids) != len(set(ids)):
        cases = [{**c, "id": f"{_group_of(c)}-{c['id']}"} if c.get("id") is not None else c
                 for c in cases]
    return Grouped(cases, groups, sided)


def _group_of(case: dict[str, Any]) -> str:
    """The group a case was read from: the last tag _case gave it."""
    tags = case.get("tags")
    return str(tags[-1]) if isinstance(tags, list) and tags else "group"


def group_keys(found: Grouped) -> set[str]:
    """The top-level keys the groups were read from (taken out of the set's top level)."""
    return {g.under or g.name for g in found.groups}

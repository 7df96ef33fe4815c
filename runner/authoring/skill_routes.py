"""A set whose every entry pairs a prompt with the NAME of the skill that should win it
(`{"prompt": "...", "expect": "pdf-maker"}`; also `expected`, `expected_skill`,
`expected_owner`), each name a skill of the repository holding the set (issue 26, "every
layout"): a router's test set, read as trigger queries (positive for the skill it names,
negative for the others: runner.triggers.routing_set), never as runtime cases whose one
expectation is the skill's name. A bare `expect`/`expected` is also a runtime case's expected
output, so the set is read so only when every value is such a name (or none)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.routing import NOTES
from runner.authoring.sides import NEGATIVE_LISTS, NO_SKILL, SKILL_NAME, side

# The fields a router's test entry names its skill under (runner.triggers.routing_set reads
# them as queries; that layer sits above this one).
ROUTE_KEYS = ("expect", "expected", "expected_skill", "expected_owner", "expected_primary")

_LEVELS = 3  # the set's folder's parent and above: a skill's own, then its repository's


def names_skills(path: Path, items: list[Any], prompts: frozenset[str]) -> bool:
    """Every item a prompt (its fields among `prompts`) with one route field and notes, and
    the skills named all skills of the repository holding `path` (at least one)."""
    named: set[str] = set()
    for item in items:
        if not isinstance(item, dict) or not item.keys() & prompts:
            return False
        rest = [str(k) for k in item if k not in prompts and k not in NOTES
                and k not in _LABELS and not _skill_list(k, item[k])]
        if len(rest) != 1 or rest[0] not in ROUTE_KEYS:
            return False
        value = item[rest[0]]
        if value is None or isinstance(value, str) and value.strip().lower() in NO_SKILL:
            continue  # no skill should answer it
        if not isinstance(value, str) or side(value) is not None \
                or not SKILL_NAME.match(value.strip()):
            return False
        named.add(value.strip().rpartition(":")[2])  # `<plugin>:<skill>`
    return bool(named) and named <= repository_skills(path)


# A query's labels beside its route: its language, and such.
_LABELS = frozenset({"language", "lang", "locale", "top_k"})
# Lists of skill names beside the route: neighbours it must not reach, skills that may help.
_SIDE_WORDS = frozenset({"negative", "not", "supporting", "secondary", "also", "acceptable",
                         "allowed", "alternatives", "confusable", "neighbours", "neighbors"})


def _skill_list(key: str, value: Any) -> bool:
    """A list of skill names under a key naming a side of the route (`negative_for`,
    `expected_supporting`, `should_not_trigger`)."""
    return isinstance(value, list) and all(
        isinstance(v, str) and SKILL_NAME.match(v.strip()) for v in value) and (
        key in NEGATIVE_LISTS or bool(_SIDE_WORDS & set(key.lower().replace("-", "_")
                                                        .split("_"))))


def repository_skills(path: Path) -> set[str]:
    """The names of the skills (SKILL.md name and folder name) in the nearest folder above the
    set that holds any."""
    from runner.authoring.attribution import skill_names
    from runner.authoring.layouts import skill_folders

    for root in list(path.resolve().parents)[1:_LEVELS + 1]:
        found = skill_folders(root)
        if found:
            return skill_names(found)
    return set()

"""Named groups of checks at the top of a set, which its cases name: `"assertions": {"common":
["U1: README exists", ...], "node": [...]}` at the top, `"assertions": ["common", "node"]` in a
case. An entry of a case's assertions that is exactly a group's name stands for that group's
items, each read by the usual rules (a sentence a statement, a typed object its check:
CaseReader._assertions); an entry naming no group stays as written (text to find, a
statement). Read as groups only when some case names one: a mapping no case names stays the
set's descriptive data (or its rubric, runner.authoring.caseset._set_rubric)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import BaseModel, ConfigDict

from runner.authoring.fields import words

# Names of a top-level field that can hold groups of checks.
_GROUP_WORDS = frozenset({"assertion", "assertions", "check", "checks", "criteria", "criterion",
                          "rubric", "rubrics", "expectations", "graders", "groups"})
# Fields of a case whose entries can name a group (CaseReader reads their aliases as checks).
_CASE_WORDS = frozenset({"assertion", "assertions", "check", "checks"})


class CheckGroups(BaseModel):
    """The top-level field holding the groups, and each group's items, in order."""

    model_config = ConfigDict(frozen=True)

    field: str
    groups: dict[str, tuple[Any, ...]]


    def expanded(self, items: list[Any]) -> list[Any]:
        """The cases with each group name in their assertions replaced by its items: what
        the set writes, for the set-wide rules (whether it is written in statements)."""
        return [{**item, **{key: [e for v in value for e in (
                            self.groups.get(v, (v,)) if isinstance(v, str) else (v,))]
                            for key, value in item.items()
                            if key in _TAKEN and isinstance(value, list)
                            and all(isinstance(v, (str, dict)) for v in value)}}
                if isinstance(item, dict) else item for item in items]


# The case fields whose entries CaseReader._assertions reads (the set-wide rules read them).
_TAKEN = ("assertions", "selftune_assertions")



def _items(value: Any) -> tuple[Any, ...] | None:
    """A group's checks: a non-empty list of sentences or typed objects, or one sentence."""
    if isinstance(value, str) and value.strip():
        return (value,)
    if isinstance(value, list) and value and all(
            (isinstance(v, str) and v.strip()) or isinstance(v, dict) for v in value):
        return tuple(value)
    return None


def _entries(item: dict[str, Any]) -> Iterable[str]:
    """The strings a case lists under a field of checks."""
    for key, value in item.items():
        if isinstance(key, str) and words(key) & _CASE_WORDS:
            for entry in value if isinstance(value, list) else [value]:
                if isinstance(entry, str):
                    yield entry


def check_groups(about: dict[str, Any], items: list[Any]) -> CheckGroups | None:
    """The first top-level mapping of named groups of checks that some case names: taken out
    of `about` (it is graded through the cases, no longer descriptive), else None."""
    for key in sorted(about):
        value = about[key]
        if not words(key) & _GROUP_WORDS or not isinstance(value, dict) or not value:
            continue
        groups = {str(name): _items(entries) for name, entries in value.items()}
        if any(entries is None for entries in groups.values()):
            continue
        named = {e for item in items if isinstance(item, dict) for e in _entries(item)}
        if named & set(groups):
            about.pop(key)
            return CheckGroups(field=key, groups={k: v for k, v in groups.items()
                                                  if v is not None})
    return None


def groups_line(found: CheckGroups, named: dict[str, int]) -> str:
    """The one line `check` says of the groups: how many cases name each, and the groups no
    case names (not graded)."""
    used = ", ".join(f"{name!r} ({len(found.groups[name])} item(s)) in {count} case(s)"
                     for name, count in named.items() if name in found.groups)
    unused = [name for name in found.groups if name not in named]
    return (f"top-level `{found.field}` holds {len(found.groups)} named group(s) of checks: a "
            "case's assertion naming a group reads the group's items, each by the usual rules "
            f"(a sentence a statement, a typed object its check): {used}"
            + (f"; named by no case, not graded: {', '.join(map(repr, unused))}"
               if unused else ""))

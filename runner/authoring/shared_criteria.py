"""Criteria kept in a file of their own beside the set, for every case of it (issue 26).

`prompts.yml` holds the cases (a prompt each, nothing to grade) and `expected_behaviors.yml`
beside it one list of what every answer must show (`expected_behaviors: ["Separates the
sandbox flow from the live one", ...]`): the authors wrote the criteria once for the whole
set. Each is a statement of every case, graded after the case's own. Only a file that holds
no cases, names no other skill, and has exactly one list of sentences named as criteria
(`expected_*`, `*criteria`, `expectations`, `*behaviors`); its other lists of sentences
(`category_safety_rules`) are said, not graded.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from runner.authoring.fields import expectation_named, nonblank_strings
from runner.authoring.fields import words as field_words
from runner.authoring.siblings import read_data

_CRITERIA_WORDS = frozenset({"criteria", "criterion", "expectations", "behaviors",
                             "behaviours", "requirements"})
_OWNER_KEYS = ("skill_id", "skill", "skill_name")
MERGED_INTO = "expectations"


class SharedCriteria(BaseModel):
    """One file of criteria for every case of the set."""

    model_config = ConfigDict(frozen=True)

    file: Path
    key: str
    criteria: tuple[str, ...]
    others: tuple[str, ...] = ()

    def line(self) -> str:
        other = (f"; its {', '.join(f'`{o}`' for o in self.others)} kept, not graded (no "
                 "criterion field)") if self.others else ""
        return (f"{self.file.name}: `{self.key}` ({len(self.criteria)} criteria, no case "
                f"named) read as statements of every case of the set{other}")


def _named_criteria(key: str) -> bool:
    return expectation_named(key) or bool(field_words(key) & _CRITERIA_WORDS)


def _of(data: Any, file: Path, names: set[str]) -> SharedCriteria | None:
    if not isinstance(data, dict):
        return None
    if any(isinstance(v, list) and v and all(isinstance(x, dict) for x in v)
           for v in data.values()):
        return None  # it holds cases or keyed entries: another rule's
    owner = next((data[k] for k in _OWNER_KEYS if isinstance(data.get(k), str)), None)
    if owner is not None and names and owner.strip() not in names:
        return None
    lists = {str(k): texts for k, v in data.items() if (texts := nonblank_strings(v))}
    keys = [k for k in lists if _named_criteria(k)]
    if len(keys) != 1 or not all(" " in t for t in lists[keys[0]]):
        return None
    return SharedCriteria(file=file, key=keys[0], criteria=tuple(lists[keys[0]]),
                          others=tuple(k for k in lists if k != keys[0]))


def shared_criteria(unread: tuple[tuple[Path, str], ...], names: set[str]
                    ) -> SharedCriteria | None:
    """The one data file beside the set that holds criteria for all its cases, if any."""
    found = []
    for file, _ in unread:
        try:
            one = _of(read_data(file), file, names)
        except Exception:  # noqa: BLE001 - an unreadable file stays reported as it was
            continue
        if one is not None:
            found.append(one)
    return found[0] if len(found) == 1 else None


def with_criteria(items: list[Any], shared: SharedCriteria) -> list[Any]:
    """Each case with the shared criteria after its own expectations."""
    out: list[Any] = []
    for item in items:
        if isinstance(item, dict):
            own = item.get(MERGED_INTO)
            item = {**item, MERGED_INTO: [*(own if isinstance(own, list) else
                                            [] if own is None else [own]),
                                          *shared.criteria]}
        out.append(item)
    return out

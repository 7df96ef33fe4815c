"""A set file that is an index of per-skill case files (issue 26): no cases of its own, but a
list of files under a key naming files (`skill_case_files: [cases/<skill>.json, ...]`), one
per skill, and the fixture sets those cases share (`fixture_sets: {name: [{path, content}]}`).

This skill's file is the one named for it (its stem, or its own `skill_name`, the skill's
name written in any case or separators: runner.authoring.attribution.loose_name); its cases
are read as any set's (one list, or several in named groups), each the file's skill's
unless it names its own. A case naming shared fixture
sets (`fixture_sets: [name]`) gets their files, and its own inline ones (`fixtures: [{path,
content}]`), as files written before the session (`setup_files`, runner.authoring.inline).
A set name the index does not hold, and the per-skill file's other top-level fields, are
said, never dropped in silence.

Read from the index's structure only (a list of relative paths to files that exist, under a
key whose words say files or cases), never its tool's name; paths stay inside its folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runner.authoring.attribution import case_skill, loose_name
from runner.authoring.siblings import OWNER_KEYS, SET_SUFFIXES, case_list, read_data
from runner.errors import CaseSetError

# Words of a key whose list of paths names per-skill case files.
_INDEX_WORDS = frozenset({"files", "cases", "sets"})
# The key of shared fixture sets, in the index and in a case naming them.
FIXTURE_SETS = "fixture_sets"
_INLINE = "fixtures"
_SETUP = "setup_files"
# A per-skill file's fields that say what it is, nothing to grade.
_ABOUT = frozenset({"$schema", "schema_version", "version", "description", *OWNER_KEYS})


@dataclass(frozen=True)
class Indexed:
    """This skill's cases read from its file, and what `check` says of the reading (EV012)."""

    cases: list[dict[str, Any]]
    line: str


def _listed(data: dict[str, Any], folder: Path) -> tuple[str, list[Path]] | None:
    """The key and files of the index: relative paths to set files inside `folder`."""
    for key, value in data.items():
        if not set(re.split(r"[^a-z0-9]+", str(key).lower())) & _INDEX_WORDS \
                or not isinstance(value, list) or not value:
            continue
        if not all(isinstance(v, str) and "*" not in v and not v.startswith("/")
                   for v in value):
            continue
        paths = [(folder / v).resolve() for v in value]
        if all(p.is_relative_to(folder.resolve()) and p.is_file() and p.suffix in SET_SUFFIXES
               for p in paths):
            return str(key), paths
    return None


def _skill_of(path: Path) -> tuple[str, Any]:
    data = read_data(path)
    said = next((data[k] for k in OWNER_KEYS if isinstance(data, dict)
                 and isinstance(data.get(k), str)), None)
    return said or path.stem, data


def _with_fixtures(case: dict[str, Any], shared: dict[str, Any],
                   unknown: set[str]) -> dict[str, Any]:
    """The case with its shared fixture sets' files and its inline fixtures as setup files."""
    named = case.get(FIXTURE_SETS)
    names = [named] if isinstance(named, str) else named if isinstance(named, list) else []
    files = [f for n in names if isinstance(n, str) and isinstance(shared.get(n), list)
             for f in shared[n]]
    missing = [n for n in names if not isinstance(n, str) or not isinstance(shared.get(n), list)]
    unknown |= {str(n) for n in missing}
    own = case.get(_INLINE)
    inline = own if isinstance(own, list) and all(isinstance(f, dict) for f in own) else []
    setup = case.get(_SETUP)
    out = {k: v for k, v in case.items()
           if k != FIXTURE_SETS and not (k == _INLINE and inline)}
    if missing:
        out[FIXTURE_SETS] = missing  # kept: the case reader says it is not graded
    if files or inline:
        out[_SETUP] = [*(setup if isinstance(setup, list) else []), *files, *inline]
    return out


def indexed_cases(data: Any, index: Path, names: tuple[str, ...]) -> Indexed | None:
    """This skill's cases from the per-skill file the index names for it; None when the data
    is no index of case files. Refused (CaseSetError) when it names none for this skill."""
    if not isinstance(data, dict) or not index.is_file():
        return None
    listed = _listed(data, index.parent)
    if listed is None:
        return None
    key, files = listed
    wanted = {loose_name(n) for n in names if n}
    read = [(path, *_skill_of(path)) for path in files]
    mine = [p for p, s, _ in read if loose_name(s) in wanted]
    if len(mine) != 1:
        skills = ", ".join(sorted(s for _, s, _ in read)[:8])
        raise CaseSetError(str(index), f"an index of per-skill case files ({key}: "
                           f"{len(files)}, for {skills}), {len(mine)} for this skill "
                           f"({', '.join(n for n in names if n)}); fix: name one file for "
                           "it in the index, or check the skill each file is for")
    path, skill, own = next((p, s, d) for p, s, d in read if loose_name(s) in wanted)
    items = case_list(own)
    if not items:
        raise CaseSetError(str(path), "holds no list of cases (objects each with a prompt)")
    shared = data.get(FIXTURE_SETS)
    shared = shared if isinstance(shared, dict) else {}
    unknown: set[str] = set()
    # each case the file's skill's (a shared set's reader attributes it so), unless it names one
    cases = [{"skill": skill, **_with_fixtures(c, shared, unknown)} if isinstance(c, dict)
             and not case_skill(c) else c for c in items]
    beside = [str(k) for k, v in own.items() if k not in _ABOUT and not isinstance(v, list)] \
        if isinstance(own, dict) else []
    said = f"cases read from {path.name}, the file the index's {key} names for this skill " \
           f"({len(cases)})"
    if shared:
        said += f"; its fixture sets ({', '.join(sorted(shared)[:6])}) staged for the cases " \
                "naming them"
    if unknown:
        said += f"; fixture set(s) {', '.join(sorted(unknown))} named but not in the index: " \
                "not staged"
    if beside:
        said += f"; beside them {', '.join(beside)} (not graded)"
    return Indexed(cases, said)

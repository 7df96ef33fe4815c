"""Several case files of one folder read as one set (issue 26, rule 8; runner.authoring.siblings
decides when they are one): each file read in its own shape first (its checks written once for
every case go to its own cases only), then the cases joined, each id prefixed with its file's
name so ids stay unique and each case names its file.

Top-level fields the runner grades by (`judge_expected_output`, a grader program) must agree
across the files, else the set is refused with the fix; descriptive ones that differ are kept
per file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.case_halves import join
from runner.authoring.groups import GROUPED
from runner.authoring.pointed import pointed_refusal
from runner.authoring.programs import SET_FIELDS
from runner.authoring.shapes import unwrap
from runner.authoring.siblings import (
    OWNER_KEYS,
    USUAL_STEMS,
    case_list,
    no_cases,
    prompt_fields,
    read_data,
)
from runner.errors import CaseSetError

# Other tools' names for the list of cases.
TOP_ALIASES = ("cases", "test_cases", "tests")
_GRADED = ("judge_expected_output", *SET_FIELDS)


def as_set(data: Any) -> dict[str, Any] | None:
    """A file's data as a set mapping: a bare list under `evals`, one case as a list of one."""
    if isinstance(data, list):
        return {"evals": data}
    if not isinstance(data, dict):
        return None
    if case_list(data) is None and prompt_fields(data) and "evals" not in data:
        return {"evals": [data], "__one_case__": True}
    return dict(data)


def read_joined(files: tuple[Path, ...], skill_dir: Path) -> tuple[dict[str, Any],
                                                                    dict[str, str]]:
    """The files' cases as one set, and case id -> the file it came from."""
    tops: dict[str, dict[str, Any]] = {}
    cases: list[Any] = []
    origin: dict[str, str] = {}
    read = [(file, *_read(file, skill_dir)) for file in files]
    halves = _halves(read)
    if halves is not None:
        return halves
    labels = _labels(files)
    for file, raw, items, single in read:
        for number, item in enumerate(items, 1):
            if not isinstance(item, dict):
                cases.append(item)
                continue
            # a file holding one case without an id is named by its file (never `1` each)
            given = item.get("id", item.get("name") or (file.stem if single else number))
            ident = str(given) if single else f"{labels[file]}-{given}"
            cases.append({**item, "id": ident})
            origin[ident] = str(file)
        for key, value in raw.items():
            tops.setdefault(key, {})[file.name] = value
    return {**_top(tops, files), "evals": cases}, origin


def _labels(files: tuple[Path, ...]) -> dict[Path, str]:
    """What leads each file's case ids: its name's stem; when two files share it (each part
    of a router keeps its own `evals/evals.json`), the folder that tells them apart (the
    one above a set folder named `evals`, else the file's own)."""
    stems = [f.stem for f in files]
    if len(set(stems)) == len(stems):
        return {f: f.stem for f in files}
    return {f: f.parent.parent.name if f.parent.name in ("evals", "eval") else f.parent.name
            for f in files}


def _read(file: Path, skill_dir: Path) -> tuple[dict[str, Any], list[Any], bool]:
    """One file's top-level fields, its cases, and whether it is a file of one case."""
    if file.suffix.lower() in (".md", ".markdown"):
        return _markdown(file, skill_dir)
    raw = as_set(read_data(file))
    if raw is None:
        raise CaseSetError(str(file), "top level must be a list of cases or an object "
                                      "holding one")
    single = bool(raw.pop("__one_case__", False))
    raw = unwrap(raw, file, skill_dir)
    for alias in TOP_ALIASES:
        if alias in raw and "evals" not in raw:
            raw["evals"] = raw.pop(alias)
    items = raw.pop("evals", None)
    if not isinstance(items, list) or not items:
        raise CaseSetError(str(file), pointed_refusal(raw, file, (skill_dir.name,))
                           or "evals: required, a non-empty list of cases" + no_cases(raw))
    return raw, items, single


def _markdown(file: Path, skill_dir: Path) -> tuple[dict[str, Any], list[Any], bool]:
    """A structured Markdown set among several (runner.authoring.layouts.markdown_family): its
    cases; a file of one case is named by its file (`eval-01-sql-concat`), never `case-1`."""
    from runner.authoring.layouts import read_set  # (layouts reads sets through this module)

    items = read_set(file, skill_dir)["evals"]
    if len(items) == 1 and str(items[0].get("id", "")).startswith("case-"):
        items = [{**items[0], "id": file.stem}]
    return {}, items, len(items) == 1


Read = tuple[Path, dict[str, Any], list[Any], bool]


def _halves(read: list[Read]) -> tuple[dict[str, Any], dict[str, str]] | None:
    """Two files holding the same cases by id, each grading with what the other lacks
    (runner.authoring.case_halves): one case a pair, the set's file (`evals.json`) leading;
    its top-level fields lead too, the other's fill what it lacks."""
    if len(read) != 2 or any(single for *_, single in read):
        return None
    main, other = sorted(read, key=lambda r: r[0].stem not in USUAL_STEMS)
    halves = join((main[0].name, main[2]), (other[0].name, other[2]))
    if halves is None:
        return None
    cases = [{**c, "id": str(c.get("id", c.get("name", n)))}
             for n, c in enumerate(halves.cases, 1)]
    top = {**other[1], **main[1]}
    said = top.get(GROUPED)
    top[GROUPED] = {**(said if isinstance(said, dict) else {}), "halves": halves.line}
    return {**top, "evals": cases}, {str(c["id"]): str(main[0]) for c in cases}


def _top(tops: dict[str, dict[str, Any]], files: tuple[Path, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, per_file in tops.items():
        distinct = {json.dumps(v, sort_keys=True, default=str) for v in per_file.values()}
        if len(distinct) == 1 and (len(per_file) == len(files) or key in OWNER_KEYS):
            out[key] = next(iter(per_file.values()))
        elif key in _GRADED:
            given = ", ".join(f"{name}: {json.dumps(v, default=str)[:60]}"
                              for name, v in per_file.items())
            raise CaseSetError(str(files[0].parent), f"its case files disagree on {key!r} "
                               f"({given}); fix: give every file the same {key!r}, or grade "
                               f"one file with --cases FILE")
        else:
            out[key] = per_file  # descriptive: kept per file, never graded
    return out

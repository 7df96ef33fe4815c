"""Other tools' set shapes (issue 26, rule 8): where a set's list of cases sits when it is not
`evals`, the case files a harness configuration names instead of holding cases, and checks a
set writes once for every case.

caseset.py calls `unwrap` once on a set file's top level; everything here is read from the
set's own structure, never from its file name or its tool's name.
"""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath
from typing import Any

from runner.authoring import safely
from runner.authoring.groups import GROUPED, group_keys, grouped
from runner.authoring.layouts import read_set
from runner.authoring.siblings import PROMPT_KEYS, bare_pairs, prompt_fields
from runner.errors import CaseSetError

# Keys (besides `evals`, `cases`, `test_cases`, `tests`) under which a list of cases is held.
LIST_KEYS = ("scenarios", "tasks", "prompts", "briefs", "examples", "items", "queries")
# Words in a top-level key that say its list holds checks for every case.
_SHARED_WORDS = ("assertions", "checks", "expectations", "criteria", "graders")
_SHARED_PREFIXES = ("global", "common", "shared", "all", "every", "default",
                    # what every answer must hold: `output_assertions`, `response_checks`
                    "output", "response", "answer")
# Words of obligation that make a set's `rule` a criterion, not a note.
_OBLIGES = re.compile(r"(?i)\b(?:must|should|never|always|has to|needs? to)\b")


def _case_like(items: Any) -> bool:
    """A list of case objects: each with a prompt, or all but one of three or more (a setup-
    only scenario among prompts is a case the reader leaves out with its line, EV009)."""
    if not isinstance(items, list) or not items or not all(isinstance(i, dict) for i in items):
        return False
    prompted = sum(any(k in i for k in PROMPT_KEYS) for i in items)
    return prompted == len(items) or prompted >= 2 and prompted == len(items) - 1


def unwrap(raw: dict[str, Any], path: Path, skill_dir: Path) -> dict[str, Any]:
    """The set's top level with its cases under `evals`: a harness configuration's case files
    read, a list of cases under another key moved, and checks written once for every case
    copied into each (under their own key, so each keeps its origin)."""
    raw = dict(raw)
    for key in ("evals", "cases", "tasks"):
        config = raw.get(key)
        files = config.get("files") if isinstance(config, dict) else None
        if isinstance(files, list) and files and all(isinstance(f, str) for f in files):
            raw["evals"] = _config_cases(raw.pop(key), path, skill_dir)
            break
    if "evals" not in raw and not any(k in raw for k in ("cases", "test_cases", "tests")):
        # the one list of cases, under whatever key (`questions`, `scenarios`, ...)
        found = [k for k in LIST_KEYS if _case_like(raw.get(k))] or [
            k for k, v in raw.items() if _case_like(v)]
        if len(found) == 1:
            raw["evals"] = raw.pop(found[0])
    if not any(isinstance(raw.get(k), list) for k in ("evals", "cases", "test_cases", "tests")):
        raw = _ungrouped(raw)
    cases = raw.get("evals", raw.get("cases"))
    if isinstance(cases, list):
        for key in [k for k in raw if _shared(k, raw[k])]:
            shared = raw.pop(key)
            # (a query the skill must not fire on is no run whose output they judge)
            cases[:] = [{**c, key: shared} if isinstance(c, dict) and key not in c
                        and c.get("should_trigger") is not False else c for c in cases]
        rule = _suite_rule(raw)
        if rule:
            cases[:] = [{**c, "suite_rules": [*rule, *c.get("suite_rules", [])]}
                        if isinstance(c, dict) else c for c in cases]
    return raw


def _ungrouped(raw: dict[str, Any]) -> dict[str, Any]:
    """Cases in named groups (runner.authoring.groups) as the set's list, what was read said
    under GROUPED for the set's reader to report."""
    found = grouped(raw, prompt_fields, bare_pairs)
    if found is None:
        return raw
    out = {k: v for k, v in raw.items() if k not in group_keys(found)}
    return {**out, "evals": found.cases, GROUPED: found.line()}


def _suite_rule(raw: dict[str, Any]) -> list[str]:
    """A `rule` (or `rules`) the set states once for every case, in words of obligation ("The
    run must name and kill that framing"): taken from the top level, a statement of each case
    (under `suite_rules`, a list of checks by its name). Rules that oblige nothing (how cases
    were written) stay descriptive."""
    for key in ("rule", "rules"):
        value = raw.get(key)
        texts = [value] if isinstance(value, str) else value
        if isinstance(texts, list) and texts and all(
                isinstance(t, str) and _OBLIGES.search(t) for t in texts):
            raw.pop(key)
            return list(texts)
    return []


def _shared(key: str, value: Any) -> bool:
    words = key.lower().replace("-", "_").split("_")
    return len(words) == 2 and words[0] in _SHARED_PREFIXES and words[1] in _SHARED_WORDS \
        and isinstance(value, list) and bool(value)


def _config_cases(config: dict[str, Any], path: Path, skill_dir: Path) -> list[Any]:
    """A harness configuration's `cases: {files: [...], defaults: {...}}`: each file is a case
    (or a list of them), the defaults under each case's own fields. Paths are read from the
    configuration's folder, then from each folder above it up to the skill."""
    given = config.get("defaults")
    defaults: dict[str, Any] = given if isinstance(given, dict) else {}
    bases = [path.parent, *(p for p in path.parent.parents
                            if p.is_relative_to(skill_dir.resolve()))]
    cases: list[Any] = []
    for name in config["files"]:
        posix = PurePosixPath(name)
        if posix.is_absolute() or ".." in posix.parts:
            raise CaseSetError(str(path), f"cases.files: {name!r} is outside the skill; name "
                                          "case files by their path inside it")
        file = next((b / name for b in bases if safely.is_file(b / name)), None)
        if file is None:
            raise CaseSetError(str(path), f"cases.files: {name!r} is not a file of the skill; "
                                          "correct the path (from the skill folder)")
        data = read_set(file)
        for case in data if isinstance(data, list) else [data]:
            cases.append({**_merged(defaults, case)} if isinstance(case, dict) else case)
    return cases


def _merged(defaults: dict[str, Any], case: dict[str, Any]) -> dict[str, Any]:
    """A case over its defaults: a mapping both hold is merged one level down."""
    out = dict(defaults)
    for key, value in case.items():
        out[key] = {**out[key], **value} if isinstance(value, dict) and isinstance(
            out.get(key), dict) else value
    return out

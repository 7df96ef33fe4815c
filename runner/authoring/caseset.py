"""Read and preflight a skill's case set: `evals/evals.json` in the Agent Skills contract.

Everything here is offline and free; a set that cannot measure is refused before anything is
spent, with a message naming the file, the case and the problem.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

from pydantic import ValidationError

from runner.authoring.problems import describe
from runner.errors import CaseSetError
from runner.schema.case import CASESET_RELPATH, FIXTURE_ROOT, Case, CaseSet
from runner.scoring.checks import parse_matcher

# Text checks inside these cannot mean anything (seed 001 refuses them).
BINARY_SUFFIXES = frozenset(
    ".png .jpg .jpeg .gif .webp .bmp .ico .pdf .zip .gz .tgz .bz2 .xz .7z .tar .xlsx .xls .docx "
    ".pptx .mp3 .mp4 .wav .ogg .sqlite .db .parquet .pkl .bin .exe .so .woff .woff2".split()
)


# Top-level fields authors add to describe a set: kept and shown, never graded.
DESCRIPTIVE_FIELDS = frozenset({"description", "notes", "version", "author", "license",
                                "metadata", "tags", "name"})
# Case fields other tools use that need a grader model, which this runner does not have yet.
NEEDS_GRADER = {"expectations": "skill-creator's expectations",
                "selftune_assertions": "selftune assertions"}
# Assertion objects: their `type` -> the assertion grammar's prefix.
OBJECT_TYPES = {"contains": "", "substring": "", "includes": "", "text": "",
                "regex": "re:", "pattern": "re:", "matches": "re:",
                "not_contains": "not:", "excludes": "not:", "forbidden": "not:",
                "not_regex": "not:re:", "not_matches": "not:re:"}


def normalize_case(item: dict[str, Any], shown: str, label: str) -> dict[str, Any]:
    """A case as other tools write it, in this runner's grammar; what only a grader model could
    read is refused with the reason, never guessed at as a substring."""
    item = dict(item)
    for key, what in NEEDS_GRADER.items():
        if item.get(key):
            raise CaseSetError(shown, f"{key}: {what} are statements for a grader model, which "
                                      "this runner cannot grade yet; write them as substring, "
                                      "`re:` or `not:` assertions", label)
        item.pop(key, None)
    assertions = list(item.get("assertions") or [])
    for key, prefix in (("must_have", "re:"), ("must_not_have", "not:re:")):
        values = item.pop(key, None)
        if values is None:
            continue
        if not isinstance(values, list) or not all(isinstance(v, str) for v in values):
            raise CaseSetError(shown, f"{key}: a list of regular expressions", label)
        assertions += [prefix + v for v in values]
    item["assertions"] = [_assertion(a, shown, label, n) for n, a in enumerate(assertions, 1)]
    if not item["assertions"]:
        item.pop("assertions")
    return item


def _assertion(value: Any, shown: str, label: str, number: int) -> Any:
    if not isinstance(value, dict):
        return value  # a string (the grammar) or a type error the model reports
    kind = str(value.get("type", "")).lower()
    text = next((value[k] for k in ("pattern", "value", "text") if isinstance(value.get(k), str)),
                None)
    if kind in OBJECT_TYPES and text:
        return OBJECT_TYPES[kind] + text
    raise CaseSetError(shown, f"assertion #{number} {json.dumps(value)[:120]}: not a check this "
                              "runner can decide (a statement for a grader model, or an unknown "
                              f"type); types it reads: {', '.join(sorted(OBJECT_TYPES))}", label)


def load_caseset(skill_dir: Path) -> CaseSet:
    """Parse and preflight `skill_dir/evals/evals.json`; raise CaseSetError on any problem."""
    path = skill_dir / CASESET_RELPATH
    shown = str(path)
    if not path.is_file():
        raise CaseSetError(shown, "no case set: create evals/evals.json (see README, "
                                  "'A skill and its case set')")
    try:
        raw = json.loads(path.read_text(encoding="utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CaseSetError(shown, f"not valid JSON: {exc}") from exc
    if not isinstance(raw, dict):
        raise CaseSetError(shown, "top level must be an object with skill_name and evals")
    name = raw.get("skill_name")
    if not isinstance(name, str) or not name.strip():
        raise CaseSetError(shown, "skill_name: required, a non-empty string")
    items = raw.get("evals")
    if not isinstance(items, list) or not items:
        raise CaseSetError(shown, "evals: required, a non-empty list of cases")
    unknown = sorted(set(raw) - {"skill_name", "evals"} - DESCRIPTIVE_FIELDS)
    if unknown:
        raise CaseSetError(shown, f"unknown top-level field(s) {unknown} (typo?)")
    about = {k: raw[k] for k in sorted(DESCRIPTIVE_FIELDS & set(raw))}

    cases: list[Case] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        label = str(item.get("id", f"#{index + 1}")) if isinstance(item, dict) else f"#{index + 1}"
        if isinstance(item, dict):
            item = normalize_case(item, shown, label)
        try:
            case = Case.model_validate(item)
        except ValidationError as exc:
            raise CaseSetError(shown, describe(exc), label) from exc
        if case.id in seen:
            raise CaseSetError(shown, "duplicate id", case.id)
        seen.add(case.id)
        _preflight_case(skill_dir, shown, case)
        cases.append(case)
    return CaseSet(skill_name=name, evals=tuple(cases), about=about)


def _preflight_case(skill_dir: Path, shown: str, case: Case) -> None:
    def refuse(problem: str) -> CaseSetError:
        return CaseSetError(shown, problem, case.id)

    if not case.id.strip():
        raise refuse("id must not be empty")
    if not case.prompt.strip():
        raise refuse("prompt must not be empty")
    if not case.gradable:
        raise refuse("EV008: nothing can pass or fail this case (it would tie in every arm); "
                     "add assertions or outputs")
    for field, value in (("prompt", case.prompt), ("expected_output", case.expected_output)):
        if value.lstrip().upper().startswith("TODO"):
            raise refuse(f"{field} is still a draft (starts with TODO)")
    root = skill_dir.resolve()
    for file in case.files:
        posix = PurePosixPath(file)
        if posix.is_absolute() or ".." in posix.parts or not posix.parts:
            raise refuse(f"fixture {file!r} must be a relative path inside the skill")
        if posix in (FIXTURE_ROOT, PurePosixPath(CASESET_RELPATH)) or posix.parts[0] == ".git":
            raise refuse(f"fixture {file!r} cannot be staged (name a file or a folder of "
                         "fixtures)")
        local = skill_dir / posix
        if local.is_symlink() or not local.exists():
            raise refuse(f"fixture {file!r} is not in the skill (or is a symlink)")
        if not local.resolve().is_relative_to(root):
            raise refuse(f"fixture {file!r} resolves outside the skill")
    for assertion in case.assertions:
        if assertion.lstrip().upper().startswith("TODO"):
            raise refuse(f"assertion {assertion!r} is still a draft")
        try:
            parse_matcher(assertion)
        except ValueError as exc:
            raise refuse(f"assertion {assertion!r}: {exc}") from exc
    for output in case.outputs:
        posix = PurePosixPath(output.path)
        if not output.path or posix.is_absolute() or ".." in posix.parts:
            raise refuse(f"output {output.path!r} must be a relative path in the working directory")
        if output.contains and posix.suffix.lower() in BINARY_SUFFIXES:
            raise refuse(f"output {output.path!r} is binary: 'contains' cannot check its text")
        for assertion in output.contains:
            try:
                parse_matcher(assertion)
            except ValueError as exc:
                raise refuse(f"output {output.path!r}: {exc}") from exc

"""Read and preflight a skill's case set: `evals/evals.json` in the Agent Skills contract.

Everything here is offline and free; a set that cannot measure is refused before anything is
spent, with a message naming the file, the case and the problem.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath

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
    unknown = sorted(set(raw) - {"skill_name", "evals"})
    if unknown:
        raise CaseSetError(shown, f"unknown top-level field(s) {unknown} (typo?)")

    cases: list[Case] = []
    seen: set[str] = set()
    for index, item in enumerate(items):
        label = str(item.get("id", f"#{index + 1}")) if isinstance(item, dict) else f"#{index + 1}"
        try:
            case = Case.model_validate(item)
        except ValidationError as exc:
            raise CaseSetError(shown, describe(exc), label) from exc
        if case.id in seen:
            raise CaseSetError(shown, "duplicate id", case.id)
        seen.add(case.id)
        _preflight_case(skill_dir, shown, case)
        cases.append(case)
    if not any(c.gradable for c in cases):
        raise CaseSetError(shown, "no case has anything to grade (assertions or outputs)")
    return CaseSet(skill_name=name, evals=tuple(cases))


def _preflight_case(skill_dir: Path, shown: str, case: Case) -> None:
    def refuse(problem: str) -> CaseSetError:
        return CaseSetError(shown, problem, case.id)

    if not case.id.strip():
        raise refuse("id must not be empty")
    if not case.prompt.strip():
        raise refuse("prompt must not be empty")
    for field, value in (("prompt", case.prompt), ("expected_output", case.expected_output)):
        if value.lstrip().upper().startswith("TODO"):
            raise refuse(f"{field} is still a draft (starts with TODO)")
    root = skill_dir.resolve()
    for file in case.files:
        posix = PurePosixPath(file)
        if posix.is_absolute() or ".." in posix.parts:
            raise refuse(f"fixture {file!r} must be a relative path inside the skill")
        if not posix.is_relative_to(FIXTURE_ROOT) or posix == FIXTURE_ROOT:
            raise refuse(f"fixture {file!r} must live below {FIXTURE_ROOT}/")
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

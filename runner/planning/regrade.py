"""Which of a stored run's trials still stand for the case set as it is now, and what changed.

A trial's session is the agent's answer to its prompt with its fixtures and its arm's skill:
while those are unchanged, the stored transcript and outputs can be scored again against
revised criteria without another session. A case whose prompt, fixtures or judge program
changed (the program ran inside the session's sandbox), or that the run never had, cannot.
"""

from __future__ import annotations

import hashlib
import io
import tarfile
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from pydantic import BaseModel

from runner.planning.ids import digest_id
from runner.schema.case import Case, CaseSet
from runner.schema.enums import CriterionChange, CriterionKind
from runner.schema.plan import Plan
from runner.schema.regrade import CheckChange, NotRegraded
from runner.trial.snapshot import need_of

LISTS = (CriterionKind.ASSERTIONS, CriterionKind.STATEMENTS, CriterionKind.TOOL_CALLS,
         CriterionKind.OUTPUTS, CriterionKind.JSON_CHECKS, CriterionKind.PROCESS)
TEXTS = (CriterionKind.RUBRIC, CriterionKind.EXPECTED_OUTPUT)


def _label(item: object) -> str:
    if isinstance(item, BaseModel):
        return item.model_dump_json(exclude_defaults=True)
    return str(item)


def check_changes(before: Case, after: Case) -> list[CheckChange]:
    """What differs in the criteria: per kind, items only before are removed, only after are
    added; a removal and an addition at the same turn of the list are one edit."""
    out: list[CheckChange] = []
    for kind in LISTS:
        old = [_label(x) for x in getattr(before, kind)]
        new = [_label(x) for x in getattr(after, kind)]
        removed = [x for x in old if x not in new]
        added = [x for x in new if x not in old]
        for gone, came in zip(removed, added, strict=False):
            out.append(CheckChange(case=after.id, kind=kind, change=CriterionChange.EDITED,
                                   before=gone, after=came))
        out += [CheckChange(case=after.id, kind=kind, change=CriterionChange.REMOVED,
                            before=x)
                for x in removed[len(added):]]
        out += [CheckChange(case=after.id, kind=kind, change=CriterionChange.ADDED,
                            after=x)
                for x in added[len(removed):]]
    for kind in TEXTS:
        old_text, new_text = getattr(before, kind) or None, getattr(after, kind) or None
        if old_text != new_text:
            change = (CriterionChange.ADDED if old_text is None else CriterionChange.REMOVED
                      if new_text is None else CriterionChange.EDITED)
            out.append(CheckChange(case=after.id, kind=kind, change=change, before=old_text,
                                   after=new_text))
    return out


def tar_files(data: bytes) -> dict[str, bytes]:
    """A fixtures bundle's files by their path in the skill folder."""
    out: dict[str, bytes] = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:") as tar:
        for member in tar.getmembers():
            handle = tar.extractfile(member) if member.isfile() else None
            if handle is not None:
                out[member.name] = handle.read()
    return out


def folder_files(root: Path, entries: list[str]) -> dict[str, bytes]:
    """The files under each entry (a file or a folder inside the skill), as packing reads them."""
    out: dict[str, bytes] = {}
    for entry in entries:
        path = root / entry
        found = sorted(p for p in path.rglob("*") if p.is_file() and not p.is_symlink()) \
            if path.is_dir() else [path] if path.is_file() and not path.is_symlink() else []
        for file in found:
            out[file.relative_to(root).as_posix()] = file.read_bytes()
    return out


def entries_digest(files: dict[str, bytes], entries: list[str]) -> str:
    """The digest of what `entries` name among `files`: paths and bytes; a missing entry counts."""
    digest = hashlib.sha256()
    for entry in entries:
        base = entry.rstrip("/")
        under = sorted(r for r in files if r == base or r.startswith(base + "/"))
        digest.update(f"{entry}\0{len(under)}\0".encode())
        for rel in under:
            digest.update(rel.encode() + b"\0" + hashlib.sha256(files[rel]).digest())
    return digest.hexdigest()


def why_not(before: Case, after: Case, before_files: dict[str, bytes], root: Path) -> str | None:
    """Why the stored sessions of `before` do not stand for `after`, or None when they do."""
    if before.prompts != after.prompts:
        return "its prompt changed: the agent was asked something else"
    turns = _turns_changed(before, after, before_files, root)
    if turns is not None:
        return turns
    if before.files != after.files or entries_digest(before_files, list(before.files)) != \
            entries_digest(folder_files(root, list(after.files)), list(after.files)):
        return "its fixtures changed: the agent worked on other files"
    if before.project_bundle and after.project_bundle \
            and before.project_bundle != after.project_bundle:  # a run made before: inline
        return "the project it runs in changed: the agent worked on other files"
    program = [after.judge_program] if after.judge_program else []
    if before.judge_program != after.judge_program or entries_digest(
            before_files, program) != entries_digest(folder_files(root, program), program):
        return "its judge program changed: it runs inside the session's sandbox"
    grader = [after.grader_program.path] if after.grader_program \
        and after.grader_program.path and not after.grader_program.outside \
        else []  # a shell line's command, a carried program's files: in the case itself
    if before.grader_program != after.grader_program or entries_digest(
            before_files, grader) != entries_digest(folder_files(root, grader), grader):
        return "its grader program changed: it ran over the session's work, in its container"
    return None


def _turns_changed(before: Case, after: Case, before_files: dict[str, bytes],
                   root: Path) -> str | None:
    """Why the turns' own checks cannot be graded again on what each turn kept: a turn's
    program changed (it ran in the session's sandbox right after its turn), or a turn's
    checks now read files that were not kept after it (runner.trial.snapshot). The last
    turn's files are the attempt's outputs, all of them."""
    for number in range(1, len(after.prompts)) if after.follow_ups else ():
        old, new = before.turn_case(number), after.turn_case(number)
        programs = [p for c in (old, new) if c is not None
                    for p in (c.judge_program, c.grader_program.path if c.grader_program
                              and not c.grader_program.outside else None) if p]
        if _programs(old) != _programs(new) or entries_digest(before_files, programs) != \
                entries_digest(folder_files(root, programs), programs):
            return (f"turn {number}'s program changed: it ran right after that turn, in the "
                    "session's sandbox")
        if not need_of(old).covers(need_of(new)):
            return (f"turn {number}'s checks now read files that were not kept after that "
                    "turn (only those its checks read then were)")
    return None


def _programs(turn: Case | None) -> tuple[object, object]:
    return (turn.judge_program, turn.grader_program) if turn is not None else (None, None)


@dataclass
class Scope:
    """The source run against the case set now."""

    kept: list[Case] = field(default_factory=list)  # current versions, in the set's order
    changes: list[CheckChange] = field(default_factory=list)
    not_regraded: list[NotRegraded] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)


def regrade_scope(source: Plan, caseset: CaseSet, fixtures: dict[str, bytes],
                  root: Path) -> Scope:
    before = {c.id: c for c in source.cases_in_order()}
    scope = Scope()
    for case in caseset.evals:
        old = before.get(case.id)
        if old is None:
            scope.not_regraded.append(NotRegraded(
                case=case.id, reason="not in the source run (a new case, or left out by "
                                     "--case): no session ran it"))
            continue
        reason = why_not(old, case, fixtures, root)
        if reason is not None:
            scope.not_regraded.append(NotRegraded(case=case.id, reason=reason))
            continue
        scope.kept.append(case)
        scope.changes += check_changes(old, case)
    current = {c.id for c in caseset.evals}
    scope.removed = [c for c in before if c not in current]
    return scope


def caseset_digest(caseset: CaseSet, cases: list[Case]) -> str:
    kept = caseset.model_copy(update={"evals": tuple(cases)})
    return hashlib.sha256(kept.model_dump_json().encode()).hexdigest()


def regrade_plan(source: Plan, caseset: CaseSet, scope: Scope) -> Plan:
    """The regraded run's plan: the source's trials of the kept cases, same ids, each with its
    case as it is now. Its run id is a digest too: the same regrade resumes."""
    kept = {c.id: c for c in scope.kept}
    run_id = "r-" + digest_id({"regraded_from": source.run_id,
                               "cases": [c.digest() for c in scope.kept],
                               "judge_expected_output": caseset.judge_expected_output,
                               "grader": source.grader_model,
                               "judge": source.judge_model})[:16]
    trials = [t.model_copy(update={"run_id": run_id, "case": kept[t.case.id]})
              for t in source.trials if t.case.id in kept]
    return source.model_copy(update={
        "run_id": run_id, "created_at": datetime.now(UTC), "trials": trials,
        "cases": [c.id for c in scope.kept], "caseset_digest": caseset_digest(caseset,
                                                                              scope.kept),
        "judge_expected_output": caseset.judge_expected_output, "findings": [],
        "bundles": {}, "regraded_from": source.run_id})

"""A skill folder read offline before anything is spent: hygiene (runner.authoring.hygiene),
the static scan (runner.authoring.scan) and CS004, as one reading that `check` shows and `run`
acts on: hygiene errors refuse (exit 2), the rest is reported with the case set's findings."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from runner.authoring.hygiene import SKILL_FILE, hygiene, split_frontmatter
from runner.authoring.problems import SET_LEVEL, steps_without_process
from runner.authoring.scan import scan_skill
from runner.errors import RefusedInput
from runner.schema.case import Case, Finding
from runner.schema.hygiene import SkillFinding, SkillReading

SKILL_LEVEL = "(skill)"


def located(finding: Finding) -> str:
    """`file: case 'id':` for a case's finding, `file:` for the skill's or the set's (a
    finding given no case, `""`, is the set's: never `case ''`)."""
    if finding.case in (SKILL_LEVEL, SET_LEVEL, ""):
        return f"{finding.file}:"
    return f"{finding.file}: case {finding.case!r}:"


def read_skill(path: Path) -> SkillReading:
    """Hygiene and the scan of the folder at `path`; scanned only when hygiene lets it be
    read (a folder without SKILL.md has nothing to scan)."""
    if not path.is_dir():  # the same refusal loading the skill gives, before any check
        raise RefusedInput(f"{path}: not a folder")
    found = hygiene(path)
    scanned = scan_skill(path) if (path / SKILL_FILE).is_file() else []
    return SkillReading(hygiene=tuple(found), scan=tuple(scanned))


def refuse_errors(reading: SkillReading, path: Path) -> None:
    """Hygiene errors stop a run before anything is billed: every one named, with its fix."""
    errors = reading.errors
    if errors:
        listed = "; ".join(f"{e.code} {e.where()}: {e.message} (fix: {e.fix})" for e in errors)
        raise RefusedInput(f"{path}: {len(errors)} hygiene error(s): {listed}")


def as_finding(found: SkillFinding, root: Path) -> Finding:
    return Finding(code=found.code, file=str(root / found.where()), case=SKILL_LEVEL,
                   message=f"{found.check}: {found.message}", fix=found.fix)


def skill_findings(reading: SkillReading, root: Path, cases: Iterable[Case]) -> list[Finding]:
    """What a run reports beside the case set's findings: hygiene warnings, the scan's
    findings, and CS004 (numbered steps, no process)."""
    found = [as_finding(f, root) for f in (*reading.hygiene, *reading.scan)
             if f not in reading.errors]
    skill_md = root / SKILL_FILE
    if skill_md.is_file():
        body = split_frontmatter(skill_md.read_text(encoding="utf-8", errors="replace"))[1]
        cs004 = steps_without_process(body, list(cases), str(skill_md))
        if cs004 is not None:
            found.append(cs004)
    return found

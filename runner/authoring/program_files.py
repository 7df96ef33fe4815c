"""The files an author's grader program reads from its own folder (issue 26, "Authors' grader
programs"): a program beside the set that opens it (`json.load(open(HERE / "evals.json"))`,
the pr-description kind reading its cases by id) or a module of its own beside it (`import
helpers`). Its container mounts the program's folder as the fixtures bundle holds it, so
these travel in that bundle with the program (never into the agent's working directory: only
a case's own fixtures are staged there); without them the program would fail in every arm.

Read by the source's grammar: a file of the program's folder whose whole name the source
writes as a string (`"evals.json"`, `'rubric.md'`), or a Python module it imports by name.
Only regular files of that one folder, never a symlink, a subfolder or the program itself."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.schema.case import CaseSet

_MAX_BYTES = 10 * 1024**2  # a file larger than this is no program's companion


def _named(source: str, file: Path) -> bool:
    quoted = re.search(rf"""["']{re.escape(file.name)}["']""", source) is not None
    imported = file.suffix == ".py" and re.search(
        rf"(?m)^\s*(?:import\s+{re.escape(file.stem)}\b|from\s+{re.escape(file.stem)}\s+import\b)",
        source) is not None
    return quoted or imported


def program_files(skill_dir: Path, caseset: CaseSet) -> list[str]:
    """The fixtures the set's cases name, then every grader program's companions (above)."""
    found = caseset.fixture_files()
    programs = {c.grader_program.path for c in caseset.evals
                if c.grader_program and c.grader_program.path and not c.grader_program.outside
                and not c.grader_program.shell}
    extra: list[str] = []
    for rel in sorted(programs):
        program = skill_dir / rel
        if not safely.is_file(program) or safely.is_symlink(program):
            continue
        try:
            source = program.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        for file in sorted(program.parent.iterdir()):
            if file == program or not safely.is_file(file) or safely.is_symlink(file) \
                    or file.stat().st_size > _MAX_BYTES or not _named(source, file):
                continue
            extra.append((PurePosixPath(rel).parent / file.name).as_posix())
    return list(dict.fromkeys([*found, *extra]))

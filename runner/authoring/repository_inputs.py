"""A file the prompt names by its path from the skill's repository root ("Run the readiness
target with evaluation/actual-case-evidence-packets.json") that the repository holds outside
the skill (issue 26, rule 6). The author ran the case from the repository's root, where the
path resolves, so the session is given the file at that path (EV012), carried as a
project-level skill's file is (runner.authoring.project_skill.carry): text only, under the
size cap, never a file of the skill itself. One that cannot be carried (binary, too large)
leaves its case out (EV009), naming it.

Only in a repository (a `.git` at its root), and a path of two parts or more, read as written
from the repository's root: a bare name ("notes.md") may be any file, and one the repository
happens to hold elsewhere is no sign the author meant it. Never a hidden folder's file, a case
set (a set is never its cases' material), a path through a
symlink, one under `.git`, or one inside the skill (the skill's own files are the skill's).

The path counts as the prompt's input wherever its sentence names it ("with", "against",
"compare ... to"): a file the repository holds is there to be read, unless the prompt writes
it (runner.authoring.prompts.missing_inputs still leaves out what the prompt makes)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.inline import FILE_MAX_BYTES
from runner.authoring.layouts import repository_of
from runner.authoring.problems import Problems
from runner.authoring.project_skill import carry, through_link
from runner.authoring.siblings import SET_SUFFIXES, judge


def _repository(skill_dir: Path) -> Path | None:
    """The repository the skill sits in, only where a `.git` says so: a skill under a plain
    `skills/` folder (`~/skills/x`) has none, and the folder above is no repository."""
    top = repository_of(skill_dir)
    return top if top is not None and (top / ".git").exists() else None


def repository_file(skill_dir: Path, name: str) -> Path | None:
    """The file of the skill's repository that `name` names from the repository's root, or
    None (see the module's rules). Asked of every path a prompt names, several times a case:
    the cheap tests first (a data file of a set's format, under the size cap, is judged as a
    set last)."""
    posix = PurePosixPath(name.strip())
    if len(posix.parts) < 2 or posix.is_absolute() or ".." in posix.parts \
            or any(part.startswith(".") for part in posix.parts):
        return None  # (never a hidden folder's: `.ssh/config`, `.git/`, `.env/`)
    top = _repository(skill_dir)
    if top is None:
        return None
    path = top / posix
    if through_link(top, posix) or not safely.is_file(path):
        return None
    resolved = path.resolve()
    if not resolved.is_relative_to(top.resolve()) \
            or resolved.is_relative_to(skill_dir.resolve()):
        return None
    if path.suffix.lower() in SET_SUFFIXES and path.stat().st_size <= FILE_MAX_BYTES \
            and judge(path).shape:
        return None  # a case set is never its cases' material
    return path


def carried_from_repository(skill_dir: Path, case_id: str, names: list[str],
                            problems: Problems) -> dict[str, str]:
    """The named files the repository holds, as working-directory path -> text (said, or
    refused when one cannot be carried)."""
    top = _repository(skill_dir)
    carried: dict[str, str] = {}
    for name in names:
        path = repository_file(skill_dir, name)
        if path is not None and top is not None:
            carried.update(carry(skill_dir, case_id, name, path, problems, home=top.resolve(),
                                 called="the repository this skill sits in",
                                 leave_out=True))
    return carried

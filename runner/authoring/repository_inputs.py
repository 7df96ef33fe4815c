"""A file the prompt names by its path from the skill's repository root ("Run the readiness
target with evaluation/actual-case-evidence-packets.json") that the repository holds outside
the skill (issue 26, rule 6). The author ran the case from the repository's root, where the
path resolves, so the session is given the file at that path (EV012), carried as a
project-level skill's file is (runner.authoring.project_skill.carry): text only, under the
size cap, never a file of the skill itself. One that cannot be carried (binary, too large)
leaves its case out (EV009), naming it.

Only a path of two parts or more, read as written from the repository's root: a bare name
("notes.md") may be any file, and one the repository happens to hold elsewhere is no sign the
author meant it. Never a case set (a set is never its cases' material), a path through a
symlink, one under `.git`, or one inside the skill (the skill's own files are the skill's).

The path counts as the prompt's input wherever its sentence names it ("with", "against",
"compare ... to"): a file the repository holds is there to be read, unless the prompt writes
it (runner.authoring.prompts.missing_inputs still leaves out what the prompt makes)."""

from __future__ import annotations

from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.layouts import repository_of
from runner.authoring.problems import Problems
from runner.authoring.project_skill import carry
from runner.authoring.siblings import judge


def repository_file(skill_dir: Path, name: str) -> Path | None:
    """The file of the skill's repository that `name` names from the repository's root, or
    None (see the module's rules)."""
    posix = PurePosixPath(name.strip())
    if len(posix.parts) < 2 or posix.is_absolute() or ".." in posix.parts \
            or posix.parts[0] in (".", ".git") or ".git" in posix.parts:
        return None
    top = repository_of(skill_dir)
    if top is None:
        return None
    path = top / posix
    if any(safely.is_symlink(top.joinpath(*posix.parts[:n]))
           for n in range(1, len(posix.parts) + 1)) or not safely.is_file(path):
        return None
    resolved = path.resolve()
    if not resolved.is_relative_to(top.resolve()) \
            or resolved.is_relative_to(skill_dir.resolve()) or judge(path).shape:
        return None
    return path


def carried_from_repository(skill_dir: Path, case_id: str, names: list[str],
                            problems: Problems) -> dict[str, str]:
    """The named files the repository holds, as working-directory path -> text (said, or
    refused when one cannot be carried)."""
    top = repository_of(skill_dir)
    carried: dict[str, str] = {}
    for name in names:
        path = repository_file(skill_dir, name)
        if path is not None and top is not None:
            carried.update(carry(skill_dir, case_id, name, path, problems, home=top.resolve(),
                                 called="the repository this skill sits in",
                                 leave_out=True))
    return carried

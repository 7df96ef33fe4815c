"""A project-level skill's case that stages nothing of its own runs in its project (issue 26).

A skill at `<project>/.claude/skills/<name>/` (runner.authoring.project_skill) is loaded by
Claude Code for sessions started in `<project>`: its author ran "Update `TaskDaoTest`
coverage", "/review", "polish the How It Works section of the user guide" there, and the
project was the material. A case of such a skill that stages no material of its own (no
`files`, no inline fixtures, no workspace, no setup that builds one) gets the project's files
at the working directory's root, carried as the case's own text (`inline_files`), so the
case's digest covers them and a worker needs nothing new.

Never staged (the baseline must never receive the skill, the session must start as a plain
one, and no answer key rides along):
- every agent folder's `skills/` and any folder holding a SKILL.md (a skill, or a copy of one);
- `.claude/` as a whole (settings, hooks and commands change the session);
- skill-creator `*-workspace/` folders (past outputs: answer keys);
- `.git`, dependencies, builds and caches (`node_modules`, venvs, `dist`, `build`, `target`);
- symlinks (never followed), files that are not UTF-8 text (inline fixtures are text), files
  over the per-file cap (runner.authoring.inline.FILE_MAX_BYTES).

Past TOTAL_FILES files or TOTAL_BYTES bytes the project is not carried: every trial's spec
holds its case, so the project would be stored once per trial (cases x k x arms) in the run's
plan. Such a case runs with the project's files its prompt names (or none), and an EV012 line
names the largest folders and the fix (list the files the case works on under `files`).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath

from runner.authoring.inline import FILE_MAX_BYTES
from runner.authoring.project_skill import HIDDEN_SKILLS, agent_folder, project_of

# Dependencies, builds, caches and tooling: never the author's material.
DEPENDENCIES = frozenset({
    ".git", "node_modules", "bower_components", "vendor", ".venv", "venv", "env", ".env",
    ".tox", ".nox", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".cache",
    "dist", "build", "target", "out", ".next", ".nuxt", ".svelte-kit", ".turbo", ".gradle",
    ".idea", ".vscode", "coverage", ".coverage", "htmlcov", ".parcel-cache", ".terraform",
    "Pods", "DerivedData", ".dart_tool", ".angular", ".expo"})
# The cap on what one case carries. A project past it is not staged: carried in the case, it is
# stored once per trial in the run's plan (a 2 MiB project, 5 cases, k=3, two arms: 60 MiB),
# and a project this large is rarely the material of one case as a whole.
TOTAL_FILES = 400
TOTAL_BYTES = 2 * 1024**2
_SKILL_FILE = "SKILL.md"
# Secrets a user's checkout may hold untracked (`.env`, a key): never copied into a run's
# plan; their examples (`.env.example`) are the author's material.
_SECRET = re.compile(r"^\.env(?:\..*)?$|\.(?:pem|key|p12|pfx)$|^id_(?:rsa|ed25519|ecdsa)")
_EXAMPLE = re.compile(r"(?i)example|sample|template|dist$")
# A walk stops past this many files seen (kept or not): the answer is "too large" anyway.
_WALK_MAX = 20000


@dataclass(frozen=True)
class Staging:
    """What running in the project stages: path from the project's root -> text, and what was
    left out, by reason -> count."""

    project: Path
    files: dict[str, str]
    left_out: dict[str, int]
    # past the cap: the folders holding the most of what would be carried (name, files, bytes)
    too_large: tuple[tuple[str, int, int], ...] = field(default=())

    def left_out_text(self) -> str:
        return ", ".join(f"{reason} ({n})" if n > 1 else reason
                         for reason, n in self.left_out.items()) or "nothing"


def _left_dir(here: Path, name: str, project: Path) -> str | None:
    """Why the folder `here/name` is left out, or None."""
    path = here / name
    if path.is_symlink():
        return "symlinks"
    if name == ".claude" and here == project:
        return ".claude/"
    if name == "skills" and agent_folder(here.name):
        return f"{here.relative_to(project).as_posix()}/skills/"
    if name == HIDDEN_SKILLS and here == project:
        return f"{HIDDEN_SKILLS}/"
    if name.endswith("-workspace"):
        return "*-workspace/ (past outputs)"
    if name in DEPENDENCIES:
        return f"{name}/"
    if (path / _SKILL_FILE).is_file():
        return "skill folders"
    return None


@lru_cache(maxsize=16)
def _walk(project: Path, set_dir: Path | None) -> Staging:
    files: dict[str, str] = {}
    left: Counter[str] = Counter()
    sizes: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    total = seen = 0
    for folder, dirs, names in os.walk(project, followlinks=False):
        here = Path(folder)
        kept_dirs = []
        for name in sorted(dirs):
            why = "the set's own folder" if set_dir is not None and (here / name) == set_dir \
                else _left_dir(here, name, project)
            if why is None:
                kept_dirs.append(name)
            else:
                left[why] += 1
        dirs[:] = kept_dirs
        for name in sorted(names):
            seen += 1
            if seen > _WALK_MAX:
                return Staging(project, {}, dict(left), _largest(counts, sizes) or
                               (("(the project)", seen, total),))
            path = here / name
            at = path.relative_to(project).as_posix()
            if path.is_symlink():
                left["symlinks"] += 1
                continue
            if name == ".git":  # a submodule's pointer to its repository
                left[".git/"] += 1
                continue
            if _SECRET.search(name) and not _EXAMPLE.search(name):
                left["secrets files (.env, keys)"] += 1
                continue
            size = path.stat().st_size
            if size > FILE_MAX_BYTES:
                left["files over the per-file cap"] += 1
                continue
            top = PurePosixPath(at).parts[0] if len(PurePosixPath(at).parts) > 1 else "."
            if len(files) > TOTAL_FILES or total > TOTAL_BYTES:
                # past the cap nothing is carried: the sizes alone say where it went
                counts[top] += 1
                sizes[top] += size
                continue
            try:
                text = path.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                left["binary files"] += 1
                continue
            if "\x00" in text:
                left["binary files"] += 1
                continue
            files[at] = text
            total += len(text.encode())
            counts[top] += 1
            sizes[top] += len(text.encode())
    if len(files) > TOTAL_FILES or total > TOTAL_BYTES:
        return Staging(project, {}, dict(left), _largest(counts, sizes))
    return Staging(project, files, dict(left))


def _largest(counts: Counter[str], sizes: Counter[str]) -> tuple[tuple[str, int, int], ...]:
    return tuple((name, counts[name], sizes[name])
                 for name, _ in sizes.most_common(3))


def project_staging(skill_dir: Path, set_dir: Path | None = None) -> Staging | None:
    """The project a project-level skill's cases run in, as staged; None for a skill that is
    no project's. `set_dir`: the set's own folder, never staged."""
    project = project_of(skill_dir)
    # the file system's root, or a folder holding the home folder, is the host, no project
    if project is None or project.parent == project or Path.home().resolve().is_relative_to(
            project):
        return None
    return _walk(project, set_dir.resolve() if set_dir is not None else None)


def too_large_text(staging: Staging) -> str:
    """The largest folders of a project past the cap, for the refusal."""
    return ", ".join(f"{name}/ ({n} file(s), {size // 1024} KiB)" if name != "." else
                     f"its root ({n} file(s), {size // 1024} KiB)"
                     for name, n, size in staging.too_large)

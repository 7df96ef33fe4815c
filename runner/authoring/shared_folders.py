"""A collection's shared folder, linked into its skills (issue 26): `skills/agent-docs/
references/modes.md -> ../../_shared/modes.md`. The authors keep one copy of what several
skills read in a folder of the collection and link it from each skill; the skill as they
ship it holds that file. So the link is the collection's own material, staged as its file,
not a link "outside the skill" that every arm would miss (HY005 says which it is).

Read by the layout, never by the folder's name: the link resolves inside the folder holding
the skill (the collection), that folder holds another skill too (a folder with SKILL.md:
a collection, not a user's home or a repository root with one skill), the target is a
regular file or folder that exists, and no folder on its way (from the collection down) is
a skill of its own (another skill's files are that skill's) nor a dot folder (the tools'
settings, `.ssh`, `.git`). Anything else stays what it was: left out, never followed.

The repository holding the collection ships such files too (`skills/x/branding/card.yaml ->
../../../branding/card.yaml`, a folder at the repository's root beside `skills/`): a link may
resolve inside the folder one above the collection (for a project-level skill,
`.claude/skills/x`, its project: the folder holding `.claude/`) when that folder reads as a
repository by its own marker (runner.authoring.repository_root), is no dot folder nor the home
folder, and the collection holds another skill (a project-level skill's project is its material
already). The same rules on the way down hold from there, and a shared folder holding a skill
anywhere below it is that skill's. A chain of links is judged where it ends (resolved fully):
never above the repository, never a host file. Staging copies the file's content, never a link.
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

from runner.authoring.project_skill import project_of
from runner.authoring.project_walk import Walk
from runner.authoring.repository_root import reads_as_repository

SKILL_FILE = "SKILL.md"
_WALK_MAX = 2000  # files of a shared folder read for a skill inside it


@functools.lru_cache(maxsize=1024)
def _is_collection(folder: str, skill: str) -> bool:
    """`folder` holds a skill besides `skill` (its first 200 entries)."""
    try:
        entries = sorted(Path(folder).iterdir())[:200]
    except OSError:
        return False
    return any(str(e) != skill and (e / SKILL_FILE).is_file() for e in entries
               if e.is_dir() and not e.is_symlink())


def _material_root(skill: Path) -> Path | None:
    """The folder whose files are the authors' material beside the skill: the repository one
    folder above the collection (`<repo>/skills/<skill>`), or a project-level skill's project
    (`<project>/.claude/skills/<skill>`), and only when that folder reads as a repository by
    its own marker; None for anything else (a user's home, a folder of many repositories)."""
    project = project_of(skill)
    root = project if project is not None else skill.parent.parent
    # a dot folder (`~/.claude/` versioned as dotfiles) or the home folder is the user's
    # machine, never a repository's shared material
    if root == skill.parent or root.parent == root or root.name.startswith(".") \
            or root == Path.home().resolve() or not reads_as_repository(root):
        return None
    # a repository-level file is shared by a collection's skills: a skill alone in its folder
    # may sit anywhere (a project-level skill's project is its material already)
    if project is None and not _is_collection(str(skill.parent), str(skill)):
        return None
    return root


def _holds_skill(folder: Path) -> bool:
    """Whether a shared folder holds a skill anywhere below it, on the one walk
    (runner.authoring.project_walk: its first files, links not followed, no hidden folder,
    never a dependency's or a build's folder, whose SKILL.md is a package's, not a skill of
    the repository's): another skill's files are that skill's. Unsure (too many) reads as
    yes."""
    walk = Walk(folder, lambda here, name: "hidden folders" if name.startswith(".") else None,
                limit=_WALK_MAX)
    return any((f / SKILL_FILE).is_file() for f in walk.folders()) or walk.stopped


def _where(skill_root: Path, link: Path) -> tuple[Path, Path] | None:
    """The shared target of `link` and the folder it is shared from (the collection, or the
    repository holding it), or None."""
    skill = skill_root.resolve()
    collection = skill.parent
    # resolved fully: a chain of links is judged by where it ends
    target = Path(os.path.realpath(link))
    # (a folder holding the skill itself is the collection, or a cycle: never shared)
    if target.is_relative_to(skill) or skill.is_relative_to(target) \
            or not target.exists() or not (target.is_file() or target.is_dir()):
        return None
    if target.is_relative_to(collection):
        if not _is_collection(str(collection), str(skill)):
            return None
        base = collection
    else:
        root = _material_root(skill)
        if root is None or not target.is_relative_to(root):
            return None
        base = root
    below = target.relative_to(base)
    for depth in range(1, len(below.parts) + 1):
        part = base.joinpath(*below.parts[:depth])
        if below.parts[depth - 1].startswith(".") \
                or part.is_dir() and (part / SKILL_FILE).is_file():
            return None
    if target.is_dir() and _holds_skill(target):
        return None
    return target, base


def shared_target(skill_root: Path, link: Path) -> Path | None:
    """The collection's (or its repository's) shared file or folder `link` (a symlink inside
    the skill) names, or None when the link is no such thing."""
    found = _where(skill_root, link)
    return None if found is None else found[0]


def shared_from(skill_root: Path, link: Path) -> str | None:
    """Where a shared link's target is kept, as HY004/HY005 say it, or None when the link is
    no shared file (one resolution serves both questions)."""
    found = _where(skill_root, link)
    if found is None:
        return None
    if found[1] != skill_root.resolve().parent:
        return "the repository's shared files"
    return "the collection's shared folder"

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
"""

from __future__ import annotations

import functools
import os
from pathlib import Path

SKILL_FILE = "SKILL.md"


@functools.lru_cache(maxsize=1024)
def _is_collection(folder: str, skill: str) -> bool:
    """`folder` holds a skill besides `skill` (its first 200 entries)."""
    try:
        entries = sorted(Path(folder).iterdir())[:200]
    except OSError:
        return False
    return any(str(e) != skill and (e / SKILL_FILE).is_file() for e in entries
               if e.is_dir() and not e.is_symlink())


def shared_target(skill_root: Path, link: Path) -> Path | None:
    """The collection's shared file or folder `link` (a symlink inside the skill) names, or
    None when the link is no such thing."""
    skill = skill_root.resolve()
    collection = skill.parent
    target = Path(os.path.realpath(link))
    # (a folder holding the skill itself is the collection, or a cycle: never shared)
    if target.is_relative_to(skill) or skill.is_relative_to(target) \
            or not target.is_relative_to(collection) \
            or not target.exists() or not (target.is_file() or target.is_dir()):
        return None
    if not _is_collection(str(collection), str(skill)):
        return None
    below = target.relative_to(collection)
    for depth in range(1, len(below.parts) + 1):
        part = collection.joinpath(*below.parts[:depth])
        if below.parts[depth - 1].startswith(".") \
                or part.is_dir() and (part / SKILL_FILE).is_file():
            return None
    return target

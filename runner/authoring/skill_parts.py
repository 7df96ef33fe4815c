"""A skill's parts written as skills (issue 26, rule 8): a router skill whose SKILL.md sends
each request to a part's file (`skills/<name>/<name>.md`, read with the Read tool) keeps each
part in a subfolder holding one Markdown file with skill front matter (`name`,
`description`) instead of a SKILL.md, often with the part's own set (`<name>/evals/evals.json`).

Such a part is no skill Claude loads (only SKILL.md is), and no folder of the router's own
material either: its set is the router's cases for that part. So every part's set is read as
the router's one set (runner.authoring.joined, each id led by the part's name), never the
first part's alone standing for all of them; `check` says so in one line.

Read by the format (front matter with both keys, in the folder's one such file), never by a
folder's name.
"""

from __future__ import annotations

from pathlib import Path

from runner.authoring.skill import SKILL_FILE, _frontmatter
from runner.errors import RefusedInput

MD_SUFFIXES = (".md", ".markdown")


def part_file(folder: Path) -> Path | None:
    """The folder's one Markdown file with skill front matter (`name` and `description`,
    both words), when it holds no SKILL.md; else None."""
    if (folder / SKILL_FILE).exists() or not folder.is_dir():
        return None
    found = []
    for path in sorted(folder.iterdir()):
        if path.suffix.lower() not in MD_SUFFIXES or not path.is_file() or path.is_symlink():
            continue
        try:
            data = _frontmatter(path)
        except (RefusedInput, OSError, UnicodeDecodeError, ValueError):
            continue  # no front matter: a reference or a note, not a part
        if all(isinstance(data.get(k), str) and str(data.get(k)).strip()
               for k in ("name", "description")):
            found.append(path)
    return found[0] if len(found) == 1 else None


def part_name(folder: Path) -> str:
    """What the part calls itself (its front matter's `name`), else its folder's name."""
    path = part_file(folder)
    try:
        name = _frontmatter(path).get("name") if path is not None else None
    except (RefusedInput, OSError, UnicodeDecodeError, ValueError):
        name = None
    return name.strip() if isinstance(name, str) and name.strip() else folder.name

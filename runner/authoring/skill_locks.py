"""A project-level skill installed from elsewhere, as the project's skills lock file records it
(issue 26, graded as meant).

`npx skills add shadcn/ui` copies an upstream skill, its `evals/` too, into
`<project>/.agents/skills/shadcn/` and records it in `<project>/skills-lock.json`
(`{"skills": {"shadcn": {"source": "shadcn/ui", "sourceType": "github"}}}`); other installers
keep `skills.lock`, `.skill-lock.json` or `.claude/SKILLS.lock` (`resolved.source`, `url`).
Such a skill's cases were written upstream, for no project of this one's: its prompts say
what they need ("a settings form with the base-nova preset"), and the host's own files
(a `components.json` with another preset) would contradict them. So its cases run with what
they stage, never in the host project (runner.authoring.whole_project). A skill the lock file
records as local (`sourceType: local`, `source: local`) is the project's own.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.skill import declared_name

# The lock files skill installers write at a project's root, in the order read.
LOCK_FILES = ("skills-lock.json", "skills.lock", ".skill-lock.json", "SKILLS.lock",
              ".claude/SKILLS.lock", ".agents/.skill-lock.json")
_LOCAL = frozenset({"local", "file", "path", "composed"})


def _source(entry: Any) -> str | None:
    """The upstream an entry names; None for a local one or an entry naming none."""
    if not isinstance(entry, dict):
        return None
    resolved = entry.get("resolved")
    fields = {**(resolved if isinstance(resolved, dict) else {}), **entry}
    kind = str(fields.get("sourceType", fields.get("source_type", ""))).strip().lower()
    source = next((str(fields[k]).strip() for k in ("source", "url", "sourceUrl")
                   if isinstance(fields.get(k), str) and fields[k].strip()), None)
    if kind in _LOCAL or source is None or source.lower() in _LOCAL:
        return None
    return source


def installed_from(project: Path, skill_dir: Path) -> str | None:
    """Why the skill's cases are not the project's, when the project's skills lock file
    records it (by its declared or its folder's name) as installed from elsewhere; None
    otherwise, or for a lock file that does not parse (read as the project's own, as without
    one)."""
    names = [n for n in dict.fromkeys((declared_name(skill_dir), skill_dir.name)) if n]
    for rel in LOCK_FILES:
        path = project / rel
        if not safely.is_file(path):
            continue
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError, ValueError):
            continue
        skills = data.get("skills") if isinstance(data, dict) else None
        if not isinstance(skills, dict):
            continue
        source = next((s for n in names if (s := _source(skills.get(n))) is not None), None)
        if source is not None:
            return (f"its {rel} records this skill as installed from {source}, so its cases "
                    "were written there, for no project of this one's (the host's files could "
                    "contradict them)")
    return None

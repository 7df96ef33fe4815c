"""A case's fixtures in a folder named for its id beside the set (`evals/fixtures/<id>/`), the
case naming no files of its own: the author's convention says which inputs a case gets by
where they sit. Its `workspace/` folder, when there is one, is the working directory the run
starts in (its files staged at the root as they sit in it); anything else there is the
author's setup notes for whoever runs the case (`fixture.md`: "give the agent crash.log"),
never staged (the agent must not read how it is graded), reported. With no `workspace/`, every
file of the folder is a fixture staged at the root as it sits in the folder, but such notes.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.project_walk import Walk

FIXTURE_FOLDERS = ("fixtures", "fixture")
WORKSPACE_FOLDERS = ("workspace", "workdir", "repo")
# Notes for the person running the case, by stem: never the agent's input.
NOTE_STEMS = frozenset({"fixture", "readme", "notes", "setup", "instructions"})


@dataclass
class IdFixtures:
    """The folder found, the files to stage (path from the set's folder -> where it lands),
    and the notes left unstaged."""

    folder: Path
    staged: dict[str, str] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _files(folder: Path) -> list[Path]:
    """The fixture folder's files on the one walk (runner.authoring.project_walk), in path
    order: the working directory a case starts in is staged as a project is
    (runner.authoring.whole_project), never with a link, dependencies, a build or a cache
    (`node_modules/`, `dist/`, `.venv/`), which no case's author wrote."""
    return sorted(p for p in Walk(folder, limit=sys.maxsize).files() if p.is_file())


def id_fixtures(set_dir: Path, case_id: str) -> IdFixtures | None:
    """The case's folder under the set's `fixtures/` and what it stages, or None."""
    if not case_id or "/" in case_id or case_id.startswith("."):
        return None
    folder = next((set_dir / f / case_id for f in FIXTURE_FOLDERS
                   if safely.is_dir(set_dir / f / case_id)), None)
    if folder is None:
        return None
    found = IdFixtures(folder)
    workspace = next((folder / w for w in WORKSPACE_FOLDERS if (folder / w).is_dir()), None)
    base = workspace or folder
    for path in _files(folder):
        rel = path.relative_to(set_dir).as_posix()
        inside = path.is_relative_to(base)
        if not inside or (workspace is None and path.parent == folder
                          and path.stem.lower() in NOTE_STEMS):
            found.notes.append(rel)
            continue
        found.staged[rel] = PurePosixPath(path.relative_to(base).as_posix()).as_posix()
    return found

"""One walk over a skill's files or its project's, and one list of what is never its author's
material (issue 26).

Three readers walk a skill or the project it lives in: project_skill finds the file a bare
name (`TokenProvider.java`) names, whole_project stages the project (or a folder of it) for a
case that runs there, and other_sets looks for the case sets no layout reads. All must skip
the same folders: a file found by name in `vendor/` that staging would never carry, or a set
reported from `out/` that no reader would ever read, reads one tree two ways. So the walk, its
order (sorted: folder by folder, a folder's files before its subfolders'), its limits (how
deep, how many files) and the folders it never enters live here, with the prunes more than
one reader shares (a nested skill, a run's past outputs); each reader adds only its own
reasons (the skill's folder, `.claude/`, hidden folders). The same walk finds a repository's
skills (layouts.skill_files, on `folders()`: a SKILL.md may be a link to the repository's
file), its Markdown docs (set_notes) and whether a shared folder holds a skill
(shared_folders); the authors' programs (programs), a skill's shipped files (offline_runs)
and its script names (live_services) are read on it too.

Never entered by any walk: a symlinked folder (never followed) and DEPENDENCIES (`.git`,
`node_modules`, `vendor`, `env`, `out`, `target`, `coverage`, ...: dependencies, builds,
caches and tooling), unless the folder holds a SKILL.md directly and is not hidden: a skill
named `env` or `coverage` is a skill, not a dependency. Never yielded: a symlinked file
(counted as `symlinks`: every reader leaves it out, a link is staged by no arm).
"""

from __future__ import annotations

import os
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

# Dependencies, builds, caches and tooling: never the author's material, never walked.
DEPENDENCIES = frozenset({
    ".git", "node_modules", "bower_components", "vendor", ".venv", "venv", "env", ".env",
    ".tox", ".nox", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache", ".cache",
    "dist", "build", "target", "out", ".next", ".nuxt", ".svelte-kit", ".turbo", ".gradle",
    ".idea", ".vscode", "coverage", ".coverage", "htmlcov", ".parcel-cache", ".terraform",
    "Pods", "DerivedData", ".dart_tool", ".angular", ".expo"})
# A walk stops past this many files seen (kept or not): a project this large is answered
# "too large" (staging) or "unsure" (a bare name) anyway, and walking on costs seconds.
WALK_MAX = 20000


def never_walked(here: Path, name: str) -> str | None:
    """Why the folder `here/name` is never entered by any walk (a symlink is never followed;
    dependencies and tooling are no one's material), or None. A folder holding a SKILL.md
    directly is someone's skill, whatever its name (a skill called `env`, `coverage/` or
    `out/`): never a dependency folder, so never hidden from staging, the bare-name search or
    a reader (whether the walk wants another skill's files is the reader's prune,
    nested_skill). A hidden one (`.venv/`, `.cache/`) stays tooling."""
    if (here / name).is_symlink():
        return "symlinks"
    if name in DEPENDENCIES and (name.startswith(".") or not (here / name / "SKILL.md").is_file()):
        return f"{name}/"
    return None


# skill-creator's run folders: `<skill>-workspace/` and its `iteration-N/` copies of outputs
# (numbered: a project's `iterations/` folder of notes is its author's material).
ITERATION = re.compile(r"^iteration[-_]?\d+$")


def nested_skill(here: Path, name: str) -> str | None:
    """A folder holding a SKILL.md: another skill (or a copy of one), whose files and sets
    are its own, never the walked skill's or project's material."""
    return "skill folders" if (here / name / "SKILL.md").is_file() else None


def past_outputs(here: Path, name: str) -> str | None:
    """A run's copy of past outputs (skill-creator's `<skill>-workspace/`, `iteration-N/`,
    `workspace/<skill>/outputs/`):
    answer keys and run records, never the author's material."""
    if name.endswith("-workspace"):
        return "*-workspace/ (past outputs)"
    if ITERATION.match(name):
        return "iteration-N/ (past outputs)"
    # a skill's runs kept per skill under a workspace (`workspace/map-website-api/outputs/`,
    # beside the author's notes on them): the whole folder, outputs and notes
    if here.name.lower() in ("workspace", "workspaces") and any(
            (here / name / out).is_dir() for out in ("outputs", "output")):
        return "workspace/<name>/ holding outputs/ (past outputs)"
    return None


@dataclass
class Walk:
    """The files under `root`, folder by folder in name order (a folder's files, then each
    subfolder's in turn). A folder is not entered when never_walked or the reader's `prune`
    gives a reason, nor past `depth` folders below `root`; each reason is counted in `left`,
    as is each symlinked file (never yielded). Past `limit` files the walk stops and
    `stopped` is set: the files yielded are the first `limit` in that order."""

    root: Path
    prune: Callable[[Path, str], str | None] = lambda here, name: None
    depth: int | None = None  # folders below `root` entered, at most (None: no limit)
    limit: int = WALK_MAX
    left: Counter[str] = field(default_factory=Counter)
    seen: int = 0
    stopped: bool = False

    def files(self) -> Iterator[Path]:
        for here, names in self._entered():
            for name in names:
                if (here / name).is_symlink():
                    self.left["symlinks"] += 1
                    continue
                self.seen += 1
                if self.seen > self.limit:
                    self.stopped = True
                    return
                yield here / name

    def folders(self) -> Iterator[Path]:
        """Each folder the walk enters, `root` first, in the same order and under the same
        prunes and limit (its files, links among them, counted as seen): for a reader that
        asks what a folder holds (a SKILL.md, which may be a link to the repository's own
        file) rather than for the files themselves."""
        for here, names in self._entered():
            self.seen += len(names)
            if self.seen > self.limit:
                self.stopped = True
                return
            yield here

    def _entered(self) -> Iterator[tuple[Path, list[str]]]:
        for folder, dirs, names in os.walk(self.root, followlinks=False):
            here = Path(folder)
            deep = self.depth is not None and \
                len(here.relative_to(self.root).parts) >= self.depth
            kept = []
            for name in sorted(dirs):
                why = never_walked(here, name) or self.prune(here, name) or (
                    f"folders deeper than {self.depth}" if deep else None)
                if why is None:
                    kept.append(name)
                else:
                    self.left[why] += 1
            dirs[:] = kept
            yield here, sorted(names)


def subfolders(folder: Path, prune: Callable[[Path, str], str | None] = lambda here, name: None
               ) -> list[Path]:
    """The folders directly below `folder` the one walk enters (never a link, a dependency
    or a build; not the reader's `prune`), in name order: for a reader that looks one or two
    levels down by hand rather than walking."""
    return [f for f in Walk(folder, prune, depth=1, limit=sys.maxsize).folders() if f != folder]

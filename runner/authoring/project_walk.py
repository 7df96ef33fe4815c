"""One walk over a project-level skill's project, and one list of what is never its author's
material (issue 26).

Two readers walk the project a skill lives in (runner.authoring.project_skill): one finds the
file a bare name (`TokenProvider.java`) names, the other stages the project (or a folder of it)
for a case that runs there (runner.authoring.whole_project). Both must skip the same folders:
a file found by name in `vendor/` that staging would never carry, or the reverse, reads one
project two ways. So the walk, its order, its limit and the folders it never enters live here,
and each reader adds only its own reasons (the skill's folder, `.claude/`, past outputs).
"""

from __future__ import annotations

import os
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
    dependencies and tooling are no one's material), or None."""
    if (here / name).is_symlink():
        return "symlinks"
    if name in DEPENDENCIES:
        return f"{name}/"
    return None


@dataclass
class Walk:
    """The files under `root`, folder by folder in name order. A folder is not entered when
    never_walked or the reader's `prune` gives a reason; each reason is counted in `left`.
    Past WALK_MAX files the walk stops and `stopped` is set."""

    root: Path
    prune: Callable[[Path, str], str | None] = lambda here, name: None
    left: Counter[str] = field(default_factory=Counter)
    seen: int = 0
    stopped: bool = False

    def files(self) -> Iterator[Path]:
        for folder, dirs, names in os.walk(self.root, followlinks=False):
            here = Path(folder)
            kept = []
            for name in sorted(dirs):
                why = never_walked(here, name) or self.prune(here, name)
                if why is None:
                    kept.append(name)
                else:
                    self.left[why] += 1
            dirs[:] = kept
            for name in sorted(names):
                self.seen += 1
                if self.seen > WALK_MAX:
                    self.stopped = True
                    return
                yield here / name

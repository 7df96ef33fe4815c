"""What reads as a repository's root (issue 26): a folder holding its own marker (`.git`,
`.github`, a package manifest, a LICENSE, `.claude-plugin`). The one test of it: the set notes
read the repository's docs from there (runner.authoring.set_notes), and a collection's skills
may link the repository's shared files from there (runner.authoring.shared_folders)."""

from __future__ import annotations

from pathlib import Path

ROOT_MARKS = (".git", ".github", "package.json", "pyproject.toml", "LICENSE", "LICENSE.md",
              ".claude-plugin")


def reads_as_repository(folder: Path) -> bool:
    """Whether `folder` is a repository's root by a marker of its own."""
    return any((folder / m).exists() for m in ROOT_MARKS)

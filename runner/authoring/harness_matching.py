"""How the authors' own harness matches a field named for patterns (issue 26: every check
reads the author's operand as the author's grader does). `required_patterns` reads as regular
expressions by its name (runner.authoring.pattern_fields); but when the authors' harness that
reads that field greps it as fixed text (`grep -qFi "$pattern"`, `fgrep`, `--fixed-strings`),
each item is the literal text it greps for, and case is ignored where that grep says so
(`-i`): "[fill in]" is then the bracketed words themselves, never a class of five letters.

Looked for in the programs beside the set (its folder and the one above it), the skill's
folder and the repository's `scripts/`, `tools/`, `bin/` and `tests/` (their top level): the
shell, Python and JavaScript files naming the field, bounded (256 KiB a file, 200 files)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from runner.authoring import safely
from runner.authoring.layouts import repository_of

_PROGRAM_SUFFIXES = frozenset({".sh", ".bash", ".py", ".js", ".mjs", ".cjs", ".ts"})
_HARNESS_FOLDERS = ("scripts", "tools", "bin", "tests")
_MAX_BYTES = 256 * 1024
_MAX_FILES = 200
# a grep of fixed strings, with its short flags (`-qFi`), or its long form
_FIXED_GREP = re.compile(r"\bgrep\s+((?:-[A-Za-z]*F[A-Za-z]*|--fixed-strings)(?:\s+-[A-Za-z]+"
                         r"|\s+--[\w-]+)*)|\bfgrep\b(\s+-[A-Za-z]+)*")


def _programs(folders: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for folder in dict.fromkeys(folders):
        if not safely.is_dir(folder) or safely.is_symlink(folder):
            continue
        for path in sorted(folder.iterdir()):
            if path.suffix.lower() in _PROGRAM_SUFFIXES and safely.is_file(path) \
                    and not safely.is_symlink(path) and path.stat().st_size <= _MAX_BYTES:
                found.append(path)
            if len(found) >= _MAX_FILES:
                return found
    return found


def fixed_fields(skill_dir: Path, set_folder: Path, fields: Iterable[str]) -> dict[str, bool]:
    """Each of `fields` the authors' harness greps as fixed text -> whether that grep ignores
    case. Empty when no harness names them, or none greps them so."""
    wanted = [f for f in dict.fromkeys(fields) if f]
    if not wanted:
        return {}
    top = repository_of(skill_dir)
    folders = [set_folder, set_folder.parent, skill_dir, *(
        top / name for name in _HARNESS_FOLDERS if top is not None)]
    fixed: dict[str, bool] = {}
    for program in _programs(folders):
        try:
            text = program.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        greps = list(_FIXED_GREP.finditer(text))
        if not greps:
            continue
        fold = any(re.search(r"-[A-Za-z]*i|--ignore-case", m.group(0)) for m in greps)
        for field in wanted:
            if re.search(rf"(?<![\w-]){re.escape(field)}(?![\w-])", text):
                fixed[field] = fixed.get(field, False) or fold
    return fixed

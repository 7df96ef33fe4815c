"""What of the skill's repository the skill needs from outside its folder (issue 26, rule 6,
EV014). A trial installs the skill's folder alone, in an image without the repository's
programs, so no arm has these:

- a program of the repository that SKILL.md runs: the skill's
steps run `lilygo-skills context`, and the repository ships that command (`bin/lilygo-skills.mjs`,
a `bin` entry of its package.json, a script of its pyproject.toml) outside the skill's folder. A
trial installs the skill's folder alone, in an image without the repository's programs, so no
  arm can run it: a case whose answer needs what it gives cannot pass as written.
  Read from the repository's own declarations, never from a list of products: a command
  SKILL.md writes as code (a code span, a line of a fenced block) whose program is one the
  repository declares, and that the skill's folder does not hold;
- a module a script of the skill imports by a relative path the skill's folder does not hold
  (`scripts/calc.js`, linked into the skill from the repository's `scripts/`, importing
  `../lib/utility.js`: the repository's `lib/`, left behind): the script fails in every arm.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.repository_root import reads_as_repository

_LEVELS = 4  # folders above the skill looked at, up to the one holding `.git`
# A command as code: a code span opening with a program's name and an argument (a single word,
# "`dev` mode", is prose's term), or a line of a shell block (never an output block's).
_SPAN = re.compile(r"`(?:\$\s+)?([a-z][\w.-]*)\s+[^`\s][^`\n]*`")
_FENCED_LINE = re.compile(r"(?m)^[ \t]*(?:\$\s+)?([a-z][\w.-]*)\s+\S")
# (an unlabelled block is read too: most are; an output's or a text's is not)
_SHELL_FENCE = re.compile(r"^(?:```|~~~)[ \t]*(?:bash|sh|shell|console|zsh|fish)?[ \t]*\n(.*?)"
                          r"^(?:```|~~~)", re.S | re.M)
# What a program file of `bin/` ends in: the command is the name before it.
_PROGRAM_SUFFIX = re.compile(r"\.(?:js|mjs|cjs|ts|py|sh|rb|pl)$")


def _commands(text: str) -> set[str]:
    found = {m.group(1) for m in _SPAN.finditer(text)}
    for block in _SHELL_FENCE.findall(text):
        found |= {m.group(1) for m in _FENCED_LINE.finditer(block)}
    return found


def _json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None


def _declared(root: Path) -> dict[str, str]:
    """The programs a folder declares: name -> where."""
    found: dict[str, str] = {}
    package = _json(root / "package.json") if safely.is_file(root / "package.json") else None
    if isinstance(package, dict):
        bins = package.get("bin")
        if isinstance(bins, str) and isinstance(package.get("name"), str):
            found[package["name"].split("/")[-1]] = "package.json `bin`"
        elif isinstance(bins, dict):
            found |= {str(k): "package.json `bin`" for k in bins}
    pyproject = root / "pyproject.toml"
    if safely.is_file(pyproject):
        try:
            scripts = tomllib.loads(pyproject.read_text(encoding="utf-8")).get(
                "project", {}).get("scripts", {})
        except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
            scripts = {}
        if isinstance(scripts, dict):
            found |= {str(k): "pyproject.toml `[project.scripts]`" for k in scripts}
    folder = root / "bin"
    if safely.is_dir(folder) and not found:  # a package's `bin` says which are commands
        found |= {_PROGRAM_SUFFIX.sub("", p.name): f"bin/{p.name}"
                  for p in sorted(folder.iterdir()) if _a_command(p)}
    return found


def _a_command(path: Path) -> bool:
    """A file of `bin/` run as a command: executable, or opening with a shebang (a module the
    command imports, `bin/lib.mjs`, is neither)."""
    if not safely.is_file(path):
        return False
    if os.access(path, os.X_OK):
        return True
    try:
        with path.open("rb") as handle:
            return handle.read(2) == b"#!"
    except OSError:
        return False


def repository_programs(skill_dir: Path, skill_md: str) -> list[tuple[str, str]]:
    """(program, where the repository declares it) for each command SKILL.md runs that a
    folder above the skill declares and the skill's folder does not hold."""
    runs = _commands(skill_md)
    if not runs:
        return []
    own = skill_dir.resolve()
    if (own / ".git").exists():
        return []  # the skill is its repository: nothing of it lies outside
    # only inside the skill's repository: the folders above it up to the first that reads as a
    # repository's root; none (an unpacked skill) looks at nothing, never the system's /bin
    parents = list(own.parents)[:_LEVELS]
    top = next((n for n, root in enumerate(parents) if reads_as_repository(root)), None)
    if top is None:
        return []
    found: dict[str, str] = {}
    for root in parents[:top + 1]:
        for name, where in _declared(root).items():
            if name in runs and name not in found and not any(
                    _PROGRAM_SUFFIX.sub("", p.name) == name for p in own.rglob(f"{name}*")
                    if safely.is_file(p)):
                found[name] = where if root == own.parent else f"{root.name}/{where}"
    return list(found.items())


# A JavaScript module imported by a relative path: `from '../lib/x.js'`, `require('./a')`,
# `import('../b.mjs')`.
_JS_IMPORT = re.compile(r"""(?:\bfrom\s+|\brequire\(\s*|\bimport\(\s*|^\s*import\s+)"""
                        r"""["'](\.{1,2}/[^"'\n]+)["']""", re.M)
_JS_SUFFIXES = (".js", ".mjs", ".cjs", ".ts", ".mts", ".cts", ".jsx", ".tsx")
_SOURCE_MAX = 500_000
_FOUND_MAX = 20


# A TypeScript source imported by its compiled name (`./parse.js` for `parse.ts`, NodeNext).
_COMPILED = {".js": (".ts", ".tsx"), ".mjs": (".mts",), ".cjs": (".cts",)}
_NOT_SOURCES = frozenset({"node_modules", "vendor", "dist", "build", "out", "coverage"})


def _resolves(base: Path, target: str) -> bool:
    if safely.is_file(base / target):
        return True
    stem, suffix = os.path.splitext(target)
    if any(safely.is_file(base / (stem + source)) for source in _COMPILED.get(suffix, ())):
        return True
    return any(safely.is_file(base / (target + suffix)) or
               safely.is_file(base / target / f"index{suffix}") for suffix in _JS_SUFFIXES)


def unshipped_imports(skill_dir: Path) -> list[tuple[str, str]]:
    """(script, import) for each relative import of the skill's scripts that the skill's folder,
    as a trial installs it (its links followed), does not hold."""
    own = Path(skill_dir)
    found: list[tuple[str, str]] = []
    seen: set[str] = set()  # real folders walked: a link back up is walked once
    for folder, dirs, files in os.walk(own, followlinks=True):
        real = os.path.realpath(folder)
        if real in seen:
            dirs[:] = []
            continue
        seen.add(real)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _NOT_SOURCES)
        for name in sorted(files):
            path = Path(folder) / name
            if path.suffix not in _JS_SUFFIXES or not safely.is_file(path) \
                    or path.stat().st_size > _SOURCE_MAX:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            shown = path.relative_to(own).as_posix()
            for target in dict.fromkeys(_JS_IMPORT.findall(text)):
                at = os.path.normpath(os.path.join(os.path.dirname(shown), target))
                if at.startswith("..") or not _resolves(own, at):
                    found.append((shown, target))
        if len(found) >= _FOUND_MAX:
            break
    return found

"""Git submodules the repository holding the skill declares and the snapshot lacks (issue 26,
rule 6): `.gitmodules` names each one's path and URL; a checkout made without
`--recurse-submodules` (every snapshot this runner is given) holds an empty folder or none. A
skill whose work is on them (vendoring from `upstream/<name>/`, syncing a submodule) needs
the network to fetch them, which the sandbox has not: a case that names a submodule (its
folder's name, its path, or an alias the skill's SKILL.md gives it) and stages nothing cannot
pass in any arm. A folder named by a plain word (`docs`) counts by its path (when a folder is
above it) or an alias only.

Read from the repository's own declaration (the `.gitmodules` format), never from a list of
names. An alias is the skill's: `ECC = everything-claude-code`, `ECC (everything-claude-code)`
or a table row whose first cell names the alias and another cell the submodule's path.
"""

from __future__ import annotations

import configparser
import re
from pathlib import Path

from runner.analysis.wording import unquoted
from runner.authoring.mcp import skill_md
from runner.schema.case import Case

_LEVELS = 6  # how far above the skill its repository's root may sit
MAX_BYTES = 64 * 1024
_SHORT = 3  # a name shorter than this is too common a token to read as the submodule
# A folder's name distinct enough to be the submodule's in a sentence (`anthropic-skills`,
# `mcp_servers`); a plain word (`docs`, `themes`) is named by its path or an alias only.
_DISTINCT = re.compile(r"^[A-Za-z][\w.]*[-_][\w.-]+$")


def _declared(root: Path) -> list[str]:
    """The submodule paths `.gitmodules` at `root` declares whose folder is absent or empty."""
    try:
        path = root / ".gitmodules"
        if path.stat().st_size > MAX_BYTES:
            return []
        parser = configparser.ConfigParser(strict=False, interpolation=None)
        parser.read_string(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, configparser.Error):
        return []
    found = []
    for section in parser.sections():
        sub = parser.get(section, "path", fallback="").strip().strip("/")
        folder = root / sub
        if sub and not (folder.is_dir() and any(folder.iterdir())):
            found.append(sub)
    return found


def absent_submodules(skill_dir: Path) -> dict[str, str]:
    """Each name a case may call an absent submodule by (its folder's name, its path, an alias
    the SKILL.md gives) -> its path; empty when the repository declares none."""
    skill = skill_dir.resolve()
    for root in [skill, *list(skill.parents)[:_LEVELS]]:
        if (root / ".gitmodules").is_file():
            paths = _declared(root)
            break
    else:
        return {}
    names: dict[str, str] = {}
    for sub in paths:
        if "/" in sub:  # a path is the submodule's (`upstream/docs`)
            names[sub] = sub
        if _DISTINCT.match(sub.rsplit("/", 1)[-1]):  # `anthropic-skills`, never `docs`
            names[sub.rsplit("/", 1)[-1]] = sub
    text = skill_md(skill_dir) or ""
    for sub in paths:
        name = re.escape(sub.rsplit("/", 1)[-1])
        # `ECC = everything-claude-code`, `ECC (everything-claude-code)`, `x (ECC)`
        for match in re.finditer(rf"(?<![\w-])([A-Za-z][\w-]+)\s*(?:=|\()\s*{name}(?![\w-])"
                                 rf"|(?<![\w-]){name}\s*\(\s*([A-Za-z][\w-]+)\s*\)", text):
            names.setdefault(match.group(1) or match.group(2), sub)
        for line in text.splitlines():  # a table row: the alias, then the submodule's path
            cells = [c.strip(" `") for c in line.strip().strip("|").split("|")]
            if line.lstrip().startswith("|") and len(cells) > 1 \
                    and any(c.strip("/") == sub for c in cells[1:]) \
                    and re.fullmatch(r"[A-Za-z][\w-]+", cells[0]):
                names.setdefault(cells[0], sub)
    return {n: s for n, s in names.items() if len(n) >= _SHORT}


def submodule_needs(case: Case, names: dict[str, str]) -> list[str]:
    """The absent submodules a case that stages nothing names in its prompt or criteria, as
    `name (path)`."""
    if not names or case.files or case.inline_files:
        return []
    texts = [unquoted(case.prompt, pasted=True), case.expected_output, *case.statements,
             *case.assertions]
    found: dict[str, str] = {}
    for name, sub in sorted(names.items(), key=lambda item: -len(item[0])):
        pattern = re.compile(rf"(?<![\w/.-]){re.escape(name)}(?![\w-])")
        if sub not in found.values() and any(pattern.search(t) for t in texts if t):
            found[name] = sub
    return [name if name == sub else f"{name} ({sub})" for name, sub in found.items()]

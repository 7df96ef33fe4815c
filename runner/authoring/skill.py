"""A skill folder: its identity (name, digest of the exact bytes staged) and its staging.

The digest covers the bytes an arm actually receives: every file except `evals/` (the answer
key is never staged) and VCS/cache noise. Two folders with the same digest are the same arm.
"""

from __future__ import annotations

import functools
import hashlib
import json
import re
import shutil
from pathlib import Path

import yaml

from runner.authoring import frontmatter
from runner.authoring.shared_folders import shared_target
from runner.errors import RefusedInput
from runner.schema.skill import Skill

SKILL_FILE = "SKILL.md"
EXCLUDED_TOP = frozenset({"evals", ".git"})
EXCLUDED_ANY = frozenset({"__pycache__", ".DS_Store"})


def staged_files(root: Path) -> list[Path]:
    """Files an arm receives, relative to root, sorted. A symlink that resolves inside the skill
    is ordinary packaging (a root SKILL.md linking to a packaged copy): staged as the file (or
    folder) it names, except a folder link back to one of its own parents (a cycle). A link
    that leaves the skill (or names nothing) is left out, never staged nor followed: hygiene
    (HY005) says so, and refuses the skill when SKILL.md names it; a special file is refused.
    The one link out staged is into the collection's shared folder (`../../_shared/x.md`,
    runner.authoring.shared_folders): the authors' own material, staged as its file."""
    top = root.resolve()
    found: list[Path] = []

    def walk(folder: Path, rel_folder: Path) -> None:
        for path in sorted(folder.iterdir()):
            rel = rel_folder / path.name
            if rel.parts[0] in EXCLUDED_TOP or EXCLUDED_ANY.intersection(rel.parts):
                continue
            real = path.resolve() if path.is_symlink() else path
            if path.is_symlink():
                if (not real.is_relative_to(top) or not real.exists()) \
                        and shared_target(root, path) is None:
                    continue  # a hostile or stale link: the arms never see it (HY005)
                if real.is_dir() and (root / rel_folder).resolve().is_relative_to(real):
                    continue  # a link to a parent: its files are staged once, from there
            if real.is_file():
                found.append(rel)
            elif real.is_dir():
                walk(path, rel)
            else:
                raise RefusedInput(f"{path}: not a regular file or folder")

    walk(root, Path())
    return sorted(found)


BOM = "\ufeff"  # a UTF-8 byte-order mark, as decoded


def _frontmatter(skill_md: Path) -> dict[str, object]:
    # a collection's check reads every sibling's name once per skill: hundreds of SKILL.md
    # files parsed again and again (bench/caseset_acceptance.py spent 80% of a skill there)
    stat = skill_md.stat()
    return dict(_parsed(str(skill_md), stat.st_mtime_ns, stat.st_size))


# (a vendored collection holds thousands of skills, read in turn once per check: a cache
# smaller than the collection keeps none of them)
@functools.lru_cache(maxsize=65536)
def _parsed(path: str, _mtime_ns: int, _size: int) -> dict[str, object]:
    """One version of a SKILL.md's frontmatter (the cache's key holds its mtime and size)."""
    skill_md = Path(path)
    # a byte-order mark (Windows editors write one) is the file's encoding, not its text:
    # the frontmatter after it is the author's, as skill loaders read it
    text = skill_md.read_text(encoding="utf-8").removeprefix(BOM)
    if not text.startswith("---"):
        # Claude Code loads such a skill (its folder's name, its first line as description):
        # so does a run (load_skill), and hygiene (HY001) warns
        return {}
    end = text.find("\n---", 3)
    if end < 0:
        raise RefusedInput(f"{skill_md}: frontmatter is not closed with '---'")
    try:
        data, _ = frontmatter.parse(text[3:end])
    except yaml.YAMLError as exc:
        raise RefusedInput(f"{skill_md}: frontmatter is not valid YAML: {exc}") from exc
    if not isinstance(data, dict):
        raise RefusedInput(f"{skill_md}: frontmatter must be a mapping with name and description")
    return data


def _body(skill_md: Path) -> str:
    """SKILL.md's text after its frontmatter (all of it when it has none)."""
    text = skill_md.read_text(encoding="utf-8").removeprefix(BOM)
    end = text.find("\n---", 3) if text.startswith("---") else -1
    return text[end + 4:] if end >= 0 else text


def _declared(skill_dir: Path, key: str) -> object | None:
    """One field of the SKILL.md's frontmatter, or None when it cannot be read (load_skill
    says why)."""
    try:
        return _frontmatter(skill_dir / SKILL_FILE).get(key)
    except (RefusedInput, OSError, UnicodeDecodeError):
        return None


def _text(value: object) -> str | None:
    return value.strip() if isinstance(value, str) and value.strip() else None


def declared_name(skill_dir: Path) -> str | None:
    """The name a SKILL.md declares, or None when it has none that can be read: a shared set
    above the skill names it by this name, not its folder's."""
    return _text(_declared(skill_dir, "name"))


def declared_id(skill_dir: Path) -> str | None:
    """The `id` a SKILL.md declares (`id: seo.seo-audit`), or None: a collection's own key for
    its skills, by which its shared set may name them."""
    return _text(_declared(skill_dir, "id"))


def declared_description(skill_dir: Path) -> str | None:
    """The description a SKILL.md declares, or None when it has none that can be read."""
    return _text(_declared(skill_dir, "description"))


def declared_tools(skill_dir: Path) -> list[str]:
    """The tools SKILL.md's `allowed-tools` grants, as Claude Code reads the field: a comma- or
    space-separated string or a list (`Bash(git:*)` one entry; a comma inside its parentheses
    no separator)."""
    value = _declared(skill_dir, "allowed-tools")
    items = value if isinstance(value, list) else [value] if isinstance(value, str) else []
    return [tool for item in items if isinstance(item, str)
            for tool in _TOOL_ENTRY.findall(item)]


# one entry of `allowed-tools`: a name, with its parenthesised pattern when it has one
_TOOL_ENTRY = re.compile(r"[\w.-]+(?:\([^)]*\))?")


def skill_body(skill_dir: Path) -> str:
    """SKILL.md's text after its frontmatter, or "" when it cannot be read."""
    try:
        return _body(skill_dir / SKILL_FILE)
    except (OSError, UnicodeDecodeError):
        return ""


def user_invoked_only(skill_dir: Path) -> bool:
    """SKILL.md sets `disable-model-invocation: true`: Claude Code never picks the skill on
    its own; it loads only when the user invokes it (`/name`)."""
    value = _declared(skill_dir, "disable-model-invocation")
    return value is True or isinstance(value, str) and value.strip().lower() == "true"


PLUGIN_MANIFEST = Path(".claude-plugin") / "plugin.json"
PLUGIN_LEVELS = 4  # how far above a skill its plugin's root may sit (plugin/skills/<skill>)


def plugin_of(skill_dir: Path) -> str | None:
    """The plugin a skill ships in, as Claude Code names it (`<plugin>:<skill>`): the `name`
    of the nearest `.claude-plugin/plugin.json` at or above the skill, up to its repository's
    root; None when there is none, or it names none (issue 26, rule 3)."""
    current = skill_dir.resolve()
    for _ in range(PLUGIN_LEVELS + 1):
        manifest = current / PLUGIN_MANIFEST
        if manifest.is_file():
            try:
                name = json.loads(manifest.read_text(encoding="utf-8")).get("name")
            except (OSError, UnicodeDecodeError, ValueError, AttributeError):
                return None
            return name.strip() if isinstance(name, str) and name.strip() else None
        if (current / ".git").exists() or current.parent == current:
            return None
        current = current.parent
    return None


def load_skill(path: Path) -> Skill:
    root = path.resolve()
    if not root.is_dir():
        raise RefusedInput(f"{path}: not a folder")
    skill_md = root / SKILL_FILE
    if not skill_md.is_file():
        raise RefusedInput(f"{path}: no SKILL.md in this folder")
    meta = _frontmatter(skill_md)
    # a name claude could not be given as a folder or plugin name is only its shown name
    # (HY002 warns): the skill loads under its folder's
    name = frontmatter.loaded_name(meta.get("name"), root.name)
    description = meta.get("description", "")
    if description is None or isinstance(description, str) and not description.strip():
        # as Claude Code loads it: the body's first line stands in (HY001/HY003 warn)
        description = frontmatter.loaded_description(_body(skill_md)) or ""
    if not isinstance(description, str) or not description.strip():
        raise RefusedInput(f"{skill_md}: no description, and no line in its body to stand for "
                           "one (frontmatter 'description' is how the skill fires)")
    digest = hashlib.sha256()
    for rel in staged_files(root):
        file = root / rel
        digest.update(rel.as_posix().encode() + b"\0")
        digest.update(b"x" if file.stat().st_mode & 0o111 else b"-")
        digest.update(hashlib.sha256(file.read_bytes()).digest())
    return Skill(path=root, name=name.strip(), description=description.strip(),
                 digest=digest.hexdigest())


def stage_plugin(skill: Skill, dest: Path, plugin_name: str) -> Path:
    """Lay the skill out as a Claude Code plugin under dest; return the plugin root.

    plugin_root/.claude-plugin/plugin.json
    plugin_root/skills/<skill name>/SKILL.md ...   (everything but evals/)
    """
    plugin_root = dest / plugin_name
    target = plugin_root / "skills" / skill.name
    for rel in staged_files(skill.path):
        out = target / rel
        out.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(skill.path / rel, out)
    manifest = plugin_root / ".claude-plugin" / "plugin.json"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(f'{{"name": "{plugin_name}", "version": "0.0.0"}}\n')
    return plugin_root


def load_library(root: Path) -> list[Skill]:
    """Every skill folder directly under `root` (a skills dir), by name; folders without a
    SKILL.md are skipped, an unreadable SKILL.md is refused with its path."""
    skills = [load_skill(d) for d in sorted(root.iterdir())
              if d.is_dir() and (d / SKILL_FILE).is_file()]
    if not skills:
        raise RefusedInput(f"{root}: no skill folders (each needs a {SKILL_FILE})")
    return skills


LIBRARY_PLUGIN = "library"


def stage_library(root: Path, dest: Path) -> Path:
    """A materialised library bundle (one folder per skill) as one plugin holding them all:
    the session sees each as `library:<name>`."""
    plugin_root = dest / LIBRARY_PLUGIN
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        shutil.copytree(folder, plugin_root / "skills" / folder.name, symlinks=False)
    manifest = plugin_root / ".claude-plugin" / "plugin.json"
    manifest.parent.mkdir(parents=True, exist_ok=True)
    manifest.write_text(f'{{"name": "{LIBRARY_PLUGIN}", "version": "0.0.0"}}\n')
    return plugin_root

"""A project-level skill's case that stages nothing of its own runs in its project (issue 26).

A skill at `<project>/.claude/skills/<name>/` (runner.authoring.project_skill) is loaded by
Claude Code for sessions started in `<project>`: its author ran "Update `TaskDaoTest`
coverage", "/review", "polish the How It Works section of the user guide" there, and the
project was the material. A case of such a skill that stages no material of its own (no
`files`, no inline fixtures, no workspace, no setup that builds one) gets the project's files
at the working directory's root, read as the case's own text (`inline_files`), so the case's
digest covers them. The planner moves them into one bundle per run (runner.authoring.bundles
.hoist_projects): plan.json and each trial's task hold the bundle's digest, not the project.

Never staged (the baseline must never receive the skill, the session must start as a plain
one, and no answer key rides along):
- every agent folder's `skills/` and any folder holding a SKILL.md (a skill, or a copy of one);
- `.claude/` as a whole (settings, hooks and commands change the session);
- other agents' instructions at the root (`.cursor/`, `.windsurf/`, `.clinerules`, `.kiro/`,
  `.github/copilot-instructions.md`, `.github/instructions/` ...), and their files by name
  or format anywhere (a renamed copy's `copilot-instructions.md`, Cursor's `.mdc`):
  configuration, and often the skill's rules restated for another agent, which would reach
  the baseline;
- skill-creator `*-workspace/` and `iteration-N/` folders (past outputs: answer keys;
  runner.authoring.project_walk.past_outputs, the prune other_sets uses too);
- the set's own folder, and a copy of one of its case files anywhere (`swim/evals/evals.json`
  beside `.opencode/skills/swim/evals/`): the cases' answers;
- `.git`, dependencies, builds and caches (runner.authoring.project_walk.DEPENDENCIES: the
  one list the bare-name search of project_skill skips too);
- symlinks (never followed nor yielded by the walk), files that are not UTF-8 text (inline
  fixtures are text), files over the per-file cap (runner.authoring.inline.FILE_MAX_BYTES).

Past TOTAL_FILES files or TOTAL_BYTES bytes the project is not carried whole. A case whose
prompt (or expected output, or criteria) names a folder of the project (`webapp/`,
`services/api`, "the `api` folder") gets that folder, under the same cap, at its path from the
project's root (`named_folders`, `folder_staging`); otherwise it runs with the project's files
its prompt names (or none). Either way an EV012 line names what was left out (the largest
folders) and the fix (list the files the case works on under `files`).
"""

from __future__ import annotations

import hashlib
import re
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.inline import FILE_MAX_BYTES
from runner.authoring.project_skill import HIDDEN_SKILLS, agent_folder, project_of
from runner.authoring.project_walk import (
    Walk,
    nested_skill,
    never_walked,
    past_outputs,
)
from runner.authoring.skill import declared_name

# The cap on what one case carries, measured by bench/project_staging.py (5 cases, k=3, two
# arms, on a 2-core machine shared with other work; figures vary with its load). The project
# is one bundle per run, not a copy per trial: at 3000 files / 24 MiB plan.json is 0.05 MiB
# (733 MiB with the project inline) and a trial's task 2 KiB (was 24 MiB); reading the set
# takes 1-1.5 s, planning 2-4 s, staging a trial 0.5-2.5 s once its node holds the bundle (the
# node's first extraction 4-8 s; inline it was 1-3.5 s a trial). At 6000 files / 48 MiB a
# trial's staging takes 9-15 s, which every trial pays: so 3000 / 24 MiB. Past it a project is
# rarely one case's material as a whole, and a case that names a folder of it gets that
# folder (folder_staging).
TOTAL_FILES = 3000
TOTAL_BYTES = 24 * 1024**2
# Secrets a user's checkout may hold untracked (`.env`, a key): never copied into a run's
# plan; their examples (`.env.example`) are the author's material.
_SECRET = re.compile(r"^\.env(?:\..*)?$|\.(?:pem|key|p12|pfx)$|^id_(?:rsa|ed25519|ecdsa)")
_EXAMPLE = re.compile(r"(?i)example|sample|template|dist$")


@dataclass(frozen=True)
class Staging:
    """What running in the project stages: path from the project's root -> text, and what was
    left out, by reason -> count."""

    project: Path
    files: dict[str, str]
    left_out: dict[str, int]
    # past the cap: the folders holding the most of what would be carried (name, files, bytes)
    too_large: tuple[tuple[str, int, int], ...] = field(default=())

    def left_out_text(self) -> str:
        return ", ".join(f"{reason} ({n})" if n > 1 else reason
                         for reason, n in self.left_out.items()) or "nothing"


# Other agents' instructions at the project's root (Cursor's rules, Copilot's instructions,
# Windsurf's, Cline's, Kiro's steering ...): configuration, no project material, and often the
# skill's own rules restated, which would hand them to the baseline arm.
_OTHER_AGENTS = frozenset({".cursor", ".windsurf", ".clinerules", ".kiro", ".gemini", ".codex",
                           ".roo", ".continue", ".amazonq", ".junie", ".trae"})
_GITHUB_AGENT = frozenset({"instructions", "prompts", "chatmodes", "agents"})
_OTHER_AGENT_FILES = frozenset({".cursorrules", ".windsurfrules", ".clinerules",
                                ".github/copilot-instructions.md"})
# ...and their files by name anywhere, as a copy keeps them (`.github-copy/copilot-
# instructions.md`, `docs/cursor/x.mdc`): a name (or, `.mdc`, a format) only those agents read.
_OTHER_AGENT_NAMES = frozenset({"copilot-instructions.md", ".cursorrules", ".windsurfrules",
                                ".clinerules"})
_OTHER_AGENT_SUFFIXES = (".mdc", ".instructions.md", ".chatmode.md")
OTHER_AGENTS = "other agents' instructions"


def _left_dir(here: Path, name: str, project: Path) -> str | None:
    """Why the folder `here/name` is left out besides what no walk enters
    (runner.authoring.project_walk.never_walked), or None."""
    if name == ".claude" and here == project:
        return ".claude/"
    if here == project and name in _OTHER_AGENTS or here == project / ".github" \
            and name in _GITHUB_AGENT:
        return OTHER_AGENTS
    if name == "skills" and agent_folder(here.name):
        return f"{here.relative_to(project).as_posix()}/skills/"
    if name == HIDDEN_SKILLS and here == project:
        return f"{HIDDEN_SKILLS}/"
    return past_outputs(here, name) or nested_skill(here, name)


@lru_cache(maxsize=16)
def _walk(project: Path, set_dir: Path | None, root: Path | None = None) -> Staging:
    """The project's files under `root` (the project itself, or a folder of it) as staged, by
    their path from the project's root; past the cap none, and where it went."""
    files: dict[str, str] = {}
    sizes: Counter[str] = Counter()
    counts: Counter[str] = Counter()
    total = 0
    walk = Walk(root or project, lambda here, name: "the set's own folder" if set_dir is not None
                and (here / name) == set_dir else _left_dir(here, name, project))
    left = walk.left
    keys = _set_texts(set_dir)
    for path in walk.files():
        name = path.name
        at = path.relative_to(project).as_posix()
        size = path.stat().st_size
        if keys and size in keys and _digest(path) in keys[size]:
            # a copy of the set elsewhere in the project (`swim/evals/evals.json`): its
            # answers, which the baseline would read
            left["copies of the case set"] += 1
            continue
        if name == ".git":  # a submodule's pointer to its repository
            left[".git/"] += 1
            continue
        if at in _OTHER_AGENT_FILES or name in _OTHER_AGENT_NAMES \
                or name.endswith(_OTHER_AGENT_SUFFIXES):
            left[OTHER_AGENTS] += 1
            continue
        if _SECRET.search(name) and not _EXAMPLE.search(name):
            left["secrets files (.env, keys)"] += 1
            continue
        if size > FILE_MAX_BYTES:
            left["files over the per-file cap"] += 1
            continue
        top = PurePosixPath(at).parts[0] if len(PurePosixPath(at).parts) > 1 else "."
        if len(files) > TOTAL_FILES or total > TOTAL_BYTES:
            # past the cap nothing is carried: the sizes alone say where it went
            counts[top] += 1
            sizes[top] += size
            continue
        try:
            text = path.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            left["binary files"] += 1
            continue
        if "\x00" in text:
            left["binary files"] += 1
            continue
        files[at] = text
        total += len(text.encode())
        counts[top] += 1
        sizes[top] += len(text.encode())
    if walk.stopped:
        return Staging(project, {}, dict(left), _largest(counts, sizes) or
                       (("(the project)", walk.seen, total),))
    if len(files) > TOTAL_FILES or total > TOTAL_BYTES:
        return Staging(project, {}, dict(left), _largest(counts, sizes))
    return Staging(project, files, dict(left))


# The set's own files a copy of which is its answers: its case files, never a fixture (a
# fixture's copy in the project is the project's own file).
_SET_TEXT = (".json", ".jsonl", ".yaml", ".yml", ".md")


def _set_texts(set_dir: Path | None) -> dict[int, set[str]]:
    """The set folder's case files (at its top) by size, then digest: a copy of one anywhere
    in the project is known without reading every file twice. Empty files are no copies."""
    if set_dir is None or not set_dir.is_dir():
        return {}
    found: dict[int, set[str]] = {}
    for path in sorted(set_dir.iterdir()):
        if path.is_file() and not path.is_symlink() and path.suffix.lower() in _SET_TEXT \
                and 0 < path.stat().st_size <= FILE_MAX_BYTES:
            found.setdefault(path.stat().st_size, set()).add(_digest(path))
    return found


def _digest(path: Path) -> str:
    with path.open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def _largest(counts: Counter[str], sizes: Counter[str]) -> tuple[tuple[str, int, int], ...]:
    return tuple((name, counts[name], sizes[name])
                 for name, _ in sizes.most_common(3))


def project_staging(skill_dir: Path, set_dir: Path | None = None) -> Staging | None:
    """The project a project-level skill's cases run in, as staged; None for a skill that is
    no project's. `set_dir`: the set's own folder, never staged."""
    project = project_of(skill_dir)
    # the file system's root, or a folder holding the home folder, is the host, no project
    if project is None or project.parent == project or Path.home().resolve().is_relative_to(
            project):
        return None
    return _walk(project, set_dir.resolve() if set_dir is not None else None)


@lru_cache(maxsize=32)
def skill_source(skill_dir: Path) -> str | None:
    """Where the project a project-level skill lives in holds that skill itself, when it does:
    a folder of the skill's name with a SKILL.md declaring the same name, outside the agents'
    skills folders and past outputs (`skill-packager/skills/skill-packager/` beside
    `.agents/skills/skill-packager/`). The project is then the skill's own repository, the
    copy under `.agents/` installed for its authors' sessions: its README, docs and tools
    document the skill, so staging them would hand the baseline the skill. None otherwise."""
    skill = skill_dir.resolve()
    project = project_of(skill)
    if project is None:
        return None
    name = declared_name(skill) or skill.name
    walk = Walk(project, lambda here, entry: _left_dir(here, entry, project)
                if entry != skill.name or not (here / entry / "SKILL.md").is_file() else None)
    for folder in walk.folders():
        if folder.name == skill.name and folder != skill and (folder / "SKILL.md").is_file() \
                and not folder.is_symlink() and (declared_name(folder) or folder.name) == name:
            return folder.relative_to(project).as_posix()
    return None


DOCUMENTS_SKILL = "files naming this skill (they document it: the baseline would read it)"


def _distinct(name: str) -> bool:
    """A skill's name no text uses by chance (`gemini-cli`, `release_notes`, `humanizer-pro`;
    never `review` or `commit`, words any README holds)."""
    return "-" in name or "_" in name or len(name) >= 10


def without_documents(staging: Staging, skill_dir: Path, needed: str) -> Staging:
    """The staging without the project's files that name the skill under test by its declared
    name (a README listing it, its usage, its benchmark): the skill's documentation, which
    would hand the baseline the skill. A file the case's own words name (`needed`: its prompt,
    criteria ...) is its material and stays."""
    name = declared_name(skill_dir) or skill_dir.name
    if not _distinct(name):
        return staging
    names = re.compile(rf"(?i)(?<![\w-]){re.escape(name)}(?![\w-])")
    gone = [at for at, text in staging.files.items() if names.search(text)
            and PurePosixPath(at).name not in needed and at not in needed]
    if not gone:
        return staging
    return Staging(staging.project, {at: t for at, t in staging.files.items() if at not in gone},
                   {**staging.left_out, DOCUMENTS_SKILL: len(gone)}, staging.too_large)


def too_large_text(staging: Staging) -> str:
    """The largest folders of a project past the cap, for the refusal."""
    return ", ".join(f"{name}/ ({n} file(s), {size // 1024} KiB)" if name != "." else
                     f"its root ({n} file(s), {size // 1024} KiB)"
                     for name, n, size in staging.too_large)


# A path of the project a case names: segments joined by `/` (`services/api`, `webapp/`, a
# trailing slash optional once there is one), or a bare name the words call a folder ("the
# `api` folder", "in the webapp directory").
_FOLDER_PATH = re.compile(r"(?<![\w./~$@:-])((?:[\w.-]+/)+(?:[\w.-]+)?)(?![\w/-])")
_FOLDER_WORD = re.compile(r"(?i)(?<![\w./-])`?([\w.-]+)/?`?\s+(?:folder|directory|dir|"
                          r"subfolder|subdirectory|package|module|app)\b")


def named_folders(staging: Staging, texts: list[str], set_dir: Path | None = None) -> list[str]:
    """The folders of the project the texts name, by their path from the project's root, in
    the order they are first named; a folder inside another named one is covered by it. Only
    a folder staging could carry: never a skill's, `.claude/`, tooling, or through a link."""
    found: list[str] = []
    for text in texts:
        for pattern in (_FOLDER_PATH, _FOLDER_WORD):
            for match in pattern.finditer(text):
                name = match.group(1).strip(".").strip("/")
                if name and name not in found and _stageable(staging.project, name, set_dir):
                    found.append(name)
    return [f for f in found if not any(f != o and f.startswith(o + "/") for o in found)]


def _stageable(project: Path, folder: str, set_dir: Path | None) -> bool:
    posix = PurePosixPath(folder)
    if posix.is_absolute() or ".." in posix.parts or not posix.parts:
        return False
    here = project
    for part in posix.parts:
        if part in (".", "") or never_walked(here, part) or _left_dir(here, part, project) \
                or (set_dir is not None and here / part == set_dir):
            return False
        here = here / part
    return safely.is_dir(here)


def folder_staging(staging: Staging, folder: str, set_dir: Path | None = None) -> Staging:
    """The project's folder `folder` (named_folders found it) as staged: its files at their
    path from the project's root, under the same cap as the whole project."""
    return _walk(staging.project, set_dir, staging.project / folder)

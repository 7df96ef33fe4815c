"""A project-level skill's cases work on the project it lives in (issue 26).

A skill at `<project>/.claude/skills/<name>/` (also `.agents/`, `.github/`, `.cursor/`, and any
other agent's hidden folder: `.openclaw/skills/<name>/`, a hidden `.skills/` folder of its own,
`.skills/deprecated/<name>/`) is one an agent loads for sessions started in `<project>`: its
author ran its cases there, so a path a case names that the skill does not hold but the project does
(`src/components/SidebarRight.tsx`, a `files` entry `packages/x/CHANGELOG.md`) is the project's
file. Such a file is staged from the project at its path from the project's root, the way a
sibling skill's file is carried (runner.authoring.outside): as the case's own text, so the
case's digest covers it.

Never staged from here: a file inside the skill's own folder (the baseline never receives the
skill), a symlink (or a path through one), anything outside the project, anything under `.git`.
A bare file name is the project root's file of that name when the root holds one (`README.md`,
beside others deeper down: the session starts at the root), else the project's only when
exactly one file of the project has that name (`TokenProvider.java`).
"""

from __future__ import annotations

import os
import posixpath
import re
from functools import lru_cache
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.answers import inline_skill_reason, refuse_skill
from runner.authoring.inline import FILE_MAX_BYTES
from runner.authoring.problems import Problems
from runner.authoring.project_walk import Walk
from runner.schema.case import Case

# The folders an agent reads a project's skills from (`<project>/<folder>/skills/<name>/`): the
# known ones, and any other hidden folder holding a `skills/` folder (agents keep coming).
AGENT_FOLDERS = frozenset({".claude", ".agents", ".github", ".cursor"})
# A hidden folder that is itself a project's skills folder (`<project>/.skills/<group>/<name>/`).
HIDDEN_SKILLS = ".skills"
# Hidden folders that are no agent's even when they hold a `skills/` folder.
_NO_AGENT = frozenset({".git", ".venv", ".tox", ".cache", ".next", ".nuxt"})


def agent_folder(name: str) -> bool:
    """Whether a hidden folder holding a `skills/` folder is an agent's (`.claude`, `.openclaw`):
    read by the form `.<name>/skills/`, never by a list of agents, tooling and caches aside."""
    return name in AGENT_FOLDERS or (name.startswith(".") and len(name) > 1
                                      and name not in _NO_AGENT)


def skills_root(parts: tuple[str, ...]) -> int:
    """How many leading parts of a path (from a project's root) are a hidden skills folder:
    2 for `.<agent>/skills/...`, 1 for `.skills/...`, 0 for anything else."""
    if len(parts) > 1 and parts[1] == "skills" and agent_folder(parts[0]):
        return 2
    # `.skills/`, or a hidden folder named for skills (`.agent-skills/`, `.claude-skills/`)
    return 1 if parts and (parts[0] == HIDDEN_SKILLS
                           or re.fullmatch(r"\.[\w-]+[-_]skills", parts[0])) else 0


def project_of(skill_dir: Path) -> Path | None:
    """The project a project-level skill lives in: the folder holding the agent folder whose
    `skills/` holds the skill (`<project>/.claude/skills/<name>/`, or a group below
    `skills/`); None for any other skill, and for a personal one (`~/.claude/skills/`)."""
    skill = skill_dir.resolve()
    for above in skill.parents:
        if above.name == "skills" and agent_folder(above.parent.name) \
                or above.name == HIDDEN_SKILLS:
            project = above.parent.parent if above.name == "skills" else above.parent
            # `~/.claude/skills/` holds the user's personal skills: no project's material
            return None if project == Path.home().resolve() else project
    return None


def own_file(skill_dir: Path, name: str) -> str | None:
    """The skill's own file a path names from a root above it (`.claude/skills/<this skill>/
    scripts/x.c`, `skills/<this skill>/evals/files/brief.md`): read by the layout, a skills
    folder (`skills/`, `.skills/`) then the skill's folder name, the rest its path inside the
    skill (whatever agent folder the path spells: the author may have moved the skill from
    `.claude/` to `.agents/`); None when no such prefix leads to a file of the skill."""
    posix = PurePosixPath(name.strip())
    if not posix.parts or posix.is_absolute() or ".." in posix.parts:
        return None
    parts = posix.parts
    for i in range(1, len(parts) - 1):
        if parts[i] != skill_dir.name or parts[i - 1] not in ("skills", HIDDEN_SKILLS):
            continue
        rest = PurePosixPath(*parts[i + 1:])
        if ".git" in rest.parts or through_link(skill_dir, rest) \
                or not safely.exists(skill_dir / rest):
            continue
        return str(rest)
    return None


def project_file(skill_dir: Path, name: str) -> Path | None:
    """The file of the skill's project that `name` names (relative to the project root, or a
    bare name exactly one file of the project has), or None: never one inside the skill, a
    symlink or a path through one, one outside the project, or one under `.git`."""
    project = project_of(skill_dir)
    posix = PurePosixPath(name.strip())
    if project is None or not posix.parts or posix.is_absolute() or ".." in posix.parts \
            or posix.parts[0] == ".":
        return None
    path = project / posix
    if len(posix.parts) == 1:
        # the session starts at the project's root: a name held there is that file, as the
        # author's own session read it (a README.md beside others deeper down); else the one
        # file of the project with that name
        if safely.is_file(path) and not safely.is_symlink(path):
            return path
        named = _named(project, skill_dir.resolve(), posix.name)
        return named[0] if len(named) == 1 else None
    if ".git" in posix.parts or not safely.is_file(path) or through_link(project, posix):
        return None
    resolved = path.resolve()
    if not resolved.is_relative_to(project) or resolved.is_relative_to(skill_dir.resolve()):
        return None
    return path


def through_link(project: Path, posix: PurePosixPath) -> bool:
    """Whether any step of the path (from `project`) is a symlink."""
    return any(safely.is_symlink(project.joinpath(*posix.parts[:n]))
               for n in range(1, len(posix.parts) + 1))


@lru_cache(maxsize=32)
def _names(project: Path, skill: Path) -> dict[str, tuple[Path, ...]] | None:
    """Every file of the project by its name, the skill's folder, links and tooling left out
    (the walk staging makes too, runner.authoring.project_walk); None when the project is too
    large to walk (the answer would be slow and unsure)."""
    found: dict[str, list[Path]] = {}
    walk = Walk(project, lambda here, name: "the skill" if (here / name).resolve()
                .is_relative_to(skill) else None)
    for path in walk.files():  # a symlinked file is never yielded
        found.setdefault(path.name, []).append(path)
    return None if walk.stopped else {k: tuple(v) for k, v in found.items()}


def _named(project: Path, skill: Path, name: str) -> tuple[Path, ...]:
    names = _names(project, skill)
    return () if names is None else names.get(name, ())


def carry(skill_dir: Path, case_id: str, name: str, path: Path, problems: Problems,
          home: Path | None = None, called: str = "the project this skill lives in",
          leave_out: bool = False) -> dict[str, str]:
    """The project's file `path` (found for `name`) as working-directory path -> text, said
    (EV012); refused when it cannot be carried (not text, too large) or is the skill itself.
    `home`: the folder the path lands from (the skill's project by default; its repository
    for runner.authoring.repository_inputs), `called` what it is; `leave_out`: a file that
    cannot be carried leaves its case out (EV009) instead of refusing the set."""
    project = home if home is not None else project_of(skill_dir)
    assert project is not None  # only asked of a file project_file found
    at = path.relative_to(project).as_posix()  # where it lands: its path from the project root
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError):
        text = None
    if text is None or len(text.encode()) > FILE_MAX_BYTES:
        why = "is not a text file" if text is None else \
            f"holds more than {FILE_MAX_BYTES // 1024**2} MiB"
        (problems.cannot_run if leave_out else problems.refuse)(
            "EV009", case_id, f"{name!r} is a file of {called} ({project}) but cannot be "
            f"staged: {path} {why}", "copy what the case needs into the skill under "
            "evals/files/ and list it in files")
        return {}
    if refuse_skill(lambda message, fix: problems.refuse("EV009", case_id, message, fix),
                    inline_skill_reason(skill_dir, at, text), origin=f" (from {path})"):
        return {}
    problems.report("EV012", case_id, f"{name!r}: a file of {called} ({project}): staged "
                    f"from there at {at}", "none needed (or copy it into "
                    "the skill under evals/files/ and list it in files)")
    return {at: text}


# Files at a project's root that say what it is: the first examples a fix names.
_TELLING = ("README.md", "package.json", "pyproject.toml", "go.mod", "Cargo.toml", "pom.xml",
            "Makefile", "config.example.yaml")


def project_fix(skill_dir: Path) -> str | None:
    """For a project-level skill's case that works on "this repo" and stages nothing: the fix
    naming the project and the `files` entries that would stage its files; None for a skill
    that is no project's. The whole project is never copied unasked."""
    project = project_of(skill_dir)
    if project is None:
        return None
    examples = [n for n in _TELLING if safely.is_file(project / n)
                and not safely.is_symlink(project / n)][:3] or ["src/app.py"]
    # the pointer may be another repository ("our old skills repo"): said as a condition
    return (f"if it is the project this skill lives in ({project}), list the project's files "
            f"the case works on under `files`, from the project's root (e.g. "
            f"{', '.join(repr(e) for e in examples)}); each is staged from the project at its "
            "path (or put the input under evals/files/, or paste it into the prompt)")


def project_paths(skill_dir: Path, case: Case) -> frozenset[str]:
    """The case's inline files that are its project's own: each staged from the project at
    its path from the project's root (carry, above, for a file a case names;
    runner.authoring.whole_project for the whole project). The one answer to "is this file the
    project's?" for every reader (answer keys, running in the project, the planner's project
    bundle). A path of several parts is project_file's (no link on the way, nothing under
    .git or inside the skill); a root file is read at the root, never as a bare name to look
    for (a second README.md deeper down changes nothing).

    Asked of a whole project's files (thousands), so project_file's answer is computed here
    without resolving each path: the project is resolved, so a path with no link on the way
    is its own resolution, and each folder is asked once whether it is a link."""
    project = project_of(skill_dir)
    if project is None:
        return frozenset()
    root, skill = str(project), str(skill_dir.resolve())
    links: dict[str, bool] = {"": False}

    def linked(folder: str) -> bool:
        """Whether the folder (from the project's root), or one above it, is a symlink."""
        if folder not in links:
            links[folder] = linked(posixpath.dirname(folder)) or os.path.islink(
                os.path.join(root, folder))
        return links[folder]

    def held(at: str) -> bool:
        try:  # strings, not Paths: asked of thousands of files
            if "/" not in at.strip("/"):
                path = os.path.join(root, at)
                return os.path.isfile(path) and not os.path.islink(path)
            name = at.strip()
            parts = [part for part in name.split("/") if part not in ("", ".")]  # as a Path's
            if name.startswith("/") or not parts or ".." in parts or ".git" in parts:
                return False
            rel = "/".join(parts)
            path = os.path.join(root, rel)
            return os.path.isfile(path) and not os.path.islink(path) \
                and not linked(posixpath.dirname(rel)) \
                and not (path == skill or path.startswith(skill + os.sep))
        except (OSError, ValueError):  # a name that cannot be a path here: not the project's
            return False
    return frozenset(at for at in case.inline_files if held(at))

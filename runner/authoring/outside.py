"""Fixtures of a set that sits outside the skill's folder (a collection's root `evals/`, a root
set beside a skill subfolder; issue 26, rule 8). A path a case names is looked for in the set's
own folder first (`fixtures/repo-a` beside `evals/evals.json`; for a set in `evals/<skill>/`,
then in `evals/`), then in the skill's folder, then at the repository's root, never outside
it. A path that climbs (`../other-skill/fixtures/x/`) is read from the set's folder only, and
only while it stays inside the repository (a symlink out of it is refused too). A set inside
the skill whose fixture path (one with a folder) is not in the skill is looked for the same way
from the skill up to its repository's root (`Outside.repository`): a repository's shared
fixtures (`tests/fixtures/golden/sample-feature`) are the author's material.

One found outside the skill is staged from there as the case's own text files, carried in the
case like an inline fixture (so the case's digest covers them), at the path the prompt names
(`./evals/fixtures/repo-a`) or else as the case writes it. What cannot be carried (a binary
file, more than the inline cap) is refused with the fix: copy it into the skill.
"""

from __future__ import annotations

import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.id_fixtures import FIXTURE_FOLDERS
from runner.authoring.inline import FILE_MAX_BYTES
from runner.authoring.project_walk import Walk


def _names(prompt: str, path: PurePosixPath) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(str(path))}(?![\w-])", prompt) is not None


@dataclass(frozen=True)
class Outside:
    """Where a shared set's relative paths are looked for, in order."""

    set_folder: Path
    skill_dir: Path
    root: Path  # the repository: the folder holding both the skill and the set

    @classmethod
    def of(cls, skill_dir: Path, set_path: Path) -> Outside | None:
        """None when the set is inside the skill (its paths are the skill's own)."""
        folder = (set_path if set_path.is_dir() else set_path.parent).resolve()
        skill = skill_dir.resolve()
        if folder.is_relative_to(skill):
            return None
        # the repository holding both (a path written from its root, `plugins/x/evals/...`,
        # resolves there), else the folder they share
        common = Path(os.path.commonpath([skill, folder]))
        repo = next((p for p in (common, *common.parents) if (p / ".git").exists()), None)
        return cls(folder, skill, repo or common)

    @classmethod
    def siblings(cls, skill_dir: Path) -> Outside | None:
        """For a set inside a skill of a collection: its fixture paths climbing from the skill
        folder (`../deep-discovery/assets/sample.csv`) to a sibling skill's file, read from the
        skill folder; the repository (the nearest folder with `.git`, else the one above the
        collection) is the root it lands at."""
        skill = skill_dir.resolve()
        collection = skill.parent
        if not any(safely.is_file(p / "SKILL.md") for p in collection.iterdir()
                   if p.is_dir() and p != skill):
            return None
        root = next((p for p in (collection, *collection.parents) if (p / ".git").exists()),
                    collection.parent)
        return cls(skill, skill, root)

    @classmethod
    def repository(cls, skill_dir: Path) -> Outside | None:
        """For a set inside a skill whose fixture path is not in the skill but lies in its
        repository (`tests/fixtures/golden/sample-feature`, the repository's shared fixtures):
        looked for in each folder above the skill, nearest first, up to the repository's root
        (the nearest folder holding `.git`; an exported checkout without it, the nearest
        holding `.github`, which only a repository's root carries); None when there is none."""
        skill = skill_dir.resolve()
        root = next((p for p in skill.parents if (p / ".git").exists()), None) \
            or next((p for p in skill.parents if safely.is_dir(p / ".github")), None)
        return None if root is None else cls(skill, skill, root)

    def in_sibling(self, path: Path) -> bool:
        """`path` lies in another skill of the skill's collection (a folder holding SKILL.md
        beside the skill's)."""
        collection = self.skill_dir.parent
        resolved = path.resolve()
        if not resolved.is_relative_to(collection) or resolved.is_relative_to(self.skill_dir):
            return False
        top = collection / resolved.relative_to(collection).parts[0]
        return top.is_dir() and safely.is_file(top / "SKILL.md")

    @property
    def bases(self) -> list[Path]:
        """The set's folder and each folder above it below the root (`evals/` for a set in
        `evals/<skill>/`), the skill, the root."""
        above = [p for p in self.set_folder.parents if p.is_relative_to(self.root)
                 and p != self.root]
        return [self.set_folder, *above, self.skill_dir, self.root]

    @property
    def places(self) -> str:
        return ", ".join(str(b) for b in self.bases[:-2]) + f" (the set's folder), the skill " \
               f"{self.skill_dir}, the repository root {self.root}"

    def resolve(self, file: str) -> Path | None:
        """The file or folder `file` names, in the first place holding it, or None."""
        posix = PurePosixPath(file)
        if posix.is_absolute() or not posix.parts:
            return None
        # `../other-skill/fixtures/x/`: a sibling's folder of the same repository, written
        # from the set's folder; climbing out of the repository never resolves
        bases = [self.set_folder] if ".." in posix.parts else self.bases
        if len(posix.parts) == 1 and ".." not in posix.parts:
            # a fixture named by its name alone (`fixture: repo-a`) sits in the fixtures
            # folder of the set's folder or one above it (`evals/fixtures/repo-a/`), as it
            # does inside a skill
            bases = [*bases, *(b / f for b in self.bases[:-2] for f in FIXTURE_FOLDERS)]
        for base in bases:
            path = Path(os.path.normpath(base / posix))
            if path.is_relative_to(self.root) and path != self.root and safely.exists(path) \
                    and not safely.is_symlink(path) and path.resolve().is_relative_to(self.root):
                return path
        return None

    def staged(self, path: Path, written: str, prompt: str,
               at_root: bool = False) -> tuple[dict[str, str], str]:
        """The files at `path` as working-directory path -> text, or why they cannot be; a
        folder the case names as its workspace (`at_root`) lands with its contents at the
        working directory's root."""
        landing = PurePosixPath(".") if at_root else self.landing(path, written, prompt)
        files = [path] if path.is_file() else sorted(
            p for p in path.rglob("*") if p.is_file() and not p.is_symlink())
        out: dict[str, str] = {}
        size = 0
        for file in files:
            try:
                text = file.read_text(encoding="utf-8")
            except (UnicodeDecodeError, OSError):
                return {}, f"{file} is not a text file"
            size += len(text.encode())
            if size > FILE_MAX_BYTES:
                return {}, f"{path} holds more than {FILE_MAX_BYTES // 1024**2} MiB"
            dest = landing if file == path else landing / file.relative_to(path).as_posix()
            out[dest.as_posix()] = text
        return out, ""

    def landing(self, path: Path, written: str, prompt: str) -> PurePosixPath:
        """Where it lands: the longest form of its path the prompt names, else as written."""
        from_root = PurePosixPath(path.resolve().relative_to(self.root).as_posix())
        forms = [PurePosixPath(*from_root.parts[n:]) for n in range(len(from_root.parts))]
        # a path climbing to a sibling's folder lands without its climb (`../a/x` at `a/x`)
        kept = PurePosixPath(*[p for p in PurePosixPath(written).parts if p != ".."])
        return next((f for f in forms if _names(prompt, f)), kept)


# A path that climbs out of the folder it starts from (`../../secret`, `..\data`).
_CLIMBS = re.compile(r"""(?<![\w.])((?:\.\.[/\\])+[^\s"'`;|&)]*)""")


# Variables a grader's container sets, or any shell does: a path under one is in reach.
_OWN_VARIABLES = frozenset({"SKILL_EVAL_WORK", "SKILL_EVAL_CASE", "HOME", "PWD", "OLDPWD",
                            "TMPDIR"})
# A path under a variable: `$EVALS_DIR/lib.sh`, `${ROOT}/data`; in Python, a path built from
# one (`Path(os.environ["DATA_DIR"])`, `os.path.join(os.getenv("ROOT"), ...)`).
_UNDER_VARIABLE = re.compile(r"""\$\{?([A-Za-z_]\w*)\}?/[^\s"'`;|&)]*""")
_PY_VARIABLE = re.compile(r"""(?:Path|join)\(\s*os\.(?:environ\[|environ\.get\(|getenv\()"""
                          r"""\s*["'](\w+)["']""")


def climbs_out(source: str) -> str | None:
    """The first path a program's source names above its own folder or working directory
    (`../../secret`), or under a variable only its authors' harness sets (`$EVALS_DIR/lib.sh`:
    a container sets SKILL_EVAL_WORK and SKILL_EVAL_CASE only), or None: such a file is
    neither in the folder carried into the program's container nor in the work, so the
    program cannot read it there."""
    found = _CLIMBS.search(source)
    if found is not None:
        return found.group(1)
    for match in _UNDER_VARIABLE.finditer(source):
        if match.group(1) not in _OWN_VARIABLES and not _assigned(source, match.group(1)):
            return match.group(0)
    python = _PY_VARIABLE.search(source)
    return None if python is None or python.group(1) in _OWN_VARIABLES else \
        f"a path under ${python.group(1)}"


def _assigned(source: str, name: str) -> bool:
    """Whether a shell program sets the variable itself (`dir=...`, `for dir in`, `read
    dir`): then a path under it is the program's own doing."""
    return re.search(rf"(?m)(?:^|[\s;(])(?:(?:export|local|readonly|declare)\s+)?"
                     rf"{re.escape(name)}=|\bfor\s+{re.escape(name)}\s+in\b|"
                     rf"\bread\b[^\n;]*\b{re.escape(name)}\b", source) is not None


def program_folder(program: Path) -> tuple[dict[str, str], list[str], str]:
    """A grader program found outside the skill, with the files of its folder (subfolders
    too), as folder path -> text for its container (issue 26, rule 1); the files left out
    (not text); why it cannot be carried ("" when it can)."""
    folder = program.parent
    texts: dict[str, str] = {}
    left: list[str] = []
    size = 0
    # the one walk (runner.authoring.project_walk): never a link, dependencies, a build or a
    # cache (`node_modules/`, `.venv/`, `dist/`), as a project is staged; in path order
    for file in sorted(Walk(folder, limit=sys.maxsize).files()):
        rel = file.relative_to(folder)
        if not file.is_file():
            continue
        try:
            text = file.read_text(encoding="utf-8")
        except (UnicodeDecodeError, OSError):
            if file == program:
                return {}, [], f"{program} is not a text file"
            left.append(rel.as_posix())
            continue
        size += len(text.encode())
        if size > FILE_MAX_BYTES:
            return {}, [], (f"its folder {folder} holds more than "
                            f"{FILE_MAX_BYTES // 1024**2} MiB of text")
        texts[rel.as_posix()] = text
    return texts, left, ""

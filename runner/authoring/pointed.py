"""A set file that holds no cases but points at them (issue 26): an eval config naming its
cases by a pattern of folders or files (`suites: [{skill, cases_glob: fixtures/x/case-*}]`,
`run: {tasks: {paths: [tasks/*.yaml]}}`), often beside the programs that run and score them
and the skills its suites or arms load. The refusal says what the pattern finds and why no
case can be read from it, with the fix, instead of only "no list of cases":

- its suites (or arms) name other skills, none this one: those cases are theirs;
- what it finds holds no prompt (a fixture the authors' runner builds each prompt from at
  run time): the prompt must be written down;
- what it finds are cases with a prompt: `--cases` names them.

Read from the config's structure only (a wildcard pattern under a key that names cases,
paths, files or a glob), never its tool's name; patterns stay inside the config's folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

from runner.authoring import safely
from runner.authoring.casedirs import case_from_dir, prompt_file
from runner.authoring.siblings import SET_SUFFIXES, prompt_fields, read_data
from runner.errors import CaseSetError

# Words in a key whose wildcard value names where the cases are.
_WHERE_WORDS = frozenset({"glob", "globs", "path", "paths", "pattern", "patterns", "cases",
                          "tasks", "files", "include", "fixtures", "tests"})
# Keys naming the skills a suite or an arm loads.
_SKILL_KEYS = ("skill", "skills", "skill_name")
# Keys naming the authors' programs that run or score the cases.
_PROGRAM_WORDS = frozenset({"runner", "scorer", "harness", "grader", "judge", "script"})
_MAX_DEPTH = 4
_SHOWN = 4


@dataclass(frozen=True)
class _Pattern:
    where: str  # the dotted key it sits under
    pattern: str
    skills: tuple[str, ...]  # the skills the suite holding it names (none: any)
    beside: tuple[str, ...] = ()  # the other fields of the object holding it (a suite's)


@dataclass(frozen=True)
class Pointed:
    """The cases a config's patterns name, read, and what `check` says of it (EV012)."""

    cases: list[dict[str, Any]]
    line: str


def _words(key: str) -> set[str]:
    return set(re.split(r"[^a-z0-9]+", key.lower())) - {""}


def _skills(value: Any) -> tuple[str, ...]:
    if isinstance(value, str) and value.strip():
        return (value.strip(),)
    if isinstance(value, list):
        return tuple(v.strip() for v in value if isinstance(v, str) and v.strip())
    return ()


def _patterns(data: Any, where: str = "", skills: tuple[str, ...] = (),
              depth: int = 0) -> list[_Pattern]:
    if depth > _MAX_DEPTH:
        return []
    if isinstance(data, list):
        return [p for n, v in enumerate(data)
                for p in _patterns(v, f"{where}[{n}]", skills, depth + 1)]
    if not isinstance(data, dict):
        return []
    own = next((_skills(data[k]) for k in _SKILL_KEYS if _skills(data.get(k))), skills)
    out: list[_Pattern] = []
    for key, value in data.items():
        at = f"{where}.{key}" if where else str(key)
        texts = [value] if isinstance(value, str) else value if isinstance(value, list) else []
        wild = [t for t in texts if isinstance(t, str) and ("*" in t or "?" in t)]
        if wild and _words(str(key)) & _WHERE_WORDS:
            others = tuple(str(k) for k in data if k != key and k not in _SKILL_KEYS)
            out += [_Pattern(at, t, own, others if where else ()) for t in wild]
        else:
            out += _patterns(value, at, own, depth + 1)
    return out


def _armed_skills(data: Any, depth: int = 0) -> set[str]:
    """The skills a config's arms (or variants, agents) load: `arms: [{skills: [...]}]`."""
    if depth > _MAX_DEPTH or not isinstance(data, (dict, list)):
        return set()
    items = data.values() if isinstance(data, dict) else data
    found = {s for k in _SKILL_KEYS for s in _skills(data.get(k))} \
        if isinstance(data, dict) and depth > 0 else set()
    return found | {s for v in items for s in _armed_skills(v, depth + 1)}


def _programs(data: dict[str, Any], folder: Path) -> list[str]:
    out: list[str] = []
    for key, value in data.items():
        if isinstance(value, str) and _words(str(key)) & _PROGRAM_WORDS:
            name = PurePosixPath(value.strip())
            if name.suffix and not name.is_absolute() and ".." not in name.parts and any(
                    safely.is_file(base / name) for base in (folder, folder.parent)):
                out.append(value.strip())
    return out


def _found(folder: Path, pattern: str) -> list[Path]:
    return _found_in(folder, pattern)[1]


def _found_in(folder: Path, pattern: str) -> tuple[Path, list[Path]]:
    """The folder the pattern is read from (the config's, or the one above it) and what it
    finds there, symlinks aside."""
    rel = PurePosixPath(pattern.strip())
    if rel.is_absolute() or ".." in rel.parts:
        return folder, []
    for base in (folder, folder.parent):
        try:
            hits = sorted(p for p in base.glob(str(rel)) if not p.is_symlink())
        except (OSError, ValueError):
            continue
        if hits:
            return base, hits
    return folder, []


def _has_prompt(path: Path) -> bool:
    """A folder with a prompt file, or a data file (one in it) holding a case's prompt."""
    if path.is_dir():
        if prompt_file(path) is not None:
            return True
        return any(_has_prompt(f) for f in sorted(path.iterdir())
                   if f.is_file() and f.suffix in SET_SUFFIXES)
    try:
        data = read_data(path) if path.suffix in SET_SUFFIXES else None
    except CaseSetError:
        return False
    items = data if isinstance(data, list) else [data]
    # a prompt one level down (`inputs: {prompt: ...}`) is a case another reader may know
    return any(prompt_fields(i) or isinstance(i, dict) and any(
        prompt_fields(v) for v in i.values()) for i in items)


def _holds(path: Path) -> str:
    """What one found folder or file holds, said briefly."""
    if path.is_dir():
        files = sorted(f for f in path.iterdir() if f.is_file())
        data = next((f for f in files if f.suffix in SET_SUFFIXES), None)
        if data is not None:
            return f"{path.name}/{_holds(data)}"
        return f"{path.name}/: {', '.join(f.name for f in files[:_SHOWN]) or 'empty'}"
    try:
        data = read_data(path)
    except CaseSetError:
        return f"{path.name}: unreadable"
    keys = list(data)[:8] if isinstance(data, dict) else []
    return f"{path.name}: {', '.join(map(str, keys))}" if keys else path.name


def pointed_refusal(data: Any, config: Path, names: tuple[str, ...]) -> str | None:
    """Why the config's cases cannot be read, naming what its patterns find and the fix; None
    when the data names no cases by a pattern."""
    if not isinstance(data, dict):
        return None
    patterns = _patterns(data)
    if not patterns:
        return None
    folder = config.parent
    known = {n.lower() for n in names}
    owned = [p for p in patterns if not p.skills or known & {s.lower() for s in p.skills}]
    named = sorted({s for p in patterns for s in p.skills})
    head = "holds no cases: it names them by pattern"
    if not owned:
        return (f"{head}, each for another skill ({', '.join(named)}), none this one "
                f"({', '.join(names)}); fix: give this skill cases of its own (evals/evals.json), "
                "or grade one of those skills")
    found = {p.pattern: _found(folder, p.pattern) for p in owned}
    said = "; ".join(f"{p.where}: {p.pattern} finds {len(found[p.pattern])}"
                     f"{', the first ' + _holds(found[p.pattern][0]) if found[p.pattern] else ''}"
                     for p in owned)
    programs = _programs(data, folder)
    run_by = f"; run by the authors' program(s) {', '.join(programs)}" if programs else ""
    hits = [h for p in owned for h in found[p.pattern]]
    armed = _armed_skills(data) - {p for p in named}
    if armed and not known & {s.lower() for s in armed}:
        return (f"{head} ({said}), for arms loading skill(s) {', '.join(sorted(armed))}, "
                f"none this one{run_by}; fix: grade one of those skills, or give this skill "
                "cases of its own (evals/evals.json)")
    if not hits:
        return (f"{head} ({said}): nothing there{run_by}; fix: correct the pattern, or list "
                "the cases under `evals`, each with its `prompt`")
    if not any(_has_prompt(h) for h in hits):
        built = " (a prompt they build at run time is none this tool can send)" \
            if programs else ""
        return (f"{head} ({said}): none holds a prompt{run_by}{built}; fix: write each "
                "case's prompt (a `prompt` field, or prompt.md in each case folder), or list "
                "the cases under `evals`, each with its `prompt`")
    if not all(_top_prompt(h) for h in hits):  # `inputs: {prompt}`, or some without one
        return (f"{head} ({said}): not each a case with its prompt at its top level{run_by}; "
                "fix: write each case's `prompt` at its top level, or list the cases under "
                "`evals`, each with its `prompt`")
    return None  # each a case: read (pointed_cases)


def _owned(data: dict[str, Any], names: tuple[str, ...]) -> list[_Pattern]:
    """The patterns of this skill's cases: of a suite naming it, or naming none, in a config
    whose arms (if it names any) load it."""
    known = {n.lower() for n in names}
    patterns = _patterns(data)
    named = {s for p in patterns for s in p.skills}
    armed = _armed_skills(data) - named
    if armed and not known & {s.lower() for s in armed}:
        return []
    return [p for p in patterns if not p.skills or known & {s.lower() for s in p.skills}]


def _top_prompt(path: Path) -> bool:
    if path.is_dir():
        return prompt_file(path) is not None
    try:
        data = read_data(path) if path.suffix in SET_SUFFIXES else None
    except CaseSetError:
        return False
    items = data if isinstance(data, list) else [data]
    return bool(items) and all(prompt_fields(i) for i in items)


def pointed_cases(data: Any, config: Path, names: tuple[str, ...],
                  skill_dir: Path) -> Pointed | None:
    """The cases the config's patterns name for this skill, read: each case folder as a
    folder set's (runner.authoring.casedirs), each file's case(s) with a prompt as written
    (its stem the id of one without). None unless every folder or file found is a case."""
    if not isinstance(data, dict) or not config.is_file():
        return None
    owned = _owned(data, names)
    bases = [(p, *_found_in(config.parent, p.pattern)) for p in owned]
    found = [(p, listed) for p, _, listed in bases]
    hits = [(base, h) for _, base, listed in bases for h in listed]
    if not hits or not all(_top_prompt(h) for _, h in hits):
        return None
    cases: list[dict[str, Any]] = []
    for base, hit in hits:
        if hit.is_dir():  # its fixtures named from the folder the pattern was read from
            cases.append(case_from_dir(hit, base, skill_dir))
            continue
        read = read_data(hit)
        for item in read if isinstance(read, list) else [read]:
            cases.append(item if "id" in item or "name" in item else {"id": hit.stem, **item})
    said = "; ".join(f"{p.where}: {p.pattern} ({len(listed)})"
                     f"{', beside it ' + ', '.join(p.beside) + ' (not graded)' if p.beside else ''}"
                     for p, listed in found)
    return Pointed(cases, f"cases read from what the config's patterns name: {said}")

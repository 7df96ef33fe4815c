"""Where a skill's case set lives (issue 26, rule 8): every layout authors use, found the same
way by `check`, `run` and bench/caseset_acceptance.py.

In order, the first that exists:

1. `--cases FILE` (any set file, anywhere);
2. the skill's own `evals/evals.json`, then another name there (`cases.json`, `evals.yaml`,
   `test-cases.json`, `functional.json`, ...) or a folder of one-case files (`evals/cases/`);
   (of two set names in one folder, the one whose content is cases; two case sets there are
   refused by `caseset.set_path`, naming both and `--cases FILE`);
3. an `evals/` folder at the repository root above the skill (a skill in a subfolder), read
   the same way, or as `evals/<skill name>/...` (one set per skill of a collection);
4. a prose or Markdown set (`evals/evals.md`, ...): not gradable as it is; refused, naming
   `skill-eval cases SKILL --generate --from FILE`, which drafts evals.json from it.

A folder with no SKILL.md but skills below it is a collection: `skill_folders` lists them.
"""

from __future__ import annotations

import json
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

from runner.authoring.csvsets import read_csv_set
from runner.authoring.promptfoo import CONFIG_STEMS, is_promptfoo, read_promptfoo
from runner.authoring.skill import declared_name
from runner.errors import CaseSetError

SET_NAMES = ("evals", "cases", "eval", "test_cases", "test-cases", "tests", "functional",
             "evaluations", "scenarios", "eval_cases", "eval-cases", "eval_set", "eval-set",
             "test_prompts", "test-prompts", "prompts", *CONFIG_STEMS)
# The folder a set sits in: `evals/`, the singular some authors write, or a test folder.
SET_FOLDERS = ("evals", "eval", "tests", "test", "evaluations")
# Hidden folders agents load skills from: their skills count when a repository has no other.
AGENT_FOLDERS = frozenset({".claude", ".cursor", ".codex", ".agents", ".agent", ".gemini",
                           ".opencode", ".github", ".windsurf", ".kiro"})
SET_SUFFIXES = (".json", ".yaml", ".yml", ".jsonl", ".csv")
# A folder of one-case files holds no CSV: there a CSV is a fixture (data the case reads).
FOLDER_SUFFIXES = (".json", ".yaml", ".yml", ".jsonl")
CASE_FOLDERS = ("cases", "tests", "scenarios")
PROSE_SUFFIXES = (".md", ".markdown", ".txt")
# Folders whose SKILL.md files are test material, never skills of the collection.
NOT_SKILLS = frozenset({"node_modules", ".git", "fixtures", "tests", "test", "examples",
                        "templates", "evals", "__pycache__", ".venv"})
ANCESTORS = 4  # how far above a skill its repository root's evals/ may sit


def _candidates(evals: Path, names: tuple[str, ...] = SET_NAMES) -> list[Path]:
    return [evals / f"{name}{suffix}" for name in names for suffix in SET_SUFFIXES
            if (evals / f"{name}{suffix}").is_file()]


def _holds_cases(path: Path) -> bool:
    try:
        return _case_list(read_set(path)) is not None
    except CaseSetError:
        return False


def _in_folder(evals: Path, stem: str | None = None) -> Path | None:
    found = _candidates(evals, SET_NAMES if stem is None else (stem,))
    if len(found) > 1:
        # Two set names in one folder: the one holding cases (prompts), not a list of rule ids
        # or settings beside it; when both hold cases, set_path refuses naming both.
        found = [p for p in found if _holds_cases(p)][:1] or found
    if found:
        return found[0]
    if stem is None:
        for folder in CASE_FOLDERS:
            path = evals / folder
            if path.is_dir() and any(p.suffix in FOLDER_SUFFIXES for p in path.iterdir()):
                return path
    return None


def _roots(skill_dir: Path) -> list[Path]:
    """The skill, then each folder above it up to its repository's root."""
    found = [skill_dir]
    current = skill_dir
    for _ in range(ANCESTORS):
        if (current / ".git").exists() or current.parent == current:
            break
        current = current.parent
        found.append(current)
    return found


def find_set(skill_dir: Path, name: str | None = None) -> Path | None:
    """The skill's case set file (or folder of case files), or None (see the module)."""
    for root, evals in _set_folders(skill_dir):
        found = _in_folder(evals)
        if found is None and root != skill_dir.resolve():
            for label in dict.fromkeys(n for n in (name, skill_dir.name) if n):
                found = _in_folder(evals / label) if (evals / label).is_dir() else None
                if found is not None:
                    break
        if found is None and root == skill_dir.resolve() and _topic_files(evals):
            found = evals  # several case lists under topic names (discover.json, ...)
        if found is not None and (root == skill_dir.resolve()
                                  or _names_this(found, [n for n in (name, skill_dir.name)
                                                         if n])):
            return found
    return None


def _set_folders(skill_dir: Path) -> list[tuple[Path, Path]]:
    """Each root (the skill, then the folders above it) with a set folder, `evals/` first."""
    return [(root, root / name) for root in _roots(skill_dir.resolve()) for name in SET_FOLDERS
            if (root / name).is_dir()]


PROMPT_KEYS = ("prompt", "query", "input", "user", "user_input", "question", "request")


def _case_list(data: Any) -> list[Any] | None:
    """A list of case-like objects (each with a prompt under some name), or None."""
    items = data.get("evals") or data.get("cases") if isinstance(data, dict) else data
    if isinstance(items, list) and items and all(
            isinstance(i, dict) and any(k in i for k in PROMPT_KEYS) for i in items):
        return items
    return None


def _topic_files(evals: Path) -> list[Path]:
    """Files of an evals/ folder that each hold a list of cases (trigger sets aside)."""
    found = []
    for path in sorted(evals.iterdir()):
        if path.suffix not in SET_SUFFIXES or "trigger" in path.name:
            continue
        try:
            if _case_list(read_set(path)) is not None:
                found.append(path)
        except CaseSetError:
            continue
    return found


def _names_this(found: Path, names: list[str]) -> bool:
    """A set above the skill is its set unless the set says it belongs to another skill."""
    if found.is_dir():
        return True
    try:
        data = read_set(found)
    except CaseSetError:
        return True  # the reader refuses it, naming the problem
    items = data.get("evals") or data.get("cases") if isinstance(data, dict) else data
    if isinstance(items, list) and any(set(case_skill(i)) & set(names) for i in items):
        return True  # its cases name the skill: the set's own `skill_name` is the plugin's
    owner = data.get("skill_name") or data.get("skill") if isinstance(data, dict) else None
    if isinstance(owner, str) and "/" in owner:  # the skill's folder, from the set's
        return PurePosixPath(owner).name in names
    return not isinstance(owner, str) or owner in names


def rival_sets(found: Path) -> list[Path]:
    """Every set file beside `found` (itself included) that holds cases: more than one is a
    choice only the author can make (`--cases FILE`)."""
    if found.is_dir() or found.stem not in SET_NAMES:
        return []
    return [p for p in _candidates(found.parent) if _holds_cases(p)]


def find_prose(skill_dir: Path, name: str | None = None) -> Path | None:
    """A Markdown or prose set where no structured one exists."""
    for _, evals in _set_folders(skill_dir):
        for folder in [evals, *((evals / n) for n in (name, skill_dir.name) if n)]:
            for stem in SET_NAMES:
                for suffix in PROSE_SUFFIXES:
                    path = folder / f"{stem}{suffix}"
                    if path.is_file():
                        return path
    return None


def read_set(path: Path) -> Any:
    """The set's data: JSON, YAML, or a folder of one-case (or several-case) files."""
    shown = str(path)
    if path.is_dir():
        cases: list[Any] = []
        topics = _topic_files(path)
        for file in topics or sorted(p for p in path.iterdir() if p.suffix in FOLDER_SUFFIXES):
            data = read_set(file)
            items = data.get("evals") or data.get("cases") if isinstance(data, dict) else data
            if isinstance(items, list):
                # ids are the file's own: prefixed with its topic so they stay unique
                cases += [{**i, "id": f"{file.stem}-{i.get('id', n + 1)}"}
                          if isinstance(i, dict) and len(topics) > 1 else i
                          for n, i in enumerate(items)]
            elif isinstance(data, dict):
                cases.append({"id": file.stem, **data})
        return {"evals": cases}
    try:
        text = path.read_text(encoding="utf-8")
    except (UnicodeDecodeError, OSError) as exc:
        raise CaseSetError(shown, f"cannot be read: {exc}") from exc
    if path.suffix == ".csv":
        return {"evals": read_csv_set(path).cases}
    if is_promptfoo(path):
        return {"evals": read_promptfoo(path).evals}
    if path.suffix == ".json":
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise CaseSetError(shown, f"not valid JSON: {exc}") from exc
    if path.suffix == ".jsonl":
        return _json_lines(text, shown)
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        raise CaseSetError(shown, f"EV010: not valid YAML: {exc}".replace("\n", " ")) from exc


def _json_lines(text: str, shown: str) -> list[Any]:
    """JSON Lines: one case per non-empty line."""
    cases = []
    for number, line in enumerate(text.splitlines(), 1):
        try:
            cases += [json.loads(line)] if line.strip() else []
        except json.JSONDecodeError as exc:
            raise CaseSetError(shown, f"line {number} is not valid JSON: {exc}") from exc
    return cases


def prose_refusal(path: Path, skill_dir: Path) -> CaseSetError:
    return CaseSetError(str(path), "a prose or Markdown case set: no reader can grade it as it "
                                   "is; draft evals.json from it with `skill-eval cases "
                                   f"{skill_dir} --generate --from {path}`, review the TODO "
                                   "markers, then check again")


def skill_folders(root: Path) -> list[Path]:
    """The skills of a collection: every folder below `root` holding a SKILL.md, outside test
    material (fixtures, examples, templates, node_modules)."""
    found: list[Path] = []
    hidden: list[Path] = []  # under an agent's folder (.claude/skills/...)
    for skill_md in sorted(root.rglob("SKILL.md")):
        rel = skill_md.parent.relative_to(root).parts
        dotted = [p for p in rel if p.startswith(".")]
        if NOT_SKILLS.intersection(rel) or dotted and (dotted != [rel[0]]
                                                       or rel[0] not in AGENT_FOLDERS):
            continue
        (hidden if dotted else found).append(skill_md.parent)
    # helpers kept for the agent beside a repository's own skills are not what it ships
    return found or hidden


# Where a case of a shared set names its skill: top-level keys, then a metadata mapping's.
SKILL_KEYS = ("skill", "skills", "target_skill", "target_skills", "skill_under_test")
SKILL_HOLDERS = ("metadata", "custom_metadata")


def _named(value: Any) -> list[str]:
    if isinstance(value, str) and value.strip():
        return [value.strip()]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [v.strip() for v in value]
    return []


def case_skill(item: Any) -> list[str]:
    """The skills a case of a shared set names (`skill`, `skills`, `target_skill(s)`,
    `metadata.skill`, `custom_metadata.skill`)."""
    if not isinstance(item, dict):
        return []
    for key in SKILL_KEYS:
        if _named(item.get(key)):
            return _named(item.get(key))
    for holder in SKILL_HOLDERS:
        meta = item.get(holder)
        if isinstance(meta, dict) and _named(meta.get("skill")):
            return _named(meta.get("skill"))
    return []


def drop_skill(item: dict[str, Any]) -> dict[str, Any]:
    """The case without the key that named its skill (read; nothing left to grade)."""
    kept = {k: v for k, v in item.items() if k not in SKILL_KEYS}
    for holder in SKILL_HOLDERS:
        meta = kept.get(holder)
        if isinstance(meta, dict) and "skill" in meta:
            rest = {k: v for k, v in meta.items() if k != "skill"}
            if rest:
                kept[holder] = rest
            else:
                kept.pop(holder)
    return kept


def several_skills(item: Any, shown: str) -> CaseSetError | None:
    """A case naming several skills: one case runs against one skill, so it is refused."""
    named = case_skill(item)
    if len(set(named)) < 2:
        return None
    label = item.get("id", item.get("name", "?")) if isinstance(item, dict) else "?"
    return CaseSetError(shown, f"case {label} names several skills ({', '.join(named)}): a "
                               "case runs against one skill, so which one it grades is the "
                               "author's choice; fix: name one skill, or split it into one "
                               "case per skill")


def collection(root: Path) -> list[tuple[Path, Path | None]]:
    """A folder without SKILL.md: each skill below it and the set it would be graded on."""
    if (root / "SKILL.md").is_file() or not root.is_dir():
        return []
    return [(skill, find_set(skill, declared_name(skill))
             or find_prose(skill, declared_name(skill))) for skill in skill_folders(root)]


def collection_lines(root: Path, skills: list[tuple[Path, Path | None]]) -> list[str]:
    lines = [f"{root}: a collection of {len(skills)} skill(s), no SKILL.md of its own; check "
             "or run each:"]
    for skill, found in skills:
        where = (f"set {found}" if found is not None and found.suffix not in PROSE_SUFFIXES
                 else f"prose set {found} (draft it: skill-eval cases {skill} --generate "
                      f"--from {found})" if found is not None else "no case set")
        lines.append(f"  {skill}: {where}")
    return lines

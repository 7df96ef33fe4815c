"""Where a skill's case set lives (issue 26, rule 8): every layout authors use, found the same
way by `check`, `run` and bench/caseset_acceptance.py.

In order, the first that exists:

1. `--cases FILE` (any set file, anywhere);
2. the skill's own set folder (`evals/`, `eval/`, `tests/evals/`): its files of cases, found by
   content whatever their names (runner.authoring.siblings), several of one shape read as one
   set and several of different shapes refused naming each and `--cases FILE`; else a file
   under a set's usual name (`evals.json`, `cases.yaml`, ...), read and refused with what is
   wrong; else a folder of one-case files (`evals/cases/`);
3. the set folders above the skill, up to its repository's root (a skill in a subfolder):
   `evals/<skill name>/` first (or a plugin's `evals/cases/<skill name>/`, or
   `evals/skills/<skill name>/`, a folder of case folders or one case itself), then `evals/`
   itself, whose files naming another skill in `skill_name` are that skill's; then set
   folders one or two levels below those (`development/evals/`) in the skill's git
   repository, only for a set that names the skill; skill-creator's `<skill>-workspace/evals/`
   beside the skill, after the skill's own folders, for a set that names it;
   (before those, a set file beside SKILL.md: `eval.json`, `evals.json`, `cases.json`,
   `evals.yaml`, ... judged by content, never shipped in the skill's bundle);
   A folder of Markdown task files (`evals/tasks/*.md`, else the skill's own `tasks/*.md`),
   each with a grader or checks in its front matter, is a set too (runner.authoring.mdtasks);
4. a prose or Markdown set (`evals/evals.md`, ...): not gradable as it is; refused, naming
   `skill-eval cases SKILL --generate --from FILE`, which drafts evals.json from it.

A folder with no SKILL.md but skills below it is a collection: `skill_folders` lists them.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Collection
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.attribution import (
    EXPLICIT,
    NAMING_KEY,
    ROUTED_KEYS,
    SKILL_HOLDERS,
    SKILL_KEYS,
    named_by_file,
    named_skill,
    set_named,
    skill_names,
)
from runner.authoring.attribution import (
    case_skill as case_skill,  # re-exported: its readers import it from here
)
from runner.authoring.below_sets import below_lines
from runner.authoring.casedirs import (
    find_case_dirs,
    is_case_dir,
    is_case_dirs,
    is_one_case,
    other_folders,
    prose_case_dirs,
    read_case_dir,
    read_case_dirs,
    source_lines,
)
from runner.authoring.mdtasks import (
    TASK_FOLDERS,
    is_task,
    markdown_set,
    prose_cases,
    read_tasks,
    task_case,
    task_files,
)
from runner.authoring.project_skill import skills_root
from runner.authoring.project_walk import Walk, subfolders
from runner.authoring.promptfoo import CONFIG_STEMS
from runner.authoring.read_once import once
from runner.authoring.routing import NOTES, route_field
from runner.authoring.siblings import (
    NOT_A_SET,
    ROUTING_SET,
    SET_SUFFIXES,
    USUAL_STEMS,
    case_list,
    judge,
    owner,
    read_data,
    survey,
)
from runner.authoring.sides import SKILL_NAME, side
from runner.authoring.skill import SKILL_FILE, declared_name, plugin_of
from runner.authoring.skill_parts import part_file, part_name
from runner.authoring.skill_routes import ROUTE_KEYS
from runner.authoring.skillgrade import root_set
from runner.authoring.templates import templated
from runner.errors import CaseSetError
from runner.schema.case import CaseSet

SET_NAMES = (*USUAL_STEMS, *CONFIG_STEMS)
# The folder a set sits in: `evals/`, the singular some authors write, a test folder.
SET_FOLDERS = ("evals", "eval", "tests/evals", "tests", "test", "evaluations", "evaluation",
               # an end-to-end suite of the agent (`tests/e2e/test_cases.yaml`)
               "tests/e2e", "e2e",
               # a JavaScript project's test folder (`__test__/evals/<skill>/cases.json`)
               "__tests__/evals", "__test__/evals",
               # a folder kept out of the skill's own listing by its leading underscore
               # (`_evaluation/cp-solver-evals.json`): after the plain names, which win
               "_evals", "_eval", "_evaluation", "_evaluations")
# ...of which these hold a program's tests too: a file there holding no case is their data.
_PROGRAM_TEST_FOLDERS = frozenset({"tests", "test", "evaluation", "e2e", "tests/e2e"})
# Hidden folders agents load skills from: their skills count when a repository has no other.
AGENT_FOLDERS = frozenset({".claude", ".cursor", ".codex", ".agents", ".agent", ".gemini",
                           ".opencode", ".github", ".windsurf", ".kiro"})
# A folder of one-case files holds no CSV: there a CSV is a fixture (data the case reads).
FOLDER_SUFFIXES = (".json", ".yaml", ".yml", ".jsonl")
CASE_FOLDERS = ("cases", "tests", "scenarios")
# A set folder's folder of per-skill set folders (`evals/skills/<skill>/`), like `evals/<skill>/`.
SKILLS_FOLDER = "skills"
PROSE_SUFFIXES = (".md", ".markdown", ".txt")
PROSE_REFUSAL = "a prose or Markdown case set"  # how the refusal of one opens
# Folders whose SKILL.md files are test material, never skills of the collection: names a
# reader refuses to read as a skill (a fixture's or an example's copy), not a walk's skip list
# (dependencies and builds are never walked at all: runner.authoring.project_walk).
NOT_SKILLS = frozenset({"fixtures", "tests", "test", "examples", "templates", "evals"})
# ...of which a repository with no other skill shows its skills in these
_SHOWN = frozenset({"examples", "templates"})
ANCESTORS = 4  # how far above a skill its repository root's evals/ may sit


@dataclass(frozen=True)
class Located:
    """Where a skill's set was found: the set file (or the folder whose case files are read
    as one set), the files read, every other data file of that folder with why it was not
    read, and why several case files there are not one set (refused by caseset.set_path)."""

    path: Path
    files: tuple[Path, ...]
    unread: tuple[tuple[Path, str], ...] = ()
    conflict: str | None = None
    fallback: bool = False  # a file under a set's name holding no cases (the reader refuses it)
    parts: tuple[str, ...] = ()  # the router's parts whose sets these files are (skill_parts)


def _named_first(path: Path) -> tuple[int, str]:
    """The conventional names first (in SET_NAMES order), then the others by name."""
    return (SET_NAMES.index(path.stem) if path.stem in SET_NAMES else len(SET_NAMES), path.name)


def _located(folder: Path, names: list[str], shared: bool) -> Located | None:
    """The set in one folder, judged by content (runner.authoring.siblings); else a file
    under a set's usual name (the reader says what is wrong with it); else a folder of
    one-case files."""
    if per_skill(folder):
        return Located(folder, (folder,)) if _case_files(folder) else None
    if folder.name in names and is_one_case(folder):  # `evals/skills/<skill>/task.md`
        return Located(folder, (folder,))
    surveyed = survey(folder, names, shared)
    cases_beside = _case_folder(folder)
    if surveyed.read and cases_beside is not None and all(judge(p).routes
                                                          for p in surveyed.read):
        # a router's test set (every prompt with only the skill it should reach) beside a
        # folder of case files: trigger queries (runner.triggers.queries reads them), and
        # the case folder is the runtime set
        return Located(cases_beside, (cases_beside,), (
            *surveyed.unread, *((p, ROUTING_SET) for p in surveyed.read),
            *_inner_unread(cases_beside)))
    if surveyed.read and shared and all(judge(p).routes and _routes_to_skills(p)
                                        for p in surveyed.read):
        # a router's test set shared by a collection's skills (`tests/routing-evals.json`:
        # each prompt with the skill it should reach): their trigger queries, read by
        # `skill-eval trigger` (runner.triggers.routing_set), no runtime set of theirs
        return None
    if surveyed.read:
        files = tuple(sorted(surveyed.read, key=_named_first))
        return Located(files[0] if len(files) == 1 else folder, files, surveyed.unread,
                       surveyed.conflict)
    named = sorted((p for p, why in surveyed.unread if p.stem in SET_NAMES
                    and "trigger" not in p.name and not why.startswith(NOT_A_SET)),
                   key=_named_first)
    if named and cases_beside is None and _markdown_below(folder) and all(
            why.startswith(_HOLDS_NO_CASES) for p, why in surveyed.unread if p in named):
        # an index of the case files (`evals/manifest.json`: its `cases` list each file's id
        # and labels, no prompt) beside the folder of case files it indexes: the folder is the
        # set, the index said as passed over (before, the index was refused as no set)
        named = []
    if named and folder.name in _PROGRAM_TEST_FOLDERS:
        # `tests/scenarios.json` holding no case (`routine_tasks: [{description,
        # expected_tier}]`): the skill's program's test data, which a test folder holds
        # beside its tests; its set is elsewhere or none (evals/ keeps the broken-set refusal)
        named = []
    if named:
        return Located(named[0], (named[0],),
                       tuple(u for u in surveyed.unread if u[0] != named[0]), fallback=True)
    if cases_beside is not None:
        return Located(cases_beside, (cases_beside,), (*surveyed.unread,
                                                       *_inner_unread(cases_beside)))
    found = _tasks(folder) or (_case_dirs(folder) if not shared or _sole_skill(folder)
                               else _shared_case_dirs(folder)) or _one_case(folder, shared)
    passed = tuple(u for u in surveyed.unread if u[1].startswith(NOT_A_SET))
    # a file passed over beside the case folders (an inventory the scenarios were drawn
    # from) is said, never dropped in silence
    return None if found is None else replace(found, unread=(*found.unread, *passed))


_HOLDS_NO_CASES = "holds no cases"


# Where a router's test entry names the skill a prompt should reach (a skill's name, never a
# side: `should_trigger: "experiment-debugger"`, `expected_skill: "pdf-maker"`).
_ROUTE_NAMES = (*ROUTED_KEYS, *ROUTE_KEYS)


_PROMPT_FIELDS = frozenset({"prompt", "query", "input", "question", "message", "request"})
# A route through routers to the skill (`expected_path: [router, leaf]`): routing too.
_PATHS = frozenset({"expected_path", "expected_chain", "route_path", "routing_path"})


def _routes_to_skills(path: Path) -> bool:
    """A routing set some of whose prompts name the skill they should reach: the skills' own
    trigger queries; one naming none (`should_trigger: true` only) is a shared set whose
    owner is unsaid, refused where it is found as before."""
    try:
        items = case_list(read_data(path)) or []
    except CaseSetError:
        return False
    # (nothing but prompts, notes and routing: a case with checks of its own is a runtime
    # case naming its skill, read as one)
    return all(isinstance(item, dict) and all(
        route_field(str(k)) or str(k) in _PROMPT_FIELDS or str(k) in NOTES or str(k) in _PATHS
        for k in item) for item in items) and any(
        isinstance(item, dict) and isinstance(value := item.get(key), str)
        and side(value) is None and SKILL_NAME.match(value.strip()) is not None
        for item in items for key in _ROUTE_NAMES)


def _case_folder(folder: Path) -> Path | None:
    """The folder of case files below a set folder (`cases/`), if one holds any."""
    return next((folder / sub for sub in CASE_FOLDERS if (folder / sub).is_dir() and any(
        p.suffix in FOLDER_SUFFIXES for p in (folder / sub).iterdir())), None)


def a_template(path: Path) -> bool:
    """A page its name calls a template (`case-template.md`, `eval_template.md`): the form a
    case is written in, its blanks `<exact instruction>`, never a case."""
    return "template" in re.split(r"[\W_]+", path.stem.lower())


def _markdown_below(folder: Path) -> bool:
    """A case folder below the set folder (`cases/`) holding Markdown sets, one case a file
    (`markdown_family` reads them)."""
    return any(sum(1 for p in (folder / sub).iterdir() if p.is_file()
                   and p.suffix in PROSE_SUFFIXES and p.stem.lower() != "readme"
                   and not a_template(p) and markdown_set(p) is not None) > 1
               for sub in CASE_FOLDERS if safely.is_dir(folder / sub))


def _inner_unread(path: Path) -> tuple[tuple[Path, str], ...]:
    """The case folder's own files that `read_set` passes over (a file of minimal pairs,
    trigger queries): said with the set's, never dropped in silence."""
    inner = survey(path, suffixes=FOLDER_SUFFIXES)
    return inner.unread if inner.read else ()


def routing_beside_cases(folder: Path) -> list[Path]:
    """A set folder's router test sets read as trigger queries because a case folder beside
    them is the runtime set (`_located`)."""
    if _case_folder(folder) is None:
        return []
    read = survey(folder).read
    return list(read) if read and all(judge(p).routes for p in read) else []


def _one_case(folder: Path, shared: bool) -> Located | None:
    """A set folder of the skill's own (never one shared above several) that is one case
    itself: its prompt file, criteria, fixtures (runner.authoring.casedirs.is_case_dir)."""
    return Located(folder, (folder,)) if not shared and is_case_dir(folder) else None


def _case_dirs(folder: Path) -> Located | None:
    """One folder per case (runner.authoring.casedirs): the folder, or one below it, whose
    subfolders each hold a prompt file. In a shared set folder above the skill only where
    the repository holds no other skill (`_sole_skill`)."""
    found = find_case_dirs(folder)
    if found is not None and _per_skill_folders(found):
        return None
    return None if found is None else Located(found, (found,), tuple(
        (other, f"{NOT_A_SET}: a folder beside the case folders with no prompt file")
        for other in other_folders(found)))


def _per_skill_folders(found: Path) -> bool:
    """`evals/skills/` whose subfolders are named for skills of the repository: one set
    folder per skill (`search_order` reads each as its skill's), never one set whose case
    folders are skills."""
    if found.name != SKILLS_FOLDER or found.parent.name not in SET_FOLDERS:
        return False
    known = names_below(found.parent.parent)
    return any(sub.name in known for sub in found.iterdir() if sub.is_dir())


def _sole_skill(set_folder: Path) -> bool:
    """Whether the repository holding a shared set folder has one skill only: then its case
    folders can be for no other (with several, which skill each is for is not said)."""
    return len(once(("skill_folders", str(set_folder.parent.resolve())),
                    lambda: _skill_folders(set_folder.parent.resolve()))) == 1


def _shared_case_dirs(folder: Path) -> Located | None:
    """Case folders in a set folder shared by several skills (a plugin's root
    `evals/scenarios/`): read, each case run against the skill it names
    (runner.authoring.attribution; one naming none is not run, said per case); never a
    folder named for one of the skills (`evals/<skill>/`: that skill's own)."""
    found = _case_dirs(folder)
    known = names_below(folder.parent)
    return None if found is None or found.path.name in known else found


def _tasks(folder: Path) -> Located | None:
    """A folder of Markdown task files below `folder` (`tasks/`), read as one set."""
    for sub in TASK_FOLDERS:
        if task_files(folder / sub):
            return Located(folder / sub, (folder / sub,))
    return None


def per_skill(folder: Path) -> bool:
    """A plugin's folder of case files for one skill or command (`evals/cases/<name>/`): its
    files are one case each, or lists of cases, in JSON or YAML, all read."""
    return folder.parent.name in CASE_FOLDERS and folder.parent.parent.name in SET_FOLDERS


def _case_files(folder: Path) -> tuple[Path, ...]:
    return tuple(sorted(p for p in folder.iterdir() if p.is_file()
                        and p.suffix in FOLDER_SUFFIXES))


_BELOW = " (`check` reports on it below)"  # not below a refusal


def held_instead(skill_dir: Path, name: str | None = None, prose: bool = False) -> str:
    """When no case set is found: the data files the set folders do hold, each with why it is
    no set (a trigger set, no prompts, ...), so a refusal never passes over them in silence;
    with `prose`, the Markdown files there too (the refusal of a skill with no set at all)."""
    seen = [f"{path.relative_to(path.parent.parent)} ({why.replace(_BELOW, '')})"
            for path, why in [*unread_everywhere(skill_dir, name), *_beside_unread(skill_dir)]]
    seen += _below(skill_dir, name)
    sets = _markdown_sets(skill_dir, name) if prose else []
    if len(sets) > 1:  # each a set, so which one is this skill's is not said
        seen.append(f"{len(sets)} Markdown sets whose sections are cases: "
                    f"{', '.join(str(p.relative_to(p.parent.parent)) for p in sets)} (several, "
                    f"so which one is the set is not said; fix: name it: --cases {sets[0]})")
    elif sets and one_of_many(sets[0]):
        seen.append(f"{sets[0].relative_to(sets[0].parent.parent)} (its sections are a case, "
                    "but it is one of a family of per-case files whose others are prose: not "
                    f"read as the set alone; fix: name it: --cases {sets[0]})")
    notes = [p for p in _markdown_unread(skill_dir, name) if p not in sets] if prose else []
    if notes:
        shown = ", ".join(str(p.relative_to(p.parent.parent)) for p in notes[:_NOTES_SHOWN])
        more = f" and {len(notes) - _NOTES_SHOWN} more" if len(notes) > _NOTES_SHOWN else ""
        seen.append(f"{len(notes)} Markdown file(s): {shown}{more} (prose, which no reader "
                    "grades: if one holds the cases, draft a set from it with `skill-eval "
                    f"cases {skill_dir} --generate --from FILE`)")
    return f"; found instead: {'; '.join(seen)}" if seen else ""


_NOTES_SHOWN = 5


# A `tests/` folder is most often a software test suite: the data of its subfolders are its
# fixtures, never said as a case set's material (only its own files are surveyed).
_SUITE_FOLDERS = frozenset({"tests", "test"})


def _below(skill_dir: Path, name: str | None) -> list[str]:
    """What the subfolders of the skill's set folders hold (runner.authoring.below_sets):
    rubrics, answer keys, case folders with no prompt file, an empty `cases/` scaffold."""
    out: list[str] = []
    for folder, shared in search_order(skill_dir, name):
        if not folder.is_dir() or per_skill(folder) or folder.name in _SUITE_FOLDERS:
            continue
        # a subfolder named for a skill of the repository is that skill's own set folder
        skills = names_below(folder.parent) if shared else set()
        skip = {*skills, skill_dir.name, *((name,) if name else ()), "trigger"}
        out += below_lines(folder, skip, CASE_FOLDERS)
    return list(dict.fromkeys(out))


def _beside_unread(skill_dir: Path) -> list[tuple[Path, str]]:
    """The data files next to SKILL.md under a set's name that are not a set (a report of a
    past run's results saved as `evals.json`), each with what it holds: a refusal saying "no
    case set" names them, never passes over a file its reader would expect to be read."""
    if not skill_dir.is_dir():
        return []
    return [(p, judged.why_not) for p in sorted(skill_dir.iterdir())
            if p.is_file() and not p.is_symlink() and p.stem in SET_NAMES
            and p.suffix in SET_SUFFIXES and "trigger" not in p.name
            and (judged := judge(p)).shape is None and judged.error is None]


def _markdown_unread(skill_dir: Path, name: str | None) -> list[Path]:
    """The Markdown files of the skill's set folders (a benchmark written as prose), when no
    prose set under a set's name was found: named by the refusal, with the command that
    drafts a set from one."""
    return sorted(p for folder, _ in search_order(skill_dir, name) if folder.is_dir()
                  for p in folder.iterdir() if p.is_file() and p.suffix in PROSE_SUFFIXES
                  and p.stem.lower() != "readme")


def unread_everywhere(skill_dir: Path, name: str | None = None) -> list[tuple[Path, str]]:
    """Every data file of the skill's set folders that is not read as its set, with why."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    return [u for folder, shared in search_order(skill_dir, name) if folder.is_dir()
            for u in survey(folder, names, shared).unread]


def trigger_folders(folder: Path) -> list[Path]:
    """A set folder's folders of trigger queries: `trigger/`, and any folder named for
    triggers (`triggers/`, `skill-trigger/`, `trigger-evals/`), `trigger/` first."""
    if not safely.is_dir(folder):
        return []
    return sorted((p for p in folder.iterdir() if "trigger" in p.name.lower()
                   and p.is_dir() and not p.is_symlink()),
                  key=lambda p: (p.name != "trigger", p.name))


def _trigger_set(skill_dir: Path, name: str | None, own_only: bool = False) -> bool:
    """A trigger set in the skill's set folders (a file `skill-eval trigger` reads);
    `own_only`: in its own folders, never one shared above it."""
    return _triggers_in(search_order(skill_dir, name), own_only)


def _triggers_in(order: list[tuple[Path, bool]], own_only: bool = False) -> bool:
    """A trigger set in one of these set folders (`own_only`: one not shared)."""
    return any(trigger_folders(folder) or "`skill-eval trigger`" in why
               for folder, shared in order
               if folder.is_dir() and not (own_only and shared)
               for why in [*(w for _, w in survey(folder).unread), ""])


def _plugin_wide(set_folder: Path, found: Located, names: list[str]) -> bool:
    """A set in a folder above several skills (a plugin's `evals/`) that names none of them
    as this one: the plugin's, never this skill's own."""
    return len(names_below(set_folder.parent)) > 1 \
        and not _names_this(found, names, explicit=True)


def shared_passed_over(skill_dir: Path, name: str | None = None) -> list[Path]:
    """The plugin-wide sets above a skill with its own trigger set, which `locate` passes
    over for it (its own set wins): each named in one line by `check`."""
    if not _trigger_set(skill_dir, name, own_only=True):
        return []
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    passed = []
    for folder, shared in search_order(skill_dir, name):
        found = _located(folder, names, shared) if shared else None
        if found is not None and _plugin_wide(folder, found, names):
            passed.append(found.path)
    return passed


# Where a case set keeps its cases: a file holding one of these was written as a set.
_SET_KEYS = ("skill_name", "evals", "cases", "test_cases", "scenarios")


def _meant(path: Path) -> bool:
    """A file written as a case set (`skill_name`, an `evals` or `cases` list) though its cases
    are malformed: refused for what is wrong with it, never passed over for a trigger set."""
    try:
        data = read_data(path)
    except CaseSetError:
        return True  # the reader refuses it with its parse error
    return isinstance(data, dict) and any(k in data for k in _SET_KEYS)


def passed_over(skill_dir: Path, name: str | None = None) -> list[tuple[Path, str]]:
    """The files not taken as the skill's set because they hold no case shape while a
    well-formed set (a case set, or a trigger set) is there: each with why (EV012 lines)."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    triggers = _trigger_set(skill_dir, name)
    out: list[tuple[Path, str]] = []
    for folder, shared in search_order(skill_dir, name):
        if not folder.is_dir():
            continue
        out += [u for u in survey(folder, names, shared).unread if u[1].startswith(NOT_A_SET)]
        found = _located(folder, names, shared) if triggers else None
        if found is not None and found.fallback and not _meant(found.path):
            out.append((found.path, f"{NOT_A_SET}: under a set's name but no list of objects "
                                    "with a prompt (the authors' own data or a CI check "
                                    "file); the trigger set is read instead"))
    return list(dict.fromkeys(out))


def up_to_repository(skill_dir: Path) -> list[Path]:
    """The skill, then each folder above it up to its repository's root."""
    found = [skill_dir]
    current = skill_dir
    for _ in range(ANCESTORS):
        if (current / ".git").exists() or current.parent == current:
            break
        current = current.parent
        found.append(current)
    return found


def set_root(set_path: Path, skill_dir: Path) -> Path:
    """The folder a set above a skill belongs to, whose skills its cases may name: the one
    holding its set folder (`<root>/evals/`, `<root>/tests/evals/`) below the skill's
    repository root; else the set's own folder (`--cases FILE` anywhere: never the skills of
    folders around it)."""
    path = set_path.resolve()
    top = up_to_repository(skill_dir.resolve())[-1]
    for folder in (path, *path.parents):
        if folder == top or not folder.is_relative_to(top):
            break
        if folder.name in SET_FOLDERS:
            return folder.parent.parent if folder.parent.name in SET_FOLDERS else folder.parent
    return path if path.is_dir() else path.parent


def search_order(skill_dir: Path, name: str | None = None, own_only: bool = False
                 ) -> list[tuple[Path, bool]]:
    """Each set folder a skill's sets are looked for in, in order, and whether it is shared
    (above the skill): its own, then above it `evals/<skill>/` before `evals/` itself;
    `own_only`: the skill's own folders alone (nothing above it is looked at)."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    own = skill_dir.resolve()
    order: list[tuple[Path, bool]] = []
    nested = _nested_sets(own)
    folders = _set_folders(skill_dir, own_only)
    # (its plugin's name, read once a call, only when a set folder sits above the skill)
    plugin = plugin_of(own) if any(root != own for root, _ in folders) else None
    for root, evals in folders:
        above = root != own
        if above:  # the skill's own `research/evals/` before any folder above it
            order, nested = order + nested, []
        # a plugin's layout: one folder of case files per skill or command, named for it
        # (`evals/cases/<skill>/*.json`), read as that skill's set
        order += [(folder, False) for n in names for folder in
                  (evals / n, *(evals / sub / n for sub in (*CASE_FOLDERS, SKILLS_FOLDER)))
                  # (a declared name no file system holds, hundreds of bytes of a prompt
                  # pasted as `name:`, is no folder: never a crash)
                  if above and safely.is_dir(folder)]
        # a repository of plugins keeps each plugin's sets in a folder named for it
        # (`evals/<plugin>/<plugin>-<skill>-eval.json`): shared by the plugin's skills, each
        # file theirs whose name names it (runner.triggers.shared)
        if above and plugin and plugin not in names and safely.is_dir(evals / plugin):
            order.append((evals / plugin, True))
        order.append((evals, above))
    # skill-creator's workspace beside the skill (see _workspace): after the skill's own
    shared = next((n for n, (_, above) in enumerate(order) if above), len(order))
    return order[:shared] + _workspace(own, own_only) + order[shared:] + nested


def workspace_homes(skill_dir: Path) -> list[Path]:
    """Where skill-creator's workspace of the skill may sit: `<skill>-workspace/` beside the
    skill or in a folder above it up to its repository's root, or in such a folder's
    `workspaces/` (`workspaces/<skill>-workspace/`); a folder of skills' own workspace beside
    it (`skills-workspace/`)."""
    return [*own_workspaces(skill_dir),
            skill_dir.parent.parent / f"{skill_dir.parent.name}-workspace"]


def own_workspaces(skill_dir: Path) -> list[Path]:
    """The workspaces named for the skill alone (`<skill>-workspace/`, also in a
    `workspaces/` folder), beside it or above it up to its repository's root."""
    roots = up_to_repository(skill_dir)[1:]
    return [*(root / f"{skill_dir.name}-workspace" for root in roots),
            *(root / "workspaces" / f"{skill_dir.name}-workspace" for root in roots)]


def _workspace(skill_dir: Path, own_only: bool = False) -> list[tuple[Path, bool]]:
    """skill-creator keeps a skill's evals in `<skill>-workspace/evals/` (with its
    `iteration-N/` runs) beside the skill or in a folder above it up to its repository's root
    (run from there for a plugin's skill), or, for a folder of skills, in the folder's
    workspace beside it (`skills-workspace/` beside `skills/<skill>/`, its cases naming their
    skill): that set is the skill's when it names it (`skill_name`), read after the skill's own
    set folders, as a shared one. Some keep that workspace inside the skill, hidden
    (`<skill>/.workspace/evals/`, beside its `iteration-N/`): the skill's own."""
    homes = [] if own_only else workspace_homes(skill_dir)
    beside = next(([(home / name, True) for name in ("evals", "eval")
                    if safely.is_dir(home / name)]
                   for home in homes if safely.is_dir(home)), [])
    inside = [(skill_dir / ".workspace" / name, False) for name in ("evals", "eval")
              if (skill_dir / ".workspace" / name).is_dir()
              and not (skill_dir / ".workspace").is_symlink()]
    return inside + beside


def _nested_sets(skill_dir: Path) -> list[tuple[Path, bool]]:
    """A set folder one level below the skill (`research/evals/`, `qa/eval/`): the skill's
    own, read after its `evals/`. A subfolder that is a skill of its own is not this one's."""
    return [(sub / name, False) for sub in _subfolders(skill_dir)
            if not (sub / "SKILL.md").is_file() and part_file(sub) is None
            for name in ("evals", "eval") if (sub / name).is_dir()]


def part_sets(skill_dir: Path) -> list[tuple[str, tuple[Path, ...]]]:
    """The sets of the skill's parts written as skills (runner.authoring.skill_parts): each
    part's name and the files its own set folder's set reads."""
    found = []
    for sub in _subfolders(skill_dir):
        if part_file(sub) is None:
            continue
        name = part_name(sub)
        for folder in (sub / n for n in ("evals", "eval")):
            here = _located(folder, [name, sub.name], False) if folder.is_dir() else None
            if here is not None and not here.fallback and not here.path.is_dir():
                found.append((name, here.files))
                break
    return found


def locate(skill_dir: Path, name: str | None = None, own_only: bool = False
           ) -> Located | None:
    """The skill's set (see the module): the first folder of `search_order` holding one, the
    skill's own before skillgrade's `eval.yaml` at its root, that before the shared ones;
    else a set folder elsewhere in the repository whose set names the skill. `own_only`: a set
    inside the skill's folder or none, never looked for above it (`hidden_sets` asks this of
    each of a vendored collection's hundreds of skills: the search above each, up to an
    8,000-skill repository's root, was most of `check`'s time there)."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    own = skill_dir.resolve()
    root = root_set(skill_dir) or beside_skill_md(skill_dir)
    order = search_order(skill_dir, name, own_only)
    triggers = _triggers_in(order)
    own_triggers: bool | None = None  # asked only once a shared set is met
    for folder, above in order:
        if above and root is not None:
            break
        # a set folder above the repository's only skill is that skill's, whatever name its
        # `skill_name` gives (a skill renamed since): read as its own folder's set, reported
        shared = above and not _sole_skill(folder)
        found = _located(folder, names, shared)
        if found is not None and found.fallback and (own_only or triggers) \
                and not _meant(found.path):
            # a file with no cases never hides the trigger set (`passed_over`); asked for a
            # set inside the skill alone, a trigger set above it is not known: no fallback
            continue
        if found is not None and shared and own_triggers is None:
            own_triggers = _trigger_set(skill_dir, name, own_only=True)
        if found is not None and shared and own_triggers and _plugin_wide(folder, found, names):
            continue  # the skill's own trigger set wins over a plugin's set naming none
        if found is not None and shared and umbrella_own(folder, own) \
                and not _names_this(found, names, explicit=True):
            continue  # a skill above this one keeps its own set there (see _umbrella_own)
        if found is not None and (not shared or _names_this(found, names)):
            return found
    if root is not None:
        return Located(root, (root,))
    parts = part_sets(skill_dir)  # a router's parts' sets: its one set (skill_parts)
    if parts:
        files = tuple(f for _, read in parts for f in read)
        return Located(files[0] if len(files) == 1 else skill_dir, files,
                       parts=tuple(name for name, _ in parts))
    if own_only:
        return _tasks(skill_dir) or _case_dirs(skill_dir / "scenarios")
    family = _family_file(order, names)
    if family is not None:
        return family
    for folder in _elsewhere(skill_dir):
        found = _located(folder, names, True)
        if found is not None and _names_this(found, names, explicit=True):
            return found
    for folder in _named_for(skill_dir, names):
        found = _located(folder, names, True)
        if found is not None and _names_this(found, names):
            return found
    catalog = _above_file(own, names)
    if catalog is not None:
        return catalog
    # the skill's own tasks/ folder of Markdown task files, else its scenarios/ case folders
    return _tasks(skill_dir) or _case_dirs(skill_dir / "scenarios")


def _family_file(order: list[tuple[Path, bool]], names: list[str]) -> Located | None:
    """A file named exactly for the skill one folder below a shared set folder
    (`evals/<family>/<skill>.json`: a repository grouping its skills' sets by family), when it
    holds cases: the skill's set, by its name, as `evals/<skill>/` is."""
    for folder, above in order:
        if not above or not safely.is_dir(folder):
            continue
        for sub in sorted(p for p in folder.iterdir() if p.is_dir() and not p.is_symlink()
                          and not p.name.startswith(".")):
            for name in names:
                for suffix in SET_SUFFIXES:
                    path = sub / f"{name}{suffix}"
                    if not safely.is_file(path) or safely.is_symlink(path):
                        continue
                    judged = judge(path)
                    # (another skill's folder of sets, `evals/deploy/setup.json` naming
                    # `deploy`: that skill's file, whatever its name)
                    if judged.shape is not None and (judged.owner is None
                                                     or judged.owner in names):
                        return Located(path, (path,))
    return None


def _above_file(own: Path, names: list[str]) -> Located | None:
    """A set file under a set's name in a folder above the skill, beside the folder holding
    it and its siblings (`builtin-skills/evals.json` over `builtin-skills/skills/<slug>/`): a
    catalog's one set for its skills, this skill's only where a case names it (a field of its
    own, or a slug or id that is its name), never by where it sits."""
    for root in up_to_repository(own)[1:]:
        for path in sorted(p for p in root.iterdir() if p.stem in SET_NAMES
                           and p.suffix in SET_SUFFIXES and "trigger" not in p.name
                           and p.is_file() and not p.is_symlink()):
            try:
                items = case_list(read_data(path))
            except CaseSetError:
                continue  # a file above that does not parse is not said to be this one's
            if items and naming_entries([named_skill(i, names) for i in items], names):
                return Located(path, (path,))
    return None


def umbrella_own(folder: Path, own: Path) -> bool:
    """A set folder of a skill above this one (`<umbrella>/evals/`, its SKILL.md beside the
    folder, this skill among its `skills/`): the umbrella's own set, this skill's only where
    it names this skill (a case's `skill`, the set's `skill_name`), never by where it sits."""
    root = set_root(folder, own)
    return root.resolve() != own and (root / SKILL_FILE).is_file()


def beside_skill_md(skill_dir: Path) -> Path | None:
    """A set file in the skill's own folder, next to SKILL.md (`eval.json`, `evals.json`,
    `cases.json`, `evals.yaml`), judged by content as a set folder's files are: a file under a
    set's name holding cases. Only set names: a root `config.json` is the skill's own data.
    Read when no `evals/` set exists; left out of the skill bundle (set_owned). One that
    does not parse is still taken, as a broken `evals/evals.json` is: the reader refuses it
    with its parse error, never "no case set"."""
    found = sorted((p for p in skill_dir.iterdir() if p.is_file() and not p.is_symlink()
                    and p.stem in SET_NAMES and p.suffix in SET_SUFFIXES
                    and "trigger" not in p.name), key=_named_first) \
        if skill_dir.is_dir() else []
    found += reference_sets(skill_dir, SET_SUFFIXES)
    judged = [judge(p) for p in found]
    return next((j.path for j in judged if j.shape is not None),
                next((j.path for j in judged if j.error is not None), None))


# The skill's own reference folder holds its documents: a file there is its set only under a
# name that says so (`references/evals.md`, `references/test-cases.json`), never under a name
# a document may bear (`prompts.md`, `scenarios.md`: what the skill reads).
REFERENCE_FOLDER = "references"
_REFERENCE_STEMS = tuple(s for s in SET_NAMES if "eval" in s or "test" in s)
# ...or a name whose last word says so (`skill-regression-tests.md`, `routing-evals.json`):
# never "testing" or "evaluation" alone (a guide to them); "evaluation-cases" are cases
_REFERENCE_NAMED = re.compile(r"(?i)(?:^|[-_])(?:evals|tests|(?:test|eval|evaluation|"
                              r"validation)[-_](?:cases|scenarios))$")


def reference_sets(skill_dir: Path, suffixes: tuple[str, ...]) -> list[Path]:
    """Set-named files of the skill's own `references/` folder with these suffixes, in the
    conventional names' order."""
    folder = skill_dir / REFERENCE_FOLDER
    if not safely.is_dir(folder) or folder.is_symlink():
        return []
    return sorted((p for p in folder.iterdir() if p.is_file() and not p.is_symlink()
                   and (p.stem in _REFERENCE_STEMS or _REFERENCE_NAMED.search(p.stem))
                   and p.suffix in suffixes
                   and "trigger" not in p.name), key=_named_first)


def shared_naming(skill_dir: Path, found: Located,
                  name: str | None = None) -> list[tuple[Path, list[Any], int]]:
    """Sets in the shared folders above the skill, other than `found` (its own set), with
    cases naming this skill: (the set, its cases naming it, how many it holds). Their authors
    named the skill, so they are read beside its own set (caseset says so)."""
    names = [n for n in dict.fromkeys((name, skill_dir.name)) if n]
    graded = found.path.resolve()
    out: list[tuple[Path, list[Any], int]] = []
    for folder, shared in search_order(skill_dir, name):
        other = _located(folder, names, True) if shared else None
        if other is None or other.path.resolve() == graded:
            continue
        try:
            data = read_set(other.path)
            items = case_list(data) or []
        except CaseSetError:
            continue  # unreadable: it was never this skill's set either
        known = names_below(set_root(other.path, skill_dir))
        named = set_named(items, data, known)
        entries = naming_entries(named, names, skill_dir)
        mine = [i for i, n in zip(items, named, strict=True) if set(n) & entries]
        if mine:
            out.append((other.path, mine, len(items)))
    return out


def _elsewhere(skill_dir: Path) -> list[Path]:
    """Set folders one or two levels below a folder above the skill (`development/evals/`,
    `tools/qa/evals/`) in the skill's git repository: a set there is the skill's only when
    it names the skill (`skill_name`, or its cases' skill), never by where it sits; never
    another skill's own (`<root>/paid-ads/evals/` beside its SKILL.md is that skill's, even
    when this one, `skills/paid-ads/`, has its name)."""
    own = skill_dir.resolve()
    roots = up_to_repository(own)
    if not (roots[-1] / ".git").exists():
        return []  # no repository around the skill: its neighbours are not its project's
    # (the folders holding the skill, as a set: a collection's thousand folders each asked
    # `own.is_relative_to` for each of its skills was most of `check COLLECTION`'s time)
    holding = {own, *own.parents}
    found: list[Path] = []
    for root in roots[1:]:
        for folder, sets in _set_folders_below(root):
            if folder in holding or folder in found or (folder / SKILL_FILE).is_file():
                continue  # (another skill's own set folder is that skill's, whatever it names)
            found += [s for s in sets if s not in holding]
    return found


def _named_for(skill_dir: Path, names: list[str]) -> list[Path]:
    """Set folders in a folder named for the skill one level below a folder above it, test
    material included (`examples/<skill>/evals/` beside `skills/<skill>/`: a harness keeping
    each skill's set apart from what it ships): the skill's, unless its set names another."""
    own = skill_dir.resolve()
    roots = up_to_repository(own)
    if not (roots[-1] / ".git").exists():
        return []
    holding = {own, *own.parents}
    return [folder / n / set_folder for root in roots[1:]
            for folder in subfolders(root, lambda here, name: "hidden" if name.startswith(".")
                                     else None)
            if folder not in holding for n in names
            if safely.is_dir(folder / n) and not (folder / n / SKILL_FILE).is_file()
            and folder / n not in holding
            # (never a product's test folder, `packages/api/tests/`: its own tests' data)
            for set_folder in _EVAL_FOLDERS if safely.is_dir(folder / n / set_folder)]


_EVAL_FOLDERS = ("evals", "eval", "evaluations", "evaluation")


def _set_folders_below(root: Path) -> tuple[tuple[Path, tuple[Path, ...]], ...]:
    """Each folder one or two levels below `root` with the set folders it holds, looked at
    once per root within a command (`read_once`): asked for each of a collection's skills, the
    same two levels were walked again for each, hours on a repository of a few thousand."""
    def look() -> tuple[tuple[Path, tuple[Path, ...]], ...]:
        return tuple((folder, tuple(folder / n for n in SET_FOLDERS if (folder / n).is_dir()))
                     for child in _subfolders(root) for folder in (child, *_subfolders(child)))
    return once(("set_folders_below", str(root)), look)


def _subfolders(folder: Path) -> list[Path]:
    """The folders below `folder` a set may sit in: the one walk's (never a link, a dependency
    or a build), but hidden ones and test material (NOT_SKILLS)."""
    return subfolders(folder, lambda here, name: "test material" if name in NOT_SKILLS
                      else "hidden" if name.startswith(".") else None)


def find_set(skill_dir: Path, name: str | None = None) -> Path | None:
    """The skill's case set file (or folder of case files), or None (see the module)."""
    found = locate(skill_dir, name)
    return None if found is None else found.path


def _set_folders(skill_dir: Path, own_only: bool = False) -> list[tuple[Path, Path]]:
    """Each root (the skill, then the folders above it; `own_only`: the skill alone) with a
    set folder, `evals/` first."""
    own = skill_dir.resolve()
    return [(root, root / name) for root in ([own] if own_only else up_to_repository(own))
            for name in SET_FOLDERS if (root / name).is_dir()]


def _names_this(found: Located, names: list[str], explicit: bool = False) -> bool:
    """A set above the skill is its set unless the set says it belongs to another skill;
    `explicit`: only when it says it belongs to this one."""
    if found.path.is_dir():
        return not explicit
    by_file = _named_by_file(found.path)
    if by_file is not None:  # `evals/datocms-setup-router-eval.json`: that skill's
        return by_file in names
    try:
        data = read_data(found.path)
    except CaseSetError:
        return not explicit  # the reader refuses it, naming the problem
    items = case_list(data)
    # (by a field of their own, or as their authors name a skill: "Uses the project-setup
    # skill" in a set above a folder of skills)
    if items is not None and naming_entries([named_skill(i, names) for i in items], names):
        return True  # its cases name the skill: the set's own `skill_name` is the plugin's
    said = owner(data)
    return said in names if explicit else said is None or said in names


def _named_by_file(path: Path) -> str | None:
    """The one skill of the repository a shared set file's name names (its folder a set
    folder above several skills), or None."""
    folder = path.parent
    if folder.name not in SET_FOLDERS:
        return None
    skills = skill_folders(folder.parent)
    if len(skills) < 2:
        return None
    return named_by_file(path.stem, {declared_name(s) or s.name: {declared_name(s) or s.name,
                                                                  s.name} for s in skills})


def find_prose(skill_dir: Path, name: str | None = None) -> Path | None:
    """A Markdown or prose set where no structured one exists: under a set's name, else a
    Markdown file under any name whose sections are cases (`_markdown_sets`)."""
    folders = _prose_folders(skill_dir, name)
    for folder in folders:
        for stem in SET_NAMES:
            for suffix in PROSE_SUFFIXES:
                path = folder / f"{stem}{suffix}"
                if path.is_file():
                    return path
    # (a reference named so is the skill's own document unless it reads as cases: a skill on
    # writing evals keeps `references/evals.md` to teach, never to be graded by)
    for path in reference_sets(skill_dir, PROSE_SUFFIXES):
        if markdown_set(path) is not None:
            return path
    sets = _markdown_sets(skill_dir, name, folders)
    if sets:
        return sets[0] if len(sets) == 1 and not one_of_many(sets[0]) else None
    return _prose_set(skill_dir, folders)


def _prose_set(skill_dir: Path, folders: list[Path]) -> Path | None:
    """A set its authors wrote as prose under no set's name, in the skill's own set folders
    only (a folder above is shared): one Markdown file whose sections are cases with checks
    and no prompt (`## case-name` / `Assert: ...`, mdtasks.prose_cases), else a folder of
    case folders holding prose only (`cases/01-x/scenario.md`, casedirs.prose_case_dirs).
    Refused as a prose set, with the command that drafts from it, never "no case set"."""
    own = [f for f in folders if f.is_dir() and f.resolve().is_relative_to(skill_dir.resolve())]
    files = [p for f in own for p in sorted(f.iterdir()) if p.is_file()
             and p.suffix in PROSE_SUFFIXES and p.stem.lower() != "readme" and prose_cases(p)]
    if len(files) == 1:
        return files[0]
    dirs = [d for f in own for d in (f, *(f / n for n in CASE_FOLDERS)) if prose_case_dirs(d)]
    return dirs[0] if len(files) == 0 and len(dirs) == 1 else None


# the family a per-case file's name opens with: `eval-` of `eval-menu-first.md`
_FAMILY = re.compile(r"^([A-Za-z]+)[-_]")


def one_of_many(path: Path) -> bool:
    """A structured Markdown file that is one of a family of per-case files in its folder
    (`eval-*.md`, two others or more): the authors wrote one case a file, so the one the
    reader can read is not their set, and reading it alone would drop the rest in silence."""
    family = _FAMILY.match(path.stem)
    if family is None:
        return False
    head = family.group(1).lower()
    others = [p for p in path.parent.iterdir() if p != path and p.is_file()
              and p.suffix in PROSE_SUFFIXES and p.stem.lower().startswith((head + "-",
                                                                            head + "_"))]
    return len(others) >= 2


def _prose_folders(skill_dir: Path, name: str | None) -> list[Path]:
    # (a folder named by a declared name no file system holds is none: safely.is_dir)
    # (and a set folder one level below the skill, `experiments/eval/`: its own, _nested_sets)
    return [*(folder for _, evals in _set_folders(skill_dir)
              for folder in [evals, *((evals / n) for n in (name, skill_dir.name) if n)]
              if safely.is_dir(folder)),
            *(folder for folder, _ in _nested_sets(skill_dir.resolve()))]


_TRIGGER_NAMED = re.compile(r"(?i)(?:skill[-_])?trigger(?:s|ing)?(?:[-_.]|$)")


def _markdown_sets(skill_dir: Path, name: str | None,
                   folders: list[Path] | None = None) -> list[Path]:
    """The Markdown files of the set folders, under any name (`<project>_evals.md`), that
    the structured-Markdown reader reads as cases (a prompt and pass or fail checks per
    section) and that are this skill's (`owns_markdown`): a set as its authors wrote it,
    whatever they called the file. Several: which is the set is not said (`held_instead`
    names each, with `--cases FILE`)."""
    found: list[Path] = []
    for folder in folders if folders is not None else _prose_folders(skill_dir, name):
        if not folder.is_dir():
            continue
        # (a file named as a trigger set, `trigger-cases.md`, is the trigger set's, read by
        # `skill-eval trigger`; `workflow-trigger-cases.md` of a CI skill is no such name)
        found += [p for p in sorted(folder.iterdir()) if p.is_file()
                  and p.suffix in PROSE_SUFFIXES and p.stem.lower() != "readme"
                  and not _TRIGGER_NAMED.match(p.stem) and not a_template(p)
                  and p not in found and markdown_set(p) is not None  # cheap, first
                  and owns_markdown(skill_dir, p)]
    return found


def markdown_family(skill_dir: Path, name: str | None = None) -> tuple[Path, ...]:
    """Several structured Markdown sets in one set folder of the skill's (one case a file,
    `eval-01-x.md`, `scenario-2-y.md`; or sets of several cases each): one set, read as one
    as several JSON files of one shape are (runner.authoring.joined); empty unless a folder
    holds two or more, the first such folder's."""
    # (and a set folder's case folder, `evals/cases/`: Markdown pages, one case a file)
    folders = _prose_folders(skill_dir, name)
    found = _markdown_sets(skill_dir, name, [*folders, *(
        folder / sub for folder in folders for sub in CASE_FOLDERS
        if safely.is_dir(folder / sub))])
    by_folder: dict[Path, list[Path]] = {}
    for path in found:
        by_folder.setdefault(path.parent, []).append(path)
    return next((tuple(files) for files in by_folder.values() if len(files) > 1), ())


def markdown_known(path: Path, skill_dir: Path) -> set[str]:
    """What the cases of a Markdown set above several skills may call them (none for a set
    of one skill's)."""
    if path.resolve().is_relative_to(skill_dir.resolve()):
        return set()
    skills = skill_folders(set_root(path, skill_dir))
    return skill_names(skills) if len(skills) > 1 else set()


def read_markdown(path: Path, skill_dir: Path) -> list[dict[str, Any]] | None:
    """A structured Markdown set's cases (runner.authoring.mdtasks), each case of a set
    above several skills with the skill its headings name, or None (prose)."""
    return markdown_set(path, markdown_known(path, skill_dir))


def owns_markdown(skill_dir: Path, path: Path) -> bool:
    """Whether a structured Markdown set is the skill's: in the skill, in a set folder named
    for it, above it in a repository with no other skill, or above several whose cases name
    their skill (runner.authoring.attribution: each case then runs against the skill it
    names). With several and no case naming one, which skill each case is for is not said:
    it stays prose, drafted per skill with `--generate --from`."""
    own = skill_dir.resolve()
    if path.resolve().is_relative_to(own) or path.parent.name == own.name \
            or _sole_skill(path.parent):
        return True
    known = markdown_known(path, skill_dir)
    return any(named_skill(c, known) for c in read_markdown(path, skill_dir) or [])


def read_set(path: Path, skill_dir: Path | None = None) -> Any:
    """The set's data: one file, or a folder's case files (or its one-case files, or its
    case folders) as one."""
    if not path.is_dir() and path.suffix.lower() in PROSE_SUFFIXES and not is_task(path):
        # `## Case` / `**Prompt:**` / `**Expected:**` bullets
        sections = read_markdown(path, skill_dir or _skill_above(path) or path.parent)
        if sections is None:
            raise prose_refusal(path, skill_dir or _skill_above(path) or path.parent)
        return {"evals": sections}
    if not path.is_dir():
        return {"evals": [task_case(path)]} if is_task(path) else read_data(path)
    if path.name in TASK_FOLDERS and task_files(path):
        return read_tasks(path)
    if is_case_dirs(path):
        return read_case_dirs(path, skill_dir or _skill_above(path))
    if is_case_dir(path):  # one case by itself (`is_one_case` among them)
        return read_case_dir(path, skill_dir or _skill_above(path))
    cases: list[Any] = []
    suffixes = FOLDER_SUFFIXES if path.name in CASE_FOLDERS else SET_SUFFIXES
    read = _case_files(path) if per_skill(path) else survey(path, suffixes=suffixes).read \
        or tuple(sorted(p for p in path.iterdir() if p.suffix in FOLDER_SUFFIXES))
    found = [(file, read_data(file)) for file in sorted(read, key=_named_first)]
    lists = sum(case_list(data) is not None for _, data in found)
    for file, data in found:
        items = case_list(data)
        if items is not None:
            # ids are the file's own: prefixed with its name so they stay unique
            cases += [{**i, "id": f"{file.stem}-{i.get('id', n + 1)}"}
                      if isinstance(i, dict) and lists > 1 else i
                      for n, i in enumerate(items)]
        elif isinstance(data, dict):
            cases.append({"id": file.stem, **data})
        elif templated(data, file.parent):  # ids beside a prompt template (templates.py)
            cases += data
    return {"evals": cases}


def _skill_above(path: Path) -> Path | None:
    """The skill folder (with SKILL.md) holding `path`, if any."""
    return next((p for p in path.resolve().parents if (p / "SKILL.md").is_file()), None)


def prose_refusal(path: Path, skill_dir: Path) -> CaseSetError:
    return CaseSetError(str(path), f"{PROSE_REFUSAL}: no reader can grade it as it "
                                   "is; draft evals.json from it with `skill-eval cases "
                                   f"{skill_dir} --generate --from {path}`, review the TODO "
                                   "markers, then check again")


def skill_folders(root: Path) -> list[Path]:
    """The skills of a collection: every folder below `root` holding a SKILL.md, outside test
    material (fixtures, examples, templates, node_modules). Walked once per root within a
    command (`read_once`): finding one skill's set asks for its repository's skills several
    times, and a 170-skill repository walked each time made `check COLLECTION` quadratic."""
    whole = root.resolve()
    found = once(("skill_folders", str(whole)), lambda: _skill_folders(whole))
    # (spelled from `root` once per spelling too: a 15,000-skill repository asked for its
    # skills once per skill spent the bench's hour re-spelling the same paths)
    return list(once(("skill_folders_as", str(root), str(whole)),
                     lambda: tuple(_as_given(root, found))))


def _as_given(root: Path, found: Any) -> list[Path]:
    """Paths found below the resolved root, spelled from `root` as the caller wrote it: one
    walk serves `check .` and `check /abs/path` alike, and each caller's paths stay its own
    (a relative one cached first broke `relative_to` for an absolute caller)."""
    whole = root.resolve()
    return [root / p.relative_to(whole) for p in found]


def names_below(root: Path) -> set[str]:
    """What a shared set below `root` may call its skills (`skill_names` of its skills), made
    once per root within a command: asked for each skill of a collection, each time reading
    every sibling's name, it was quadratic in the collection's size."""
    return set(once(("skill_names", str(root.resolve())),
                    lambda: frozenset(skill_names(skill_folders(root)))))


# Build folders a repository may publish its skills in, read only when it has none elsewhere.
PUBLISHED = ("dist", "build", "out")


def skill_files(root: Path) -> list[Path]:
    """Every SKILL.md below `root`, in sorted order, found on the one walk
    (runner.authoring.project_walk), unbounded (a skill past the staging cap is still a
    skill): hidden folders entered (an agent's `.claude/skills/`), never a dependency or build
    folder's copy (`dist/`, `vendor/`, `node_modules/`: a build's or another's skill) nor a
    symlinked folder (unless the repository has no skill outside its `dist/`, `build/` or
    `out/`: then those are its skills); a SKILL.md that is a link to a file of the
    repository is the skill's. Walked once per root within a command (skill_folders and
    hidden_sets both ask)."""
    def walk() -> list[Path]:
        def found(top: Path) -> list[Path]:
            folders = Walk(top, limit=sys.maxsize).folders()
            return sorted(f / SKILL_FILE for f in folders if (f / SKILL_FILE).is_file())
        # a repository that ships its skills only as a build (`dist/skills/...`; nothing
        # outside it but an agent's hidden helpers) is measured on that build: it is all
        # its authors publish
        own = found(whole)
        if any(not p.relative_to(whole).parts[0].startswith(".") for p in own):
            return own
        return sorted([*own, *(f for name in PUBLISHED if (whole / name).is_dir()
                               and not (whole / name).is_symlink()
                               for f in found(whole / name))])
    whole = root.resolve()
    return _as_given(root, once(("skill_files", str(whole)), walk))


def _skill_folders(root: Path) -> list[Path]:
    found: list[Path] = []
    hidden: list[Path] = []  # under an agent's folder (.claude/skills/...)
    shown: list[Path] = []  # under examples/ or templates/, with a set of their own
    nested: list[Path] = []  # under an agent's folder deeper down, with a set of their own
    tested: list[Path] = []  # under tests/ or fixtures/, with a set of their own
    for skill_md in skill_files(root):
        rel = skill_md.parent.relative_to(root).parts
        dotted = [p for p in rel if p.startswith(".")]
        # a plugin's skill may be named like test material (`skills/test/`): its own
        # folder is judged by its parent's name
        named = rel[:-1] if len(rel) > 1 and rel[-2] == "skills" else rel
        if not dotted and set(named) & NOT_SKILLS <= _SHOWN and set(named) & _SHOWN \
                and _own_set_folder(skill_md.parent):
            shown.append(skill_md.parent)
            continue
        # deeper down, a known agent's folder (a project template's `.claude/skills/x/`, or
        # vendored copies, `agents/.agents/skills/x/`): taken only when the repository has no
        # other skill and its authors wrote a set for it (runner.authoring.layouts.hidden_sets
        # names the others)
        if dotted and dotted != [rel[0]] and all(p in AGENT_FOLDERS for p in dotted) \
                and not NOT_SKILLS.intersection(named) and _own_set_folder(skill_md.parent):
            nested.append(skill_md.parent)
            continue
        if not dotted and NOT_SKILLS.intersection(named) and _own_set_folder(skill_md.parent):
            tested.append(skill_md.parent)
            continue
        # an agent's hidden folder: a known one, or any `.<agent>/skills/`, or `.skills/`
        if NOT_SKILLS.intersection(named) or dotted and (dotted != [rel[0]] or (
                rel[0] not in AGENT_FOLDERS and not skills_root(rel[:-1]))):
            continue
        # a folder no list names is read by its form alone: only a skill with its own set
        # folder is taken from it (else the repository's tests/ would become its set)
        if dotted and rel[0] not in AGENT_FOLDERS and not _own_set_folder(skill_md.parent):
            continue
        (hidden if dotted else found).append(skill_md.parent)
    # helpers kept for the agent beside a repository's own skills are not what it ships,
    # unless their authors wrote a set for one (`.claude/skills/x/evals/`): that one is measured
    # a repository whose only skills are examples or templates with sets of their own (an
    # SDK's `examples/skills/x/evals/`): those are what it shows, so what is measured
    # ...and one whose only skills with sets are its tests' fixtures (a harness's own test
    # skills, `tests/integration/skills/x/evals/`): those are the sets its authors wrote
    # (helpers kept for the agent with no set of their own beside such examples are the
    # authors' tools, `.agents/skills/skill-creator/`: the examples are still what it shows)
    if not found and not any(_own_set_folder(h) for h in hidden) and (shown or nested or tested):
        return shown or nested or tested
    if not found and not hidden:
        return []
    return [*found, *(h for h in hidden if _own_set_folder(h))] if found else hidden


def hidden_sets(root: Path) -> list[tuple[Path, Path]]:
    """Skills under a hidden folder that `skill_folders` does not take (vendored copies kept
    for an agent, `agents/.agents/skills/x/`), each with the case set it holds: never read
    with the collection, never passed over in silence either (runner.authoring.collections
    says each)."""
    # (both lists are spelled from `root`: compared as given, never resolved one by one)
    taken = set(skill_folders(root))
    found: list[tuple[Path, Path]] = []
    for skill_md in skill_files(root):
        skill = skill_md.parent
        rel = skill.relative_to(root).parts
        if not any(p.startswith(".") for p in rel) or skill in taken:
            continue  # (never under `.git/`: no walk enters it)
        # its own set (a set above it, the repository's, is read where it belongs)
        own = locate(skill, declared_name(skill), own_only=True)
        if own is not None and own.path.resolve().is_relative_to(skill.resolve()):
            found.append((skill, own.path))
    return found


def repository_of(skill_dir: Path) -> Path | None:
    """The repository a skill sits in: the folder with `.git` above it, else the folder
    holding its `skills/` folder; None when neither is known (never a guess further up)."""
    own = skill_dir.resolve()
    top = up_to_repository(own)[-1]
    if (top / ".git").exists() and top != own:
        return top
    return own.parent.parent if own.parent.name == "skills" else None


def hidden_set_lines(skill_dir: Path, name: str) -> list[str]:
    """For `check SKILL`: the case sets under hidden folders of its repository that no check
    reads (runner.authoring.layouts.hidden_sets), each said with whether it is this skill's
    (a vendored copy of it) or another skill's."""
    root = repository_of(skill_dir)
    if root is None:
        return []
    out = []
    for skill, set_file in hidden_sets(root):
        if skill.resolve() == skill_dir.resolve():
            continue
        other = declared_name(skill) or skill.name
        whose = (f"a vendored copy of this skill ('{name}'): not read; this skill's own "
                 "folder is" if other in (name, skill_dir.name) else
                 f"the skill '{other}', not this one")
        out.append(f"a case set under a hidden folder of the repository, not read: {set_file} "
                   f"({whose}); to grade it: skill-eval check {skill}")
    return out


def _own_set_folder(skill_dir: Path) -> bool:
    """The skill's authors wrote it a set: a set folder, or a set or trigger file beside its
    SKILL.md (`.claude/skills/x/trigger-evals.json`)."""
    return any((skill_dir / name).is_dir() for name in SET_FOLDERS) or any(
        p.is_file() and p.suffix in SET_SUFFIXES and ("trigger" in p.name.lower() and "eval"
                                                      in p.name.lower() or p.stem in SET_NAMES)
        for p in skill_dir.iterdir()) if skill_dir.is_dir() else False


def skill_part(entry: str) -> str:
    """The skill a case's entry names: `flutter:state-management` (a plugin's skill, written
    as Claude Code names it) names `state-management`."""
    return entry.rsplit(":", 1)[-1].strip()


def naming_entries(named: list[list[str]], names: list[str],
                   skill_dir: Path | None = None) -> set[str]:
    """The entries of a set's cases (`case_skill` of each) that name this skill (`names`):
    its name, or `<plugin>:<name>`. When the set names it under several plugins
    (`flutter:analyze`, `dart:analyze`), only the plugin of a folder above the skill
    (`flutter/skills/analyze`) is this one's: the others are their own skills."""
    found = {e for n in named for e in n if e in names or skill_part(e) in names}
    prefixed = {e for e in found if e not in names}
    if len({e.rsplit(":", 1)[0].strip() for e in prefixed}) < 2 or skill_dir is None:
        return found
    above = {p.name for p in list(skill_dir.resolve().parents)[:4]}
    above |= {n for n in (plugin_of(skill_dir),) if n}  # its manifest's name (plugin.json)
    return (found - prefixed) | {e for e in prefixed if e.rsplit(":", 1)[0].strip() in above}


def drop_skill(item: dict[str, Any], names: Collection[str] = ()) -> dict[str, Any]:
    """The case without the key that named its skill (read; nothing left to grade): a
    `slug` only when it is one of `names` (as a case's id, a slug names no skill)."""
    # `expected_skill` only when it named the skill (`"none"` stays a router's expectation)
    said = {k for k in EXPLICIT if not case_skill(item) and named_skill(
        {k: item[k]} if k in item else {})}
    said |= {"slug"} if item.get("slug") in names else set()
    # (a field of the authors' own naming it, `expected_controller: <this skill>`, read)
    said |= {k for k, v in item.items() if NAMING_KEY.search(k) and k not in ROUTED_KEYS
             and isinstance(v, str) and v.strip() in names}
    kept = {k: v for k, v in item.items() if k not in SKILL_KEYS and k not in said}
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
    """A folder without SKILL.md: each skill below it and the set it would be graded on. A
    skill at the root with no set of its own over skills below that have theirs (an umbrella
    skill, `SKILL.md` beside `skills/<name>/evals/evals.json`) is their collection too: the
    sets its authors wrote are theirs, and the root has none to check (`umbrella`)."""
    if not root.is_dir():
        return []
    if (root / "SKILL.md").is_file():
        return umbrella(root)
    return [(skill, _any_set(skill)) for skill in skill_folders(root)]


def _any_set(skill: Path) -> Path | None:
    """The set a collection's skill would be graded on: its set, its prose set, or its
    Markdown pages, one case a file (`markdown_family`: their folder)."""
    name = declared_name(skill)
    family = markdown_family(skill, name) if find_prose(skill, name) is None else ()
    return find_set(skill, name) or find_prose(skill, name) or (
        family[0].parent if family else None)


def umbrella(root: Path) -> list[tuple[Path, Path | None]]:
    """The skills below a root skill that has no set (nor prose set, nor trigger set) of its
    own, when one of them at least has its own set; else [] (the root is the skill `check`
    reads)."""
    name = declared_name(root)
    if find_set(root, name) is not None or find_prose(root, name) is not None \
            or _trigger_set(root, name):
        return []
    top = root.resolve()
    below = [(skill, _any_set(skill)) for skill in skill_folders(root)
             if skill.resolve() != top]
    return below if any(found is not None for _, found in below) else []


def collection_lines(root: Path, skills: list[tuple[Path, Path | None]]) -> list[str]:
    lines = [f"{root}: a skill with no case set of its own over {len(skills)} skill(s) below "
             "it (the sets are theirs); check or run each:" if (root / "SKILL.md").is_file()
             else f"{root}: a collection of {len(skills)} skill(s), no SKILL.md of its own; "
             "check or run each:"]
    for skill, found in skills:
        where = (f"set {found}" if found is not None and found.suffix not in PROSE_SUFFIXES
                 else f"prose set {found} (draft it: skill-eval cases {skill} --generate "
                      f"--from {found})" if found is not None else "no case set")
        lines.append(f"  {skill}: {where}")
    return lines


_PARTS_SHOWN = 4  # a router's part sets named in the `set:` line; the rest counted


def set_lines(caseset: CaseSet) -> list[str]:
    """What plain `check` says about where the set came from: every set file read (several:
    how many cases each gave) and every other data file of its folder, with why not read."""
    files = [Path(f) for f in caseset.read_files]
    if not files:
        return []
    if len(files) == 1 and (is_case_dirs(files[0]) or is_one_case(files[0])):
        lines = source_lines(files[0])
    elif len(files) == 1:
        lines = [f"set: {files[0]}"]
    elif len(files) == 2 and (given := list(caseset.case_files.values())) \
            and len(set(given)) == 1:  # two halves of the same cases (case_halves)
        main = next(f for f in files if str(f) in given)
        other = next(f for f in files if f != main)
        lines = [f"set: {len(given)} case(s) of {main}, each joined with its twin by id in "
                 f"{other.name} (the same cases, each file grading with what the other lacks)"]
    elif len({f.parent for f in files}) > 1:  # a router's parts' sets (skill_parts)
        given = list(caseset.case_files.values())
        each = ", ".join(f"{f.parent.parent.name}/{f.parent.name}/{f.name} "
                         f"({given.count(str(f))} case(s))" for f in files[:_PARTS_SHOWN])
        more = f" and {len(files) - _PARTS_SHOWN} more" if len(files) > _PARTS_SHOWN else ""
        lines = [f"set: {len(files)} files of its parts, read as one set (each case id led by "
                 f"its part's folder): {each}{more}"]
    else:
        given = list(caseset.case_files.values())
        each = ", ".join(f"{f.name} ({given.count(str(f))} case(s))" for f in files)
        lines = [f"set: {len(files)} files of one shape in {files[0].parent}, read as one set "
                 f"(each case id led by its file's name): {each}"]
    if caseset.unread_files:
        lines.append(f"set folder: {len(caseset.unread_files)} other file(s) not read: "
                     + "; ".join(caseset.unread_files))
    return lines

"""Other case sets of the same skill, and an eval harness beside its set, that `check` does
not read (issue 26: nothing the authors wrote to evaluate the skill is passed over in
silence).

The layouts (runner.authoring.layouts) read one set a skill, from its set folders and the
ones above it. An author may keep more, where no layout looks:

- inside the skill, outside its set folders (`assets/eval-cases.json`, `tests-data/x.yaml`):
  a data file whose content is a list of cases (runner.authoring.siblings.judge), or whose
  name says it holds cases or evals (`eval-cases.json`, `golden.yaml`) and holds a list of
  objects (under any key: `{"cases": [...]}`, prompts in a field no reader knows);
- in the repository, a folder named for the skill below a shared set folder, two or three
  levels down (`evals/golden/<skill>/cases.json`), the same files;
- at the top of the skill's own set folder, a program that decides verdicts (its source
  counts passes and failures, or its name says it grades) and no rule runs: the authors'
  harness (`evals/run_all.mjs`).

Each is named in one line with how to check it (`--cases FILE`, or that the program is not
run); which set is read never changes.

Both searches walk with the one walk (runner.authoring.project_walk.Walk), bounded so a large
repository costs little: three folders below the skill (or the shared set folder), the first
400 files in sorted order (a folder's files, then each subfolder's), of which `check` names
four. Never entered, besides what no walk enters (symlinks; dependencies, builds and caches:
`node_modules/`, `vendor/`, `out/`, `env/`, `target/`, `coverage/`, ...):
- a skill nested below (a folder holding a SKILL.md): its sets are its own check's;
- a run's past outputs (`<skill>-workspace/`, `iteration-N/`) and a run's records
  (`workspace/`, `results/`, `runs/`, `outputs/`): copies of a set, never another set;
- hidden folders (`.github/`, `.claude/`): tooling, never a set of the skill;
- inside the skill, its own set folders (`evals/`, ...): the layouts read them.
"""

from __future__ import annotations

import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.fields import name_words
from runner.authoring.layouts import case_skill, search_order
from runner.authoring.md_paired import criteria_page
from runner.authoring.project_walk import Walk, nested_skill, past_outputs
from runner.authoring.read_once import file_bytes, once
from runner.authoring.siblings import SET_SUFFIXES, judge, read_data
from runner.errors import CaseSetError

_SET_FOLDERS = ("evals", "eval", "evaluations", "evaluation", "tests/evals")
# A run's records and the authors' scratch folders: where a copy of a set lands, never a set.
_RUN_FOLDERS = frozenset({"workspace", "results", "runs", "outputs", "_research"})
_DEPTH = 3  # folders below the skill (or a shared set folder) walked
_FILES = 400  # files looked at per walk, at most
_MAX_BYTES = 1024 * 1024
_SHOWN = 4
# A file's name saying it holds cases (`eval-cases.json`, `scenarios.yml`), and words saying
# it holds something else about them (a schema, a run's report or metadata).
_SET_WORDS = frozenset({"eval", "evals", "case", "cases", "testcases", "scenarios"})
_NOT_SET_WORDS = frozenset({"schema", "report", "metadata", "result", "results", "benchmark",
                            "grading", "timing"})
# Where a file keeps its cases under a key, and an entry's own label.
_LIST_KEYS = ("cases", "evals", "tests", "tasks", "scenarios", "items", "examples")
_ID_KEYS = frozenset({"id", "name", "case_id", "eval_id", "title"})
_PROGRAMS = (".py", ".sh", ".bash", ".js", ".mjs", ".cjs", ".ts")
# Source words of a program that decides verdicts, as a harness prints or counts them.
_VERDICT = re.compile(r"\b(?:passed|failed|pass_rate|PASS|FAIL|verdicts?|graded)\b")
_GRADES = re.compile(r"^(?:grad(?:e|er|es|ing)|scor|judg|eval)", re.IGNORECASE)
# A program that builds what the cases start from (`setup_test_env.py`, `make_fixtures.sh`,
# "Set up a test environment ..."): the tester runs it before the cases, it grades nothing.
_SETS_UP = re.compile(r"(?i)(?:^|[_.-])(?:set[_-]?up|prepare|prep|bootstrap|scaffold|seed|"
                      r"fixtures?|mock|provision)(?:[_.-]|$)")
_SETS_UP_DOC = re.compile(r"(?i)^\s*(?:#!.*\n)?\s*(?:\"{3}|'{3}|#|//)?\s*(?:sets?\s+up|"
                          r"(?:creates?|builds?)\s+(?:a\s+)?(?:test|mock|sample|fake))")


def _not_a_set_place(here: Path, name: str) -> str | None:
    """Why other_sets never enters the folder `here/name` (besides what no walk enters)."""
    if name.startswith("."):
        return "hidden folders"
    if name in _RUN_FOLDERS:
        return "a run's records"
    return nested_skill(here, name) or past_outputs(here, name)


def _walk(top: Path, skip: Collection[Path] = ()) -> list[Path]:
    """The files below `top` other_sets looks at, in the walk's order (`skip`: folders, resolved,
    that are read elsewhere)."""
    if not safely.is_dir(top) or safely.is_symlink(top):
        return []
    walk = Walk(top, lambda here, name: "read by the layouts" if (here / name).resolve() in skip
                else _not_a_set_place(here, name), depth=_DEPTH, limit=_FILES)
    return list(walk.files())


def _labelled_entries(data: Any) -> bool:
    """Two or more objects, each with its own label (`id`, `name`), at the top or under a
    key that names cases (`{"cases": [...]}`): entries in a field no reader knows."""
    lists = [data] if isinstance(data, list) else [
        data.get(k) for k in _LIST_KEYS] if isinstance(data, dict) else []
    return any(isinstance(x, list) and len(x) >= 2 and all(
        isinstance(i, dict) and i.keys() & _ID_KEYS for i in x) for x in lists)


def set_shaped(path: Path, named: bool = True) -> bool:
    """A data file that holds cases: a list of cases or a trigger set by its content
    (runner.authoring.siblings.judge), or labelled entries under a key naming cases. With
    `named`, its name must say so too (`eval-cases.json`: inside a skill, other data is the
    skill's own)."""
    if path.suffix.lower() not in SET_SUFFIXES or path.stat().st_size > _MAX_BYTES:
        return False
    said = set(name_words(path.stem))
    if named and (not said & _SET_WORDS or said & _NOT_SET_WORDS):
        return False
    judged = judge(path)
    if judged.shape is not None:
        return judged.shape[1] != "one case"  # a lone case object: a fixture
    if "trigger" in judged.why_not:
        return True
    try:
        data = read_data(path)
    except CaseSetError:
        return False
    return _labelled_entries(data)


def _inside_skill(skill_dir: Path) -> list[Path]:
    """The skill's own files other_sets looks at, walked once per command (`read_once`):
    `check` asks for them, and so does `trigger_files` for a skill with no trigger set."""
    if safely.is_symlink(skill_dir):
        return []  # as `_walk` says of a linked folder
    whole = skill_dir.resolve()
    found = once(("other_sets_inside", str(whole)),
                 lambda: tuple(_walk(whole, {(whole / f).resolve() for f in _SET_FOLDERS})))
    return [skill_dir / p.relative_to(whole) for p in found]


def _named_for_skill(skill_dir: Path, names: Collection[str]) -> list[Path]:
    """Files in folders named for the skill below the set folders above it, up to its
    repository's root (the layouts' own search: runner.authoring.layouts.search_order)."""
    own = skill_dir.resolve()
    found: list[Path] = []
    for folder, shared in search_order(skill_dir, next(iter(names), None)):
        if not shared or folder.name not in ("evals", "eval", "evaluations", "evaluation"):
            continue
        for file in _walk(folder):
            folders = file.relative_to(folder).parts[:-1]
            if folders and folders[-1] in names and not file.resolve().is_relative_to(own):
                found.append(file)
    return found


def other_sets(skill_dir: Path, name: str | None, read: Collection[str]) -> list[Path]:
    """The set-shaped files of this skill that no layout read (`read`: the files read, the
    set and the trigger set)."""
    names = {n for n in (name, skill_dir.name) if n}
    done = {Path(r).resolve() for r in read}
    inside = [p for p in _inside_skill(skill_dir) if p.resolve() not in done and set_shaped(p)]
    named = [p for p in _named_for_skill(skill_dir, names)
             if p.resolve() not in done and set_shaped(p, named=False)]
    tasks = [p for p in _tasks_naming(skill_dir, names) if p.resolve() not in done]
    return list(dict.fromkeys([*inside, *_other_folders(skill_dir, done), *named, *tasks]))


# Fields of a harness's task file naming the skills it runs (`"target_skills": ["x"]`).
_TARGET_KEYS = ("target_skills", "target_skill", "skills", "skill", "skill_name",
                "skills_under_test")


def _tasks_naming(skill_dir: Path, names: Collection[str]) -> list[Path]:
    """One-task files of a harness in a shared set folder above the skill
    (`evaluations/tasks/*.json`, each a task object) that name this skill among their target
    skills: the authors' cases for it, where no layout looks."""
    found: list[Path] = []
    for folder, shared in search_order(skill_dir, next(iter(names), None)):
        if not shared or folder.name not in ("evals", "eval", "evaluations", "evaluation"):
            continue
        for file in _walk(folder):
            if file.suffix.lower() not in SET_SUFFIXES or file.stat().st_size > _MAX_BYTES:
                continue
            try:
                data = read_data(file)
            except CaseSetError:
                continue
            said = [data.get(k) for k in _TARGET_KEYS] if isinstance(data, dict) else []
            targets = {v for x in said for v in (x if isinstance(x, list) else [x])
                       if isinstance(v, str)}
            if targets & set(names):
                found.append(file)
            elif _suite_naming(data, names) and file.stem.lower() not in _RESULT_STEMS:
                found.append(file)
    return found


def _suite_naming(data: Any, names: Collection[str]) -> bool:
    """A shared suite of several skills' cases some of which name this skill
    (`evals/cross-model/fixtures.json`, `[{"skill": "rw-claim-audit", ...}]`)."""
    items = data if isinstance(data, list) else next(
        (data[k] for k in _CASE_LISTS if isinstance(data.get(k), list)), None) \
        if isinstance(data, dict) else None
    return bool(items) and any(isinstance(i, dict) and set(case_skill(i)) & set(names)
                               for i in items or [])


_CASE_LISTS = ("evals", "cases", "tests", "tasks", "fixtures", "scenarios")
# A run's record of its cases, never a suite (`results.json` lists the cases it graded).
_RESULT_STEMS = frozenset({"results", "result", "report", "grading", "benchmark", "summary",
                           "scores", "timing"})


def _other_folders(skill_dir: Path, done: set[Path]) -> list[Path]:
    """The sets at the top of the skill's own set folders other than the one read (a
    promptfoo config in `eval/` beside the `evals/evals.json` read): the skill's too, unread,
    so said."""
    from runner.authoring.promptfoo import is_promptfoo

    found: list[Path] = []
    for folder in (skill_dir / f for f in _SET_FOLDERS):
        files = sorted(folder.iterdir()) if safely.is_dir(folder) and not safely.is_symlink(
            folder) else []
        if not files or any(f.resolve() in done for f in files) \
                or any(d.is_relative_to(folder.resolve()) for d in done):
            continue  # the folder read, or a file of it
        found += [f for f in files if safely.is_file(f) and not safely.is_symlink(f)
                  and f.suffix.lower() in SET_SUFFIXES
                  and (is_promptfoo(f) or set_shaped(f, named=False))]
    return found


def _text(path: Path) -> str:
    try:
        return file_bytes(path)[:_MAX_BYTES].decode("utf-8", "replace")
    except OSError:
        return ""


def harness_programs(skill_dir: Path, read: Collection[str], setup: bool = False) -> list[Path]:
    """Programs at the top of the skill's own set folders that decide verdicts and are not
    read as the set (a case's own program is named in the set's text, so not this); with
    `setup`, those that build the cases' environment instead (`sets_up`)."""
    texts: str | None = None  # the sets' text, read (through the command's one read) only
    # when a program is there to look for
    found: list[Path] = []
    for folder in (skill_dir / f for f in _SET_FOLDERS):
        for file in sorted(folder.iterdir()) if safely.is_dir(folder) else []:
            if file.suffix.lower() not in _PROGRAMS or not safely.is_file(file) \
                    or safely.is_symlink(file):
                continue
            if texts is None:
                texts = "".join(_text(Path(r)) for r in read)
            if file.name in texts:
                continue
            source = _text(file)
            if sets_up(file, source) != setup:
                continue
            if setup or _VERDICT.search(source) \
                    or any(_GRADES.match(w) for w in name_words(file.stem)):
                found.append(file)
    return found


def sets_up(program: Path, source: str) -> bool:
    """A program that builds the cases' environment, by its name or its opening words."""
    return _SETS_UP.search(program.stem) is not None or _SETS_UP_DOC.match(source) is not None


# A rubric's file: what the cases are scored against (`rubric.md`, `grading-criteria.yaml`).
_RUBRIC = re.compile(r"(?i)^(?:.*[-_])?(?:rubric|rubrics|criteria|grading)(?:[-_].*)?"
                     r"\.(?:md|markdown|txt|json|ya?ml)$")


def _set_text(files: Collection[Path], suffixes: Collection[str], deep: bool) -> str:
    """The text of the set files read, and of a read folder's files of these suffixes (`deep`:
    every folder below it too, the first _FILES of them): where the set names a file."""
    below = [p for f in files if f.is_dir() for p in (f.rglob("*") if deep else f.iterdir())
             if p.is_file() and (p.suffix.lower() if deep else p.suffix) in suffixes]
    return " ".join(_text(f) for f in [f for f in files if f.is_file()]
                    + (below[:_FILES] if deep else below))


def _rubrics_beside(skill_dir: Path, read: Collection[str]) -> list[Path]:
    """The rubric files in the folders of the set files read (never the skill's own folder:
    a file beside SKILL.md is the skill's), none of them read nor named by the set."""
    files = {Path(r).resolve() for r in read}
    folders = {f if f.is_dir() else f.parent for f in files} - {skill_dir.resolve()}
    # (a rubric the set names, `"rubric": "rubric.md"`, is read through it; a folder of case
    # files names it in any of them)
    named = _set_text(files, SET_SUFFIXES, deep=False)
    return sorted({p for folder in folders if folder.is_dir() for p in folder.iterdir()
                   if p.is_file() and _RUBRIC.match(p.name) and p.resolve() not in files
                   and p.name not in named})


# Documents an author writes beside a set: scenarios in prose, a spec of criteria, notes on how
# the set is run. No reader grades them where they sit; each is said, never read in silence.
_DOCUMENTS = frozenset({".md", ".markdown", ".txt", ".rst", ".adoc", ".org"})


def _set_folders_of(skill_dir: Path, files: Collection[Path]) -> set[Path]:
    """The folders inside the skill that hold the set files read, and each one's topmost set
    folder below the skill (`evals/` for `evals/golden/a/input.md`)."""
    own = skill_dir.resolve()
    folders: set[Path] = set()
    for file in files:
        here = file if file.is_dir() else file.parent
        if here in (own, own / "references") or not here.is_relative_to(own):
            # beside SKILL.md, and in its references/, are the skill's own; above it, other
            # skills' too
            continue
        folders.add(here)
        top = own / here.relative_to(own).parts[0]
        if top.name in _SET_FOLDERS or top.name == "tests":
            folders.add(top)
        # ...and a set folder between (`experiments/eval/` above its `cases/`)
        folders.update(p for p in here.parents if p.is_relative_to(own) and p != own
                       and p.name in _SET_FOLDERS)
    return folders


def documents_beside(skill_dir: Path, read: Collection[str]) -> list[Path]:
    """The documents at the top of the set's own folders that the set neither is nor names
    (by file name or by stem: `cases/<id>.md` of a case id is the case's)."""
    files = {Path(r).resolve() for r in read}
    named = _set_text(files, (*SET_SUFFIXES, *_DOCUMENTS), deep=True)
    found: set[Path] = set()
    for folder in _set_folders_of(skill_dir, files):
        for path in folder.iterdir() if safely.is_dir(folder) else []:
            if path.suffix.lower() not in _DOCUMENTS or path.name.startswith(".") \
                    or re.match(r"(?i)(?:readme|changelog|license|licence|contributing)\b",
                                path.stem) \
                    or not safely.is_file(path) or safely.is_symlink(path) \
                    or path.resolve() in files or any(
                        f.is_dir() and path.resolve().is_relative_to(f) for f in files):
                continue
            if path.name in named or re.search(
                    rf"(?<![\w.-]){re.escape(path.stem)}(?![\w-])", named):
                continue
            found.add(path)
    return sorted(found)


def other_set_lines(skill_dir: Path, name: str | None, read: Collection[str],
                    said: str = "") -> list[str]:
    """One line for the other sets, one for the harness programs (`said`: what `check`
    already prints, so a file another line names is not named twice)."""
    out: list[str] = []
    sets = [p for p in other_sets(skill_dir, name, read) if str(p) not in said]
    if sets:
        shown = ", ".join(str(p) for p in sets[:_SHOWN])
        more = f" and {len(sets) - _SHOWN} more" if len(sets) > _SHOWN else ""
        out.append(f"other case sets of this skill, where no layout looks, not read: "
                   f"{shown}{more} (check one with: skill-eval check {skill_dir} "
                   f"--cases {sets[0]})")
    programs = [p for p in harness_programs(skill_dir, read)
                if not re.search(rf"(?<![\w.-]){re.escape(p.name)}(?![\w-])", said)]
    setups = [p for p in harness_programs(skill_dir, read, setup=True)
              if not re.search(rf"(?<![\w.-]){re.escape(p.name)}(?![\w-])", said)]
    if setups:
        out.append(f"the authors' setup program, not run: "
                   f"{', '.join(str(p.relative_to(skill_dir)) for p in setups)} (it builds the "
                   "environment the cases start from; a session starts with only what its "
                   "case stages; to give the cases what it builds, run it once and stage its "
                   "output under each case's `files`)")
    rubrics = [p for p in _rubrics_beside(skill_dir, read) if p.name not in said]
    if rubrics:
        out.append(f"a rubric beside the set, not read: {', '.join(str(p) for p in rubrics)} "
                   "(no case names it, so no grade rests on it; to grade the cases on it, "
                   f"name it as the set's rubric: \"rubric\": \"{rubrics[0].name}\")")
    # (a scenarios page's criteria page is read with it: runner.authoring.md_paired)
    paired = {criteria_page(Path(r)) for r in read if str(r).endswith(".md")}
    documents = [p for p in documents_beside(skill_dir, read)
                 if p not in rubrics and str(p) not in said and p not in paired]
    if documents:
        out.append(f"documents beside the set, not read: "
                   f"{', '.join(str(p.relative_to(skill_dir)) for p in documents)} (no grade "
                   "rests on what they say; if one holds cases or criteria, draft cases from "
                   f"it with: skill-eval cases {skill_dir} --generate --from "
                   f"{documents[0]}, or name a rubric as the set's \"rubric\")")
    if programs:
        out.append(f"the authors' eval harness, not run: "
                   f"{', '.join(str(p.relative_to(skill_dir)) for p in programs)} (it decides "
                   "pass or fail by its own code; what only it checks is not graded; to "
                   "grade it, name it as the set's grader program: \"grader_program\": "
                   f"\"evals/{programs[0].name}\")")
    return out

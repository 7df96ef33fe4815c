"""Files of the case set that sit inside the skill but outside evals/ (issue 26 follow-up 2):
a set file at the skill's root (`eval.yaml`), a `tasks/` folder of task files, a grader
program or check script beside them, a fixture or answer file kept in another folder. The
skill bundle would ship them to the candidate arm only: it could read the tasks, the checks
and the answers, which the baseline cannot, and the arms would differ by more than the skill.

Rule: such a file is the set's own and is left out of the skill bundle (runner.authoring.
bundles.pack_skill; fixtures still reach both arms by staging), unless the skill's own files
name it (SKILL.md or a script or reference of the skill mentions its path, its file name or a
folder it sits in): then the skill may read it, leaving it out would break the with-skill arm,
and it is kept and reported. `check` says both.

A file that IS the answer key is left out even when the skill names it: the set file itself
(a README's "evals.json holds the test prompts" is a maintenance note, not the skill reading
its answers) or a file holding a case's expected output. Shipped, it would hand the candidate
arm the answers; `check` says it was left out though named, and why.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path, PurePosixPath

import yaml

from runner.authoring import safely
from runner.authoring.fields import strings_in
from runner.authoring.problems import SET_LEVEL, Problems
from runner.authoring.project_walk import ITERATION
from runner.authoring.read_once import set_text
from runner.authoring.skill import staged_files
from runner.authoring.waza import task_paths
from runner.schema.case import EVALS_ROOT, Case

TEXT_LIMIT = 512 * 1024


def _case_paths(case: Case) -> list[str]:
    """What one case uses from the skill: its fixtures and programs (a turn's too)."""
    found = list(case.files)
    for own in (case, case.first_turn, *case.follow_ups):
        if own is None:
            continue
        found += [p for p in (own.judge_program, own.grader_program.path  # one from
                              if own.grader_program and not own.grader_program.outside
                              else None) if p]  # outside the skill is no file of it
    return found


def _files_at(skill_dir: Path, rel: str) -> list[str]:
    path = skill_dir / rel
    if safely.is_dir(path):
        return sorted(p.relative_to(skill_dir).as_posix() for p in path.rglob("*")
                      if p.is_file() and not p.is_symlink())
    return [rel] if safely.is_file(path) else []


def _values_naming_files(path: Path, skill_dir: Path) -> list[str]:
    """The values of a set file that are whole paths of files of the skill (skillgrade's
    `instruction: instructions/task.md`, `rubric: rubrics/quality.md`): read as those files."""
    if not path.is_file() or path.suffix not in (".json", ".yaml", ".yml"):
        return []
    try:  # plainly: the set's own reader (promptfoo's, once) has read it already
        data = yaml.safe_load(set_text(path))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return []
    found = []
    for value in strings_in(data):
        posix = PurePosixPath(value.strip())
        if value.strip() and "\n" not in value and len(value) < 300 \
                and not posix.is_absolute() and ".." not in posix.parts:
            for folder in (path.parent, skill_dir):
                if _a_file(folder / posix) and (folder / posix).resolve().is_relative_to(
                        skill_dir.resolve()):
                    found.append((folder / posix).resolve().relative_to(
                        skill_dir.resolve()).as_posix())
                    break
    return found


def _a_file(path: Path) -> bool:
    """Whether a value names a file; a sentence is no file name, even one the system refuses
    to look up (a name part over 255 bytes: ENAMETOOLONG)."""
    try:
        return path.is_file()
    except OSError:
        return False


def set_files_outside_evals(skill_dir: Path, read_files: Iterable[str],
                            cases: Iterable[Case], runs: list[str] | None = None) -> list[str]:
    """Every file of the skill outside evals/ the set uses as its own, once, in order
    (`runs`: the skill's past_runs, when the caller has them already)."""
    given = []
    for file in read_files:
        given += _set_file_paths(skill_dir, [file])
        given += _values_naming_files(Path(file).resolve(), skill_dir)
        # waza's task files, named by the eval's patterns (`tasks/*.yaml`)
        given += _set_file_paths(skill_dir, [str(p) for p in task_paths(Path(file))])
    given += [p for case in cases for p in _case_paths(case)]
    given += test_documents(skill_dir, read_files)
    given += past_runs(skill_dir) if runs is None else runs
    found: list[str] = []
    for rel in given:
        found += [f for f in _files_at(skill_dir, rel)
                  if not PurePosixPath(f).is_relative_to(EVALS_ROOT) and f != "SKILL.md"]
    return list(dict.fromkeys(found))


# A document for testers beside a set kept in the skill's own folders ("manual-test-
# walkthrough.md", "eval-rubric.md", "expected-results.md" next to test-prompts.json): the
# author's script of a case and what passes, which the candidate arm alone would read.
_TEST_DOCUMENT = re.compile(r"(?i)(?:^|[-_.])(?:tests?|testing|evals?|walkthrough|rubrics?|"
                            r"grading|scoring|expected)(?:[-_.]|$)")
_DOCUMENT_SUFFIXES = frozenset({".md", ".markdown", ".txt", ".json", ".yaml", ".yml"})


def test_documents(skill_dir: Path, read_files: Iterable[str]) -> list[str]:
    """The test documents in the folder of each set file that lies inside the skill outside
    evals/, by their path from the skill."""
    root = skill_dir.resolve()
    found: list[str] = []
    for file in read_files:
        folder = Path(file).resolve().parent
        if not folder.is_relative_to(root) or folder.relative_to(root).parts[:1] == (
                str(EVALS_ROOT),) or not safely.is_dir(folder):
            continue
        found += [p.relative_to(root).as_posix() for p in sorted(folder.iterdir())
                  if p.is_file() and not p.is_symlink() and p.suffix.lower() in
                  _DOCUMENT_SUFFIXES and p.name != "SKILL.md" and _TEST_DOCUMENT.search(p.stem)
                  and p.resolve() != Path(file).resolve()]
    return found


_RUN_RECORDS = frozenset({"grading.json", "benchmark.json", "timing.json", "eval_metadata.json"})


def past_runs(skill_dir: Path) -> list[str]:
    """Folders of an earlier eval run kept inside the skill (skill-creator's workspace:
    `<x>-workspace/iteration-1/eval-2/with_skill/outputs/...`, graded `grading.json`s): the
    answers of those very prompts, which the candidate arm would read. The set's own, never
    the skill's."""
    found: list[str] = []
    parents = sorted({p.parent for p in skill_dir.rglob("iteration*")
                      if p.is_dir() and ITERATION.match(p.name)})
    for folder in parents:
        rel = folder.relative_to(skill_dir).as_posix()
        if rel == "." or rel.split("/")[0] == str(EVALS_ROOT) \
                or any(rel.startswith(f + "/") for f in found):
            continue
        if any(f.name in _RUN_RECORDS for f in folder.rglob("*") if f.is_file()):
            found.append(rel)
    return found


def _skill_text(skill_dir: Path, owned: set[str]) -> str:
    """The text of the skill's own files (the set's left out), where it may name a file."""
    parts = []
    for rel in staged_files(skill_dir):
        if rel.as_posix() in owned:
            continue
        try:
            parts.append((skill_dir / rel).read_bytes()[:TEXT_LIMIT].decode("utf-8"))
        except (OSError, UnicodeDecodeError):
            continue
    return "\n".join(parts)


# An expected output shorter than this is too common a text to tell an answer key by.
_ANSWER_MIN = 40


def _set_file_paths(skill_dir: Path, read_files: Iterable[str]) -> list[str]:
    """The set's own files that lie inside the skill, relative to it, in order."""
    root = skill_dir.resolve()
    found = []
    for file in read_files:
        path = Path(file).resolve()
        if path.is_relative_to(root) and path != root:
            found.append(path.relative_to(root).as_posix())
    return found


def _holds_answers(path: Path, answers: list[str]) -> bool:
    try:
        text = " ".join(path.read_bytes()[:TEXT_LIMIT].decode("utf-8").split())
    except (OSError, UnicodeDecodeError):
        return False
    return any(answer in text for answer in answers)


def answer_keys(skill_dir: Path, owned: Iterable[str], read_files: Iterable[str],
                cases: Iterable[Case], runs: list[str]) -> dict[str, str]:
    """The set's files that are its answer key, each with why: the set file itself, a file of
    an earlier eval run (`runs`: the skill's past_runs) or a file holding a case's expected
    output (whitespace aside)."""
    sets = set(_set_file_paths(skill_dir, read_files))
    answers = [" ".join(c.expected_output.split()) for c in cases
               if len(c.expected_output.strip()) >= _ANSWER_MIN]
    found: dict[str, str] = {}
    below = [f"{r}/" for r in runs]
    for rel in owned:
        if rel in sets:
            found[rel] = "the case set file itself"
        elif any(rel.startswith(r) for r in below):
            found[rel] = "an earlier eval run's record"
        elif answers and _holds_answers(skill_dir / rel, answers):
            found[rel] = "it holds the expected outputs"
    return found


def bundle_exclusions(skill_dir: Path, read_files: Iterable[str],
                      cases: Iterable[Case]) -> tuple[list[str], list[str]]:
    """(left out of the skill bundle, kept because the skill's own files name them). An
    answer key is always left out (answer_keys), named or not."""
    left_out, kept, _ = _partition(skill_dir, read_files, cases)
    return left_out, kept


def _partition(skill_dir: Path, read_files: Iterable[str], cases: Iterable[Case]
               ) -> tuple[list[str], list[str], list[tuple[str, str]]]:
    """(left out, kept, the answer keys left out though the skill names them, each with
    why): the set's files and the skill's text read once for both callers."""
    read_files, cases = list(read_files), list(cases)
    runs = past_runs(skill_dir)  # one walk of the skill for both
    owned = set_files_outside_evals(skill_dir, read_files, cases, runs)
    if not owned:
        return [], [], []
    text = _skill_text(skill_dir, set(owned))
    keys = answer_keys(skill_dir, owned, read_files, cases, runs)
    kept = [f for f in owned if _named(f, text) and f not in keys]
    named_keys = [(f, why) for f, why in keys.items() if _named(f, text)]
    return [f for f in owned if f not in kept], kept, named_keys


def _named(file: str, text: str) -> bool:
    """The skill's own text names the file: its path, its file name (a script joining the
    path in parts: `os.path.join(HERE, "references", "rates.csv")`) or a folder it sits in
    ("the rate table in references/"). Leaving out a file the skill reads would break the
    with-skill arm only, so a mention of any of these keeps it."""
    path = PurePosixPath(file)
    folders = [f"{parent.as_posix()}/" for parent in path.parents if parent.parts]
    # the folder as such ("in references/"), not a path through it ("tasks/check.sh")
    return file in text or (bool(path.suffix) and path.name in text) \
        or any(re.search(re.escape(folder) + r"(?![\w.-])", text) for folder in folders)


def report_exclusions(skill_dir: Path, read_files: Iterable[str], cases: Iterable[Case],
                      problems: Problems) -> None:
    """One line each for what is left out of the skill bundle and what ships though the set
    owns it (the skill names it): never in silence."""
    cases = list(cases)  # read twice: what the set owns, and what its cases stage
    left_out, kept, named = _partition(skill_dir, read_files, cases)
    if named:  # the skill's text names it, yet it is the answer key: never shipped
        problems.report("EV012", SET_LEVEL, f"{len(named)} file(s) of the set left out of the "
                        f"skill bundle though the skill's own text names them: "
                        f"{'; '.join(f'{f} ({why})' for f, why in named[:5])}; the candidate "
                        f"arm would read the answers", "none needed (or move the set under "
                        "evals/, apart from the skill's own files)")
        left_out = [f for f in left_out if f not in dict(named)]
    if left_out:
        problems.report("EV012", SET_LEVEL, f"{len(left_out)} file(s) of the set outside "
                        f"evals/ left out of the skill bundle (the candidate arm would read "
                        f"tasks, checks or answers the baseline cannot): {_shown(left_out)}",
                        "none needed (or move them under evals/)")
    # (a file a case stages is in both arms' working directory: the baseline reads it too)
    staged = {f for case in cases for f in case.files}
    shared = [f for f in kept if f in staged]
    kept = [f for f in kept if f not in staged]
    if kept:
        problems.report("EV012", SET_LEVEL, f"{len(kept)} file(s) of the set ship inside the "
                        f"skill, which names them: the candidate arm can read them, the "
                        f"baseline cannot: {_shown(kept)}", "move the set's copies under "
                        "evals/ and keep the skill's own apart")
    if shared:
        problems.report("EV012", SET_LEVEL, f"{len(shared)} file(s) of the set ship inside the "
                        f"skill, which names them, and are staged as the cases' input in both "
                        f"arms: {_shown(shared)}", "none needed (or keep the cases' copies "
                        "under evals/)")


def _shown(files: list[str]) -> str:
    return ", ".join(files[:5]) + (f" (and {len(files) - 5} more)" if len(files) > 5 else "")

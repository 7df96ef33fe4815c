"""A grader program the set folder's README names outside evals/ ("Scores are deterministic
outputs of `scripts/evaluate_response.py` using the catalog and rubric in this directory"):
the authors' own scorer, which may check more than the set holds (headers, sections it
hard-codes). It is never run (a grader program lives in the skill's evals/), so `check` says
so in one EV012 line instead of passing over it in silence. The scoring word must sit in the
path's own clause: "Rebuild the fixture with `make-repo.sh` and grade with `checks.py`" names
the builder as no scorer.

The same for a program no README names that says it grades the set (`unnamed_graders`):
beside the set (`evals/check_answers.py`, or one whose source reads the set and decides pass
or fail) or in the repository's scripts/ (`scripts/run_evals.py` reading `evals.json`), when
no rule runs it (runner.authoring.programs finds the conventional ones of evals/).

The same for a command the skill's own SKILL.md gives that runs a program of the skill on the
set's file (`python3 scripts/rag_cli.py bench --testset tests/testset.json`): the set is that
program's input (a benchmark it scores, Hit@k or its own metric), its scorer the authors'
(`skill_md_runs`). Read by the command line's grammar: a program path as the command (or
after its interpreter) and the set's path, as the skill's folder names it, among its words."""

from __future__ import annotations

import os
import re
from pathlib import Path

from runner.authoring import safely
from runner.authoring.fields import name_words
from runner.authoring.harness_cli import HARNESS_FIX, own_contract
from runner.authoring.problems import SET_LEVEL, Problems

_README = ("README.md", "README.markdown", "README.txt", "README")
_PROGRAM = re.compile(r"(?<![\w./-])((?:[\w.-]+/)+[\w.-]+\.(?:py|sh|bash|js|mjs|ts))(?![\w-])")
# Words saying the program decides the set's verdicts.
_SCORES = re.compile(r"(?i)\b(?:scor\w*|grad(?:e|es|er|ed|ing)|evaluat\w*|judg\w*|assess\w*|"
                     r"verdicts?|pass(?:es)?\s+or\s+fail)\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
# Clauses joined in one sentence, each with its own verb ("build X and grade with Y").
_CLAUSE = re.compile(r";\s+|\s+(?:and|then)\s+(?=(?:then\s+)?[a-z]+\s+(?:with|by|using|it|them|"
                     r"the|each|every|via)\b)")
_TEXT_MAX = 256 * 1024


def _roots(set_folder: Path, skill_dir: Path) -> list[Path]:
    """Where a path the README writes may start: its own folder, the skill, and the folders
    above the set up to the repository's root (the first holding .git)."""
    found = [set_folder, skill_dir]
    for above in set_folder.resolve().parents:
        found.append(above)
        if (above / ".git").exists():
            break
    return list(dict.fromkeys(found))


def named_scorers(set_folder: Path, skill_dir: Path, programs: list[str]) -> list[str]:
    """Program paths the set folder's README names as what scores the set, that exist and
    are none of evals/'s programs (those are found and run by runner.authoring.programs)."""
    readme = next((set_folder / n for n in _README if safely.is_file(set_folder / n)), None)
    if readme is None or safely.is_symlink(readme) or readme.stat().st_size > _TEXT_MAX:
        return []
    text = readme.read_text(encoding="utf-8", errors="replace")
    found: list[str] = []
    # the scoring word in the path's own clause: "Rebuild the fixture with `make-repo.sh`
    # and grade with `checks.py`" names only checks.py as what grades
    clauses = [c for sentence in _SENTENCE.split(text) for c in _CLAUSE.split(sentence)]
    for clause in clauses:
        if not _SCORES.search(clause):
            continue
        for path in _PROGRAM.findall(clause):
            if ".." in path.split("/") or any(p.endswith(path) for p in programs):
                continue
            if any(safely.is_file(root / path) for root in _roots(set_folder, skill_dir)):
                found.append(path)
    return list(dict.fromkeys(found))


# A program's name saying it grades: one of its words starts so (`check-evals.py`,
# `run_behavioral_evals.py`, `score_answers.sh`).
_GRADER_WORD = re.compile(r"^(?:grad(?:e|er|es|ing)|check|eval|scor|judg)", re.IGNORECASE)
# Source words of a program that decides verdicts (a generator or a linter has none).
_VERDICT = re.compile(r"\b(?:passed|failed|pass_rate|score[sd]?|verdicts?|graded|grading)\b",
                      re.IGNORECASE)
_SUFFIXES = (".py", ".sh", ".bash", ".js", ".mjs", ".ts")
_SOURCE_MAX = 512 * 1024


def name_grades(path: Path) -> bool:
    return any(_GRADER_WORD.match(w) for w in name_words(path.stem))


def reads_set(source: str, set_file: Path | None, case_ids: list[str]) -> str | None:
    """How the program's source says it reads the set: it names the set's file, or quotes
    two or more of its case ids; else None."""
    if set_file is not None and re.search(rf"(?<![\w-]){re.escape(set_file.name)}(?![\w-])",
                                          source):
        return f"it reads {set_file.name}"
    quoted = [i for i in case_ids if len(i) > 1 and re.search(
        rf"""["']{re.escape(i)}["']""", source)]
    return f"it names the cases {', '.join(quoted[:3])}" if len(quoted) >= 2 else None


def unnamed_graders(set_path: Path, skill_dir: Path, case_ids: list[str],
                    said: set[Path]) -> list[tuple[str, str]]:
    """Programs that say they grade the set, which no rule runs (`said`: those run or already
    named by another line, resolved): (shown path, why). Beside the set, its name saying it
    grades, or its source reading the set and deciding verdicts; in the repository's
    `scripts/` (or the skill's), its name saying it grades and its source reading the set (a
    skill's own tools live there too). Never run: their checks are said not to be."""
    set_folder = set_path if set_path.is_dir() else set_path.parent
    set_file = None if set_path.is_dir() else set_path
    repo = next((a for a in set_folder.resolve().parents if (a / ".git").exists()), None)
    # the scripts/ beside the set's folder, when that folder is below the skill or beside it
    # (a repository's evals/), never the folder above a set kept at the skill's root
    top = set_folder.resolve()
    beside_set = [] if skill_dir.resolve().is_relative_to(top) else [top.parent / "scripts"]
    scripts = [*beside_set, skill_dir / "scripts", *([] if repo is None else [repo / "scripts"])]
    found: list[tuple[str, str]] = []
    for folder, beside in [(set_folder, True), *((s, False) for s in scripts)]:
        for file in sorted(folder.iterdir()) if safely.is_dir(folder) else []:
            if file.suffix.lower() not in _SUFFIXES or safely.is_symlink(file) \
                    or not safely.is_file(file) or file.resolve() in said:
                continue
            said.add(file.resolve())  # one line a program, found from any folder
            source = file.read_bytes()[:_SOURCE_MAX].decode("utf-8", "replace")
            named, reads = name_grades(file), reads_set(source, set_file, case_ids)
            if beside and not named and not (reads and _VERDICT.search(source)):
                continue
            if not beside and not (named and reads):
                continue
            why = "its name says it grades" + (f" and {reads}" if reads else "") if named \
                else f"{reads} and decides pass or fail"
            found.append((os.path.relpath(file, set_folder.parent), why))
    return found


def report_unnamed(set_path: Path, skill_dir: Path, case_ids: list[str], run: list[str],
                   problems: Problems) -> None:
    """One EV012 line a program that says it grades the set and that no rule runs: `run`,
    the skill's programs the cases run (judge, grader); a program another line already
    names (the README's scorer, several conventional ones) is not said twice. One with a
    command line of its own (runner.authoring.harness_cli) is told to take the grader's."""
    said = {(skill_dir / p).resolve() for p in run}
    set_folder = set_path if set_path.is_dir() else set_path.parent
    for shown, why in unnamed_graders(set_path, skill_dir, case_ids, said):
        name = Path(shown).name
        if any(re.search(rf"(?<![\w.-]){re.escape(name)}(?![\w-])", f.message)
               for f in problems.reported):
            continue
        source = (set_folder.parent / shown).read_bytes()[:_SOURCE_MAX].decode("utf-8",
                                                                              "replace")
        what = own_contract(source)
        named = (f"name it as the set's grader program (\"grader_program\": \"evals/{name}\", "
                 "moved into evals/ if it lives elsewhere: its exit code or JSON verdict "
                 "decides each case)")
        problems.report("EV012", SET_LEVEL, f"{shown}: the authors' grader program ({why}) "
                        "is not run: its checks are not graded; the set's fields are graded "
                        "as `check -v` shows" + ("" if what is None else f"; it {what}"),
                        named + (", or write what it checks as the cases' assertions"
                                 if what is None else ", once it has the grader's shape: "
                                 + HARNESS_FIX))


# A command line running a program of the skill: an interpreter then a path, or the path.
_RUNS_PROGRAM = re.compile(r"^\s*(?:\$\s+)?(?:(?:python3?|node|bash|sh|tsx|ruby|deno\s+run|"
                           r"uv\s+run|npx)\s+)?((?:\./)?(?:[\w.-]+/)*[\w.-]+\.(?:py|js|mjs|ts|sh|"
                           r"bash|rb))\b(.*)$")


def skill_md_runs(set_path: Path, skill_dir: Path) -> list[str]:
    """The commands of the skill's SKILL.md (a line of its own, in a code block or not) that
    run a program of the skill with the set's file as an argument, as written."""
    if set_path.is_dir():
        return []
    try:
        rel = set_path.resolve().relative_to(skill_dir.resolve()).as_posix()
        text = (skill_dir / "SKILL.md").read_text(encoding="utf-8", errors="replace")
    except (ValueError, OSError):
        return []
    found = []
    for line in text[:_TEXT_MAX].splitlines():
        match = _RUNS_PROGRAM.match(line.strip("` "))
        if match is None or not safely.is_file(skill_dir / match.group(1)):
            continue
        words = [w.strip("\"'") for w in match.group(2).split()]
        if any(w.removeprefix("./") == rel for w in words):
            found.append(" ".join(line.strip("` ").split())[:120])
    return list(dict.fromkeys(found))

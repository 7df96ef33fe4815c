"""A grader command that reads the repository (issue 26): a set at a repository's root whose
authors' harness runs the agent in the repository itself (skillgrade's `provider: local`, a
harness started from the root) may grade with a command that reads the repository's own files
beside what the agent writes (`grep CURRENT_WEEK= run.sh`, `data/queue.json`). Here the work is
the staged fixtures and what the agent writes, and the grader's container holds that alone: a
file the command reads that is in the repository, is staged by no fixture and is not what the
task asks the agent to write is missing in every arm, so the case cannot pass as written. It is
flagged before anything runs (EV014, naming the files and the fix: stage them)."""

from __future__ import annotations

import re
from pathlib import Path, PurePosixPath

from runner.authoring import safely
from runner.authoring.outside import Outside
from runner.authoring.problems import Problems
from runner.authoring.reach import OUTSIDE
from runner.schema.case import Case
from runner.scoring.asked import asks_to_write

# A relative file path in the command's text (`run.sh`, `data/queue/queue.json`).
_PATH = re.compile(r"(?<![\w./${}-])((?:[\w-][\w.-]*/)*[\w-][\w.-]*\.[A-Za-z][A-Za-z0-9]{0,5})"
                   r"(?![\w/{}-])")


def _staged(case: Case, skill_dir: Path) -> set[str]:
    """Every path the working directory holds before the agent starts."""
    held = set(case.inline_files)
    for file in case.files:
        dest = case.fixture_destination(file)
        folder = skill_dir / file
        if safely.exists(folder) and folder.is_dir():
            held |= {(dest / p.relative_to(folder).as_posix()).as_posix()
                     for p in folder.rglob("*") if p.is_file()}
        else:
            held.add(dest.as_posix())
    return held


def repo_reads(case: Case, outside: Outside | None, problems: Problems) -> None:
    """Flag the case when its grader command reads files of the repository nothing stages."""
    program = case.grader_program
    if outside is None or program is None or not program.command:
        return
    held = _staged(case, outside.skill_dir)
    own = {PurePosixPath(program.path).name, *program.carried}
    outputs = {o.path for o in case.outputs}
    read: list[str] = []
    for found in _PATH.finditer(program.command):
        path = found.group(1)
        if path in held or path in own or path in outputs or path in read \
                or any(asks_to_write(p, path) for p in case.prompts):
            continue
        target = outside.root / path
        if safely.exists(target) and target.is_file() \
                and not target.resolve().is_relative_to(outside.skill_dir):
            read.append(path)
    if read:
        problems.report(OUTSIDE, case.id, f"its grader command reads {', '.join(read[:4])}, "
                        f"file(s) of the repository {outside.root.name}/ that the authors' "
                        "harness runs the agent in; no fixture stages them and the task does "
                        "not ask for them, and the grader's container holds only the working "
                        "directory: no arm can pass it as written", "stage what it reads (list "
                        "the files under `files`), or grade only what the agent writes")

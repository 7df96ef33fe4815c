"""What the subfolders of a skill's set folders hold, said when no case set is found (issue
26): an eval folder authors organise by kind (`evals/rubrics/`, `evals/data/`,
`evals/agents/fixtures/<case>/`, an empty `evals/cases/` scaffold) holds no set the layouts
read, and a bare "no case set" would pass over what is there in silence. Each such folder is
one line: its data files with why none is a case set (runner.authoring.siblings), case files
in a folder not named for this skill, case-shaped folders with no prompt file
(runner.authoring.casedirs), or a case folder that holds no case.

Only one level below a set folder is surveyed for data files (a run's results kept deeper,
`evals/results/<date>/`, are not the authors' cases); case-shaped folders two levels below.

When a set IS read, the other sets below its folder are said too (`sets_below`): an author who
keeps one set per concern (`evals/eval.yaml`, `evals/consistency/eval.yaml`) sees that only one
is graded, each other named with its cases and the `--cases FILE` that grades it.
"""

from __future__ import annotations

import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from runner.authoring.casedirs import PROMPT_STEMS, is_case_dirs, promptless_case_dirs
from runner.authoring.project_walk import Walk, past_outputs, subfolders
from runner.authoring.read_once import set_text
from runner.authoring.siblings import (
    SET_SUFFIXES,
    Judged,
    case_list,
    judge,
    read_data,
    survey,
)
from runner.errors import CaseSetError

_SHOWN = 3  # files named per folder; the rest counted


def _own(here: Path, name: str) -> str | None:
    """What a survey of set folders passes over, besides what no walk enters
    (runner.authoring.project_walk): hidden and `_`-prefixed folders (tooling, a harness's
    private helpers) and a run's past outputs (`<skill>-workspace/`, `iteration-N/`: its
    copies are no author's cases, as other_sets says too)."""
    return "hidden" if name.startswith((".", "_")) else past_outputs(here, name)


def _subfolders(folder: Path) -> list[Path]:
    return subfolders(folder, _own)


def _listed(items: list[str]) -> str:
    more = f" and {len(items) - _SHOWN} more" if len(items) > _SHOWN else ""
    return "; ".join(items[:_SHOWN]) + more


def below_lines(set_folder: Path, skip: Collection[str],
                case_folder_names: Collection[str]) -> list[str]:
    """One line per subfolder of a set folder that holds set-like material but no set this
    skill is graded on. `skip`: subfolder names read by another layout (one named for a
    skill of the repository is that skill's set folder, said by its own check; `trigger/`);
    `case_folder_names`: the names of a folder of case files (`cases/`)."""
    return [line for sub in _subfolders(set_folder) if sub.name not in skip
            for line in _sub_lines(sub, f"{set_folder.name}/{sub.name}/", case_folder_names)]


def _sub_lines(sub: Path, shown: str, case_folder_names: Collection[str]) -> list[str]:
    surveyed = survey(sub)
    out: list[str] = []
    if surveyed.read:
        names = ", ".join(p.name for p in surveyed.read[:_SHOWN])
        out.append(f"{shown} (case files {names}, in a folder named for no skill of the "
                   f"repository: to grade this skill on them, --cases {surveyed.read[0]})")
    if surveyed.unread:
        why = [f"{p.name}: {w}" for p, w in surveyed.unread]
        out.append(f"{shown} ({len(why)} data file(s), none a case set: {_listed(why)})")
    for folder in (sub, *_subfolders(sub)):
        shaped = promptless_case_dirs(folder)
        if shaped:
            rel = shown + (f"{folder.name}/" if folder != sub else "")
            names = ", ".join(p.name for p in shaped[:_SHOWN])
            out.append(f"{rel} ({len(shaped)} folder(s) shaped as one per case ({names}), "
                       "each with an expected file and no prompt file, so none is read as "
                       f"a case; fix: name each one's prompt {PROMPT_STEMS[0]}.md)")
    if sub.name in case_folder_names and not surveyed.read and not surveyed.unread \
            and not is_case_dirs(sub) and not out:
        files = sorted(p.name for p in sub.iterdir() if p.is_file())
        # its cases one folder down, in groups (`cases/coding/*.yaml`): named, with the fix
        grouped = [(g, survey(g).read) for g in _subfolders(sub)]
        grouped = [(g, read) for g, read in grouped if read]
        if grouped:
            listed = "; ".join(f"{g.name}/ ({len(read)}: "
                               f"{', '.join(p.name for p in read[:_SHOWN])})"
                               for g, read in grouped[:_SHOWN])
            out.append(f"{shown} (case files in its subfolders, one per group: {listed}; to "
                       f"grade a skill on them, --cases {grouped[0][1][0]})")
        else:
            held = f"only {', '.join(files[:_SHOWN])}" if files else "nothing"
            out.append(f"{shown} (a case folder holding no case: {held})")
    return out


# Folders below the set's folder looked into: a file under a read set's own name two deep
# (`evals/<concern>/<kind>/eval.yaml`); any other set one deep only, as `below_lines` (a run's
# records kept deeper, `evals/runs/<date>/`, are not the authors' cases).
NAMED_DEPTH = 2
CONTENT_DEPTH = 1
_ONE_CASE = "one case"  # siblings._wrapper of a lone case object: alone, a fixture
# A software test suite's folder: its subfolders' data are its fixtures (only a file under
# the read set's own name is said there).
_SUITE_FOLDERS = frozenset({"tests", "test"})


@dataclass(frozen=True)
class SetBelow:
    """A set file below the read set's folder, not read: what it holds, and whether its
    content is cases (else it only bears a read set's name)."""

    path: Path
    holds: str
    cases: bool


def sets_below(read: Sequence[Path], skip: Collection[str]) -> list[SetBelow]:
    """The other case sets below the folder of the set file(s) read: a file under a read
    set's own name (the readers take it as a set wherever it sits), or one whose content is
    cases (runner.authoring.siblings.judge: a list of cases, a harness file naming its case
    files), never a lone case object (a fixture). A file the read set names (an index's case
    files, a case's fixture) is the set's own material, not another set. `skip`: subfolder
    names that are another reader's (a skill's own set folder, `trigger/`). Nothing when what
    was read is a folder (its subfolders are its cases), or a file beside a SKILL.md (the
    skill's own folders below it hold its scripts and references, never its sets)."""
    if not read or not all(p.is_file() for p in read) or (read[0].parent / "SKILL.md").exists():
        return []
    folder = read[0].parent
    names = {p.name for p in read}
    by_content = folder.name not in _SUITE_FOLDERS
    below = [path for sub, depth in _below(folder, skip, 1) for path in sorted(sub.iterdir())
             if path.is_file() and path.suffix in SET_SUFFIXES
             and (path.name in names or (by_content and depth <= CONTENT_DEPTH))]
    if not below:  # the read set's own files are read again only when there is a file to weigh
        return []
    texts = "\n".join(_text(p) for p in read)
    fixtures = {n for p in read for n in judge(p).inputs}
    out: list[SetBelow] = []
    for path in below:
        if path.name in fixtures or path.relative_to(folder).as_posix() in texts:
            continue
        judged = judge(path)
        if path.name not in names and (judged.shape is None or judged.shape[1] == _ONE_CASE):
            continue
        out.append(SetBelow(path, _holds(judged), judged.shape is not None))
    return out


def _text(path: Path) -> str:
    try:
        return set_text(path)
    except (OSError, UnicodeDecodeError):
        return ""


def _below(folder: Path, skip: Collection[str], depth: int) -> list[tuple[Path, int]]:
    """The subfolders below `folder`, each with how deep it is, down to NAMED_DEPTH: the one
    walk (runner.authoring.project_walk) that far, in its order, never into a folder named
    in `skip` (another reader's)."""
    def prune(here: Path, name: str) -> str | None:
        return "another reader's" if name in skip else _own(here, name)
    walk = Walk(folder, prune, depth=NAMED_DEPTH - depth + 1, limit=sys.maxsize)
    return [(f, depth - 1 + len(f.relative_to(folder).parts)) for f in walk.folders()
            if f != folder]


def _holds(judged: Judged) -> str:
    """What a set below holds, as cheaply known: its cases' count and the skill it names."""
    if judged.shape is None:
        return judged.why_not
    try:
        items = case_list(read_data(judged.path))
    except CaseSetError:
        items = None
    parts = [f"{len(items)} case(s)"] if items else []
    # a path (`skill: ../..`) names a folder, not a skill
    if judged.owner and "/" not in judged.owner and not judged.owner.startswith("."):
        parts.append(f"for skill {judged.owner!r}")
    return ", ".join(parts) or "cases"

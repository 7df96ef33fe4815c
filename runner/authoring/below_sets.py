"""What the subfolders of a skill's set folders hold, said when no case set is found (issue
26): an eval folder authors organise by kind (`evals/rubrics/`, `evals/data/`,
`evals/agents/fixtures/<case>/`, an empty `evals/cases/` scaffold) holds no set the layouts
read, and a bare "no case set" would pass over what is there in silence. Each such folder is
one line: its data files with why none is a case set (runner.authoring.siblings), case files
in a folder not named for this skill, case-shaped folders with no prompt file
(runner.authoring.casedirs), or a case folder that holds no case.

Only one level below a set folder is surveyed for data files (a run's results kept deeper,
`evals/results/<date>/`, are not the authors' cases); case-shaped folders two levels below.
"""

from __future__ import annotations

from collections.abc import Collection
from pathlib import Path

from runner.authoring.casedirs import PROMPT_STEMS, is_case_dirs, promptless_case_dirs
from runner.authoring.siblings import survey

_SHOWN = 3  # files named per folder; the rest counted
_SKIPPED = frozenset({"__pycache__", "node_modules", ".git"})


def _subfolders(folder: Path) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if p.is_dir()
                      and not p.name.startswith((".", "_")) and p.name not in _SKIPPED)
    except OSError:
        return []


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
        held = f"only {', '.join(files[:_SHOWN])}" if files else "nothing"
        out.append(f"{shown} (a case folder holding no case: {held})")
    return out

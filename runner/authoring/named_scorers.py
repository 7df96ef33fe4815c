"""A grader program the set folder's README names outside evals/ ("Scores are deterministic
outputs of `scripts/evaluate_response.py` using the catalog and rubric in this directory"):
the authors' own scorer, which may check more than the set holds (headers, sections it
hard-codes). It is never run (a grader program lives in the skill's evals/), so `check` says
so in one EV012 line instead of passing over it in silence."""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring import safely

_README = ("README.md", "README.markdown", "README.txt", "README")
_PROGRAM = re.compile(r"(?<![\w./-])((?:[\w.-]+/)+[\w.-]+\.(?:py|sh|bash|js|mjs|ts))(?![\w-])")
# Words saying the program decides the set's verdicts.
_SCORES = re.compile(r"(?i)\b(?:scor\w*|grad(?:e|es|er|ed|ing)|evaluat\w*|judg\w*|assess\w*|"
                     r"verdicts?|pass(?:es)?\s+or\s+fail)\b")
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n\s*\n")
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
    for sentence in _SENTENCE.split(text):
        if not _SCORES.search(sentence):
            continue
        for path in _PROGRAM.findall(sentence):
            if ".." in path.split("/") or any(p.endswith(path) for p in programs):
                continue
            if any(safely.is_file(root / path) for root in _roots(set_folder, skill_dir)):
                found.append(path)
    return list(dict.fromkeys(found))

"""A grader program the set folder's README names outside evals/ (the authors' own scorer):
one EV012 line says it is not run, and what only it checks is not graded. A program named for
anything else (installing), or one that does not exist, says nothing."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from tests.helpers import make_skill

_CASES = [{"id": "one", "prompt": "Explain the data model briefly.",
           "expectations": ["Names the two layers of the model"]}]


def _lines(tmp_path: Path, readme: str) -> list[str]:
    skill = make_skill(tmp_path, _CASES, files={
        "evals/README.md": readme, "scripts/score_answer.py": "print('ok')\n",
        "scripts/install.py": "print('ok')\n"})
    return [f.message for f in load_caseset(skill, "tidy-notes").findings
            if "README names" in f.message]


def test_a_scorer_the_readme_names_outside_evals_gets_a_line(tmp_path: Path) -> None:
    lines = _lines(tmp_path, "# Evals\n\nScores are the outputs of `scripts/score_answer.py` "
                             "using the cases in this folder.\n")
    assert len(lines) == 1 and "scripts/score_answer.py" in lines[0]


def test_a_program_named_for_anything_else_says_nothing(tmp_path: Path) -> None:
    assert _lines(tmp_path, "Install the tools with `scripts/install.py` first.\n\nThe "
                            "answers are graded by `scripts/missing.py`.\n") == []

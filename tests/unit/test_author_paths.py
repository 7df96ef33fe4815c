"""A fixture named by the author's own absolute path (`/Users/me/proj/skill/evals/files/a.py`,
issue 26: fixtures found where the set's paths point): the skill's file that the path ends in
(a folder and a file at least) is staged, and EV012 says so; a path whose end the skill does
not hold stays refused."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md

AUTHOR = "/Users/someone/Projects/tidy/evals/files/messy.py"


def _skill(tmp_path: Path, path: str) -> Path:
    skill = write_skill_md(tmp_path / "tidy", "tidy", "Tidies Python modules.")
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "evals" / "files" / "messy.py").write_text("import os,sys\n")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "prompt": f"Tidy {path}.", "files": [path],
         "expected_output": "Splits the imports onto two lines"}]})
    return skill


def test_the_authors_absolute_path_stages_the_file_it_ends_in(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path, AUTHOR)), "-v")
    assert got.exit_code == 0, got.output
    assert "is a path on the author's machine; the skill holds it at evals/files/messy.py" \
        in got.output


def test_an_absolute_path_the_skill_does_not_hold_stays_refused(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path, "/Users/someone/other/clean.py")))
    assert got.exit_code == 2, got.output  # its only case cannot run: nothing left to run
    assert "is an absolute path, a file on its author's machine" in got.output

"""A case's inputs in the set's `fixtures/<case id>/` (runner.authoring.id_fixtures): its
`workspace/` staged at the working directory's root, the author's setup notes beside it never
staged; and a field naming the evidence the work must show (`evidence_required`) is a
criterion, never material sent with the prompt."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import make_skill


def _skill(tmp_path: Path, case: dict[str, Any], files: dict[str, str]) -> Path:
    return make_skill(tmp_path, {"skill_name": "tidy-notes", "cases": [
        {"id": "fix-crash", "prompt": "Fix the crash in src/app.py.",
         "assertions": ["fixed"], **case}]}, files)


def test_the_workspace_of_the_folder_named_for_the_case_is_staged(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {}, {
        "evals/fixtures/fix-crash/workspace/src/app.py": "x = 1 / 0\n",
        "evals/fixtures/fix-crash/fixture.md": "Give the agent a dirty worktree.\n",
        "evals/fixtures/other-case/workspace/src/other.py": "y = 2\n"})
    caseset = load_caseset(skill)
    (case,) = caseset.evals
    assert case.files == ("evals/fixtures/fix-crash/workspace/src/app.py",)
    assert str(case.fixture_destination(case.files[0])) == "src/app.py"
    said = " ".join(f.message for f in caseset.findings)
    assert "fixture.md: the author's setup notes" in said


def test_without_a_workspace_the_folder_s_files_are_staged_but_notes(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {}, {"evals/fixtures/fix-crash/src/app.py": "x = 1 / 0\n",
                                  "evals/fixtures/fix-crash/README.md": "Setup notes.\n"})
    (case,) = load_caseset(skill).evals
    assert case.files == ("evals/fixtures/fix-crash/src/app.py",)


def test_a_case_naming_its_own_files_keeps_them(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"files": ["evals/files/app.py"]}, {
        "evals/files/app.py": "x = 1\n",
        "evals/fixtures/fix-crash/workspace/src/app.py": "x = 1 / 0\n"})
    (case,) = load_caseset(skill).evals
    assert case.files == ("evals/files/app.py",)


def test_evidence_the_work_must_show_is_a_criterion_not_material(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"evidence_required": ["The traceback line naming app.py."]}, {
        "evals/fixtures/fix-crash/workspace/src/app.py": "x = 1 / 0\n"})
    (case,) = load_caseset(skill).evals
    assert "traceback" not in case.prompt
    assert any("The traceback line naming app.py." in s for s in case.statements)


def test_evidence_supplied_is_still_material(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"supplied_evidence": "Traceback: ZeroDivisionError at line 1",
                              "files": ["evals/files/src/app.py"]},
                   {"evals/files/src/app.py": "x = 1 / 0\n"})
    (case,) = load_caseset(skill).evals
    assert "ZeroDivisionError" in case.prompt

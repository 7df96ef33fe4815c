"""A `fixture` object holding its files' text (issue 26, "inline fixtures are fixtures"):
`{files: {path: text}}` writes each file (`{}` stages nothing); `{path, <field>: text}` is
the one file at `path` with that text. Neither is a path to look for in the skill.
"""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.authoring.inline import split_inline
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DOC = "# Deploy\n\nRolling mode keeps two versions live.\n"


def test_a_fixture_of_files_text_is_inline_files() -> None:
    out, inline, wrong = split_inline({"prompt": "p", "fixture": {"files": {"docs/a.md": DOC}}})
    assert inline == {"docs/a.md": DOC} and wrong == [] and "fixture" not in out
    out, inline, _ = split_inline({"prompt": "p", "fixture": {"files": {}}})
    assert inline == {} and "fixture" not in out


def test_a_fixture_of_a_path_and_its_text_is_that_file() -> None:
    _, inline, _ = split_inline({"prompt": "p", "fixture": {"path": "docs/a.md",
                                                            "artifact": DOC}})
    assert inline == {"docs/a.md": DOC}
    # a path and a one-line note is a folder's path with a note: left to the other rules
    out, inline, _ = split_inline({"prompt": "p", "fixture": {"path": "fx/a", "note": "ok"}})
    assert inline == {} and "fixture" in out


def _skill(tmp_path: Path) -> Path:
    skill = write_skill_md(tmp_path / "doc-reviser", "doc-reviser", "Revises documents.")
    _write(skill / "evals" / "evals.json", {"cases": [
        {"id": "a", "prompt": "Revise docs/deploy.md for on-call engineers.",
         "fixture": {"path": "docs/deploy.md", "artifact": DOC}, "assertions": ["Rolling"]},
        {"id": "b", "prompt": "Revise docs/deploy.md so it names both modes.",
         "fixture": {"files": {"docs/deploy.md": DOC}}, "assertions": ["both"]}]})
    return skill


def test_the_cases_carry_the_files(tmp_path: Path) -> None:
    cases = load_caseset(_skill(tmp_path), "doc-reviser").evals
    assert [c.inline_files for c in cases] == [{"docs/deploy.md": DOC}] * 2


def test_check_accepts_the_inline_fixture_objects(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path)))
    assert got.exit_code == 0, got.output
    assert "2 case(s)" in got.output

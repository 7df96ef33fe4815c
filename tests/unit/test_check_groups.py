"""A set's named groups of checks and its authors' grader programs, as `check` reads them.

Groups: a top-level mapping of named groups of checks (`"checks": {"shared": [...]}`) whose
names a case lists in its assertions: each name stands for its group's items, each read by
the usual rules, with one EV012 line; an assertion naming no group stays as written.

Grader programs: a program beside the set, or in the repository's scripts/, that says it
grades the set (its name, or its source reading the set) and that no rule runs gets one EV012
line naming it; a helper script gets none."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import make_skill

_GROUPS = {
    "shared": ["The summary names every file that was changed in the tidy pass",
               {"type": "contains", "value": "## Summary"}],
    "markdown": ["Headings keep their original level after the tidy pass"],
    "unused": ["The notes keep their original dates in the file names"],
}


def _set(assertions: list[str], field: str = "checks") -> dict[str, Any]:
    return {"skill_name": "tidy-notes", field: _GROUPS, "evals": [
        {"id": "md", "prompt": "Tidy the notes in notes/ and summarise the changes.",
         "assertions": assertions}]}


def _case_and_lines(tmp_path: Path, written: dict[str, Any]) -> tuple[Any, list[str]]:
    found = load_caseset(make_skill(tmp_path, written), "tidy-notes")
    return found.evals[0], [f.message for f in found.findings if f.code == "EV012"]


def test_a_group_name_in_a_case_reads_the_groups_items(tmp_path: Path) -> None:
    case, lines = _case_and_lines(tmp_path, _set(["shared", "markdown"]))
    assert "The summary names every file that was changed in the tidy pass" in case.statements
    assert "Headings keep their original level after the tidy pass" in case.statements
    assert "## Summary" in " ".join(case.assertions)  # the typed object is its check
    assert "shared" not in case.assertions and "markdown" not in case.assertions
    said = [line for line in lines if "named group(s) of checks" in line]
    assert len(said) == 1 and "'unused'" in said[0] and "not graded" in said[0]


def test_groups_under_assertions_at_the_top_are_read_the_same(tmp_path: Path) -> None:
    case, _ = _case_and_lines(tmp_path, _set(["markdown"], field="assertions"))
    assert case.statements == ("Headings keep their original level after the tidy pass",)


def test_a_literal_assertion_naming_no_group_stays_literal(tmp_path: Path) -> None:
    case, lines = _case_and_lines(tmp_path, _set(["markdown", "tidy"]))
    assert "tidy" in case.assertions
    assert "Headings keep their original level after the tidy pass" in case.statements


def test_a_mapping_no_case_names_stays_descriptive(tmp_path: Path) -> None:
    case, lines = _case_and_lines(tmp_path, _set(["Summary"]))
    assert case.assertions == ("Summary",) and not case.statements
    assert not any("named group(s) of checks" in line for line in lines)


_CASES = [{"id": "short-note", "prompt": "Tidy notes/a.md.", "expectations": ["Keeps the title"]},
          {"id": "long-note", "prompt": "Tidy notes/b.md.", "expectations": ["Keeps the dates"]}]
_VERDICTS = ("import json, sys\nCASES = {'short-note': ['# '], 'long-note': ['2024']}\n"
             "def main():\n    passed = all(t in open(sys.argv[2]).read() "
             "for t in CASES[sys.argv[1]])\n    print(json.dumps({'passed': passed}))\n")


def _grader_lines(tmp_path: Path, files: dict[str, str]) -> list[str]:
    found = load_caseset(make_skill(tmp_path, _CASES, files), "tidy-notes")
    return [f.message for f in found.findings if "the authors' grader program" in f.message]


def test_a_program_beside_the_set_naming_its_cases_gets_a_line(tmp_path: Path) -> None:
    lines = _grader_lines(tmp_path, {"evals/avalia.py": _VERDICTS})
    assert len(lines) == 1 and "evals/avalia.py" in lines[0] and "not run" in lines[0]


def test_a_scripts_program_that_grades_the_set_gets_a_line(tmp_path: Path) -> None:
    lines = _grader_lines(tmp_path, {"scripts/run_evals.py":
                                     "SET = 'evals/evals.json'\nprint(open(SET).read())\n"})
    assert len(lines) == 1 and "scripts/run_evals.py" in lines[0]


def test_helper_scripts_that_are_no_graders_get_no_line(tmp_path: Path) -> None:
    assert _grader_lines(tmp_path, {
        "scripts/build_docs.py": "print(open('evals/evals.json').read())\n",  # no grader name
        "scripts/check_links.py": "print('links ok')\n",  # reads no set
        "evals/helpers.py": "def load():\n    return open('evals.json').read()\n"}) == []

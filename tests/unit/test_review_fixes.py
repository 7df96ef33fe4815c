"""Findings of the review of stop 32's change, each with the input that showed it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from runner.authoring.caseset import load_caseset
from runner.authoring.set_owned import bundle_exclusions
from runner.schema.case import Case
from tests.helpers import make_skill, write_data, write_skill_md


def test_a_fixture_the_skills_script_joins_in_parts_stays_in_the_bundle(tmp_path: Path) -> None:
    """The skill's script builds the path in parts and SKILL.md names the folder: leaving the
    file out of the bundle would break the with-skill arm only."""
    skill = make_skill(tmp_path, [{"id": "vat", "prompt": "Compute the VAT on 100 CHF using "
                                   "rates.csv", "files": ["references/rates.csv"],
                                   "assertions": ["8.1"]}], {
        "references/rates.csv": "standard,8.1\n",
        "scripts/vat.py": 'import os\nHERE = os.path.dirname(__file__)\n'
                          'RATES = os.path.join(HERE, "..", "references", "rates.csv")\n'},
        name="vat-calc", skill_md="---\nname: vat-calc\ndescription: Use when asked for VAT."
                                  "\n---\nThe rate table is in references/.\n")
    caseset = load_caseset(skill, "vat-calc")
    left_out, kept = bundle_exclusions(skill, caseset.read_files, caseset.evals)
    assert left_out == []
    assert kept == ["references/rates.csv"]


def test_a_fixture_the_skill_never_names_is_still_left_out(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "t", "prompt": "Summarise tickets.txt",
                                   "files": ["fixtures/tickets.txt"],
                                   "assertions": ["T-1"]}],
                       {"fixtures/tickets.txt": "T-1 open\n"}, name="tickets")
    caseset = load_caseset(skill, "tickets")
    assert bundle_exclusions(skill, caseset.read_files, caseset.evals)[0] == [
        "fixtures/tickets.txt"]


@pytest.mark.parametrize("place", ["..", "../x.csv", "/etc/x", "", "."])
def test_a_fixture_never_lands_outside_the_working_directory(place: str) -> None:
    with pytest.raises(ValidationError, match="no place in the working directory"):
        Case.model_validate({"id": "c", "prompt": "p", "assertions": ["x"],
                             "files": ["evals/files/x.csv"],
                             "staged_at": {"evals/files/x.csv": place}})
    with pytest.raises(ValidationError, match="no place in the working directory"):
        Case.model_validate({"id": "c", "prompt": "p", "assertions": ["x"],
                             "inline_files": {place: "text"}})


def test_a_skillgrade_destination_of_dotdot_lands_at_the_sources_name(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "wr", "wr", "Writes weekly reports. Use when asked for "
                                                  "a weekly report.")
    write_data(skill / "fixtures/tickets.txt", "T-1 open\n")
    write_data(skill / "eval.yaml", {"tasks": [{
        "name": "weekly", "instruction": "Summarise tickets.txt into report.md",
        "workspace": [{"src": "fixtures/tickets.txt", "dest": ".."}],
        "graders": [{"type": "llm_rubric", "rubric": "The report counts the tickets."}]}]})
    case = load_caseset(skill, "wr").evals[0]
    assert case.fixture_destination("fixtures/tickets.txt").as_posix() == "tickets.txt"


def test_a_reference_behind_a_linked_folder_is_not_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "example.md").write_text("secret from outside\n")
    repo = tmp_path / "repo"
    skill = make_skill(repo / "skills", [{
        "id": "c", "prompt": "Write report.md summarising the sales figures",
        "expectations": ["The report matches hostlink/example.md"]}], name="report-kit")
    (repo / ".git").mkdir()
    (repo / "hostlink").symlink_to(outside, target_is_directory=True)
    case = load_caseset(skill, "report-kit").evals[0]
    assert "secret from outside\n" not in case.references.values()
    assert json.dumps(case.references).count("secret") == 0

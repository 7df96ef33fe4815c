"""A case folder's `graders/` Markdown (any name) is its rubric, read by its sections
(docs/case-sets.md, "Case folders"): what fails the case is what the run avoids, what only
improves a score is the soft tier (reported, not graded); a wrapped list item is one item."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.caseset import load_caseset
from runner.schema.case import Case

SKILL_MD = ("---\nname: fold\ndescription: Turns notes into short reports. Use when asked for "
            "a report.\n---\nWrite the report.\n")
RUBRIC = """# Grader: weekly report

The user wants the weekly totals.

## Required to pass

1. States the total hours of the ops team as twelve, taken from the
   table the user gave.

## Automatic fail

- Inventing hours for a team the table does not list.

## Improves the score

- Mentions the week the report covers.
"""


def _case(tmp_path: Path, rubric: str, name: str = "correctness.md") -> Case:
    skill = tmp_path / "fold"
    files = {"evals/cases/weekly/prompt.md": "Write the weekly report: ops 12 hours.\n",
             f"evals/cases/weekly/graders/{name}": rubric}
    (skill).mkdir()
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in files.items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    return load_caseset(skill, "fold").evals[0]


def test_a_graders_rubric_is_read_by_its_sections(tmp_path: Path) -> None:
    case = _case(tmp_path, RUBRIC)
    texts = " | ".join(case.statements)
    assert "as twelve, taken from the table the user gave." in texts  # wrapped line joined
    assert "The run avoids this" in texts and "Inventing hours" in texts
    assert "Mentions the week" not in texts  # soft: reported, not graded
    assert not any("correctness" in f for f in case.files)  # never staged for the agent


def test_a_rubric_without_such_sections_stays_statements(tmp_path: Path) -> None:
    case = _case(tmp_path, "## Pass/fail criteria\n- States the total hours of ops.\n",
                 name="rubric.md")
    assert case.statements == ("States the total hours of ops.",)

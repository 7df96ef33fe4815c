"""Issue 26, rule 8: a set folder holding the set and a file named as an example or template
of one (`private-evals.example.json`, a manifest for the authors' private runner, in another
shape) reads the set and says the example in one line, through the real `skill-eval check`;
two sets of different shapes neither named so stay a conflict (`--cases FILE`)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_cli, make_skill

CASES = [{"id": "a", "prompt": "Explain what a fair baseline is in a systems paper.",
          "expected_output": "Defines a fair baseline."}]
MANIFEST = {"schema": "private-evals/v1", "benchmarks": [
    {"id": "p1", "paper_pdf": "/path/to/private/paper.pdf",
     "prompt": "Use the skill to create a staged review.",
     "rubric": "The review is evidence-grounded."}]}


def test_an_example_beside_the_set_is_said_not_a_conflict(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, CASES, name="paper-review")
    (skill / "evals" / "private-evals.example.json").write_text(json.dumps(MANIFEST))
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "private-evals.example.json (an example of a set's format by its name" \
        in result.output


def test_two_shapes_neither_an_example_stay_a_conflict(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, CASES, name="paper-review")
    (skill / "evals" / "benchmarks.json").write_text(json.dumps(MANIFEST))
    result = check_cli(str(skill))
    assert result.exit_code == 2 and "of different shapes" in result.output, result.output

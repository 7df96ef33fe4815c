"""A structured Markdown set's labels in other words: "Raw input" (a qualified prompt label),
"Expected moves" and "Pass conditions" (what passes), "Failure modes" (what the run avoids)."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_skill_md

CASES = """# Pressure cases

## Case 1: Method first

**Raw input:**
I want to use a transformer on satellite images to estimate crop yield.

**Expected moves:**
Turn the method into the uncertainty it could resolve.

**Pass conditions:**
- Names a simpler baseline.
- Includes a falsifier.

**Failure modes:**
- Treats novelty of the model as enough.

## Case 2: Gap without stake

**Raw input:**
There are few studies on rooftop garden microbes. Make this a paper.

**Pass conditions:**
- Asks why rooftop gardens matter beyond being understudied.
"""


def test_qualified_labels_are_read(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "questions", "questions", "Sharpens research questions.")
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.md").write_text(CASES)
    shown = check_verbose(skill)
    assert "statement Names a simpler baseline." in shown
    assert "statement Turn the method into the uncertainty it could resolve." in shown
    assert "Treats novelty of the model as enough." in shown
    assert "statement Asks why rooftop gardens matter" in shown

"""Issue 26, rule 8: a folder of Markdown files, one case each, whose headings are the labels
(`# Title`, `## Prompt` and a fenced block or a quote, `## Expected Signals` bullets, `## Red
flags` bullets), is the skill's set: each file a case named by its file, what no grader reads
(`## Scenario`, `## Grading Rubric`) said. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md

CASE_ONE = """---
category: positive
---

# Raw SQL built from user input

## Scenario

The staged change builds a query string from a request parameter.

## Prompt

```prompt
Explain how to build a safe query from a request parameter, with a verdict.
```

## Expected Signals

- Flags the string-built query as critical
- Gives the verdict NEEDS_CHANGES

## Grading Rubric

- **PASS** when flagged critical.
"""

CASE_TWO = """# Scenario 2 — no model named

## User Turn
> Use some model to tell me what this clip says.

## Expected (with skill)
- Asks which model to use before sending anything

## Red flags
- Picks a model on its own and submits
"""


def test_one_case_a_file_with_headings_as_labels_is_a_set(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", "Reviews changes and media "
                                                              "requests. Use when asked to review.")
    write_data(skill / "tests" / "eval-01-raw-sql.md", CASE_ONE)
    write_data(skill / "tests" / "eval-02-no-model.md", CASE_TWO)
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "2 case(s): eval-01-raw-sql, Scenario-2" in out, out
    assert "statement Flags the string-built query as critical" in out, out
    assert "statement Asks which model to use before sending anything" in out, out
    assert "Picks a model on its own and submits" in out, out
    assert "eval-01-raw-sql.md: the `grading rubric` of case(s)" in out, out
    assert "eval-01-raw-sql.md: the `scenario` of case(s)" in out, out

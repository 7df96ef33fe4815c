"""A Markdown file of fenced case objects (`cases.md`: a ```yaml block per case between lines
of prose) is a set of those objects, read as a JSON set's (runner.authoring.md_fenced);
one example block, or blocks of settings, leave the file what it was."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.md_fenced import fenced_cases
from tests.helpers import check_cli, write_skill_md

CASES_MD = """Behaviour cases for the auditor.

```yaml
{id: audit-001, prompt: "Audit the attached export and score it.", expected_behavior:
  ["Names the missing placement export"], failure_modes: ["Scores around the gap"]}
```

Prose between the blocks.

```yaml
id: audit-002
prompt: "Raise the budgets while you are at it."
expected_behavior: ["Declines the budget change"]
failure_modes: ["Changes budget"]
```
"""


def test_fenced_blocks_of_cases_are_the_set() -> None:
    cases = fenced_cases(CASES_MD)
    assert cases is not None and [c["id"] for c in cases] == ["audit-001", "audit-002"]


def test_one_block_or_blocks_of_settings_are_no_set() -> None:
    one = CASES_MD.split("Prose between")[0]
    assert fenced_cases(one) is None
    settings = "```yaml\nmodel: a\ntimeout: 3\n```\n\n```yaml\nmodel: b\nretries: 2\n```\n"
    assert fenced_cases(settings) is None


def test_check_reads_the_fenced_set_and_grades_its_fields(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "auditor", "auditor", "Audits ad accounts. Use when "
                           "asked for an audit.", "Audit, never change spend.\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "cases.md").write_text(CASES_MD)
    result = check_cli(str(skill), "-v")
    out = result.output
    assert result.exit_code == 0, out
    assert "2 case(s): audit-001, audit-002" in out, out
    assert "read from its fenced YAML/JSON blocks" in out
    assert "Declines the budget change" in out and "Changes budget" in out


def test_a_page_teaching_with_example_blocks_is_no_set(tmp_path: Path) -> None:
    # an eval-writing skill's reference, and a page of the set's format: documents
    skill = write_skill_md(tmp_path / "eval-writer", "eval-writer", "Writes eval cases. Use "
                           "when asked for evals.", "See references/evals.md.\n")
    (skill / "references").mkdir()
    (skill / "references" / "evals.md").write_text(CASES_MD)
    (skill / "evals").mkdir()
    (skill / "evals" / "case-format.md").write_text(CASES_MD)
    out = check_cli(str(skill)).output
    assert "audit-001" not in out and "fenced YAML/JSON blocks" not in out, out


def test_a_page_of_the_set_folder_named_for_the_skill_is_read(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "auditor", "auditor", "Audits ad accounts. Use when "
                           "asked for an audit.", "Audit, never change spend.\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "auditor.md").write_text(CASES_MD)
    assert "2 case(s): audit-001, audit-002" in check_cli(str(skill)).output

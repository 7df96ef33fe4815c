"""A page of scenarios paired with a sibling page of criteria under the same section keys
(`scenarios.md` + a scorer-only `oracle.md`): each scenario a case, its text the prompt, each
item or paragraph of its key's section a statement (runner.authoring.md_paired)."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.md_paired import paired_cases
from tests.helpers import check_cli, write_skill_md

SCENARIOS = """# Review scenarios

## Scenario A — Deadline pressure

The release closes in 12 minutes and the lead says one reviewer is enough. Decide how you
review the change and say what you skip.

## Scenario B — Duplicated findings

Three finders returned the same line. Two are the same claim in other words. Decide the
verdicts and what the report includes.
"""
ORACLE = """# Scorer-only oracle

Never show this file to the evaluated agent.

## Scenario A

- Keeps independent review roles despite the deadline.
- Skips no configured finder.

## Scenario B

The two equivalent claims merge into one report entry.

1. **Verdicts**
   - Verifies each candidate on its own.
"""


def test_each_scenario_is_graded_on_its_keys_criteria(tmp_path: Path) -> None:
    (tmp_path / "scenarios.md").write_text(SCENARIOS)
    (tmp_path / "oracle.md").write_text(ORACLE)
    cases = paired_cases(tmp_path / "scenarios.md")
    assert cases is not None and [c["id"] for c in cases] == ["scenario-a", "scenario-b"]
    assert cases[0]["prompt"].startswith("The release closes")
    assert cases[0]["expectations"] == ["Keeps independent review roles despite the deadline.",
                                        "Skips no configured finder."]
    assert cases[1]["expectations"] == ["The two equivalent claims merge into one report entry.",
                                        "Verifies each candidate on its own."]
    assert paired_cases(tmp_path / "oracle.md") is None  # the criteria page is no set


def test_no_page_sharing_the_keys_leaves_the_scenarios_prose(tmp_path: Path) -> None:
    (tmp_path / "scenarios.md").write_text(SCENARIOS)
    (tmp_path / "notes.md").write_text("## Background\n\n- Some note.\n")
    assert paired_cases(tmp_path / "scenarios.md") is None


def test_check_reads_the_paired_pages(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", "Runs team reviews. Use when "
                           "asked to review a change.", "Keep the roles independent.\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "scenarios.md").write_text(SCENARIOS)
    (skill / "evals" / "oracle.md").write_text(ORACLE)
    result = check_cli(str(skill), "-v")
    out = result.output
    assert result.exit_code == 0, out
    assert "2 case(s): scenario-a, scenario-b" in out, out
    assert "Skips no configured finder." in out


def test_failing_labels_are_what_the_run_avoids(tmp_path: Path) -> None:
    (tmp_path / "scenarios.md").write_text(SCENARIOS)
    (tmp_path / "oracle.md").write_text(
        "## Scenario A\n\n- Keeps the roles.\n\n**Fail:**\n- Merges the reviewers into one "
        "pass.\n\n## Scenario B\n\n### Must not\n\n- Reports the duplicated claim twice.\n")
    cases = paired_cases(tmp_path / "scenarios.md")
    assert cases is not None
    assert cases[0]["expectations"] == ["Keeps the roles."]
    assert cases[0]["failure_modes"] == ["Merges the reviewers into one pass."]
    assert cases[1]["failure_modes"] == ["Reports the duplicated claim twice."]


def test_only_a_page_named_for_criteria_pairs_and_only_on_scenario_keys(tmp_path: Path) -> None:
    (tmp_path / "scenarios.md").write_text(SCENARIOS)
    (tmp_path / "README.md").write_text(ORACLE)  # a README never grades
    assert paired_cases(tmp_path / "scenarios.md") is None
    (tmp_path / "prompts.md").write_text("## Overview\n\nText.\n\n## Setup\n\nMore.\n")
    (tmp_path / "rubric.md").write_text("## Overview\n\n- a\n\n## Setup\n\n- b\n")
    assert paired_cases(tmp_path / "prompts.md") is None  # headings of prose, no scenarios
    (tmp_path / "oracle.md").write_text(ORACLE)
    assert paired_cases(tmp_path / "oracle.md") is None  # the criteria page is never the set


def test_check_names_no_criteria_page_as_unread(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "reviewer", "reviewer", "Runs team reviews. Use when "
                           "asked to review a change.", "Keep the roles independent.\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "scenarios.md").write_text(SCENARIOS)
    (skill / "evals" / "oracle.md").write_text(ORACLE)
    assert "oracle.md" not in check_cli(str(skill), "-v").output

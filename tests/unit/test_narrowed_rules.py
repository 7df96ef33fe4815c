"""Rules narrowed after a read of their change: each pins an ordinary set or sentence the first
version misread (a product's test folder taken as a set, another skill's workspace, a fixture's
copy dropped from the project, a field that names a format, shared pass/fail criteria dropped,
an agent's next move sent as the user's, "uses the X.md style", non-ASCII skill names, ...)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring import whole_project
from runner.authoring.attribution import set_named
from runner.authoring.frontmatter import loaded_name
from runner.authoring.mdtasks import markdown_cases
from runner.authoring.offline_runs import _KEY_ABSENT
from runner.authoring.other_sets import other_sets
from runner.authoring.prompts import _pasted_in_fence
from runner.authoring.references import read_files
from runner.authoring.whole_project import project_staging
from runner.authoring.written_up import in_notes_to_write_up
from runner.scoring.absence import states_absence
from runner.scoring.asked import reads_as_file
from runner.triggers.tables import table_queries
from tests.helpers import check_cli, make_skill, write_data, write_skill_md

DESCRIPTION = "Summarises support tickets. Use when asked to summarise a ticket."


def test_a_products_test_folder_named_like_the_skill_is_no_set(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    skill = write_skill_md(root / ".claude" / "skills" / "api", "api", DESCRIPTION)
    write_data(root / "packages" / "api" / "tests" / "cases.json", [
        {"name": "summarize ticket", "prompt": "Summarize ticket 1: Safari crash.",
         "expected_output": "Mentions Safari"}])
    assert "packages/api/tests/cases.json" not in check_cli(str(skill)).output


def test_a_shared_workspace_keeps_each_skills_triggers_apart(tmp_path: Path) -> None:
    alpha = write_skill_md(tmp_path / "skills" / "alpha", "alpha", DESCRIPTION)
    write_skill_md(tmp_path / "skills" / "beta", "beta", DESCRIPTION)
    write_data(tmp_path / "skills-workspace" / "beta" / "trigger-eval.json",
               [{"query": "summarise ticket 4", "should_trigger": True},
                {"query": "write a poem", "should_trigger": False}])
    assert "trigger set only" not in check_cli(str(alpha)).output


def test_a_fixtures_copy_in_the_project_stays_the_projects(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "app" / ".agents" / "skills",
                       [{"id": "a", "prompt": "Tidy the package.", "expectations": ["x"]}],
                       {"evals/files/.gitkeep": "", "evals/files/log.csv": "a,b\n"},
                       name="tidy")
    (tmp_path / "app" / ".git").mkdir()
    (tmp_path / "app" / "src" / "pkg").mkdir(parents=True)
    (tmp_path / "app" / "src" / "pkg" / "__init__.py").write_text("")
    (tmp_path / "app" / "src" / "log.csv").write_text("a,b\n")
    whole_project._walk.cache_clear()
    staging = project_staging(skill, skill / "evals")
    assert staging is not None and "src/log.csv" in staging.files


def test_a_field_of_formats_names_no_owner_and_a_string_case_does_not_crash() -> None:
    known = {"pdf", "docx", "file-converter"}
    items = [{"id": 1, "prompt": "Convert a.md", "output_format": "pdf"},
             {"id": 2, "prompt": "Convert b.md", "output_format": "docx"}]
    assert set_named(items, items, known) != [["pdf"], ["docx"]]
    owned = [{"id": 1, "prompt": "p", "expected_controller": "pdf"},
             {"id": 2, "prompt": "q", "expected_controller": "docx"}, "TODO: add a case"]
    assert set_named(owned, owned, known) == [["pdf"], ["docx"], []]


def test_shared_pass_and_fail_criteria_still_hold_for_every_case() -> None:
    cases = markdown_cases("# Evals\n\n## Case 1\n\n**User:** \"Plan my A/B test.\"\n\n"
                           "**Expected:**\n- Asks for the baseline\n\n"
                           "**Follow-up:** Asks for the current conversion rate\n\n"
                           "## Success Criteria\n\n**Passes if:**\n- States a sample size\n\n"
                           "**Fails if:**\n- Invents a baseline\n")
    assert cases is not None
    assert "States a sample size" in cases[0]["statements"]
    assert "follow_up_turns" not in cases[0]  # an agent's next move, never the user's turn


@pytest.mark.parametrize(("text", "found"), [
    ("Uses llms.txt format with an H1 title and a link list", []),
    ("Uses the CHANGELOG.md style of dated sections", []),
    ("Use review-plan.md, start with active recall", ["review-plan.md"])])
def test_a_form_named_by_a_file_is_no_file_to_read(text: str, found: list[str]) -> None:
    assert read_files(text) == found


def test_a_non_ascii_skill_keeps_its_name() -> None:
    assert loaded_name("翻译", "翻译") == "翻译"
    assert loaded_name(None, "总结") == "总结"
    assert loaded_name("Mix Name", "Mix Folder") == "Mix-Folder"


def test_a_harness_task_file_naming_the_skill_is_still_found(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    skill = make_skill(root / "skills", [{"id": "a", "prompt": "Tidy it.",
                                          "expectations": ["x"]}], name="alpha")
    task = root / "evaluations" / "tasks" / "t1.json"
    task.parent.mkdir(parents=True)
    task.write_text(json.dumps({"target_skills": ["alpha"], "prompt": "Tidy report.md",
                                "fixtures": ["report.md"]}))
    assert task in other_sets(skill, "alpha", [str(skill / "evals" / "evals.json")])


def test_commands_and_words_the_narrowed_rules_no_longer_take() -> None:
    steps = "Run these commands: pip install pandas, then convert data.xlsx to CSV."
    assert not in_notes_to_write_up(steps, steps.index("pip install"))
    assert not _KEY_ABSENT.search("Convert the PDF and list no more than five key points")
    assert not _pasted_in_fence("Fix the bug in main.go\n```\nsrc/\n  main.go\n```", "main.go")
    assert reads_as_file("analysis/report.Rmd") and reads_as_file("data/model.Rds")
    assert not reads_as_file("math/rand.Read")


@pytest.mark.parametrize("text", ["Only 2 decimal places are acceptable",
                                  "Does not fail when more than three files are given",
                                  "Should not crash if more than 10 rows are passed"])
def test_requirements_stay_requirements(text: str) -> None:
    assert not states_absence(text)


def test_a_sub_heading_keeps_its_parents_side_and_an_empty_quote_is_none() -> None:
    found = table_queries("# Trigger Tests\n\n## Should Trigger\n\n### Direct requests\n\n"
                          "- \"Make me a slide deck\"\n- \"\"\n\n## Should Not Trigger\n\n"
                          "- \"Write a poem\"\n")
    assert [(q["prompt"], q["should_trigger"]) for q in found] == [
        ("Make me a slide deck", True), ("Write a poem", False)]


def test_a_list_of_scenarios_with_one_setup_only_entry_is_still_the_set(tmp_path: Path) -> None:
    """A file of five scenarios under `prompts`, one a setup-only scenario with no prompt: the
    file is the set, that scenario left out with its line (EV009); two of three without a
    prompt is no case list."""
    skill = write_skill_md(tmp_path / "research", "research", DESCRIPTION)
    scenarios = [{"id": f"s{n}", "prompt": f"Research topic {n}", "expected_behavior": "cites"}
                 for n in range(4)]
    scenarios.insert(2, {"id": "isolation", "setup": "two sessions", "expected_behavior": "x"})
    write_data(skill / "test-prompts.json", {"version": "1", "prompts": scenarios})
    shown = check_cli(str(skill)).output
    assert "4 case(s)" in shown and "isolation': no prompt" in shown, shown
    write_data(skill / "test-prompts.json", {"prompts": [
        {"id": "a", "prompt": "p"}, {"id": "b", "setup": "x"}, {"id": "c", "setup": "y"}]})
    assert "case(s)" not in check_cli(str(skill)).output.splitlines()[0]

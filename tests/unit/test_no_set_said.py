"""A skill refused for having no case set is told what its files hold instead (docs/case-sets.md,
"Layouts"): a set-named file beside SKILL.md that is no set (a report of past results), the
Markdown of its set folders; a trigger file beside SKILL.md is read as its trigger set."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = "Tidies meeting notes into a short summary. Use when notes need tidying."
TRIGGERS = [{"query": "tidy my notes from standup", "should_trigger": True},
            {"query": "what is the weather in Oslo", "should_trigger": False}]


def _skill(tmp_path: Path) -> Path:
    return write_skill_md(tmp_path / "tidy-notes", "tidy-notes", DESCRIPTION)


def test_a_results_report_beside_skill_md_is_named_with_what_it_holds(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "evals.json", {"version": "1.0", "summary": {"passed": 2},
                                  "results": [{"id": "T1", "passed": True},
                                              {"id": "T2", "passed": True}]})
    got = check(str(skill))
    assert got.exit_code != 0 and "no case set" in got.output
    assert "tidy-notes/evals.json (holds no cases" in got.output
    assert "results (2 objects: id, passed)" in got.output


def test_markdown_in_the_set_folder_is_named_with_the_drafting_command(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "evals" / "benchmark.md", "# Benchmark\n\n## T1\nTidy: a, b.\n")
    got = check(str(skill))
    assert got.exit_code != 0 and "1 Markdown file(s): evals/benchmark.md" in got.output
    assert "--generate --from FILE" in got.output


def test_a_skill_with_nothing_is_refused_as_before(tmp_path: Path) -> None:
    got = check(str(_skill(tmp_path)))
    assert got.exit_code != 0 and "no case set" in got.output
    assert "found instead" not in got.output


def test_a_trigger_file_beside_skill_md_is_the_trigger_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "trigger-eval.json", TRIGGERS)
    got = check(str(skill))
    assert got.exit_code == 0 and "trigger set only (2 queries" in got.output
    assert "not read" not in got.output  # SKILL.md beside it is no note of the trigger set


def test_a_trigger_file_in_evals_still_wins_over_one_beside_skill_md(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "evals" / "trigger-evals.json", TRIGGERS)
    _write(skill / "trigger-eval.json", TRIGGERS[:1])
    got = check(str(skill))
    assert got.exit_code == 0 and "evals/trigger-evals.json" in got.output


def test_a_set_file_with_no_list_of_cases_says_what_it_holds(tmp_path: Path) -> None:
    skill = _skill(tmp_path)
    _write(skill / "evals" / "evals.json",
           {"suites": [{"id": "notes-exist", "assertions": [{"type": "file_exists"}]}]})
    got = check(str(skill))
    assert got.exit_code != 0 and "evals: required, a non-empty list of cases" in got.output
    assert "it holds suites (1 objects: id, assertions)" in got.output

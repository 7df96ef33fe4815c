"""Issue 26 (sample E): a statement is routing only when its whole claim is the skill firing;
one that also asserts work done is graded as a statement (its firing clause, when it opens
the statement, goes to the trigger side: runner.authoring.routing.split_firing)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.routing import about_firing, split_firing
from runner.cli import main


@pytest.mark.parametrize("statement", [
    "Uses the skill on every file and lists each finding",
    "Uses the skill to produce a summary table",
    "The skill triggers on the request and writes a report",
    "Uses the skill on every file, and then flags the broken links",
    "使用该技能生成报告",
])
def test_firing_plus_work_done_is_a_statement(statement: str) -> None:
    assert about_firing(statement) is None


@pytest.mark.parametrize(("statement", "fires"), [
    ("The skill should trigger", True),
    ("Does not use the skill", False),
    ("使用该技能", True),
    ("不使用该技能", False),
    ("Uses the skill when asked to write a report", True),
    ("The skill triggers for pull requests and issues in the repo", True),
    ("Triggers the skill on a French and English request", True),
])
def test_firing_alone_stays_routing(statement: str, fires: bool) -> None:
    assert about_firing(statement) is fires


def test_check_json_grades_the_work_and_routes_the_firing(tmp_path: Path) -> None:
    skill = tmp_path / "link-audit"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: link-audit\ndescription: Audits links. Use when asked to check the links "
        "of a site.\n---\nCheck every link.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "a", "prompt": "Check the links in these pages",
        "assertions": ["Uses the skill on every file and lists each finding",
                       "The skill should trigger", "Names the broken link"]}]}))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    entries = [(c["kind"], c["entry"]) for c in json.loads(result.output)["cases"][0]["checks"]]
    # the firing clause goes to the trigger side; the work it opens is graded
    assert ("statement", "Lists each finding") in entries
    assert all("should trigger" not in e for _, e in entries)


@pytest.mark.parametrize(("statement", "fires"), [
    ("tidy should not activate", False),
    ("tidy triggers on a messy folder", True),
    ("tidy skill is loaded", True),
])
def test_a_one_word_name_as_the_subject_of_firing_is_the_skill(statement: str,
                                                                fires: bool) -> None:
    assert about_firing(statement, ("tidy",)) is fires


@pytest.mark.parametrize("statement", [
    "tidy the folder before writing",   # the common word, a verb of work
    "Tidy should not activate",         # not the name as written
])
def test_a_one_word_name_elsewhere_stays_a_word(statement: str) -> None:
    assert about_firing(statement, ("tidy",)) is None


def test_check_offers_a_one_word_names_firing_as_a_trigger_query(tmp_path: Path) -> None:
    skill = tmp_path / "tidy"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: tidy\ndescription: Tidies a messy folder. Use "
                                    "when asked to tidy files.\n---\nbody\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "work", "prompt": "Write a short guide to naming folders by date.",
         "expectations": ["The guide gives a dated folder name"]},
        {"id": "not-mine", "prompt": "What is the capital of Peru?",
         "expectations": ["tidy should not activate", "Names Lima"]}]}))
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert result.exit_code == 0, result.output
    assert "say whether the skill fires ('tidy should not activate')" in result.output


@pytest.mark.parametrize(("statement", "fires", "rest"), [
    ("雖然使用者只點名 Resend,仍應觸發全面健檢 skill,涵蓋其餘面向,而不是只看點名的一項", True,
     "涵蓋其餘面向,而不是只看點名的一項"),
    ("Although the user names one file, the skill triggers and lists every finding in it",
     True, "Lists every finding in it"),
    ("不应触发该技能,直接回答问题即可", False, "直接回答问题即可"),
])
def test_a_firing_clause_after_a_concessive_lead_or_verb_first_is_split(
        statement: str, fires: bool, rest: str) -> None:
    """The verb-first Chinese firing clause, and a concessive lead before it (the request's
    circumstance), leave the firing to the trigger side and the rest graded."""
    assert split_firing(statement, ("health-check",)) == (fires, rest)


def test_a_verb_first_firing_of_work_stays_a_statement() -> None:
    """Negative: a verb of firing whose object is no skill is work ("触发部署流程")."""
    assert about_firing("触发部署流程并生成报告") is None
    assert split_firing("雖然使用者只點名 Resend,仍觸發部署流程,並產生報告") is None


def test_a_dot_inside_code_ends_no_clause() -> None:
    # "context.Background()": the dot is code's, so "Does NOT use context" is no head about
    # a skill named ...-context not firing
    assert split_firing("Does NOT use context.Background() for the audit goroutine",
                        ("backend-go-context",)) is None


@pytest.mark.parametrize(("statement", "fires"), [
    ("Capture fires.", True),
    ("Capture should not trigger", False),
    ('Capture should fire on "remember this"', True),
    ("Capture does not fire for a plain question", False),
])
def test_a_distinct_word_of_the_name_heading_a_verb_of_firing_is_the_skill(
        statement: str, fires: bool) -> None:
    assert about_firing(statement, ("dev-memory-capture",)) is fires


@pytest.mark.parametrize(("statement", "name"), [
    ("Capture the screen first", "dev-memory-capture"),
    ("Hooks fire on every commit and block secrets", "git-hooks"),  # the work's hooks
    ("Webhook fires on payment success", "stripe-webhook"),
    ("Alerts fire", "grafana-alerts"),
    ("Plugins load.", "vite-plugins"),
])
def test_the_same_word_heading_other_work_stays_a_word(statement: str, name: str) -> None:
    assert about_firing(statement, (name,)) is None

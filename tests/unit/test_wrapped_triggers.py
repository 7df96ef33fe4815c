"""Trigger sets as their authors wrapped and placed them (issue 26, "triggers where they
belong"), each rule by a small set of its own:

- a trigger set written in `evals/evals.json` under a wrapper (`{"evals": [...]}`) with its
  prompts keyed `query` or `input` is the skill's trigger set (trigger-only, exit 0), as the
  same list bare or keyed `prompt` already was; never refused as a routing-only runtime set;
- a skill's own trigger set wins over a plugin-wide set above several skills that names none
  of them; that set is named in a `not read:` line, never read as this skill's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.layouts import find_set, shared_passed_over
from runner.triggers.checked import triggers_only
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _queries(key: str) -> list[dict[str, Any]]:
    return [{"id": 1, key: "review this pull request https://example.test/pr/7",
             "should_trigger": True, "notes": "a PR link"},
            {"id": 2, key: "what is the weather in Lisbon", "should_trigger": False}]


@pytest.mark.parametrize("key", ["query", "input", "prompt"])
def test_a_wrapped_trigger_set_in_evals_json_is_the_trigger_set(tmp_path: Path,
                                                                 key: str) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "evals.json", {"skill_name": "pr-review", "evals": _queries(key)})
    assert triggers_only(skill, "pr-review")
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output
    assert report(skill)["sets"]["trigger"].endswith("evals.json")


def test_a_wrapped_set_with_work_to_grade_stays_a_runtime_set(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": 1, "query": "review https://example.test/pr/7", "expected_output": "A review "
         "that names the failing test.", "assertions": ["failing test"]}]})
    assert not triggers_only(skill, "pr-review")


def _plugin(tmp_path: Path) -> Path:
    plugin = tmp_path / "repo" / "plugins" / "explore"
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    for name in ("capture", "handoff"):
        write_skill_md(plugin / "skills" / name, name, f"Does the {name} step.")
    # the plugin's own set: trigger queries naming no skill
    _write(plugin / "evals" / "evals.json",
           [{"prompt": "Let's explore this idea", "should_trigger": True}])
    return plugin


def test_a_skills_own_trigger_set_wins_over_a_plugin_wide_set(tmp_path: Path) -> None:
    plugin = _plugin(tmp_path)
    own = plugin / "skills" / "capture"
    _write(own / "evals" / "evals.json", _queries("query"))
    assert find_set(own, "capture") != plugin / "evals" / "evals.json"
    assert shared_passed_over(own, "capture") == [plugin / "evals" / "evals.json"]
    got = check(str(own))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries" in got.output
    assert f"not read: {plugin / 'evals' / 'evals.json'} (a set shared by the skills below " \
           "explore/ naming none of them" in got.output


def test_without_its_own_set_the_plugin_wide_set_is_still_refused(tmp_path: Path) -> None:
    plugin = _plugin(tmp_path)
    bare = plugin / "skills" / "handoff"
    assert shared_passed_over(bare, "handoff") == []
    got = check(str(bare))
    assert got.exit_code == 2
    assert "a set shared by 2 skills" in got.output


# -- a runtime set beside a trigger set keyed by the skill that handles each prompt --------

def _handled(skill: str) -> dict[str, Any]:
    return {"skill": skill, "cases": [
        {"id": "direct", "category": "core", "prompt": "Name the referents of `active` first",
         "expected_handler": [skill]},
        {"id": "turned", "category": "continuation", "expected": "should_trigger",
         "expected_handler": skill, "prompt": "Go on with the referents",
         "conversation": [{"role": "user", "content": "We split `active` into two terms."}]},
        {"id": "other", "category": "near_miss", "prompt": "Fix the typo in README.md",
         "expected_handler": ["implement-changes"]},
        {"id": "none", "expected": "should_not_trigger", "expected_handler": "None",
         "prompt": "Reformat this table"}]}


def test_routing_queries_read_a_handler_and_a_stated_side() -> None:
    from runner.authoring.routing import routing_queries
    from runner.triggers.routing_set import route

    items = _handled("referents")["cases"]
    assert routing_queries(items, frozenset({"prompt", "conversation"}))
    assert route(items[0]) is not None and route(items[0]).skill == "referents"  # type: ignore[union-attr]
    assert route(items[2]) is not None and route(items[2]).skill == "implement-changes"  # type: ignore[union-attr]


def test_a_runtime_set_beside_a_handler_keyed_trigger_set_is_two_sets(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "referents", "referents", "Separates what terms refer to.")
    _write(skill / "evals" / "evals.json", {"skill": "referents", "cases": [
        {"id": "split", "input": "Separate what `compression point` refers to in this draft.",
         "assertions": ["compression point"]}]})
    _write(skill / "evals" / "triggers.json", _handled("referents"))
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set: " in got.output and "triggers.json: 4 queries (2 should trigger, " \
        "2 should not)" in got.output
    assert [Path(f).name for f in report(skill)["set_files"]] == ["evals.json"]


def test_a_trigger_block_at_a_runtime_sets_top_level_is_its_trigger_set(tmp_path: Path) -> None:
    """`"trigger": {"positive": [...], "negative": [...]}` beside `"evals"`: the skill's
    trigger queries (`skill-eval trigger` reads them), said by `check`; before, the block was
    kept and never read, with no line in plain `check`."""
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "evals.json", {
        "trigger": {"positive": [{"prompt": "review this pull request", "top_k": 1},
                                 "look over PR 7 for me"],
                    "negative": [{"prompt": "what is the weather in Lisbon"}]},
        "evals": [{"id": 1, "prompt": "Review https://example.test/pr/7 and name the failing "
                   "test.", "assertions": ["failing test"]}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set: " in got.output and \
        "evals.json: 3 queries (2 should trigger, 1 should not)" in got.output, got.output
    assert "1 case(s): 1" in got.output


def test_queries_under_a_key_naming_no_side_are_said_not_dropped(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger_cases.json", {
        "should_trigger": [{"text": "review my pull request"}],
        "should_not_trigger": [{"text": "what is the weather"}],
        "near_neighbor": [{"text": "summarise this PR's comments"},
                          {"text": "draft a PR description"}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output
    assert "queries under a key naming no side are not measured: `near_neighbor` (2)" \
        in got.output, got.output


@pytest.mark.parametrize(("name", "wrapped", "near"), [
    ("trigger_cases.json", True, ["summarise this PR's comments", "draft a PR description"]),
    ("queries.json", False, [{"text": "summarise this PR's comments"},
                             {"text": "draft a PR description"}]),
])
def test_unsided_texts_a_wrapped_set_and_an_other_name_are_said_too(
        tmp_path: Path, name: str, wrapped: bool, near: list[Any]) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    sides = {"should_trigger": [{"text": "review my pull request"}],
             "should_not_trigger": [{"text": "what is the weather"}], "near_neighbor": near}
    _write(skill / "evals" / name, {"trigger_evals": sides} if wrapped else sides)
    got = check(str(skill))
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output, \
        got.output
    assert "`near_neighbor` (2)" in got.output


def test_a_querys_route_beside_its_side_is_said_kept_not_measured(tmp_path: Path) -> None:
    # nothing in silence: `expected_route` names what the agent does once the skill fires,
    # which a trigger run does not measure; a side's own field, or a note, is no such line
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger-eval.json", {"cases": [
        {"id": "T1", "type": "should-trigger", "query": "review my pull request",
         "expected_route": "full review, then a summary comment"},
        {"id": "T2", "type": "should-trigger", "query": "look over PR 12 for bugs",
         "expected_route": "bug-focused review"},
        {"id": "N1", "type": "should-not-trigger", "query": "what is the weather",
         "notes": "off topic"}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    said = " ".join(got.output.split())
    assert "kept, not measured: `expected_route` (2 queries): what should happen beyond " \
        "whether the skill fires" in said, said
    assert "`notes`" not in said and "`type`" not in said


def test_a_near_miss_whose_note_makes_it_conditional_is_left_out_said(tmp_path: Path) -> None:
    # "near-miss" with `expected_route: trigger only if ...`: the authors' side is
    # conditional, so neither side is measured as theirs; a plain near miss stays a negative
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger-eval.json", {"cases": [
        {"id": "T1", "type": "should-trigger", "query": "review my pull request"},
        {"id": "N1", "type": "should-not-trigger", "query": "what is the weather"},
        {"id": "M1", "type": "near-miss", "query": "is this diff any good?",
         "expected_route": "trigger only if the user means a pull request"},
        {"id": "M2", "type": "near-miss", "query": "summarise the PR comments"}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    said = " ".join(got.output.split())
    assert "trigger set only (3 queries: 1 should trigger, 2 should not)" in said, said
    assert "query M1: a near miss whose own note makes its side conditional ('trigger only " \
        "if the user means a pull request')" in said, said


def test_plain_near_miss_notes_objects_and_recorded_fields_read_as_before(
        tmp_path: Path) -> None:
    # a denial or a topic in a near miss's note is no condition; a query holding an object
    # is read; a recorded answer or a note restating the side is no route kept
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger-eval.json", {"cases": [
        {"id": "T1", "type": "should-trigger", "query": "look over PR 12",
         "input": {"repo": "x"}, "actual_output": "Reviewed PR 12"},
        {"id": "M1", "type": "near-miss", "query": "explain this diff",
         "notes": "Should not trigger when the user only pastes a diff"},
        {"id": "M2", "type": "near-miss", "query": "what is a rebase",
         "expected_behavior": "Skill should not activate; answers directly"},
        {"id": "M3", "type": "near-miss", "query": "总结一下评论",
         "notes": "如果只是总结评论不应触发"}]})
    got = check(str(skill))
    said = " ".join(got.output.split())
    assert got.exit_code == 0, said
    assert "4 queries: 1 should trigger, 3 should not" in said, said
    assert "kept, not measured" not in said and "name no side" not in said, said


def test_a_trigger_files_name_gives_the_side_of_its_queries(tmp_path: Path) -> None:
    # `evals/trigger/positive_cases.yaml` / `negative_cases.yaml`: the file says the side of
    # each query that says none of its own
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    (skill / "evals" / "trigger").mkdir(parents=True)
    (skill / "evals" / "trigger" / "positive_cases.yaml").write_text(
        "cases:\n  - id: P1\n    prompt: review my pull request\n"
        "  - id: P2\n    prompt: look over PR 12 for bugs\n")
    (skill / "evals" / "trigger" / "negative_cases.yaml").write_text(
        "cases:\n  - id: N1\n    prompt: what is the weather\n")
    got = check(str(skill))
    said = " ".join(got.output.split())
    assert got.exit_code == 0, said
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in said, said


def test_side_lists_named_with_a_kind_word_are_read(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger_cases.json", {
        "skill_id": "pr-review", "positive_triggers": ["review my pull request", "look at PR 9"],
        "negative_triggers": ["what is the weather"]})
    got = check(str(skill))
    said = " ".join(got.output.split())
    assert got.exit_code == 0, said
    assert "trigger set only (3 queries: 2 should trigger, 1 should not)" in said, said


def test_a_collections_routing_set_is_each_skills_trigger_queries(tmp_path: Path) -> None:
    """`evals/utterance_routing.json` above two skills, each entry an utterance and the skill
    that should answer it (`acceptable_skills` the authors' "either is fine"): each skill's
    trigger queries, never a runtime set refused for having no criterion."""
    from runner.triggers.routed import routed_set

    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write_skill_md(repo / "skills" / "bank-import", "bank-import", "Imports bank statements.")
    write_skill_md(repo / "skills" / "year-end", "year-end", "Runs the year end.")
    _write(repo / "evals" / "utterance_routing.json", {"cases": [
        {"utterance": "extract transactions from this bank CSV", "expected_skill": "bank-import",
         "notes": "plain import"},
        {"utterance": "do the year end for ABC", "expected_skill": "year-end",
         "acceptable_skills": ["year-end", "bank-import"]},
        {"utterance": "close the books for 2025", "expected_skill": "year-end"}]})
    got = check(str(repo))
    said = " ".join(got.output.split())
    assert got.exit_code == 0, said
    assert said.count("trigger set only") >= 2, said
    bank = routed_set(repo / "skills" / "bank-import", "bank-import")
    assert bank is not None and [(q.prompt, q.should_trigger) for q in bank.queries] == [
        ("extract transactions from this bank CSV", True),
        ("close the books for 2025", False)], bank


def test_a_collections_set_routing_and_grading_stays_a_runtime_set(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write_skill_md(repo / "skills" / "bank-import", "bank-import", "Imports bank statements.")
    write_skill_md(repo / "skills" / "year-end", "year-end", "Runs the year end.")
    _write(repo / "evals" / "evals.json", {"evals": [
        {"id": "a", "prompt": "import this CSV: date,amount\\n2025-01-01,5",
         "expected_skill": "bank-import", "expected_output": "One transaction of 5"},
        {"id": "b", "prompt": "close the year: revenue 10, costs 4",
         "expected_skill": "year-end", "expected_output": "Profit of 6 reported"}]})
    said = " ".join(check(str(repo)).output.split())
    assert "trigger set only" not in said and "1 case(s): a" in said, said


def test_words_like_first_or_loads_the_diff_never_restate_a_side(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "pr-review", "pr-review", "Reviews pull requests.")
    _write(skill / "evals" / "trigger-eval.json", {"cases": [
        {"id": "T1", "type": "should-trigger", "query": "review my pull request",
         "expected_behavior": "Lists the first three risky files, then loads the diff",
         "expected_result": "A bug list"},
        {"id": "N1", "type": "should-not-trigger", "query": "what is the weather"}]})
    said = " ".join(check(str(skill)).output.split())
    assert "`expected_behavior` (1 query)" in said and "`expected_result` (1 query)" in said, said

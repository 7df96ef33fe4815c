"""A trigger set written by side (issue 26, "triggers where they belong"): a mapping of
`should_fire:` / `should_trigger:` / `should_not_fire:` lists of prompts, under a case set's
name (`evals/evals.yaml`, `tests/evals.yaml`) or any other, is the skill's trigger set, never
refused as a runtime set without cases; a mapping holding cases beside a side list stays a
runtime set."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from runner.authoring.sides import side_lists
from runner.triggers.queries import load_trigger_set
from tests.helpers import check_cli as check
from tests.helpers import write_skill_md


@pytest.mark.parametrize(("where", "yes", "no"), [
    ("evals/evals.yaml", "should_fire", "should_not_fire"),
    ("tests/evals.yaml", "should_fire", None),
    ("evals/queries.yaml", "should_trigger", "should_not_trigger"),
])
def test_prompts_listed_by_side_are_the_trigger_set(tmp_path: Path, where: str, yes: str,
                                                    no: str | None) -> None:
    skill = write_skill_md(tmp_path / "laravel-api", "laravel-api",
                           "Scaffolds Laravel APIs with models and migrations.")
    data: dict[str, list[str]] = {yes: ["start a laravel backend with soft deletes",
                                        "scaffold endpoints for a fresh laravel project"]}
    if no:
        data[no] = ["write a haiku about autumn"]
    (skill / where).parent.mkdir(parents=True, exist_ok=True)
    (skill / where).write_text("# side lists\n" + yaml.safe_dump(data), encoding="utf-8")
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    fire = 2
    assert f"trigger set only ({fire + (1 if no else 0)} queries: {fire} should trigger" \
        in got.output
    found = load_trigger_set(skill, "laravel-api")
    assert [q.should_trigger for q in found.queries] == [True, True] + ([False] if no else [])


def test_cases_beside_a_side_list_are_no_trigger_set() -> None:
    assert side_lists({"should_fire": ["make a pdf"]})
    assert not side_lists({"should_fire": ["make a pdf"],
                           "cases": [{"prompt": "make a pdf", "expected_output": "a pdf"}]})
    assert not side_lists({"should_fire": "make a pdf"})  # a scalar is not a list of prompts
    assert not side_lists({"should_fire": [{"expected_output": "a pdf"}]})  # no prompt
    assert not side_lists(["make a pdf"])


@pytest.mark.parametrize(("spelled", "fires"), [
    ("do_not_trigger", False), ("should-not-activate", False), ("dont_fire", False),
    ("invoke", True), ("triggered", True), ("trigger", True), ("maybe", None),
])
def test_a_side_spelled_as_the_act_is_read(spelled: str, fires: bool | None) -> None:
    from runner.authoring.sides import side
    assert side(spelled) is fires


def test_queries_keyed_q_beside_lists_by_side_with_their_own_expectation(
        tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "refine", "refine", "Refines tickets before planning.")
    (skill / "evals").mkdir()
    (skill / "evals" / "triggers.json").write_text(
        '{"skill": "refine", "queries": [{"q": "refine this ticket", "trigger": true},'
        ' {"q": "plan this feature", "trigger": false}]}', encoding="utf-8")
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output
    (skill / "evals" / "triggers.json").write_text(
        '{"positive": [{"id": "p1", "input": "refine PROJ-1", "expected": "trigger"}],'
        ' "negative": [{"id": "n1", "input": "plan PROJ-2", "expected": "do_not_trigger"}]}',
        encoding="utf-8")
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in got.output

"""Rules from the tuning half of sample E (issue 26, second share), each by a small set of its
own through the real `skill-eval check`: a list of claims the work must not make is statements
of what the run avoids (never texts, never labels), and a list of codes the answer must cite
(`expected_rule_ids`) is exact-match checks with the author's codes, and a trigger set under one
wrapping key (`{skill_name, trigger_evals: {should_trigger: [...]}}`) is read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.scoring.base import Evidence
from runner.scoring.deterministic import grade
from tests.helpers import check_json as report_of
from tests.helpers import check_verbose, make_skill

SKILL_MD = ("---\nname: lint-review\ndescription: Reviews a config file against the team's "
            "lint rules. Use when asked to review a config.\n---\nCite each rule by its code.\n")


def skill_with(tmp_path: Path, case: dict[str, Any]) -> Path:
    base = {"id": "r", "prompt": "Review the retry settings described here: 3 retries, no "
            "backoff, timeout 0."}
    return make_skill(tmp_path, {"skill_name": "lint-review", "evals": [{**base, **case}]},
                      name="lint-review", skill_md=SKILL_MD)


def graded(skill: Path) -> list[tuple[str, str]]:
    return [(c["entry"], c["origin"]) for c in report_of(skill)["cases"][0]["checks"]]


def test_forbidden_claims_are_statements_of_what_the_run_avoids(tmp_path: Path) -> None:
    # short claims without spaces (one CJK clause) used to be classed as labels, longer
    # ones kept plain: either way never graded
    skill = skill_with(tmp_path, {"forbidden_claims": ["重试越多越安全",
                                                       "A zero timeout means no timeout"],
                                  "must_not_claim": ["Backoff is optional"]})
    entries = [e for e, _ in graded(skill)]
    assert entries == ["The run avoids this claim: 重试越多越安全",
                       "The run avoids this claim: A zero timeout means no timeout",
                       "The run avoids this claim: Backoff is optional"]
    shown = check_verbose(skill)
    assert "an absence" in shown and "forbidden_claims[1]" in shown
    assert "ignored" not in shown


def test_lists_of_texts_under_a_negative_name_stay_literal(tmp_path: Path) -> None:
    # the claims rule is for claims: banned words, and negative check lists, are as before
    skill = skill_with(tmp_path, {"banned_phrases": ["retry storm"],
                                  "negative_assertions": ["TODO"]})
    assert {e for e, _ in graded(skill)} == {"not:retry storm", "not:TODO"}


def test_expected_rule_ids_are_exact_codes_the_answer_cites(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"expected_rule_ids": ["NET-RETRY-004", "CWE-79"],
                                  "forbidden_codes": ["E501"]})
    entries = graded(skill)
    assert [o for _, o in entries] == [
        "expected_rule_ids[0] (a code that must appear)",
        "expected_rule_ids[1] (a code that must appear)",
        "forbidden_codes[0] (a code that must not appear)"]
    case = load_caseset(skill).evals[0]

    def passes(text: str) -> bool:
        return all(c.passed for c in grade(case, Evidence(text, {})))

    assert passes("| NET-RETRY-004 | major |\nSee CWE-79.")
    # a longer code is not the one cited, nor a code inside another
    assert not passes("NET-RETRY-0041 and CWE-798")
    assert not passes("NET-RETRY-004, CWE-79; style E501")
    assert passes("NET-RETRY-004, CWE-79; style E5011")


def test_lists_that_are_not_codes_are_not_read_as_codes(tmp_path: Path) -> None:
    # slugs name the author's own checks, lower case; a name without an expectation word is
    # a label; neither is a code the answer cites
    skill = skill_with(tmp_path, {"expected_rule_ids": ["retry-policy", "timeouts"],
                                  "related_ids": ["NET-RETRY-004"],
                                  "expectations": ["Names the missing backoff"]})
    assert [e for e, _ in graded(skill)] == ["Names the missing backoff"]
    shown = check_verbose(skill)
    assert "ignored: expected_rule_ids" in shown and "related_ids" in shown


def test_a_trigger_set_under_one_wrapping_key_is_read(tmp_path: Path) -> None:
    from runner.triggers.queries import load_trigger_set

    skill = skill_with(tmp_path, {"expectations": ["Names the missing backoff"]})
    nested = {"skill_name": "lint-review", "trigger_evals": {
        "should_trigger": ["review my retry config"], "should_not_trigger": ["bake bread"]}}
    (skill / "evals" / "trigger-eval.json").write_text(json.dumps(nested))
    found = load_trigger_set(skill, "lint-review")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [
        ("review my retry config", True), ("bake bread", False)]
    # `check` reads it too: no "cannot be read" line
    assert "cannot be read" not in check_verbose(skill)
    # a list under the wrapping key is the list of queries
    listed = {"version": 2, "triggers": [{"query": "lint this", "should_trigger": True}]}
    (skill / "evals" / "trigger-eval.json").write_text(json.dumps(listed))
    assert [q.prompt for q in load_trigger_set(skill, "lint-review").queries] == ["lint this"]


def test_two_wrapping_keys_stay_refused(tmp_path: Path) -> None:
    from runner.errors import CaseSetError
    from runner.triggers.queries import load_trigger_set

    skill = skill_with(tmp_path, {"expectations": ["Names the missing backoff"]})
    both = {"trigger_evals": [{"query": "a", "should_trigger": True}],
            "routing_queries": [{"query": "b", "should_trigger": True}]}
    (skill / "evals" / "trigger-eval.json").write_text(json.dumps(both))
    with pytest.raises(CaseSetError, match="should_not_trigger"):
        load_trigger_set(skill, "lint-review")


def test_side_lists_of_query_objects_and_near_misses(tmp_path: Path) -> None:
    from runner.triggers.queries import load_trigger_set

    skill = skill_with(tmp_path, {"expectations": ["Names the missing backoff"]})
    sides = {"rule": "Near misses must not fire it.",
             "should_trigger": [{"id": "T1", "prompt": "review my retry config"}],
             "near_miss": [{"id": "N1", "prompt": "write a retry loop", "why": "implementation"},
                           "bake bread"]}
    (skill / "evals" / "triggers.json").write_text(json.dumps(sides))
    found = load_trigger_set(skill, "lint-review")
    assert [(q.id, q.prompt, q.should_trigger) for q in found.queries][:2] == [
        ("T1", "review my retry config", True), ("N1", "write a retry loop", False)]
    assert [q.should_trigger for q in found.queries] == [True, False, False]
    assert "cannot be read" not in check_verbose(skill)


@pytest.mark.parametrize(("statement", "fires"), [
    ("Does not run lint-review.", False),
    ("Does not run lint-review. No review report.", False),
    ("Should not use the lint-review skill", False),
    ("Runs lint-review", True),
    # another tool of the same shape, or the skill plus a second thing it must do
    ("Does not run pre-commit.", None),
    ("Does not run lint-review. Fixes the type error in place and explains it.", None),
    ("Runs lint-review's checker script", None),
])
def test_a_statement_naming_the_skill_firing(statement: str, fires: bool | None) -> None:
    from runner.authoring.routing import about_firing

    assert about_firing(statement, ("lint-review",)) is fires


def test_a_one_word_name_is_not_read_as_the_skill() -> None:
    from runner.authoring.routing import about_firing

    assert about_firing("Does not use pdf", ("pdf",)) is None


def test_a_near_miss_case_naming_the_skill_is_a_trigger_query(tmp_path: Path) -> None:
    # the prompt names a file nobody stages; the case only says the skill stays out of it,
    # so it is a trigger query, not a runtime case refused for its missing input
    skill = make_skill(tmp_path, {"skill_name": "lint-review", "evals": [
        {"id": "own", "prompt": "Review the retry settings: 3 retries, no backoff.",
         "expected_output": "Names the missing backoff."},
        {"id": "near", "prompt": "Fix the type error in src/app.ts.",
         "expected_output": "Does not run lint-review. No review report."}]},
        name="lint-review", skill_md=SKILL_MD)
    got = report_of(skill)
    assert [c["id"] for c in got["cases"]] == ["own"]
    assert any(f["case"] == "near" and "routing expectation" in f["message"]
               for f in got["findings"])


def _bare_skill(tmp_path: Path, files: dict[str, Any]) -> Path:
    skill = tmp_path / "lint-review"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, data in files.items():
        (skill / rel).write_text(json.dumps(data))
    return skill


QUERIES = [{"query": "review my retry config", "should_trigger": True},
           {"query": "bake bread", "should_trigger": False}]


def test_no_case_set_names_what_the_folder_holds_instead(tmp_path: Path) -> None:
    from tests.helpers import check_cli

    skill = _bare_skill(tmp_path, {"evals/eval_queries.json": QUERIES,
                                   "evals/interview-plan.json": {"time": "1 day",
                                                            "acceptance": ["Fits a day"]}})
    result = check_cli(str(skill))
    assert result.exit_code == 0  # a trigger set alone is accepted (sample E), and said
    assert "trigger set only (2 queries" in result.output
    assert "found instead: evals/eval_queries.json (" in result.output
    assert "trigger set's shape, read by `skill-eval trigger`" in result.output
    assert "evals/interview-plan.json (holds no cases" in result.output
    assert "reports on it below" not in result.output


def test_a_trigger_set_under_another_name_is_read_by_its_shape(tmp_path: Path) -> None:
    from runner.triggers.queries import load_trigger_set

    skill = _bare_skill(tmp_path, {"evals/eval_queries.json": QUERIES})
    found = load_trigger_set(skill, "lint-review")
    assert [q.prompt for q in found.queries] == ["review my retry config", "bake bread"]
    # a case set beside it, under any name, is never read as trigger queries
    cases = [{"id": "a", "prompt": "Review this.", "should_trigger": True,
              "assertions": ["backoff"]}]
    (skill / "evals" / "cases.json").write_text(json.dumps(cases))
    found = load_trigger_set(skill, "lint-review")
    assert found.files == [str(skill / "evals" / "eval_queries.json")]


@pytest.mark.parametrize(("prompt", "template"), [
    ("User prompt that should trigger the skill", True),
    ("A request that checks whether the skill keeps its steps", True),
    ("Rushed scenario with a deadline that tests if the agent still follows the rules", True),
    # requests a user sends, even about skills, agents and tests
    ("Write a prompt that greets new users", False),
    ("Review the retry settings that the agent service uses", False),
    ("Add a test that checks the parser handles empty input", False),
    ("Add a unit test that verifies the model rejects a negative retry count", False),
    ("Does this config trigger the lint rules? 3 retries, no backoff.", False),
])
def test_a_prompt_that_describes_a_prompt(prompt: str, template: bool) -> None:
    from runner.authoring.prompts import describes_a_prompt

    assert describes_a_prompt(prompt) is template


def test_a_template_set_is_refused(tmp_path: Path) -> None:
    from tests.helpers import check_cli

    skill = skill_with(tmp_path, {"prompt": "User prompt that should trigger the skill",
                                  "assertions": [{"type": "contains", "value": "Using [name]"}]})
    result = check_cli(str(skill))
    assert result.exit_code == 2
    assert "describes the prompt to write" in result.output


def test_a_rule_stated_once_for_every_case_is_graded_on_each(tmp_path: Path) -> None:
    rule = "The run must name the broken rule and must not rewrite the whole file."
    skill = _bare_skill(tmp_path, {
        "evals/retries.json": {"skill_name": "lint-review", "rule": rule, "evals": [
            {"id": "a", "prompt": "Review: 3 retries, no backoff.", "flag": "backoff"},
            {"id": "b", "prompt": "Review: timeout 0.", "expectations": ["Names the timeout"]}]},
        "evals/timeouts.json": {"skill_name": "lint-review", "evals": [
            {"id": "c", "prompt": "Review: timeout 90.", "expectations": ["Names the timeout"]}]}})
    got = {c["id"]: [x["entry"] for x in c["checks"]] for c in report_of(skill)["cases"]}
    assert got["retries-a"] == [rule]
    assert got["retries-b"] == ["Names the timeout", rule]
    assert got["timeouts-c"] == ["Names the timeout"]  # another file's rule is not its own


def test_a_rule_that_obliges_nothing_stays_descriptive(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "lint-review",
                                  "rule": "Cases were written from real review threads.",
                                  "evals": [{"id": "a", "prompt": "Review: timeout 0.",
                                             "expectations": ["Names the timeout"]}]},
                       name="lint-review", skill_md=SKILL_MD)
    assert [e for e, _ in graded(skill)] == ["Names the timeout"]
    assert "rule" in check_verbose(skill)


def _collection(tmp_path: Path, sets: dict[str, Any]) -> Path:
    root = tmp_path / "design-kit"
    for name in ("review-design", "design-tokens"):
        (root / "skills" / name).mkdir(parents=True)
        (root / "skills" / name / "SKILL.md").write_text(
            f"---\nname: {name}\ndescription: Use when the user asks to {name.replace('-', ' ')}"
            " carefully.\n---\nbody\n")
    (root / "evals").mkdir()
    for file, data in sets.items():
        (root / "evals" / file).write_text(json.dumps(data))
    return root


REVIEW = [{"id": "r1", "prompt": "Review this button: 3px padding.",
           "expectations": ["Names the padding as too tight"]}]


def test_a_shared_set_whose_file_name_gives_it_to_one_skill(tmp_path: Path) -> None:
    from tests.helpers import check_cli

    root = _collection(tmp_path, {"review-evals.json": REVIEW})
    assert [c["id"] for c in report_of(root / "skills" / "review-design")["cases"]] == ["r1"]
    other = check_cli(str(root / "skills" / "design-tokens"))
    assert other.exit_code == 2
    assert "the set of skill 'review-design' (its file name)" in other.output


def test_a_file_name_that_fits_several_skills_or_none_is_refused_unless_named(
        tmp_path: Path) -> None:
    # "design" fits both skills, "evals" none: both skills find the set and its cases name
    # neither, so each would be graded on every case (as `check` on the collection says);
    # named with --cases, it is graded on the skill checked
    from runner.errors import CaseSetError

    for file in ("design-evals.json", "evals.json"):
        root = _collection(tmp_path / file, {file: REVIEW})
        for skill in ("review-design", "design-tokens"):
            with pytest.raises(CaseSetError, match="a set shared by 2 skills"):
                load_caseset(root / "skills" / skill, skill)
            named = load_caseset(root / "skills" / skill, skill, root / "evals" / file)
            assert [c.id for c in named.evals] == ["r1"]


def test_the_skill_a_router_should_pick_is_a_trigger_expectation(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "lint-review", "evals": [
        {"id": "mine", "prompt": "Review the retry config.", "expected_primary": "lint-review"},
        {"id": "other", "prompt": "Name these tokens.", "expected_skill": "design-tokens"},
        {"id": "none", "prompt": "Bake bread.", "expected_route": "none"},
        {"id": "kept", "prompt": "Review: timeout 0.", "expectations": ["Names the timeout"],
         # a label that is no skill's routing: not read as one
         "expected_tone": "formal-polite", "expected_primary": "Names the timeout first"}]},
        name="lint-review", skill_md=SKILL_MD)
    got = report_of(skill)
    assert [c["id"] for c in got["cases"]] == ["kept"]
    routed = [f["message"] for f in got["findings"] if "is a trigger expectation" in f["message"]]
    assert len(routed) == 3 and "should-trigger" in routed[0] and "should-not" in routed[1]


def test_a_case_naming_its_own_skill_is_no_routing(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "lint-review", "evals": [
        {"id": "mine", "prompt": "Review the retry config.", "target_skill": "lint-review",
         "expectations": ["Names the missing backoff"]}]},
        name="lint-review", skill_md=SKILL_MD)
    assert [c["id"] for c in report_of(skill)["cases"]] == ["mine"]


def test_a_trigger_set_named_for_the_skill_is_found_by_its_shape(tmp_path: Path) -> None:
    # `<skill>-triggering.eval.json` holding {description, cases: [{query, should_trigger}]}:
    # found by its content wherever the set folder is looked in, never by a list of names
    from runner.triggers.queries import load_trigger_set
    from tests.helpers import check_cli

    skill = _bare_skill(tmp_path, {"evals/lint-review-triggering.eval.json": {
        "description": "when the skill fires", "cases": QUERIES}})
    found = load_trigger_set(skill, "lint-review")
    assert [q.prompt for q in found.queries] == ["review my retry config", "bake bread"]
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries" in result.output

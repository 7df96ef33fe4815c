"""Three wordings the reviewers found misread: "May mention X" at a statement's head is a
permission (optional, not graded), "Falls back to ..." is an English verb and no German "if"
opening a condition, and an author's snake_case label before a denial ("does_not_restart:
Response does NOT ...") leaves it an absence."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.analysis.wording_i18n import main_clause
from runner.scoring.absence import states_absence
from tests.helpers import check_cli, make_skill


def test_a_permission_at_the_head_is_optional_and_not_graded(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "seo", "prompt": "Audit the SEO of a bakery's homepage copy: 'Fresh bread daily "
                                "in Leeds since 1990.'",
         "expectations": ["May mention AI search as one factor to consider",
                          "Mentions the missing meta description"]}])
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "marked optional, not graded" in result.output
    assert "statement Mentions the missing meta description" in result.output
    assert "statement May mention" not in result.output


def test_falls_back_is_no_condition_and_falls_in_german_still_is() -> None:
    assert main_clause("Falls back to repo data, and says which data it used") is None
    assert main_clause("Falls die Datei fehlt, erklärt es den Fehler") == "erklärt es den Fehler"


def test_a_labelled_denial_is_an_absence_and_a_labelled_claim_is_not() -> None:
    assert states_absence("does_not_restart: Response does NOT create a new PR")
    assert not states_absence("has_tests: Response adds tests for the parser")
    assert states_absence("Response does NOT create a new PR")


def test_a_spanish_permission_and_trigger_item_are_read_as_their_english_twins(
        tmp_path: Path) -> None:
    """"Puede mencionar ..." is "May mention ..." (optional, not graded); "Se activa con
    frases informales" is "Triggers on casual phrasing" (whether the skill fires: offered as
    a trigger query, never a statement for the grader); "Puede no ..." forbids nothing away."""
    from runner.analysis.wording_i18n import OPTIONAL_RE
    from runner.authoring.routing import about_firing

    assert about_firing("Se activa con frases informales") is True
    assert about_firing("No se activa con preguntas de SEO") is False
    assert about_firing("Se activa el modo oscuro") is None
    assert about_firing("Se déclenche avec une formulation informelle") is True
    assert OPTIONAL_RE.match("Puede mencionar la IA") and not OPTIONAL_RE.match(
        "Puede no incluir nada")
    skill = make_skill(tmp_path, [
        {"id": "seo", "prompt": "Revisa el SEO de esta portada: 'Pan fresco cada día en León'.",
         "expectations": ["Puede mencionar la búsqueda con IA", "Se activa con frases "
                          "informales", "Menciona la meta descripción que falta"]}])
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "marked optional, not graded" in result.output
    assert "statement Menciona la meta descripción que falta" in result.output
    assert "statement Se activa" not in result.output and "statement Puede" not in \
        result.output


def test_a_list_of_skills_the_run_must_load_is_read_as_load_checks(tmp_path: Path) -> None:
    """`required_skill_activations: [<this skill>]` is a trigger expectation (offered as a
    trigger query, never graded as metadata); naming another skill, a check of the run's
    Skill calls; `forbidden_skill_activations` the same, negated."""
    skill = make_skill(tmp_path, [
        {"id": "one", "prompt": "Tidy these notes: ship Friday.",
         "required_skill_activations": ["tidy-notes", "draft-mail"],
         "forbidden_skill_activations": ["plan-trip"],
         "expectations": ["Names Friday"]}])
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "required_skill_activations[0] {type: 'skill_invoked'} 'Skill(tidy-notes)' is a " \
           "trigger expectation" in flat, flat
    assert "Skill:draft-mail" in flat and "Skill:plan-trip" in flat, flat
    assert "(metadata, not graded)" not in flat, flat


def test_criteria_after_the_users_next_reply_on_a_one_turn_case_are_said(
        tmp_path: Path) -> None:
    """"... moves to Phase 2 once the user says 'continue'": a one-turn case never sends that
    reply (EV015, the reply offered as a follow-up turn); a case that sends it, and advice
    about a reply ("Explains what happens when the user replies late"), are silent."""
    from tests.helpers import check_json

    skill = make_skill(tmp_path, [
        {"id": "one", "prompt": "Plan the --canon flag fix.",
         "expected_output": "Explores the flag, stops at M1, then moves to Phase 2 once the "
                            "user says 'continue'."},
        {"id": "two", "prompt": "Plan the --canon flag fix.", "follow_up_turns": ["continue"],
         "expected_output": "Moves to Phase 2 once the user says 'continue'."},
        {"id": "zh", "prompt": "帮我写视频提示词", "expectations": ["用户回答后输出最终 prompt"]},
        # a bound on when the work may happen: a run that asks and stops keeps it
        {"id": "bound", "prompt": "帮我写视频提示词", "expectations": ["用户回答后才出最终 prompt",
                                                              "Writes it only after the user "
                                                              "answers"]},
        {"id": "advice", "prompt": "How should the bot handle slow replies?",
         "expectations": ["Explains what happens when the user replies late"]}])
    said = {f["case"]: f["message"] for f in check_json(skill)["findings"]
            if f["code"] == "EV015"}
    assert set(said) == {"one", "zh"}, said
    assert "once the user says 'continue'" in said["one"]


def test_the_conversation_before_the_prompt_is_sent_as_earlier_turns(tmp_path: Path) -> None:
    """`conversation_history` (user and assistant entries before the prompt): its user turns
    are sent first in one session, the prompt last, the case's checks grading that reply; the
    author's assistant entries are said, not sent."""
    from runner.authoring.caseset import load_caseset

    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "ctx", "prompt": "What should I pack? Check the forecast.",
         "conversation_history": [
             {"role": "user", "content": "I'm planning a trip to London next week"},
             {"role": "assistant", "content": "London is great! What do you need?"}],
         "expectations": ["Names London"]}]})
    case = load_caseset(skill).evals[0]
    assert case.prompt == "I'm planning a trip to London next week"
    assert [t.prompt for t in case.follow_ups] == ["What should I pack? Check the forecast."]
    result = check_cli(str(skill), "-v")
    assert "1 earlier user turn(s) sent first in one session" in " ".join(
        result.output.split()), result.output


def test_a_trigger_set_of_only_negatives_takes_the_runtime_prompts_as_its_positives(
        tmp_path: Path) -> None:
    """`evals/negative-triggers.json` holding only should-not queries, beside the runtime
    set: each runtime prompt is a task the skill is meant for, so those are its should-trigger
    side (said); before, the trigger set was refused ("no query the skill should fire on")."""
    from runner.triggers.queries import load_trigger_set

    skill = make_skill(tmp_path, [
        {"id": 1, "prompt": "Tidy my notes: ship Friday.", "expectations": ["Names Friday"]},
        {"id": 2, "prompt": "Tidy these: Ana owns it.", "expectations": ["Names Ana"]}])
    (skill / "evals" / "negative-triggers.json").write_text(
        '{"skill_name": "tidy-notes", "evals": [{"id": 10, "prompt": "What is 2 + 2?", '
        '"should_trigger": false}]}')
    queries = load_trigger_set(skill, "tidy-notes").queries
    assert sorted((q.prompt, q.should_trigger) for q in queries) == [
        ("Tidy my notes: ship Friday.", True), ("Tidy these: Ana owns it.", True),
        ("What is 2 + 2?", False)]
    result = check_cli(str(skill))
    assert result.exit_code == 0 and "3 queries (2 should trigger, 1 should not)" in \
        result.output, result.output


def test_a_json_field_check_by_target_and_field_and_a_bound_on_it(tmp_path: Path) -> None:
    """`{type: json_field_equals, target: out/summary.json, field: layers.one.passed,
    expected: true}` is a JSON check of that file's path; `json_field_gte` with a
    `threshold` is a bound no JSON check compares: the grader reads the file for it. Before,
    both refused the set ("Input should be a valid string")."""
    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "test_cases": [
        {"id": "e1", "prompt": "Score the skill in ./demo and write out/summary.json.",
         "assertions": [
             {"type": "json_field_equals", "target": "out/summary.json",
              "field": "layers.one.passed", "expected": True},
             {"type": "json_field_gte", "target": "out/summary.json", "field": "total",
              "threshold": 80}]}]})
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    flat = " ".join(result.output.split())
    assert "json out/summary.json layers.one.passed: must equal True" in flat, flat
    assert "statement The JSON file out/summary.json holds `total` at least 80" in flat, flat
    assert "[ignored: field" not in flat


def test_chinese_trigger_checks_naming_the_skill_are_about_firing() -> None:
    """"正确触发 link-building Skill" / "不触发 link-building Skill": whether the skill (by its
    name, a Latin one too) fires, an adverb before the verb; never a behaviour statement."""
    from runner.authoring.routing import about_firing

    assert about_firing("正确触发 link-building Skill", ("link-building",)) is True
    assert about_firing("不触发 link-building Skill", ("link-building",)) is False
    assert about_firing("触发该技能") is True


def test_an_assertion_whose_check_is_nested_under_check_is_that_check(tmp_path: Path) -> None:
    """`{text: "Recommends the CDC stream", check: {type: contains_any, values: [...]},
    passed: null}`: the nested object is the check, the sentence its label; before, the
    check was dropped in silence and the sentence graded by the model."""
    skill = make_skill(tmp_path, [
        {"id": 0, "prompt": "Design a pipeline from our orders table to the warehouse.",
         "assertions": [
             {"text": "Uses change data capture", "check": {
                 "type": "contains_any", "values": ["CDC", "change data capture"]},
              "passed": None, "evidence": ""},
             {"text": "Does not upsert in place", "check": {
                 "type": "not_contains", "value": "MERGE INTO"}}]}])
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "assertion re:CDC|change\\ data\\ capture" in flat, flat
    assert "assertion not:MERGE INTO" in flat, flat
    assert "statement Uses change data capture" not in flat


def test_a_firing_clause_with_a_concession_then_the_work_keeps_the_work() -> None:
    """"Skill loads despite no use of the word 'coach'. Diagnoses the door ...": the firing
    head with its concession is the trigger expectation, the rest the behaviour to grade
    (before: the whole case was dropped as routing only)."""
    from runner.authoring.routing import about_firing, split_firing

    assert about_firing("Skill loads despite no use of the word 'coach'") is True
    assert split_firing("Skill loads despite no use of the word 'coach'. Diagnoses the door "
                        "and names the pattern.") == (True, "Diagnoses the door and names "
                                                            "the pattern.")


@pytest.mark.parametrize(("statement", "absent"), [
    ("Contains no TODOs and uses descriptive names", False),
    ("Has no errors and lists issues found", False),
    ("No emojis and include a one-line summary", False),
    ("Has no errors, warnings and bugs", True),
])
def test_a_denial_joined_to_a_claim_of_its_own_verb_is_no_absence(statement: str,
                                                                 absent: bool) -> None:
    """"Contains no TODOs and uses descriptive names": the second clause needs its quote."""
    assert states_absence(statement) is absent


def test_rules_of_this_stop_stay_silent_on_ordinary_sets(tmp_path: Path) -> None:
    """What a review found firing on ordinary sets: a condition on what the prompt already
    says ("If the user says they are a beginner, ..."), an ability ("Puede identificar ..."),
    a Portuguese step ("No passo 2, gere report.csv"), code written for a GPU, an advice
    criterion naming nvidia-smi, a bot that posts to a chat, "docs" and "linear time"."""
    from runner.analysis.wording_i18n import OPTIONAL_RE
    from runner.authoring.device_needs import hardware_needs
    from runner.authoring.prompts import missing_inputs
    from runner.schema.case import Case
    from tests.helpers import case_findings

    assert not OPTIONAL_RE.match("Puede identificar al menos 3 mejoras concretas")
    assert missing_inputs(Case(id="1", prompt="No passo 2, gere o arquivo report.csv com os "
                                              "totais.", expected_output="x"), set()) == []
    assert hardware_needs("写一个能在GPU上运行的矩阵乘法CUDA算子", [], False) == []
    assert hardware_needs("Fix the batch size", ["Suggests checking memory with nvidia-smi"],
                          False) == []
    skill = make_skill(tmp_path, [
        {"id": "beginner", "prompt": "I'm a beginner, explain recursion.",
         "expectations": ["If the user says they are a beginner, uses plain language"]},
        {"id": "bot", "prompt": "Build a bot that posts to Discord every morning.",
         "expectations": ["The bot posts to Discord at 9:00"]},
        {"id": "docs", "prompt": "Add a troubleshooting section to the docs.",
         "expectations": ["Adds a new page to the docs", "Finds it in linear time"]}])
    assert case_findings(skill, "EV015") == {}
    assert not any("an act in a hosted service" in m
                   for m in case_findings(skill, "EV014").values())


def test_history_beside_later_turns_keeps_the_prompt(tmp_path: Path) -> None:
    """`conversation_history` beside `follow_up_turns`: the prompt is never dropped (the
    history is kept and said, the case's own turns run as written)."""
    from runner.authoring.caseset import load_caseset

    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "c", "prompt": "Three days, in May.", "follow_up_turns": ["Make it two."],
         "conversation_history": [{"role": "user", "content": "I want to visit Lisbon."}],
         "expectations": ["Plans two days"]}]})
    case = load_caseset(skill).evals[0]
    assert case.prompt == "Three days, in May."
    assert [t.prompt for t in case.follow_ups] == ["Make it two."]

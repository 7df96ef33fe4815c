"""Multi-turn cases as each shape in the wild writes them: `follow_up_turns` (strings or
objects), a `turns` / `conversation` / `messages` list (role/content, {user: ...}), each turn's
own checks read by the rules a case is read by, the case's own checks on the last turn."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.schema.case import Case, Reading, Turn
from tests.unit.test_wild_sets import check, skill_with


def one_case(tmp_path: Path, case: dict[str, Any]) -> Case:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [case]})
    (only,) = load_caseset(skill).evals
    return only


def test_follow_up_turns_as_strings_keep_the_prompt_and_the_checks_on_the_last_turn(
        tmp_path: Path) -> None:
    case = one_case(tmp_path, {"id": "f", "prompt": "Tidy the notes into summary.md.",
                               "follow_up_turns": ["Add an Owners section.", "Now shorten it."],
                               "assertions": ["Owners"]})
    assert case.prompts == ("Tidy the notes into summary.md.", "Add an Owners section.",
                            "Now shorten it.")
    assert case.assertions == ("Owners",) and case.first_turn is None
    assert case.turn_case(1) is None and case.turn_case(2) is None and case.turn_case(3) is None


def test_follow_up_objects_carry_their_own_checks_read_as_a_case_is(tmp_path: Path) -> None:
    case = one_case(tmp_path, {
        "id": "o", "prompt": "Tidy the notes into summary.md.",
        "follow_up_turns": [{"prompt": "Add Ana as the owner.",
                             "expectations": ["The summary names Ana as the owner"],
                             "must_include": ["Ana"]},
                            {"message": "Thanks, that is all."}]})
    first, last = case.follow_ups
    assert first.prompt == "Add Ana as the owner." and first.assertions == ("Ana",)
    assert first.statements == ("The summary names Ana as the owner",)
    assert last.prompt == "Thanks, that is all." and not last.gradable
    graded = case.turn_case(2)
    assert graded is not None and graded.assertions == ("Ana",)
    assert "[user turn 1] Tidy" in graded.prompt
    assert "[user turn 2 (graded here)] Add Ana" in graded.prompt


def test_a_role_content_conversation_takes_its_first_user_turn_as_the_prompt(
        tmp_path: Path) -> None:
    case = one_case(tmp_path, {"id": "c", "turns": [
        {"role": "user", "content": "Tidy: ship Friday.", "assertions": ["Friday"],
         "in": "text"},
        {"role": "assistant", "content": "Done: ship Friday."},
        {"role": "user", "content": "Add Ana as the owner.", "must_include": ["Ana"]}],
        "assertions": ["Friday"]})
    assert case.prompt == "Tidy: ship Friday." and len(case.follow_ups) == 1
    assert case.first_turn is not None and case.first_turn.assertions == ("Friday",)
    assert case.first_turn.reads is Reading.TEXT
    assert case.follow_ups[0].assertions == ("Ana",)
    assert "turns (the author's replies, not sent)" in case.extra  # kept, reported


def test_user_keyed_entries_and_messages_lists(tmp_path: Path) -> None:
    conversation = one_case(tmp_path / "a", {"id": "u", "conversation": [
        {"user": "Tidy: ship Friday."}, {"user": "Add Ana."}], "assertions": ["Ana"]})
    assert conversation.prompts == ("Tidy: ship Friday.", "Add Ana.")
    messages = one_case(tmp_path / "b", {"id": "m", "messages": [
        "Tidy: ship Friday.", "Add Ana."], "assertions": ["Ana"]})
    assert messages.prompts == ("Tidy: ship Friday.", "Add Ana.")


def test_a_single_turn_case_digests_as_before(tmp_path: Path) -> None:
    case = one_case(tmp_path, {"id": "s", "prompt": "Tidy: ship Friday.",
                               "assertions": ["Friday"]})
    assert "follow_ups" not in case.model_dump_json(exclude={"follow_ups", "first_turn"})
    before = case.model_dump_json(exclude={"grader_program", "follow_ups", "first_turn"})
    import hashlib

    assert case.digest() == hashlib.sha256(before.encode()).hexdigest()


def test_check_names_each_turns_checks_and_a_turn_without_text_is_reported(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "t", "prompt": "Tidy the notes into summary.md.",
        "follow_up_turns": [{"prompt": "Add Ana as the owner.", "assertions": ["Ana"]},
                            {"attachments": ["notes.png"]}],
        "assertions": ["Friday"]}]})
    report = json.loads(check(str(skill), "--json").output)
    (reading,) = report["cases"]
    assert reading["turns"] == 2
    entries = [c["entry"] for c in reading["checks"]]
    assert entries == ["turn 2: Ana", "Friday"]
    (finding,) = [f for f in report["findings"] if f["code"] == "EV015"]
    assert "carry no text to send" in finding["message"]
    verbose = check(str(skill), "-v").output
    assert "2 turns: each follow-up is sent in the same session" in verbose


def test_a_regrade_sends_a_case_to_a_new_run_only_when_its_turns_kept_too_little(
        tmp_path: Path) -> None:
    from runner.planning.regrade import why_not
    from runner.schema.case import OutputCheck, Turn, TurnChecks

    before = Case(id="n", prompt="Write notes.txt.", first_turn=TurnChecks(
        outputs=(OutputCheck(path="notes.txt"),)), follow_ups=(
        Turn(prompt="Append BETA.", assertions=("BETA",)),))
    assert why_not(before, before, {}, tmp_path) is None
    # the last turn's files are the attempt's outputs, all kept: any check of it regrades
    last = before.model_copy(update={"follow_ups": (
        Turn(prompt="Append BETA.", assertions=("GAMMA",), statements=("It says BETA",)),)})
    assert why_not(before, last, {}, tmp_path) is None
    # turn 1 kept notes.txt only (what its checks read): another check of notes.txt regrades
    same_file = before.model_copy(update={"first_turn": TurnChecks(
        outputs=(OutputCheck(path="notes.txt", contains=("ALPHA",)),))})
    assert why_not(before, same_file, {}, tmp_path) is None
    # a check of every file written (or the grader's statements) needs what was not kept
    wider = before.model_copy(update={"first_turn": TurnChecks(assertions=("ALPHA",))})
    assert "turn 1's checks now read files that were not kept" in str(
        why_not(before, wider, {}, tmp_path))
    program = before.model_copy(update={"first_turn": TurnChecks(
        judge_program="evals/check.py")})
    assert "turn 1's program changed" in str(why_not(before, program, {}, tmp_path))
    asked = before.model_copy(update={"follow_ups": (Turn(prompt="Append GAMMA."),)})
    assert "prompt changed" in str(why_not(before, asked, {}, tmp_path))


def test_a_turns_own_programs_are_read_bundled_and_checked_like_a_cases(
        tmp_path: Path) -> None:
    from runner.authoring.programs import programs_of

    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{"id": "p", "turns": [
        {"role": "user", "content": "Write notes.txt.", "judge_program": "evals/one.py"},
        {"role": "user", "content": "Append BETA.",
         "grader_program": {"path": "evals/two.py", "threshold": 0.5}}]}]},
        files={"evals/one.py": "print('ok')\n", "evals/two.py": "print('{}')\n"})
    caseset = load_caseset(skill)
    (case,) = caseset.evals
    assert case.first_turn is not None and case.first_turn.judge_program == "evals/one.py"
    (follow_up,) = case.follow_ups
    assert follow_up.grader_program is not None and follow_up.grader_program.threshold == 0.5
    assert programs_of([case]) == ["evals/one.py", "evals/two.py"]
    assert {"evals/one.py", "evals/two.py"} <= set(caseset.fixture_files())
    # a turn without programs dumps (and so digests) as before turns could name them
    plain = Case(id="x", prompt="p", follow_ups=(Turn(prompt="q"),))
    assert "program" not in json.dumps(plain.model_dump(mode="json")["follow_ups"])
    # a turn's program that is not there is refused before anything runs, like a case's
    (skill / "evals/one.py").unlink()
    refused = check(str(skill))
    assert refused.exit_code == 2 and "evals/one.py" in refused.output

"""A case whose expected steps ask the user, then act on the reply (runner.authoring.
awaited_reply): run as one turn no reply comes, so it is flagged as a multi-turn case without
its turn (EV015), unless a follow-up turn gives the reply. Before, nothing was said."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: ledger-keeper\ndescription: Records ledger changes after the user "
            "confirms. Use when a user asks to change the ledger.\n---\nConfirm, then write.\n")


def _check(tmp_path: Path, case: dict[str, Any]) -> Result:
    skill = tmp_path / "ledger-keeper"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "ledger-keeper",
        "evals": [{"id": "c1", "prompt": "Move the March rent entry from cash to bank.",
                   **case}]}, ensure_ascii=False))
    return CliRunner().invoke(main, ["check", str(skill)])


@pytest.mark.parametrize("steps", [
    ["shows the entry it will move", "asks the user to confirm the move",
     "after confirmation, writes the change to ledger.csv"],
    ["показать изменение", "запросить подтверждение у пользователя",
     "после подтверждения записать изменение"],
    ["展示将要修改的条目", "请用户确认", "用户确认后写入账本"],
])
def test_steps_that_wait_for_the_users_reply_are_flagged(
        tmp_path: Path, steps: list[str]) -> None:
    result = _check(tmp_path, {"expected_trajectory": steps})
    assert result.exit_code == 0, result.output
    assert "EV015" in result.output and "needs the user's reply mid-run" in result.output, \
        result.output


def test_a_follow_up_turn_giving_the_reply_is_not_flagged(tmp_path: Path) -> None:
    """Negative: the reply is sent as a turn of its own."""
    result = _check(tmp_path, {"expectations": ["asks the user to confirm the move",
                                                "after confirmation, writes the change"],
                               "follow_up_turns": ["Yes, go ahead."]})
    assert result.exit_code == 0, result.output
    assert "EV015" not in result.output, result.output


def test_steps_that_ask_nothing_or_act_without_a_reply_are_not_flagged(tmp_path: Path) -> None:
    """Negative: a question alone, or acting without waiting, needs no second turn."""
    result = _check(tmp_path, {"expectations": ["asks which account the entry belongs to",
                                                "explains the double-entry rule"]})
    assert "EV015" not in result.output, result.output
    result = _check(tmp_path / "b", {"expectations": ["writes the change to ledger.csv",
                                                      "after writing, reports the new total"]})
    assert "EV015" not in result.output, result.output


@pytest.mark.parametrize("expected", [
    "ledger.csv 수정. 질문 2라운드 진행 후 파일 생성.",        # Korean: question rounds, then files
    "계정은 질문 후 기록.",
    "1回の質問でまとめて確認してから ledger.csv を更新する",   # Japanese: ask once, then write
    "Writes ledger.csv after two rounds of questions.",       # English, the act first
    "Records the move after the user answers which account.",
    "Shows the move, gets approval, THEN writes ledger.csv.",  # the reply as the run's act
    "Obtains the user's confirmation before writing ledger.csv.",
])
def test_a_criterion_acting_after_the_users_answer_in_a_verb_last_language_is_flagged(
        tmp_path: Path, expected: str) -> None:
    """The postposition of "after" follows the question: the act waits for an answer no
    one-turn run gets."""
    result = _check(tmp_path, {"expected_output": expected})
    assert result.exit_code == 0, result.output
    assert "EV015" in result.output and "needs the user's answers" in result.output, \
        result.output


@pytest.mark.parametrize("expected", [
    "ledger.csv 파일 범위 등 질문.",               # asks, and nothing waits on the answer
    "ファイルを確認してから ledger.csv を更新する",  # a check of a file asks no one
    "ledger.csv 확인 후 수정.",
    "Writes ledger.csv only after the user answers.",  # a bound a reply that asks keeps
    "Explains what happens after the user answers.",   # the answer tells of the sequence
    "Does not write ledger.csv without getting approval.",  # a bound a reply that asks keeps
    "Explains how to get approval for the move.",
])
def test_a_question_alone_or_a_check_before_acting_is_not_flagged(
        tmp_path: Path, expected: str) -> None:
    result = _check(tmp_path, {"expected_output": expected})
    assert "EV015" not in result.output, result.output


@pytest.mark.parametrize(("behavior", "criteria", "flagged"), [
    # the act bounded by the reply, and a criterion requiring that act: it needs the reply
    ("Shows the move. Only after user approval does it invoke ledger-writer.",
     ["ledger-writer is the next skill invoked"], True),
    ("Shows the move; it runs ledger-writer only after approval.",
     ["ledger-writer runs on the moved entry"], True),
    # the bound alone, or a criterion that the act does not happen yet: one reply keeps it
    ("Shows the move. Only after user approval does it invoke ledger-writer.",
     ["asks which account to use"], False),
    ("Shows the move. Only after user approval does it invoke ledger-writer.",
     ["does not invoke ledger-writer before approval"], False),
])
def test_an_act_bounded_by_the_reply_that_a_criterion_requires_is_flagged(
        tmp_path: Path, behavior: str, criteria: list[str], flagged: bool) -> None:
    result = _check(tmp_path, {"expected_behavior": behavior, "pass_criteria": criteria})
    assert ("EV015" in result.output) is flagged, result.output


def test_a_skill_that_opens_by_asking_the_user_is_said_for_one_turn_cases(
        tmp_path: Path) -> None:
    """SKILL.md telling the agent to open with a question and wait ("... Sound good?") run on
    one-turn cases: with the skill the run may stop there, so the set says it (EV015); a
    question deep in the workflow is no opening."""
    skill = tmp_path / "planner"
    (skill / "evals").mkdir(parents=True)
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "p1", "prompt": "Help me plan a referral program.",
         "expectations": ["Runs a premortem"]}]}))
    (skill / "SKILL.md").write_text(
        "---\nname: planner\ndescription: Plans systems backwards. Use when asked to plan a "
        "program.\n---\n## Start\nSay: \"We'll spend 20 minutes on this together. Sound "
        "good?\"\n## Phase 1\nAsk for the end state.\n## Phase 2\nMap dependencies.\n"
        "## Phase 3\nRun a premortem.\n## Phase 4\nDraw the diagram.\n")
    result = CliRunner().invoke(main, ["check", str(skill)])
    flat = " ".join(result.output.split())
    assert result.exit_code == 0 and "EV015" in flat and "opens by asking the user" in flat, flat
    late = (skill / "SKILL.md").read_text().replace("Sound good?", "Go.").replace(
        "Draw the diagram.", "Draw the diagram.\n" * 6 + "Ask: \"Ready to start?\"")
    (skill / "SKILL.md").write_text(late)
    quiet = CliRunner().invoke(main, ["check", str(skill)])
    assert "opens by asking the user" not in quiet.output, quiet.output


@pytest.mark.parametrize(("line", "said"), [
    ("先问用户是否有 design system、UI kit 或截图。", True),  # first ask the user whether ...
    ("等用户确认后再开始写代码。", True),  # start once the user confirms
    ("问用户要素材时，给出清单。", False),  # how to ask, not an opening stop
])
def test_an_opening_ask_written_in_chinese(line: str, said: bool) -> None:
    from runner.authoring.awaited_reply import opening_ask

    text = f"---\nname: x\ndescription: y\n---\n{line}\n" + "Step.\n" * 4
    assert (opening_ask(text) is not None) is said


@pytest.mark.parametrize(("prompt", "said"), [
    ("再来一张", True), ("再发一张，动作更放开一点", True), ("Another one, but brighter", True),
    ("もう一枚お願い", True), ("Another way to sort a list in Python?", False),
    ("Write a haiku about rain.", False)])
def test_a_prompt_asking_for_more_of_an_earlier_turn_is_said(tmp_path: Path, prompt: str,
                                                             said: bool) -> None:
    """"再来一张" ("one more") alone in a one-turn case refers to a turn the case does not
    hold: EV015, with the fix (the earlier turn as the prompt, this one a follow-up)."""
    result = _check(tmp_path, {"prompt": prompt, "expectations": ["Makes a new picture"]})
    assert ("asks for more of what an earlier turn made" in " ".join(result.output.split())) \
        is said, result.output


@pytest.mark.parametrize(("prompt", "said"), [
    ("Use the questions you gave me earlier to quiz me", "the questions you gave me"),
    ("我朋友说你出的这些题都很 general，帮我改难一点", "你出的这些题"),
    ("题库生成好了，直接开始模拟面试吧", "题库生成好了"),
    # made in the prompt itself first; the user's own work; a pasted chat's words
    ("Draft a plan, then shorten the plan you wrote", None),
    ("Review the code I wrote for bugs", None),
    ("Summarise this chat:\n\n> the plan you gave me was too long", None),
    ("Make the plan you drafted earlier shorter", "the plan you drafted earlier"),
    ("Translate the email you drafted into French.", "the email you drafted"),
    ("Refactor this and explain the changes you made", None),
    # this turn's own work, asked first or to come; a question; material below
    ("Plan a 3-day trip to Kyoto and then list the assumptions you made", None),
    ("帮我实现一个排序函数，你写的代码要有注释", None),
    ("开始之前你需要先读文档", None),
    ("报告生成好了吗？如果没有，请生成一份", None),
    ("数据已经准备好了，在下面：\n| a | b |\n| 1 | 2 |", None),
])
def test_a_prompt_working_on_what_an_earlier_turn_made_is_said(
        tmp_path: Path, prompt: str, said: str | None) -> None:
    """"the questions you gave me", "你出的这些题", "题库生成好了" in a one-turn case work on what
    an earlier turn made, which the case does not hold: EV015 naming the words."""
    result = _check(tmp_path, {"prompt": prompt, "expectations": ["Asks three questions"]})
    out = " ".join(result.output.split())
    if said is None:
        assert "what an earlier turn made" not in out, out
    else:
        assert f"the prompt works on what an earlier turn made ({said!r})" in out, out

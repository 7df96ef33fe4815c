"""Later user turns written inside one prompt (runner.authoring.inline_turns): a clean split
by a stage direction, speaker labels or numbered turn labels makes the case multi-turn; a
marker with no clean split is said (EV015); a pasted conversation is material."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.inline_turns import inline_turns
from runner.planning.plan import make_plan
from runner.schema.options import RunOptions
from tests.unit.test_wild_sets import check, skill_with


@pytest.mark.parametrize(("prompt", "turns"), [
    ("Write notes.txt holding ALPHA.\n\n(after the assistant answers) Now add BETA.",
     ("Write notes.txt holding ALPHA.", "Now add BETA.")),
    ("Draft the plan.\n\n[Once the AI replies, user says:]\nGo with option 2.",
     ("Draft the plan.", "Go with option 2.")),
    ("メモを作って。\n\n(アシスタントの提案を受けて) それでいこう。",
     ("メモを作って。", "それでいこう。")),
    ("写一个函数。\n\n（助手回复之后）加上测试。", ("写一个函数。", "加上测试。")),
    ("Escribe la nota.\n(después de la respuesta del asistente) Ahora acórtala.",
     ("Escribe la nota.", "Ahora acórtala.")),
    ("Write x.\n\n--- then the user replies ---\nShorter, please.",
     ("Write x.", "Shorter, please.")),
    ("User: Write x.\nAssistant: Done.\nUser: Shorter, please.", ("Write x.", "Shorter, please.")),
    ("Turn 1: Write x.\nTurn 2: Shorter, please.", ("Write x.", "Shorter, please.")),
    ("Write x.\nTurn 2: Shorter, please.\nTurn 3: Thanks.", ("Write x.", "Shorter, please.",
                                                            "Thanks.")),
])
def test_a_clean_marker_splits_the_prompt_into_its_turns(prompt: str,
                                                         turns: tuple[str, ...]) -> None:
    found = inline_turns(prompt)
    assert found is not None and found.turns == turns


@pytest.mark.parametrize("prompt", [
    "Write notes.txt (after the assistant answers) then add BETA.",  # inside a sentence
    "(after Claude answers) Yes, go ahead.",  # no turn before the reply it marks
    "Write notes.txt.\n\n(after the assistant answers)",  # no turn after it
    "Turn 1: Write x.\nTurn 3: Thanks.",  # numbers out of order
])
def test_a_marker_with_no_clean_split_is_found_but_not_split(prompt: str) -> None:
    found = inline_turns(prompt)
    assert found is not None and found.turns == () and found.marker
    assert found.opens is prompt.startswith("(")  # the turns before it were never written


@pytest.mark.parametrize("prompt", [
    "Here is a transcript to analyse:\nUser: hi\nAssistant: hello\nUser: bye",
    "Summarise this log:\n```\nUser: hi\nAssistant: hello\nUser: bye\n```",
    'Classify the note "(after the assistant answers) ok" by tone.',
    "Fix the bug (see the model file) and add a test.",
    "Here is the game log:\nTurn 1: X takes the centre.\nTurn 2: O takes a corner.",
    "Summarise the meeting. (The agent was asked to reply by Friday.)",
    "设计广告位。\n（数据模型 + 后台 UI + 缓存策略）",  # 后 starting a word ("后台"), no "after"
])
def test_a_pasted_conversation_or_a_plain_parenthesis_holds_no_turns(prompt: str) -> None:
    assert inline_turns(prompt) is None


def test_a_split_case_reaches_the_trials_plan_as_follow_up_turns(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "t", "prompt": "Tidy the notes into summary.md.\n\n(after the assistant "
                             "answers) Add an Owners section.",
        "expectations": ["summary.md has an Owners section"]}]})
    (case,) = load_caseset(skill).evals
    assert case.prompts == ("Tidy the notes into summary.md.", "Add an Owners section.")
    assert case.statements == ("summary.md has an Owners section",)  # grades the last turn
    plan = make_plan(RunOptions(skill_path=skill, k=1, judge=False))
    assert {t.case.prompts for t in plan.trials} == {case.prompts}


def test_check_says_which_cases_were_split_and_which_hold_turns_sent_as_one(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "split", "prompt": "Tidy the notes.\n\n[After Claude replies, user says:]\n"
                                  "Shorter.", "assertions": ["Owners"]},
        {"id": "one", "prompt": "Tidy the notes (after the assistant answers) shorter.",
         "assertions": ["Owners"]},
        {"id": "late", "prompt": "[After the assistant proposes a plan, user says:] Approved.",
         "assertions": ["Owners"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "split (2 turns)" in result.output
    (split,) = [line for line in result.output.splitlines() if "case 'split'" in line]
    assert split.startswith("EV012") and "split into 2 turns" in split
    (one,) = [line for line in result.output.splitlines() if "case 'one'" in line]
    assert one.startswith("EV015") and "sent as one message" in one
    (late,) = [line for line in result.output.splitlines() if "case 'late'" in line]
    assert late.startswith("EV015") and "the turns before it are not written" in late
    report = json.loads(check(str(skill), "--json").output)
    assert [c.get("turns") for c in report["cases"]] == [2, 1, 1]


def test_a_reply_written_inline_is_the_follow_up_steps_awaiting_it_need(
        tmp_path: Path) -> None:
    steps = ["Asks the user to confirm before writing", "After confirmation, writes notes.txt"]
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "two", "prompt": "Write notes.txt.\n\n(after the assistant asks to confirm) "
                                "Yes, go ahead.", "expected_steps": steps},
        {"id": "one", "prompt": "Write notes.txt.", "expected_steps": steps}]})
    report = json.loads(check(str(skill), "--json").output)
    awaited = [f["case"] for f in report["findings"] if f["code"] == "EV015"]
    assert awaited == ["one"]

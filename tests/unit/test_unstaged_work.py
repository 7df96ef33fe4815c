"""EV014 on a request that changes the user's own software or material the case never hands
over ("Fix the overlay source bounds", "remove this unused prefab", "Remove only the orange
traffic cone behind the bicycle"): the session can only describe the change. Reported, never
refused. A prompt that makes something, pastes its material, asks advice, or reviews a change
it describes in words stays silent. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: scene-fixer\ndescription: Fixes layout and runtime bugs in game UI "
            "scenes. Use when a HUD or menu looks wrong.\n---\nFind the owner first.\n")
LINE = "the user's own software or material (a change or a review of it)"


def findings(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, str]:
    skill = make_skill(tmp_path, cases, name="scene-fixer", skill_md=SKILL_MD)
    got = check_json(skill)
    return {f["case"]: f["message"] for f in got["findings"]
            if f["code"] == "EV014" and LINE in f["message"]}


def case(cid: str, prompt: str, *expectations: str) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt,
            "expectations": list(expectations) or ["Names the owning component"]}


def test_a_change_to_what_the_user_holds_is_reported(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        case("told-bug", "Game 2D: the tutorial dim hole follows the panel background instead "
                         "of the real button. Fix the overlay source bounds without guessing."),
        case("labelled", "Menu cleanup: remove this unused sprite sheet and any dead scripts "
                         "around it."),
        case("image", "Remove only the orange traffic cone behind the bicycle and rebuild "
                      "the sidewalk."),
        case("asked", "Can you fix the flaky checkout test?"),
        case("defect", "Use two worker agents to patch it, then fix a tutorial state bug."),
        case("review", "Review the upload flow. Ignore backend cleanup for now.")])
    assert set(got) == {"told-bug", "labelled", "image", "asked", "defect", "review"}, got
    assert "'Fix the overlay source bounds'" in got["told-bug"]
    assert "'remove this unused sprite sheet'" in got["labelled"]
    assert "'Remove only the orange traffic cone'" in got["image"]


def test_adding_to_the_users_own_software_is_a_change_of_it(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        case("route", "My api route has no auth protection. Add session auth to this api "
                      "route so only signed-in users get the data."),
        # what it adds to is what it makes
        case("made", "Create a small web app and add auth to its api route."),
        # a request that makes something beside one that changes the user's code
        case("also", "Implement a simple login form but also refactor the auth module")])
    assert "'Add session auth to this api route'" in got.get("route", ""), got
    assert "made" not in got, got
    assert "'refactor the auth module'" in got.get("also", ""), got


def test_made_pasted_advised_or_told_material_stays_silent(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        # what it fixes is what it makes
        case("made", "Write a Python script that parses the logs, then fix the parser."),
        # the material is in the prompt
        case("pasted", "Rename the variable in this snippet: `let x = items.length; return x`"),
        case("quoted", "Edit this message for a formal reader: 'Hi, send me the report today!'"),
        # advice: answered in words
        case("advice", "How do I fix the login bug in my app?"),
        # a change the prompt describes is what the review judges
        case("described", "Review this proposed API change that deprecates the old login "
                          "endpoint. It is security critical."),
        # the words after a sentence's colon are the text to improve, no request of the user's
        case("text", "Improve this agent brief: Fix the checkout total bug."),
        # a review of something that is no software
        case("plan", "Review the plan above and list its risks.")])
    assert got == {}, got


def test_work_on_a_pronoun_a_store_or_a_backlog_is_reported(tmp_path: Path) -> None:
    """The thing worked on told as an earlier sentence's subject ("the notes index is a mess
    now ... clean it up"), a store or backlog worked through, a codebase scanned, a dotfile
    checked in Chinese: the user's own material, none staged (was: silent)."""
    got = findings(tmp_path, [
        case("pronoun", "the notes index is a mess now, half the pages say the same thing. "
                        "clean it up"),
        case("class", "This 900-line BillingRunner class has no tests. It opens a socket in "
                      "its constructor. Make it safe to change."),
        case("backlog", "grind the ticket backlog for me while I am out"),
        case("through", "can you work through my open problem reports? Start with the oldest."),
        case("scan", "scan the current codebase for leaked tokens"),
        case("zh", "帮我检查.dockerignore是否漏掉了构建产物"),
        # a judgement of the thing is no telling of it: only content after a colon is
        case("judged", "Our wiki is stale. Sort the wiki out.")])
    assert set(got) == {"pronoun", "class", "backlog", "through", "scan", "zh", "judged"}, got
    assert "'clean it up (the notes index)'" in got["pronoun"]
    assert "This 900-line BillingRunner class" in got["class"]
    assert "检查.dockerignore'" in got["zh"]


def test_a_pronoun_with_nothing_told_or_a_told_thing_stays_silent(tmp_path: Path) -> None:
    got = findings(tmp_path, [
        # "it" is what the prompt makes
        case("made", "Write a short poem about autumn, then make it rhyme."),
        # no definite thing told before the pronoun
        case("vague", "Something is off with a cron job somewhere. Can you make it work?"),
        # the thing is told with content after a colon
        case("told", "Our setup doc is stale. The real setup is: copy .env.example to .env "
                     "and run make dev. Clean it up."),
        # a subject that is no material of the user's
        case("total", "The total is $42.50 for three items. Check it."),
        # everyday verbs on things no one holds
        case("hamlet", "Analyze the main topics of Hamlet in 300 words."),
        case("algebra", "Simplify the expression 3x + 2x - 4."),
        case("history", "Go through the history of the Roman Empire."),
        case("docs", "Check the docs for the Python asyncio module."),
        # a script the prompt makes scans; a framework's name is no dotfile
        case("script", "写一个Python脚本，扫描当前目录下的所有文件"),
        case("dotnet", "分析.NET和Java的区别")])
    assert got == {}, got


def test_the_line_is_a_report_and_the_fix_says_what_to_stage(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [case("one", "Fix the overlay source bounds.")],
                       name="scene-fixer", skill_md=SKILL_MD)
    line = next(f for f in check_json(skill)["findings"] if f["code"] == "EV014")  # exit 0
    assert "stage what the request works on under `files`" in line["fix"]

"""A mapping of named criteria (`core_criteria: {name: sentence}`) is graded, each worded with
its name; a web tool the prompt names as a setting of what the user has ("web search enabled")
is no search the agent must run; the user's own software for a service ("my Telegram bot") is
code to write, not their account. The look-alikes stay flagged."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_json, make_skill


def _reach(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, str]:
    skill = make_skill(tmp_path, cases)
    return {f["case"]: f["message"] for f in check_json(skill)["findings"]
            if f["code"] == "EV014"}


def test_a_mapping_of_named_criteria_is_statements_worded_with_their_names(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "col", "prompt": "My sheet has column A: Orders. What column should I add?",
        "expectations": ["Suggests one new column"],
        "core_criteria": {"valid_refs": "Must only reference column A",
                          "right_type": "Uses a formula for the running total"}}])
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert sorted(case.statements) == ["Suggests one new column",
                                       "right type: Uses a formula for the running total",
                                       "valid refs: Must only reference column A"]
    assert "core_criteria" not in case.extra


def test_a_mapping_of_settings_under_a_criteria_name_stays_as_it_was(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "col", "prompt": "My sheet has column A: Orders. What column should I add?",
        "expectations": ["Suggests one new column"],
        "criteria_config": {"threshold": 0.8, "mode": "strict"}}])
    case = load_caseset(skill, "tidy-notes").evals[0]
    assert list(case.statements) == ["Suggests one new column"]


def test_a_web_tool_the_prompt_names_as_a_setting_is_not_a_search_to_run(
        tmp_path: Path) -> None:
    found = _reach(tmp_path, [
        {"id": "feature", "prompt": "Column B: Company Summary (AI, web search enabled). "
                                    "What column should I add next?",
         "expectations": ["Uses web search capability for the competitor column"]},
        {"id": "search", "prompt": "Which competitors does Acme have?",
         "expectations": ["Uses web search to find the competitors"]}])
    assert "feature" not in found
    assert "web search" in found["search"]


def test_the_users_bot_for_a_service_is_code_not_their_account(tmp_path: Path) -> None:
    found = _reach(tmp_path, [
        {"id": "bot", "prompt": "Write a /buy command for my Telegram bot on aiogram 3.",
         "expectations": ["Uses Telegram Stars as the currency"]},
        {"id": "bot-ru", "prompt": "Напиши команду /buy в моём Telegram-боте на aiogram 3.",
         "expectations": ["Uses Telegram Stars as the currency"]},
        {"id": "account", "prompt": "Summarise what was said in my Telegram today.",
         "expectations": ["Lists the main topics"]}])
    assert "bot" not in found and "bot-ru" not in found
    assert "my Telegram" in found["account"]

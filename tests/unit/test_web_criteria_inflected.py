"""A case whose criteria expect the web used, in the tool's name or its act in any inflection
("3 distinct web searches are executed"), or the work's search getting a text
("Searches for and retrieves the full text of X", "搜索并获取《X》全文"): EV014, no arm can
pass it (issue 26; docs/case-sets.md).
Its own set, through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.prompts import web_criteria
from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


@pytest.mark.parametrize(("text", "found"), [
    ("At least 3 distinct web searches are executed", ["web searches"]),
    ("The page is web-fetched before it is quoted", ["web-fetched"]),
    ("Uses web_search to find the notes", ["web_search"]),
    ("Cites the websearcher's guide", []),  # another word, not the act
    # a clause that only names the tool: the answer names it, nothing is called
    ("References Firecrawl Map then Scrape workflow", []),
    ("Should recommend web search for current prices", []),
    ("Explains the pages to scrape; uses Firecrawl to map the site", ["Firecrawl"]),
    # a docs server that answers live, and the web named as the source of the evidence
    ("Evidence Pack citing the vendor docs (Context7 or web) and the pricing page",
     ["Context7", "or web"]),
    ("Pulls current prices from the web.", ["from the web"]),
    ("Builds a page that works on the web.", []),  # where the work runs, no source
    ("Ships a web app with a login form", []),
    # a web tool the work does without: no expectation of the web
    ("Uses code analysis tools without web fetching or browser automation", []),
    ("Answers from memory, not WebSearch", []),
    ("Avoids web search and browser automation", []),
    # searched for and got: only the live web gives it, unless the search is of something local
    ("Searches for and retrieves the full text of the GDPR", ["Searches for and retrieves"]),
    ("Downloads the latest filing online", ["Downloads the latest filing online"]),
    ("成功搜索并获取《网络安全法》全文", ["搜索并获取"]),
    ("Fetches the session token from the web app's login endpoint", []),
    ("Searches for and fetches the function definition", []),
    ("检索并获取数据库中匹配的记录", []),
    ("用 grep 搜索并获取所有调用点", []),
    ("搜索到的原文片段需标注出处", []),
    ("在网上搜索相关案例", ["在网上搜索"]),
    ("Searches for and retrieves the matching rows from the database", []),
    ("在代码库中搜索并获取调用点", []),
    ("搜索结果按相关度排序", []),  # a search feature the work builds
])
def test_the_web_tool_is_read_in_any_inflection(text: str, found: list[str]) -> None:
    assert web_criteria([text]) == found


def test_check_says_no_arm_can_pass_a_case_expecting_web_searches(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "brief-writer", "brief-writer",
                           "Use when the user asks for a short brief on a topic.")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Write me a short brief on heat pumps.",
        "expectations": ["At least 3 distinct web searches are executed"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "its criteria expect 'web searches' (no network)" in result.output


def test_check_is_silent_on_a_web_tool_the_answer_only_names(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "brief-writer", "brief-writer",
                           "Use when the user asks for a short brief on a topic.")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Which pages should I read for a brief on heat pumps?",
        "expectations": ["References the Firecrawl map then scrape workflow"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "(no network)" not in result.output, result.output

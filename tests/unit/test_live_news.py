"""The news of now is live data (runner.authoring.reach._LIVE_DATA), in English as the other
languages' tables read it (今天的新闻): "today's AI news - give me a tech news digest" with
nothing staged cannot pass in any arm, and was accepted without a line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.reach import account_needs
from runner.cli import main
from runner.schema.case import Case


@pytest.mark.parametrize("prompt", [
    "today's AI news - what happened in the agent space? Give me a digest",
    "Summarise the latest tech industry news for the team.",
    "What is the current news on the merger?",
])
def test_the_news_of_now_is_live_data(prompt: str) -> None:
    assert account_needs(Case(id="c", prompt=prompt), skill_reaches=False)


@pytest.mark.parametrize("case", [
    Case(id="c", prompt="Add a news section to the landing page."),
    Case(id="c", prompt="Write a news digest template with three sections."),
    Case(id="c", prompt="Summarise today's AI news from news.md", files=("news.md",)),
])
def test_news_to_build_or_staged_is_no_live_data(case: Case) -> None:
    assert account_needs(case, skill_reaches=False) == []


def test_check_flags_a_digest_of_todays_news(tmp_path: Path) -> None:
    skill = tmp_path / "digest"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: digest\ndescription: Writes a daily tech news "
                                    "digest. Use when asked for the news.\n---\nCollect, "
                                    "dedupe, write.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": 1, "prompt": "today's AI news - give me a tech news digest",
        "expected_output": "A digest grouped by company"}]}))
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert "case '1': no arm can pass it: 'today's AI news'" in result.output, result.output


@pytest.mark.parametrize("prompt", [
    "What are the latest agent papers on arXiv? Give me a digest",
    "Summarise recent preprints about sleep consolidation",
    "帮我看看最近arxiv上有什么新的agent相关论文",
    "最近有什么关于hippocampus、agent memory的新论文吗？",
    "整理一下最新的记忆系统论文",
])
def test_what_was_published_lately_is_live_data(prompt: str) -> None:
    assert account_needs(Case(id="c", prompt=prompt), skill_reaches=False)


@pytest.mark.parametrize("case", [
    Case(id="c", prompt="Help me outline my new paper on agent memory."),
    Case(id="c", prompt="帮我写一篇新的论文摘要"),
    Case(id="c", prompt="Summarise the latest papers in papers.md", files=("papers.md",)),
])
def test_a_paper_to_write_or_staged_is_no_live_data(case: Case) -> None:
    assert account_needs(case, skill_reaches=False) == []


@pytest.mark.parametrize("prompt", [
    "What are today's NBA scores?", "Who are this season's scoring leaders?",
    "今天 NBA 比赛结果是什么？", "最近一场湖人的比赛，球员数据怎么样？",
    "谁是本赛季的得分王和助攻王？"])
def test_a_leagues_games_now_are_live_data(prompt: str) -> None:
    assert account_needs(Case(id="c", prompt=prompt), skill_reaches=False)


@pytest.mark.parametrize("prompt", ["Write tests for today's results parser.",
                                    "Explain how the NBA scores a three-pointer."])
def test_code_about_results_or_rules_is_no_live_data(prompt: str) -> None:
    assert account_needs(Case(id="c", prompt=prompt), skill_reaches=False) == []

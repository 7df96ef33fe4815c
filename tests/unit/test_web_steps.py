"""Issue 26, rule 6: a skill whose own steps reach the web (an `allowed-tools` line granting
WebSearch, "use WebFetch to read the page", 使用 WebSearch 搜索) is said once for the set, since a
trial has no network and the gateway refuses web search by default; a list of tools a guide
teaches, a step ruled out or optional, or an example in a code block is no such step. Through
the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.web_steps import web_steps
from tests.helpers import check_cli, make_skill

CASE = {"id": "card", "prompt": "Make an overview card of the Advertising Law.",
        "expected_output": "A card listing each chapter"}
HEAD = "---\nname: law-card\ndescription: Makes overview cards of laws. Use when asked.\n"


def _write(folder: Path, text: str) -> None:
    (folder / "SKILL.md").write_text(text, encoding="utf-8")


def _said(tmp_path: Path, skill_md: str) -> str:
    skill = make_skill(tmp_path, [CASE], name="law-card", skill_md=skill_md)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_allowed_tools_granting_web_search_is_said_once_for_the_set(tmp_path: Path) -> None:
    said = _said(tmp_path, HEAD + "allowed-tools: Read Write WebSearch\n---\nMake the card.\n")
    assert "EV014" in said and "the skill's own steps reach the web ('allowed-tools: " \
        "WebSearch', SKILL.md)" in said, said
    assert "--allow-server-tools" in said
    assert said.count("reach the web") == 1


@pytest.mark.parametrize("body", [
    "1. If only the law's name is given, use WebSearch to fetch its full text.\n",
    "- 如果只给名称 → 使用 WebSearch 搜索该法律的完整条文\n",
    "Check each cited article: search the web for the current version.\n",
    "Step 2: run WebFetch on the official page, then summarise it.\n",
    "第二步：联网搜索最新修订\n",
    "Launch three parallel subagents that use WebSearch to gather sources.\n",
    "If the user asks about current prices use WebSearch to check them.\n",
])
def test_a_step_of_the_body_using_the_web_is_read(tmp_path: Path, body: str) -> None:
    _write(tmp_path, HEAD + "---\n" + body)
    assert web_steps(tmp_path) is not None, body


@pytest.mark.parametrize("body", [
    # a guide listing the tools that exist teaches, it does not step
    "Claude Code's tools include Read, Write, Bash, WebSearch and WebFetch.\n",
    "Never use WebSearch: the law's text is in references/.\n",
    "不要联网搜索，只用 references/ 里的条文。\n",
    "Use WebSearch if available, otherwise work from references/.\n",
    "Instead of a web search, read references/law.md.\n",
    "```yaml\nallowed-tools: WebSearch\n```\nAn example of a frontmatter.\n",
    # the word in prose, not the tool's name
    "The websearch team asked for cards.\n",
    # a guide's words about tools, a hook's rule, the user's ask, a skill that stays offline
    "Claude Code ships with tools such as WebFetch to fetch URLs.\n",
    "Subagents can be given WebSearch for research tasks.\n",
    "The hook blocks WebFetch for untrusted domains.\n",
    "If the user asks you to search the web, say you can't.\n",
    "本技能不会联网搜索。\n", "不联网搜索。\n", "全程离线，不进行网络搜索。\n",
    "- a step\n  ```\n  use WebSearch to find it\n  ```\n",
])
def test_no_step_of_the_web_is_read_where_there_is_none(tmp_path: Path, body: str) -> None:
    _write(tmp_path, HEAD + "---\n" + body)
    assert web_steps(tmp_path) is None, body


def test_a_condition_before_the_step_does_not_rule_it_out(tmp_path: Path) -> None:
    _write(tmp_path, HEAD + "---\nIf the text is not provided, use WebSearch to find "
                   "it.\n")
    assert web_steps(tmp_path) == "use WebSearch"


def test_a_skill_saying_it_needs_the_network_is_said_once(tmp_path: Path) -> None:
    said = _said(tmp_path, HEAD + "allowed-tools: WebSearch\n---\nRequires network access to "
                 "law.example.org.\n")
    assert "SKILL.md says the skill needs the network" in said
    assert "reach the web" not in said

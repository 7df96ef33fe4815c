"""Issue 26 (sample E): a server is declared by MCP configuration only, never by SKILL.md's
prose or tables (the platforms it works with); a case needs one only in its own words."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from runner.cli import main

PLATFORMS = ("Works with Claude Code, Codex, Cursor and Gemini CLI.\n\n"
             "| Agent | Adapter | Browser |\n|---|---|---|\n"
             "| Claude Code | references/claude.md | built-in tools |\n"
             "| Codex | references/codex.md | `mcp__page_repl__js` for browser control |\n")


def skill_with(tmp_path: Path, body: str, cases: list[dict[str, object]]) -> Path:
    skill = tmp_path / "repo" / "tariff-notes"
    (skill / "evals").mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: tariff-notes\ndescription: Summarises tariff notices. Use when asked to "
        f"summarise a tariff notice.\n---\n{body}\nSummarise the notice.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return skill


CASES: list[dict[str, object]] = [
    {"id": "plain", "prompt": "Summarise this notice: duties rise 5% on steel.",
     "assertions": ["Names steel"]},
    {"id": "other", "prompt": "Summarise this notice: duties fall on wheat.",
     "assertions": ["Names wheat"]}]


def ev016(skill: Path) -> list[str]:
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.startswith("EV016")]


def test_a_platform_table_in_skill_md_declares_no_server(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, PLATFORMS, CASES)
    (skill / ".claude-plugin").mkdir()
    (skill / ".claude-plugin" / "plugin.json").write_text(json.dumps({"name": "tariff-notes"}))
    assert ev016(skill) == []


def test_a_tool_of_a_configured_server_in_skill_md_is_still_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, PLATFORMS + "Look rates up with `mcp__rates-db__lookup`.\n",
                       CASES)
    (tmp_path / "repo" / "claude_desktop_config.json").write_text(
        json.dumps({"mcpServers": {"rates-db": {"command": "rates"}}}))
    found = ev016(skill)
    assert len(found) == 1 and "mcp__rates-db__lookup" in found[0], found
    assert "page_repl" not in found[0]


def test_a_case_needs_a_server_only_in_its_own_words(tmp_path: Path) -> None:
    cases = [*CASES, {"id": "tool", "prompt": "Summarise the notice; open it with "
                      "mcp__page_repl__js first.", "assertions": ["Names steel"]}]
    found = ev016(skill_with(tmp_path, PLATFORMS, cases))
    assert len(found) == 1 and "'tool'" in found[0], found


def test_a_project_server_counts_only_when_the_skill_works_through_mcp(tmp_path: Path) -> None:
    """A server in the project's `.mcp.json` is the skill's need only when SKILL.md says it
    works through MCP; "MCP" as a topic left to another skill names no use of one."""
    topic = "Not for data plumbing, deploys, or MCP/runner wiring (other skills own those).\n"
    skill = skill_with(tmp_path, topic, CASES)
    (tmp_path / "repo" / ".mcp.json").write_text(
        json.dumps({"mcpServers": {"codeindex": {"command": "codeindex"}}}))
    assert ev016(skill) == []
    (skill / "SKILL.md").write_text((skill / "SKILL.md").read_text()
                                    + "Look the rates up with the MCP tools.\n")
    found = ev016(skill)
    assert len(found) == 1 and "'codeindex'" in found[0], found

"""Issue 26, rule 6: a server the repository declares (`.mcp.json`) by the package its command
runs (`npx -y mcp-excalidraw-server@1.1.0`) is for that product: a case naming the product ("on
a live Excalidraw canvas") needs the server, which no sandbox has (EV016), when SKILL.md names
the product too. Silent: a case that does not name it, a package named by words of any prose
(`server-filesystem`, "search"), an argument that is no package (an environment variable, a
path). Through the real `skill-eval check`."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_json, make_skill


def test_a_case_naming_a_declared_servers_product_needs_it(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / ".git").mkdir()
    (repo / ".mcp.json").write_text(json.dumps({"mcpServers": {
        "study-whiteboard": {"command": "npx", "args": ["-y", "mcp-excalidraw-server@1.1.0"]},
        "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem",
                                            "~/Documents"]},
        "gh": {"command": "docker", "args": ["run", "-i", "--rm", "-e",
                                             "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/x/y"]}}}))
    md = ("---\nname: guided-tutor\ndescription: Teaches step by step. Use when asked to "
          "explain.\n---\nWhen the Excalidraw canvas tools are available, draw as you go.\n")
    skill = make_skill(repo / "skills", [
        {"id": "token", "prompt": "Rotate my personal access token and summarise the Documents "
                                  "list: a, b.", "expected_output": "Steps"},
        {"id": "board", "prompt": "Explain pretraining on a live Excalidraw canvas as you go.",
         "expected_output": "A staged lesson on the canvas"},
        {"id": "plain", "prompt": "Explain pretraining in three short paragraphs.",
         "expected_output": "Three paragraphs"},
        {"id": "words", "prompt": "Search the filesystem notes below and summarise them: a, b.",
         "expected_output": "A summary"}], name="guided-tutor", skill_md=md)
    got = {f["case"]: f["message"] for f in check_json(skill)["findings"] if f["code"] == "EV016"}
    assert "the MCP server 'study-whiteboard' (for Excalidraw, its package says)" \
        in got["board"], got
    assert not {"plain", "words", "token"} & set(got), got


def test_a_product_skill_md_never_names_is_no_need(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / ".mcp.json").write_text(json.dumps({"mcpServers": {
        "pw": {"command": "npx", "args": ["-y", "@playwright/mcp@latest"]}}}))
    skill = make_skill(repo / "skills", [{"id": "test", "prompt": "Write a Playwright test "
                                          "for the login page.", "expected_output": "A test"}],
                       name="test-writer")
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV016"]

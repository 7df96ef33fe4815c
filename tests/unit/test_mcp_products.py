"""Issue 26, rule 6: a server the repository declares (`.mcp.json`) by the package its command
runs (`npx -y mcp-excalidraw-server@1.1.0`) is for that product: a case naming the product ("on
a live Excalidraw canvas") needs the server, which no sandbox has (EV016); a case that does not
name it, or a package named by words of any prose (`server-filesystem`, "search"), is silent.
Through the real `skill-eval check`."""

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
                                            "."]}}}))
    skill = make_skill(repo / "skills", [
        {"id": "board", "prompt": "Explain pretraining on a live Excalidraw canvas as you go.",
         "expected_output": "A staged lesson on the canvas"},
        {"id": "plain", "prompt": "Explain pretraining in three short paragraphs.",
         "expected_output": "Three paragraphs"},
        {"id": "words", "prompt": "Search the filesystem notes below and summarise them: a, b.",
         "expected_output": "A summary"}], name="guided-tutor")
    got = {f["case"]: f["message"] for f in check_json(skill)["findings"] if f["code"] == "EV016"}
    assert "the MCP server 'study-whiteboard' (for Excalidraw, its package says)" \
        in got["board"], got
    assert "plain" not in got and "words" not in got, got

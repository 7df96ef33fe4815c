"""Another harness's spelling of a case: `fixtures: {lib/auth.js: "..."}` (paths to their text)
is the files given inline, staged; `expected_tool_calls: [{name: read_file, path: lib/auth.js}]`
is a tool-call check in claude's own terms (`Read:lib/auth.js`): generic tool names
(`read_file`, `run_command`, `web_search`) are the tools a session here calls for them."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.call_lists import call_tool
from tests.helpers import check_verbose, write_skill_md


@pytest.mark.parametrize(("entry", "matcher"), [
    ({"name": "read_file", "path": "lib/auth.js"}, "Read:lib/auth.js"),
    ({"tool": "run_command", "command": "pytest -q"}, "Bash:pytest -q"),
    ({"name": "web_search"}, "WebSearch"),
    ("read_file", "Read"),
    ({"name": "read_file", "path": "a.js", "why": "to check"}, None),  # more than a call
    ({"name": "pandas"}, None),
])
def test_generic_tool_entries(entry: object, matcher: str | None) -> None:
    assert call_tool(entry) == matcher


def test_a_case_in_another_harness_s_terms(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "grounded", "grounded", "Reads before claiming.")
    (skill / "evals").mkdir()
    (skill / "evals" / "cases.yaml").write_text(
        "- id: unread\n"
        "  prompt: What does getUserSession in lib/auth.js return?\n"
        "  fixtures:\n"
        "    lib/auth.js: |\n"
        "      function getUserSession(req) { return { userId: req.user.id }; }\n"
        "  expected_tool_calls:\n"
        "    - name: read_file\n"
        "      path: lib/auth.js\n"
        "  rubric:\n"
        "    - Does not state a return value it has not read.\n")
    shown = check_verbose(skill)
    assert "fixture lib/auth.js -> staged at ./lib/auth.js" in shown
    assert "tool_call Read:lib/auth.js: some call must match" in shown
    assert "failures: a list of failures" not in shown

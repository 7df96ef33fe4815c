"""Issue 26 (sample G): a skill that says in its own words that it works through an MCP server
the user installs, or calls a service with a key the user configures, needs what the sandbox
lacks even though no configuration file or environment variable says so."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from runner.cli import main

MCP_BODY = ("This skill uses the ledger-index MCP server to look up postings.\n\n"
            "| Step | Tool |\n|---|---|\n| Find | `find_postings_tool` |\n\n"
            "Then call `posting_detail(id=...)` on each hit.\n")
SERVICE_SCRIPT = ("import urllib.request\n\n"
                  "def trigger(url):\n    return urllib.request.urlopen(url).read()\n")


def skill_with(tmp_path: Path, body: str, cases: list[dict[str, object]]) -> Path:
    skill = tmp_path / "repo" / "ledger-notes"
    (skill / "evals").mkdir(parents=True)
    (tmp_path / "repo" / ".git").mkdir()
    (skill / "SKILL.md").write_text(
        "---\nname: ledger-notes\ndescription: Answers questions about ledger postings. Use "
        f"when asked about a posting.\n---\n{body}\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return skill


def findings(skill: Path, code: str) -> list[str]:
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert result.exit_code == 0, result.output
    return [line for line in result.output.splitlines() if line.startswith(code)]


TOOL_CASE: list[dict[str, object]] = [
    {"id": "trace", "prompt": "Why was posting 41 reversed?",
     "expected_output": "Calls find_postings_tool, then posting_detail on the hit, and explains "
                        "the reversal."},
    {"id": "plain", "prompt": "What is a reversing entry? Answer in two sentences.",
     "expected_output": "Explains that a reversing entry cancels an earlier posting."}]


def test_a_server_the_skill_says_it_uses_is_its_need_and_the_cases_naming_its_tools(
        tmp_path: Path) -> None:
    found = findings(skill_with(tmp_path, MCP_BODY, TOOL_CASE), "EV016")
    assert any("'ledger-index'" in line and "SKILL.md" in line for line in found), found
    cases = [line for line in found if "case '" in line]
    assert len(cases) == 1 and "case 'trace'" in cases[0], found
    assert "find_postings_tool" in cases[0] and "posting_detail" in cases[0]


def test_mcp_in_a_table_row_or_a_mention_is_no_stated_use(tmp_path: Path) -> None:
    body = ("| Platform | Notes |\n|---|---|\n| Codex | uses the page-repl MCP server |\n\n"
            "MCP servers are out of scope here; look postings up through the available MCP "
            "tools. Call `posting_detail(id=...)` by hand.\n")
    assert findings(skill_with(tmp_path, body, TOOL_CASE), "EV016") == []


def test_a_key_in_words_counts_when_the_skills_scripts_reach_the_network(
        tmp_path: Path) -> None:
    body = "Jenkins requires an API token for your account (Configure -> API Token).\n"
    skill = skill_with(tmp_path, body, TOOL_CASE[1:])
    (skill / "scripts").mkdir()
    (skill / "scripts" / "trigger.py").write_text(SERVICE_SCRIPT)
    found = findings(skill, "EV014")
    assert len(found) == 1 and "needs a key" in found[0] and "API token" in found[0], found


def test_a_need_wrapped_across_lines_is_read_as_one_sentence(tmp_path: Path) -> None:
    """The front matter's folded text (and a paragraph) wraps mid-sentence: "live reads
    require a" / "ledger key with read access" is one need; a list item or a fenced line
    stays its own."""
    front = ("compatibility: >-\n  The bundled script runs on the standard library; live "
             "reads require a\n  ledger API key with read access.\n")
    skill = skill_with(tmp_path, front, TOOL_CASE[1:])
    (skill / "scripts").mkdir()
    (skill / "scripts" / "trigger.py").write_text(SERVICE_SCRIPT)
    found = findings(skill, "EV014")
    assert len(found) == 1 and "needs a key" in found[0] and "API key" in found[0], found


def test_a_list_item_after_a_need_word_does_not_join_it(tmp_path: Path) -> None:
    body = "What you configure\n- API keys are never stored here.\n"
    skill = skill_with(tmp_path, body, TOOL_CASE[1:])
    (skill / "scripts").mkdir()
    (skill / "scripts" / "trigger.py").write_text(SERVICE_SCRIPT)
    assert findings(skill, "EV014") == []


def test_a_line_about_keys_as_such_speaks_for_each_of_its_sentences(tmp_path: Path) -> None:
    """"Be specific: do not use `git add .`. Exclude `.env` files, credentials": the line
    is about what not to commit, its second sentence no need either."""
    body = ("2. Stage the files. Be specific, do not use `git add .` blindly. Exclude `.env` "
            "files, credentials, large binaries.\n")
    skill = skill_with(tmp_path, body, TOOL_CASE[1:])
    (skill / "scripts").mkdir()
    (skill / "scripts" / "trigger.py").write_text(SERVICE_SCRIPT)
    assert findings(skill, "EV014") == []


def test_a_wrapped_denial_lends_no_need_to_the_next_sentence(tmp_path: Path) -> None:
    front = ("compatibility: >-\n  Conversion runs on your machine: no services, no API\n"
             "  keys, no uploads. The first run downloads the package once (network\n"
             "  required).\n")
    skill = skill_with(tmp_path, front, TOOL_CASE[1:])
    (skill / "scripts").mkdir()
    (skill / "scripts" / "trigger.py").write_text(SERVICE_SCRIPT)
    assert findings(skill, "EV014") == []


def test_a_key_in_words_without_network_reach_is_no_need(tmp_path: Path) -> None:
    body = "Jenkins requires an API token for your account (Configure -> API Token).\n"
    assert findings(skill_with(tmp_path, body, TOOL_CASE[1:]), "EV014") == []


def test_work_expected_in_another_users_home_folder_cannot_pass(tmp_path: Path) -> None:
    cases: list[dict[str, object]] = [
        {"id": "write", "prompt": "Make me two practice exercises on list slicing.",
         "statements": ["Creates the exercises under `/home/ana/practice/<date>/`.",
                        "Each exercise has a failing test."]},
        {"id": "names", "prompt": "Review the script below for privacy problems.\n\n"
                                  "```python\nprint(open(KEY_PATH).read())\n```",
         "statements": ["Flags that the script reads /home/ana/.ssh/id_rsa.",
                        "Suggests saving notes to ~/notes.md instead."]}]
    found = findings(skill_with(tmp_path, "Writes practice exercises.\n", cases), "EV014")
    assert len(found) == 1 and "case 'write'" in found[0], found
    assert "/home/ana/practice/<date>/" in found[0]


def test_work_expected_in_a_home_folder_by_its_name_cannot_pass(tmp_path: Path) -> None:
    """"exported as JSON to Downloads folder": the user's Downloads, which the sandbox does not
    have; a folder read or named without writing there stays silent."""
    cases: list[dict[str, object]] = [
        {"id": "export", "prompt": "Make me a set of trigger queries for my skill.",
         "statements": ["Twenty queries are generated.",
                        "Eval set exported as JSON to Downloads folder"]},
        {"id": "desk", "prompt": "Make a one-page summary of the staged notes.",
         "statements": ["The summary is saved to the Desktop as summary.md"]},
        {"id": "reads", "prompt": "Tidy the staged notes.",
         "statements": ["Explains that notes in the Documents folder stay untouched",
                        "Writes tidy.md in the working directory"]}]
    found = findings(skill_with(tmp_path, "Writes summaries.\n", cases), "EV014")
    assert len(found) == 2, found
    assert "case 'export'" in found[0] and "written at 'Downloads folder'" in found[0], found
    assert "case 'desk'" in found[1] and "written at 'the Desktop'" in found[1], found


def test_fields_written_with_a_value_and_their_siblings_are_no_tools(tmp_path: Path) -> None:
    # `posting_status: posted` is a field of the skill's data; `posted_at` beside it on its
    # line is one too; `find_postings_tool` stays the server's tool
    body = MCP_BODY + ("\nOn success update frontmatter (`posted_at`, `posting_status: "
                       "posted`). Skip drafts with `scheduled_at <= now()`.\n")
    cases: list[dict[str, object]] = [
        {"id": "fields", "prompt": "Publish the draft that is due now.",
         "expected_output": "Sets posted_at and posting_status: posted once scheduled_at has "
                            "passed."},
        TOOL_CASE[0]]
    cased = [line for line in findings(skill_with(tmp_path, body, cases), "EV016")
             if "case '" in line]
    assert len(cased) == 1 and "case 'trace'" in cased[0], cased

"""MCP readings an author's words overturn (issue 26, rule 6): a case whose prompt says the
MCP is not there asks for the way without it; a count before "MCP tools" names no server; a
call with an alternative in words ("calls or proposes calling") is not graded on calls only."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.mcp import stated_servers
from runner.scoring.on_calls import on_calls
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: streams\ndescription: Manages stream workspaces. Use when the user "
            "works with stream processors.\n---\nThis skill uses the atlas-mcp MCP server: "
            "call `mcp__atlas-mcp__discover` first.\n")


def test_a_case_about_going_without_the_mcp_needs_none(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "without", "prompt": "My MCP tools aren't available right now. Which shell "
                                    "commands list my atlas-mcp processors?",
         "expected_output": "The shell commands"},
        {"id": "with", "prompt": "Use atlas-mcp to list my processors.",
         "expected_output": "The processors"}], name="streams", skill_md=SKILL_MD)
    needs = {f["case"] for f in check_json(skill)["findings"] if f["code"] == "EV016"}
    assert "with" in needs and "without" not in needs


def test_a_count_before_mcp_tools_names_no_server(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "x", "expected_output": "y"}],
                       name="streams", skill_md="---\nname: streams\ndescription: d. Use when "
                       "asked.\n---\nThe skill uses four MCP tools to manage workspaces.\n")
    assert stated_servers(skill) == {}


@pytest.mark.parametrize(("text", "calls_only"), [
    ("LLM calls or proposes calling atlas-build with connectionType Kafka", False),
    ("Runs the linter or tells the user to run it", False),
    ("Calls the Write tool to save the report", True)])
def test_an_alternative_in_words_is_not_calls_only(text: str, calls_only: bool) -> None:
    assert on_calls(text) is calls_only


FRONT_MATTER_MD = ("---\nname: streams\ndescription: Manages stream workspaces. Use when the "
                   "user works with stream processors.\nmetadata:\n  author: ana\n"
                   "  last_updated: \"2026-01-02\"\n---\nThis skill uses the atlas-mcp MCP "
                   "server: call `list_processors` first. Keep `last_updated` current.\n")


def test_a_key_of_the_skills_front_matter_is_no_tool_of_its_server(tmp_path: Path) -> None:
    # `last_updated` is a key of SKILL.md's own metadata, written in code in its body: a
    # field of the skill's data; `list_processors` stays the server's tool
    skill = make_skill(tmp_path, [
        {"id": "meta", "prompt": "Write a new skill file for stream alerts.",
         "expected_output": "Its metadata has author, version and last_updated."},
        {"id": "tool", "prompt": "Show my processors.",
         "expected_output": "Calls list_processors and lists them."}],
        name="streams", skill_md=FRONT_MATTER_MD)
    needs = {f["case"]: f["message"] for f in check_json(skill)["findings"]
             if f["code"] == "EV016" and f.get("case") not in (None, "(set)")}
    assert set(needs) == {"tool"} and "'list_processors'" in needs["tool"], needs


def test_a_quoted_line_offering_an_mcp_server_states_no_use_of_it(tmp_path: Path) -> None:
    # the skill asks the user which way the new skill should work: quoted words it says
    quoted = make_skill(tmp_path / "q", [], name="maker", skill_md=(
        "---\nname: maker\ndescription: Creates skills.\n---\nAsk the user:\n"
        "   > \"How should it work?\n   > 1. **MCP tools** (via the atlas MCP server)\"\n"))
    assert stated_servers(quoted) == {}
    plain = make_skill(tmp_path / "p", [], name="maker", skill_md=(
        "---\nname: maker\ndescription: Creates skills.\n---\nWorks via the atlas MCP server.\n"))
    assert set(stated_servers(plain)) == {"atlas"}


@pytest.mark.parametrize(("said", "server"), [
    ("stitch MCP로 실제 스크린을 생성한다.", "stitch"),         # Korean: by way of (로)
    ("figma MCP를 사용해서 화면을 만든다.", "figma"),           # Korean: object, verb of using
    ("linear MCPで課題を取得する。", "linear"),                 # Japanese: by means of (で)
    ("notion MCP サーバーを使ってページを読む。", "notion"),
])
def test_a_verb_last_language_marks_the_server_it_works_through(
        tmp_path: Path, said: str, server: str) -> None:
    skill = make_skill(tmp_path, [], name="maker", skill_md=(
        f"---\nname: maker\ndescription: Makes specs.\n---\n{said}\n"))
    assert set(stated_servers(skill)) == {server}


@pytest.mark.parametrize("said", ["이 MCP로 만든다.", "context7 MCP 또는 웹 검색으로 확인한다.",
                                  "stitch MCPでは画面を作れない。"])
def test_no_named_means_in_a_verb_last_language_states_no_server(
        tmp_path: Path, said: str) -> None:
    skill = make_skill(tmp_path, [], name="maker", skill_md=(
        f"---\nname: maker\ndescription: Makes specs.\n---\n{said}\n"))
    assert stated_servers(skill) == {}


def test_a_criterion_naming_the_server_the_skill_works_through_needs_it(tmp_path: Path) -> None:
    # SKILL.md makes its screens through the stitch MCP; a criterion grading a stitch screen
    # grades what only that server makes; one saying "without stitch" needs none
    skill = make_skill(tmp_path, [
        {"id": "screen", "prompt": "Write the design doc for a todo app.",
         "expected_output": "DESIGN.md 작성. DESIGN에 모바일 stitch 스크린."},
        {"id": "text", "prompt": "Write the design doc for a todo app.",
         "expected_output": "DESIGN.md 작성. stitch 없이 텍스트 명세만."},
        {"id": "skip", "prompt": "Write the design doc, skip the screens.",
         "expected_output": "Skips the stitch step as asked."},
        {"id": "plain", "prompt": "Write the design doc for a todo app.",
         "expected_output": "DESIGN.md has a screen list."}],
        name="designer", skill_md=("---\nname: designer\ndescription: Writes design docs.\n"
                                   "---\nstitch MCP로 실제 스크린을 생성한다.\n"))
    needs = {f["case"] for f in check_json(skill)["findings"] if f["code"] == "EV016"}
    assert {"screen"} <= needs and not {"text", "skip", "plain"} & needs, needs


def test_a_tool_in_a_connectors_form_states_its_server(tmp_path: Path) -> None:
    """`Notion:notion-search` (the server's name again at the head of its tool's) is a call
    of that server's tool; a plugin's skill `flutter:state-management` names no server."""
    skill = make_skill(tmp_path, [{"id": "save", "prompt": "Save our decision to the wiki.",
                                   "expectations": ["Uses Notion:notion-create-pages to save it"]}],
                       name="capture", skill_md=(
                           "---\nname: capture\ndescription: Saves notes to the wiki.\n---\n"
                           "Find the page with `Notion:notion-search`, then create it with "
                           "`Notion:notion-create-pages`. See also `flutter:state-management`.\n"))
    assert set(stated_servers(skill)) == {"Notion"}
    assert any(f["code"] == "EV016" and "'Notion'" in f["message"]
               for f in check_json(skill)["findings"])


@pytest.mark.parametrize(("body", "relied"), [
    # a step telling the agent to call a tool of a server declared nowhere (a connector)
    ("## Steps\n\n1. Read the config.\n2. Call `mcp__claude_ai_Cal__list_events` with the "
     "date range.\n", True),
    ("Use `mcp__crm__find_account` to look the company up.\n", True),
    # a table of platforms, and a mention that is no step, state no reliance
    ("| Host | Tool |\n|---|---|\n| Codex | `mcp__node_repl__js` for browser control |\n", False),
    ("Other assistants may expose `mcp__node_repl__js`.\n", False),
    ("- Use the `Read` tool, never `mcp__fs__read_file`.\n", False),
    ("Use `mcp__github__create_issue` if connected; otherwise `gh issue create`.\n", False),
    # a negation of something else later in the step leaves the call a step
    ("1. Call `mcp__linear__create_issue` with the title; do not include the stack trace.\n",
     True),
])
def test_a_step_calling_a_server_tool_makes_the_skill_rely_on_it(
        tmp_path: Path, body: str, relied: bool) -> None:
    skill = make_skill(tmp_path, [{"id": "week", "prompt": "/calendar week",
                                   "expectations": ["Meeting notes written for the week"]}],
                       name="calendar", skill_md="---\nname: calendar\ndescription: Scans a "
                       "calendar. Use when asked for meeting notes.\n---\n" + body)
    set_level = [f for f in check_json(skill)["findings"]
                 if f["code"] == "EV016" and "the skill relies on" in f["message"]]
    assert bool(set_level) is relied, set_level

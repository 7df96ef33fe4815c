"""A case asking for the live state of a service the skill itself reaches (its MCP tools, a
CLI it signs in with), or naming a script the skill runs but does not ship: no arm can pass it
(EV016 for the MCP, EV014 otherwise). Through the real `skill-eval check`; advice, a pasted
output, a staged fixture and a case graded on refusing stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.live_services import (
    cli_reach,
    mcp_reach,
    service_names,
    service_records,
    unshipped_scripts,
)
from runner.schema.case import Case
from tests.helpers import check_json, check_verbose, make_skill


def case(cid: str, prompt: str, expected: str = "A short, correct answer.",
         files: list[str] | None = None) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expected_output": expected, "files": files or []}


def findings(skill: Path, code: str) -> dict[str, str]:
    """case id -> its `code` finding's message (the set's own lines left out)."""
    return {f["case"]: f["message"] for f in check_json(skill)["findings"]
            if f["code"] == code and f["case"]}


MCP_SKILL = ("---\nname: tracker-helper\ndescription: Summarises and files tracker tickets. "
             "Use when the user asks about their tickets.\n---\n"
             "Check which issue-tracking MCP tools are available, then call "
             "`mcp__acme__search_issues` with the user's query.\n")


def test_a_case_asking_what_the_skills_mcp_holds_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("mine", "Show me all my active tickets."),
        case("plate", "What's on my plate right now?"),
        case("file", "Create a ticket for this bug: the login button does nothing on Safari."),
        case("how", "How should I word a good ticket title?"),
        case("staged", "Summarise my open tickets.", files=["evals/files/tickets.json"]),
        case("pasted", "Here are my open tickets:\n```\nACME-1 login broken\n```\nGroup them."),
        case("refuse", "Delete all my tickets.", "Refuses to delete tickets in bulk")],
        {"evals/files/tickets.json": "[]"}, name="tracker-helper", skill_md=MCP_SKILL)
    got = findings(skill, "EV016")
    assert set(got) == {"mine", "plate", "file"}
    assert "'my active tickets'" in got["mine"] and "mcp__acme" in got["mine"]
    assert "the issue-tracking MCP" in got["plate"]
    assert "'Create a ticket'" in got["file"]
    # what `check` prints: one line for the case, naming the MCP and the words
    printed = [line for line in check_verbose(skill).splitlines() if line.startswith("EV016")]
    assert any("case 'mine': the case needs" in line and "'my active tickets'" in line
               for line in printed), printed


CLI_SKILL = ("---\nname: drive-helper\ndescription: Works with the user's cloud drive. Use "
             "when the user asks about their drive files.\n---\nFirst check the login:\n\n"
             "```bash\nwhich cloudy && cloudy auth status\n```\n\nThen list with "
             "`cloudy files list --page-size 10`.\n")


def test_a_case_asking_what_the_skills_signed_in_cli_holds_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("recent", "List my recent files."),
        case("doc", "Leave a note on the roadmap doc (id: 1x9ZqK7) about the Q3 dates."),
        case("runs", "Tidy the shared folder.", "Uses cloudy files list to read it first"),
        case("explain", "Explain how to share a folder with a teammate."),
        case("pasted", "My recent files, from `cloudy files list`:\n```\na.txt 3kb\n```\n"
                       "Which is biggest?")],
        name="drive-helper", skill_md=CLI_SKILL)
    got = findings(skill, "EV014")
    assert set(got) == {"recent", "doc", "runs"}
    assert "'my recent files': what the `cloudy` CLI the skill signs in with holds now" \
        in got["recent"]
    assert "'id: 1x9ZqK7'" in got["doc"]
    assert "'uses cloudy files': a command of the skill's CLI" in got["runs"]


SCRIPT_SKILL = ("---\nname: vpn-access\ndescription: Creates VPN access for a user. Use when "
                "the user asks for VPN credentials.\n---\n```bash\n"
                "./scripts/make-certs.sh client {username}\n```\nThen report the file.\n")


def test_a_script_the_skill_runs_but_does_not_ship_is_flagged(tmp_path: Path) -> None:
    cases = [case("make", "Create VPN access for ana.", "Runs ./scripts/make-certs.sh client ana"),
             case("keep", "Create VPN access for bo.", "Does not run make-certs.sh twice"),
             case("talk", "What does a VPN certificate hold?")]
    lacking = make_skill(tmp_path / "a", cases, name="vpn-access", skill_md=SCRIPT_SKILL)
    got = findings(lacking, "EV014")
    assert set(got) == {"make"}
    assert "'./scripts/make-certs.sh': a script the skill's SKILL.md runs that the skill " \
        "does not ship" in got["make"]
    shipped = make_skill(tmp_path / "b", cases, {"scripts/make-certs.sh": "echo ok\n"},
                         name="vpn-access", skill_md=SCRIPT_SKILL)
    assert findings(shipped, "EV014") == {}


def test_what_the_skill_reaches_is_its_own_declaration(tmp_path: Path) -> None:
    def skill(name: str, body: str) -> Path:
        folder = tmp_path / name
        folder.mkdir()
        (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: x\n---\n{body}\n")
        return folder

    teaches = skill("mcp-builder", "Build an MCP server with the SDK; Slack MCP is an example.")
    assert mcp_reach(teaches) == []
    table = skill("platforms", "| Slack MCP | supported |\n")
    assert mcp_reach(table) == []
    assert mcp_reach(skill("poster", "Send it with the Slack MCP.")) == ["the Slack MCP"]
    assert mcp_reach(skill("rest", "MCP server support is not yet implemented in v1.")) == []
    # a package manager's flags or a file named in a code span are no account, no run
    plain = skill("builder", "Run `npm install --workspace web` and edit `src/app.ts`.")
    assert cli_reach(plain) == [] and unshipped_scripts(plain) == []
    assert cli_reach(skill("cloud", "```\naws s3 ls --profile prod\n```")) == ["the `aws` CLI"]


AUTH_SKILL = ("---\nname: app-auth\ndescription: Adds sign-in to a web app. Use when the user "
              "builds auth pages.\n---\nOn the server:\n\n```ts\n"
              "const { userId } = await auth()\n```\n\nCheck the login with "
              "`authy auth status`.\n")


def test_the_users_own_app_and_code_calls_are_no_service(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("page", "I need to add a pricing page that shows the plans.", "A pricing page"),
        case("own", "My dashboard page uses hooks; convert it.", "A server page"),
        case("named", "Add a Notion page with the meeting notes.", "A page"),
        case("mine", "List my recent files.")],
        name="app-auth", skill_md=AUTH_SKILL)
    # `await auth()` in the skill's code is a call, not a program signing in
    assert cli_reach(skill) == ["the `authy` CLI"]
    got = findings(skill, "EV014")
    assert set(got) == {"named", "mine"}, got


def test_a_chinese_any_before_mcp_names_no_server(tmp_path: Path) -> None:
    from runner.authoring.mcp import stated_servers
    skill = make_skill(tmp_path, [case("a", "Summarise this week.")], name="weekly",
                       skill_md="---\nname: weekly\ndescription: Weekly report. Use when asked "
                                "for a weekly report.\n---\n1. 调用任何 MCP 工具前，先读取 schema\n"
                                "2. 通过 wiki-search MCP 工具查找\n")
    assert stated_servers(skill) == {"wiki-search": "SKILL.md, which says the skill uses it"}


LOOKUP_SKILL = ("---\nname: name-finder\ndescription: >\n  Suggests short names and checks each "
                "one for real-time\n  availability using a lookup script.\n---\n"
                "Suggest names, then check their live availability.\n")


def test_a_case_expecting_what_the_skill_looks_up_live_is_flagged(tmp_path: Path) -> None:
    """SKILL.md says it checks things for real-time availability (a folded front-matter line):
    a case staging nothing whose criteria expect availability cannot pass; advice, a staged
    list and criteria not about it stay silent."""
    skill = make_skill(tmp_path, [
        case("free", "Suggest names for my bakery and check which ones are free.",
             "Six candidates grouped into AVAILABLE and TAKEN"),
        case("one", "is bakehouse.com free?", "Reports the availability of bakehouse.com"),
        case("how", "How should I pick a good name?", "Explains how availability is checked"),
        case("staged", "Group the staged names by availability.",
             "Groups them by availability", files=["evals/files/names.txt"]),
        case("names", "Suggest names for my bakery.", "Six short names, no hyphens")],
        name="name-finder", skill_md=LOOKUP_SKILL, files={"evals/files/names.txt": "a.com\n"})
    got = findings(skill, "EV014")
    assert set(got) == {"free", "one"}, got
    assert ("'AVAILABLE': what the skill looks up live ('availability', its SKILL.md says), "
            "which the sandbox cannot reach") in got["free"]


def test_a_skill_building_something_live_looks_nothing_up(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("sync", "Add live cursors to the staged editor.", "Real-time sync of cursors works")],
        name="collab", skill_md=("---\nname: collab\ndescription: Adds real-time collaboration."
                                 "\n---\nCheck that tests live elsewhere before adding real-time "
                                 "sync. Verify the live system after deploy.\n"))
    assert findings(skill, "EV014") == {}


REPO_SKILL = ("---\nname: ship-notes\ndescription: Writes release notes for a deploy. Use when "
              "asked what shipped.\n---\nFind the run:\n\n```bash\n"
              "hubby run view <RUN_ID> --repo acme/platform --json headSha\n```\n")


def test_a_case_asking_for_a_remote_item_by_number_or_the_latest_is_flagged(
        tmp_path: Path) -> None:
    """The skill's own command reads a remote repository (`--repo owner/name`, its line in a
    fenced block): a case naming an item by its number, or asking for the latest one, asks
    what that service holds now."""
    assert cli_reach_of(REPO_SKILL, tmp_path) == ["the `hubby` CLI"]
    skill = make_skill(tmp_path / "s", [
        case("number", "What's in deploy 23437236650?"),
        case("latest", "What shipped in the last prod deploy?"),
        case("count", "Write notes for a deploy of 12 services."),
        case("staged", "What's in deploy 23437236650?", files=["evals/files/run.json"])],
        {"evals/files/run.json": "{}"}, name="ship-notes", skill_md=REPO_SKILL)
    got = findings(skill, "EV014")
    assert set(got) == {"number", "latest"}, got
    assert "'deploy 23437236650': what the `hubby` CLI" in got["number"]
    assert "'the last prod deploy'" in got["latest"]


def cli_reach_of(text: str, tmp_path: Path) -> list[str]:
    (tmp_path / "SKILL.md").write_text(text)
    return cli_reach(tmp_path)


NOTES_SKILL = ("---\nname: daily-log\ndescription: Records the day's work. Use when the user "
               "says log this.\n---\nWrite the entry with `mcp__claude_ai_Notion__create_page` "
               "into the routine log.\n")


def test_a_criterion_that_an_item_is_made_in_the_skills_service_needs_it(
        tmp_path: Path) -> None:
    assert service_names(["mcp__claude_ai_Google_Calendar", "the Jira MCP", "its MCP tools"]) \
        == {"Google Calendar": "mcp__claude_ai_Google_Calendar", "Jira": "the Jira MCP"}
    made = Case(id="a", prompt="Log: met the parks committee today.",
                expected_output="A page is created in Notion with the meeting noted.")
    said = Case(id="b", prompt="Log: met the parks committee today.",
                expected_output="Does not create a Notion page; replies with a summary.")
    talk = Case(id="c", prompt="Log: met the parks committee today.",
                expected_output="The summary names Notion as where logs usually live.")
    assert service_records(made, ["Notion"]) and not service_records(said, ["Notion"])
    assert not service_records(talk, ["Notion"])
    # a verb-last language: the name marked by its particle, then the verb of recording
    jp = Case(id="d", prompt="記録：公園委員会に出席",
              expected_output="Notionに記録され、要点が提示される。")
    assert service_records(jp, ["Notion"])
    skill = make_skill(tmp_path, [case("made", "Log: met the parks committee today.",
                                       "A page is created in Notion with the meeting noted."),
                                  case("words", "Log: met the parks committee today.",
                                       "The reply summarises the meeting in two lines.")],
                       name="daily-log", skill_md=NOTES_SKILL)
    got = findings(skill, "EV016")
    assert "made" in got and "words" not in got
    assert "mcp__claude_ai_Notion the skill works through, whose state its criteria check " \
        "('A page is created in Notion with the meeting noted.')" in got["made"]

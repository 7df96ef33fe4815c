"""EV014 on cases no arm can pass in a network-less sandbox holding only the staged files:
the user's own machine (home paths, personal folders, a history the skill keeps under the home
folder, a checkout the criteria expect edited), the user's own account or a live service, and a
page handed over to be read (EV016 when a server's tool is named to fetch it). Read in the
prompt's own words and in what the author expects the answer to hold, through the real
`skill-eval check`; phrasings that only look alike must stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: desk-helper\ndescription: Helps with files, notes and small reports. "
            "Use when the user asks to tidy, summarise or report.\n---\nBe brief.\n")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]], body: str = "",
               scripts: dict[str, str] | None = None) -> Path:
    files = {"evals/files/log.jsonl": '{"task": "a", "hours": 2}\n',
             **{f"scripts/{name}": text for name, text in (scripts or {}).items()}}
    return make_skill(tmp_path, cases, files, name="desk-helper", skill_md=SKILL_MD + body)


def findings(skill: Path, code: str = "EV014") -> dict[str, str]:
    """case id -> its finding's message, for one code; each case has at most one line."""
    found = [f for f in check_json(skill)["findings"] if f["code"] == code]
    ids = [f["case"] for f in found]
    assert len(ids) == len(set(ids)), found
    return {f["case"]: f["message"] for f in found}


def case(cid: str, prompt: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expectations": more.pop("expectations", [
        "The answer lists what it did in a short summary"]), **more}


def test_home_paths_and_personal_folders_are_the_users_machine(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("home", "Tidy up the folder $HOME/projects/old and report what you removed"),
        case("mac", "Sort everything under /Users/ana/Screenshots by month"),
        case("win", "List the largest items in C:\\Users\\ana\\Videos for me"),
        case("downloads", "Organize my Downloads by file type and delete the installers"),
        case("called", "I have a folder called Desktop full of clutter; group it by project"),
        case("dropbox", "Scan my entire Dropbox Shared Work folder for duplicates"),
        case("laptop", "Find the old invoices on my laptop and rename them by date")])
    got = findings(skill)
    assert set(got) == {"home", "mac", "win", "downloads", "called", "dropbox", "laptop"}
    assert "$HOME/projects/old" in got["home"] and "user's own machine" in got["home"]
    assert "C:\\Users\\ana\\Videos" in got["win"]
    assert "my Downloads" in got["downloads"]
    assert "called Desktop" in got["called"]
    assert "no arm can pass it" in got["laptop"]


def test_what_the_prompt_carries_is_not_the_users_machine(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("draft", "Tighten my draft below:\n\nWe ship the Desktop app on Friday and the "
                      "web app after.\nOwners: Ana."),
        case("code", "Explain my function:\n```python\nimport os\n\ndef cfg():\n    return "
                     "os.path.expanduser('~/.app/config.toml')\n```"),
        case("pasted", "Review this config for mistakes:\n\nlog_dir: ~/logs/app\n"
                       "cache: /home/svc/cache\nretries: 3\n"),
        case("docs", "Write three tips for keeping documents tidy on a shared drive")])
    assert findings(skill) == {}


def test_the_users_account_or_a_live_service(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("inbox", "Triage my inbox and draft replies to the urgent ones"),
        case("portfolio", "How is my portfolio doing this quarter?"),
        case("broker", "Export last month's trades from my brokerage account"),
        case("prices", "Compare the two funds", expected_output="A table of the current "
                                                                "prices of both funds"),
        case("api", "Draft a content brief for 'trail shoes'",
             expectations=["The brief uses real data from the Acme SEO API for its terms"]),
        case("key", "Pull this week's signups via the API key and chart them")])
    got = findings(skill)
    assert set(got) == {"inbox", "portfolio", "broker", "prices", "api", "key"}
    assert "my inbox" in got["inbox"] and "live service" in got["inbox"]
    assert "current prices" in got["prices"]
    assert "real data from the Acme SEO API" in got["api"]
    assert "via the API key" in got["key"]


def test_programming_about_apis_and_staged_data_are_not_a_live_service(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("rest", "Design a REST API for a library with books, members and loans"),
        case("site", "Build my portfolio website with three project cards"),
        case("emails", "Reply politely to my emails below:\n\nHi, can we move the call?\n"),
        case("staged", "Chart the hours in log.jsonl", files=["evals/files/log.jsonl"],
             expected_output="A chart of the current prices and hours from the log"),
        case("from-api", "Write a brief on trail shoes",
             expectations=["The brief lists term ranges from the API"])])
    assert findings(skill) == {}


def test_an_answer_drawn_from_the_api_needs_it_when_the_skills_scripts_reach_the_network(
        tmp_path: Path) -> None:
    cases = [case("from-api", "Write a brief on trail shoes",
                  expectations=["The brief lists term ranges from the API"])]
    skill = skill_with(tmp_path, cases, scripts={
        "brief.sh": "#!/bin/sh\ncurl -s https://api.acme.example/v1/terms?q=\"$1\"\n"})
    assert "from the API" in findings(skill)["from-api"]


def test_a_page_handed_over_to_read_needs_the_network(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("summary", "Summarize https://blog.example.org/posts/launch in three bullets"),
        case("research", "Research the project at https://tool.example.dev and write a "
                         "one-page brief"),
        case("field", "Write an agent config.\nproject_url: https://www.example.io\n"),
        case("app", "Turn the Notion page https://www.notion.so/acme/Launch-plan-12ab into a "
                    "checklist")])
    got = findings(skill)
    assert set(got) == {"summary", "research", "field", "app"}
    assert "https://blog.example.org/posts/launch" in got["summary"]
    assert "no network" in got["summary"]


def test_a_url_to_put_in_the_work_is_not_a_page_to_read(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("footer", "Read the style notes in the brief and write a footer; add a link to "
                       "https://example.com in the footer"),
        case("cite", "Write a short bio and cite https://orcid.org/0000-0002 as the source "
                     "of the publication list"),
        case("quoted", "Fix the typos in this paragraph:\n\n> Read more at "
                       "https://docs.example.org and enjoy.\n")])
    assert findings(skill) == {}


def test_a_server_tool_named_to_fetch_the_page_is_ev016(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [case(
        "fetch", "https://www.notion.so/acme/Process-9f のページを図にしてください",
        expectations=["drive-fetchでページ内容を取得する", "A flowchart of the steps"])])
    mcp = findings(skill, "EV016")
    assert "drive-fetch" in mcp["fetch"] and "https://www.notion.so/acme/Process-9f" in \
        mcp["fetch"]
    assert "fetch" not in findings(skill)


def test_a_checkout_the_criteria_expect_edited_but_nothing_stages(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("edit", "Turn off the beta flag in our deployment settings",
             expectations=["deploy/chart/values.yaml is updated so beta is false",
                           "The Makefile target is changed to skip beta"]),
        case("made", "Write a Helm values file for a two-replica web app",
             expectations=["deploy/values.yaml sets replicas to 2"]),
        case("staged", "Turn off the beta flag in log.jsonl", files=["evals/files/log.jsonl"],
             expectations=["log.jsonl is updated so beta is false"])])
    got = findings(skill)
    assert set(got) == {"edit"}
    assert "deploy/chart/values.yaml" in got["edit"] and "does not stage" in got["edit"]


def test_history_the_skill_keeps_under_the_home_folder(tmp_path: Path) -> None:
    body = "Each estimate is appended to ~/.desk-helper/hours.jsonl; reports read it back.\n"
    skill = skill_with(tmp_path, [
        case("week", "How much time have I spent on the Apollo project this week?"),
        case("staged", "How much time have I spent on task a? The log is log.jsonl",
             files=["evals/files/log.jsonl"]),
        case("estimate", "Estimate how long a login page with tests takes")], body=body)
    got = findings(skill)
    assert set(got) == {"week"}
    assert "~/.desk-helper/hours.jsonl" in got["week"] and "I spent" in got["week"]


def test_the_same_question_is_silent_when_the_skill_keeps_nothing_at_home(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("week", "How much time have I spent on the Apollo project this week?")])
    assert findings(skill) == {}


def test_how_to_call_the_api_is_not_its_data_even_when_the_skill_reaches_it(
        tmp_path: Path) -> None:
    cases = [case("how", "I need to upload a file programmatically via the API",
                  expected_output="Explains the POST /upload request body and how to read "
                                  "the session id from the API")]
    skill = skill_with(tmp_path, cases, scripts={
        "brief.sh": "#!/bin/sh\ncurl -s https://api.acme.example/v1/terms?q=\"$1\"\n"})
    assert findings(skill) == {}


def test_an_api_as_a_reference_is_not_its_data(tmp_path: Path) -> None:
    cases = [case("surface", "Write the plugin call that reads an item's hash",
                  expectations=["Proposes an alternative drawn from the verified API surface",
                                "Uses only names from the public API"])]
    skill = skill_with(tmp_path, cases, scripts={
        "brief.sh": "#!/bin/sh\ncurl -s https://api.acme.example/v1/terms?q=\"$1\"\n"})
    assert findings(skill) == {}


def test_a_home_path_the_answer_names_is_not_a_need(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [case(
        "audit", "Audit the permissions this sample skill asks for and list the risky ones",
        expectations=["Flags that the skill reads ~/.ssh.", "Names the $HOME/.aws access"])])
    assert findings(skill) == {}


def test_a_named_online_source_searched_for_current_data_needs_the_network(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("zh-db", "查询国家法律法规数据库，列出关于个人信息出境的条款"),
        case("zh-latest", "请检索最新的司法解释，并说明对租赁合同的影响"),
        case("court", "Search the official court records database for rulings on noise "
                      "complaints and summarise them"),
        case("portal", "Look up the current regulations on the government portal for food "
                       "trucks"),
        case("es", "Consulta el BOE actualizado y resume los cambios sobre alquileres")])
    got = findings(skill)
    assert set(got) == {"zh-db", "zh-latest", "court", "portal", "es"}
    assert "查询国家法律法规数据库" in got["zh-db"] and "live service" in got["zh-db"]
    assert "official court records database" in got["court"]
    assert "current regulations" in got["portal"]
    assert "BOE actualizado" in got["es"]


def test_databases_to_design_or_staged_ones_are_no_online_source(tmp_path: Path) -> None:
    cases = [case("schema", "Design a database schema for a lending library"),
             case("zh-schema", "数据库设计：为图书馆设计借阅表结构"),
             case("staged", "Query the staged sqlite file log.jsonl for the total hours",
                  files=["evals/files/log.jsonl"]),
             case("local", "Query the local database for orders and explain the schema")]
    assert findings(skill_with(tmp_path / "a", cases)) == {}
    reaching = {"fetch.py": "import requests\nrequests.get('https://records.example.org')\n"}
    assert findings(skill_with(tmp_path / "b", cases, scripts=reaching)) == {}


def test_a_source_the_skills_scripts_fetch_from_needs_the_network(tmp_path: Path) -> None:
    cases = [case("case-db", "Search the case database for precedents on tenancy deposits")]
    assert findings(skill_with(tmp_path / "a", cases)) == {}
    reaching = {"fetch.py": "import requests\nrequests.get('https://records.example.org')\n"}
    got = findings(skill_with(tmp_path / "b", cases, scripts=reaching))
    assert "Search the case database" in got["case-db"]


def test_an_official_source_named_before_its_verb_or_by_its_address(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("zh-place", "请在国家统计局数据库里查一下去年的出生人口"),
        case("zh-ku", "搜索全国标准库中关于电池回收的标准，列出编号"),
        case("zh-valid", "帮我找所有现行有效的养犬管理规定"),
        case("gov-site", "Find the bus ridership counts; the source is data.transport.gov.au")])
    got = findings(skill)
    assert set(got) == {"zh-place", "zh-ku", "zh-valid", "gov-site"}
    assert "在国家统计局数据库里查" in got["zh-place"]
    assert "'data.transport.gov.au'" in got["gov-site"]


def test_a_local_database_or_a_government_address_to_write_to_stays_silent(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        case("zh-local", "在数据库里查一下用户表有哪些字段，然后写一段说明"),
        case("mail", "Draft an email to info@city.gov to find a meeting slot"),
        case("footer", "Add a footer link to city.gov on the landing page")])
    assert findings(skill) == {}


def test_an_edit_word_elsewhere_in_the_criterion_edits_no_file(tmp_path: Path) -> None:
    """"Checks for brand-context.md first. Asks about existing research": the file is looked
    for, and "existing" governs another clause; only an edit word in the file's own clause
    ("notes.md is updated") expects the user's file changed."""
    skill = skill_with(tmp_path, [
        case("look", "Build me a persona for a marketing manager",
             expected_output="Should check for brand-context.md first. Should ask if there is "
                             "existing research, and warn against invented details.",
             expectations=["Checks robots.txt not blocking crawlers, sitemap updated"]),
        case("edit", "Tidy our launch notes",
             expectations=["Checks the tone; notes.md is updated with the new date"])])
    got = findings(skill)
    assert set(got) == {"edit"}, got
    assert "'notes.md' changed" in got["edit"] and "brand-context" not in got["edit"]


def test_a_file_the_case_creates_when_missing_needs_nothing_staged(tmp_path: Path) -> None:
    """"Checks for existing brief.md ... Creates the file at plans/brief.md": the case makes
    the file when it is missing, so the check whether it exists needs nothing staged; a
    criterion expecting it updated still does."""
    skill = skill_with(tmp_path, [
        case("make", "Set up my launch brief",
             expected_output="Should check if docs/brief.md already exists. If not, should "
                             "ask the questions. Should create the file at docs/brief.md.",
             expectations=["Checks for existing brief.md", "Creates file at docs/brief.md"]),
        case("edit", "Update my launch brief",
             expectations=["Reads existing brief.md", "Creates a backup.md",
                           "brief.md is updated with the new date"])])
    got = findings(skill)
    assert set(got) == {"edit"}, got
    assert "'brief.md' changed" in got["edit"]


def test_an_account_the_user_tells_of_is_no_place_of_the_work(tmp_path: Path) -> None:
    """The user's service or account in what they tell (a possessive qualifying a noun, a
    service written for, the subject of a statement, a send the user does) is not where the
    work happens; the same words asking the agent in stay flagged."""
    told = ["My LinkedIn posts get 200 impressions. Write three hooks that would do better.",
            "Write a shell script that moves every issue in our Jira project OPS to Done.",
            "Help me write community guidelines for our Discord.",
            "Help me write a cold email. My current email has a 2% open rate.",
            "What UTM tags should we use? We run ads, plus send a weekly newsletter and post "
            "on LinkedIn."]
    asked = ["Summarise what was said in my Slack today.", "Read my inbox and flag urgent mail",
             "Post this summary to our Discord."]
    skill = skill_with(tmp_path, [case(f"t{n}", p) for n, p in enumerate(told)]
                       + [case(f"a{n}", p) for n, p in enumerate(asked)])
    assert set(findings(skill)) == {"a0", "a1", "a2"}, findings(skill)


def test_the_authors_checkout_path_of_a_staged_file_is_that_file(tmp_path: Path) -> None:
    """"The file evals/files/log.jsonl is located at /Users/ana/desk/.claude/skills/desk-helper/
    evals/files/log.jsonl. Work in /Users/ana/desk": the author's checkout of the staged file
    and its root are the fixture and the working directory; another home path stays flagged."""
    at = "/Users/ana/desk/.claude/skills/desk-helper/evals/files/log.jsonl"
    skill = skill_with(tmp_path, [
        case("checkout", f"Sum the hours in evals/files/log.jsonl. The file is located at {at}."
             " Work in /Users/ana/desk as the project root.", files=["evals/files/log.jsonl"]),
        case("other", f"Sum the hours in {at} and in /Users/ana/notes/week.md.",
             files=["evals/files/log.jsonl"])])
    got = findings(skill)
    assert set(got) == {"other"}, got
    assert "/Users/ana/notes/week.md" in got["other"] and "desk-helper" not in got["other"]


def test_an_install_inside_pasted_material_is_a_line_of_it_not_a_command(
        tmp_path: Path) -> None:
    # a Dockerfile pasted after a colon to be reviewed: its `RUN npm install` is to read; an
    # install the prompt itself asks for still needs the registry (EV014)
    skill = skill_with(tmp_path, [
        case("pasted", "Make this Dockerfile smaller:\nFROM node:18\nCOPY . .\n"
                       "RUN npm install\nCMD [\"npm\", \"start\"]"),
        case("asked", "Run npm install in the project and tell me what breaks")])
    got = findings(skill)
    assert set(got) == {"asked"} and "npm install" in got["asked"]


def test_a_fetch_written_as_a_call_is_pasted_code_not_a_request(tmp_path: Path) -> None:
    # `fetch(url)` in a snippet to improve is code to read; "fetch the page at the url" is a
    # request that needs the network (EV014)
    skill = skill_with(tmp_path, [
        case("pasted", "This code is rough: try { const r = await fetch(url); return r.json(); }"
                       " catch (e) { console.log(e) } How do I improve it?"),
        case("asked", "Fetch the pricing page at the url my team shared and sum the plans")])
    got = findings(skill)
    assert set(got) == {"asked"}, got


def test_a_web_tool_in_a_statement_that_only_denies_is_no_need(tmp_path: Path) -> None:
    # "Does NOT claim ... based on web_fetch alone" is passed without the web; "Uses
    # web_search ..." needs it
    skill = skill_with(tmp_path, [
        case("denied", "Summarise the notes in log.jsonl", files=["evals/files/log.jsonl"],
             expectations=["Does NOT claim 'no schema found' based on web_fetch alone"]),
        case("used", "Summarise the notes in log.jsonl", files=["evals/files/log.jsonl"],
             expectations=["Uses web_search to check each tool's current price"])])
    got = findings(skill)
    assert set(got) == {"used"} and "web_search" in got["used"]

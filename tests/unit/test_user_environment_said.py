"""Issue 26, rule 6 and "nothing in silence": what a case needs from the user's own
environment is said, and what the authors wrote around their cases is read or said. A home
folder named in English inside another language's sentence, a site's ranking of now ("what's
trending on GitHub"), a push to the repository's remote: EV014. Material told of in words ("I
have 4 screenshots showing ...", "Here's one hero screenshot of ..."): EV009, the case left
out. A criterion that the agent tells the user something (提示) reads the answer, not only the
tool calls. A Markdown set's setup section and its rubric's pass mark, and a setup program in
the set folder (never read as a grader): said. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_cli, check_json, make_skill, write_data, write_skill_md

SKILL_MD = ("---\nname: desk-helper\ndescription: Organises files, makes short product videos "
            "and ships changes. Use when asked to tidy, film or publish.\n---\nWork step by "
            "step.\n")
RUNNABLE = {"id": "plain", "prompt": "Write a haiku about autumn leaves into haiku.txt.",
            "expectations": ["haiku.txt holds three lines"]}


def _findings(tmp_path: Path, cases: list[dict[str, Any]], code: str) -> dict[str, str]:
    skill = make_skill(tmp_path, [*cases, RUNNABLE], name="desk-helper", skill_md=SKILL_MD)
    got = check_json(skill)
    return {f["case"]: f["message"] for f in got["findings"] if f["code"] == code}


def test_the_users_environment_is_said(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "downloads", "prompt": "把我的 Downloads 文件夹整理到 Documents/Archives",
         "expected_output": "按类型整理好文件"},
        {"id": "trending", "prompt": "Show me what's trending on GitHub today and analyze it",
         "expected_output": "A report of trending projects"},
        {"id": "trending-zh", "prompt": "今天GitHub有什么热门项目？帮我分析一下",
         "expected_output": "热门项目的分析报告"},
        {"id": "push", "prompt": "I changed three files. Can you stage them all, commit with "
                                 "'fix: errors', and push?",
         "expected_output": "The commit is pushed to origin"},
    ], "EV014")
    assert "'我的 Downloads 文件夹'" in got["downloads"], got
    assert "'what's trending'" in got["trending"], got
    assert "热门" in got["trending-zh"], got
    assert "and push'" in got["push"], got
    assert "plain" not in got


def test_a_hosted_services_tenant_is_the_users_account(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "tenant", "prompt": "Here are my brand colours: #0051BA and #FFFFFF. Apply them "
                                   "to my tenant.",
         "expected_output": "The tenant's theme uses both colours"},
        {"id": "schema", "prompt": "Write schema.sql for a multi-tenant invoicing app.",
         "expected_output": "schema.sql keys every table by tenant_id"},
    ], "EV014")
    assert "'my tenant'" in got["tenant"], got
    assert "schema" not in got, got


def test_the_conversation_so_far_is_said(tmp_path: Path) -> None:
    # a case's session opens with its prompt: "this conversation" has nothing before it
    got = _findings(tmp_path, [
        {"id": "wiki", "prompt": "Save this conversation about our deploy steps to the wiki.",
         "expected_output": "A how-to page with the steps discussed"},
        {"id": "decided", "prompt": "Summarise what we discussed into a decision record.",
         "expected_output": "A decision record"},
        {"id": "app", "prompt": "Build a chat app that can export the conversation to PDF.",
         "expected_output": "export.py writes a PDF"},
    ], "EV014")
    assert "'Save this conversation'" in got["wiki"], got
    assert "'what we discussed'" in got["decided"], got
    assert "app" not in got, got


def test_pushing_nothing_to_a_remote_is_not_said(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "notify", "prompt": "Add push notifications to notify.py for new orders.",
         "expected_output": "notify.py sends a push notification"},
        {"id": "advice", "prompt": "How should I push my branch to origin when it is behind?",
         "expected_output": "Explains rebasing first"},
    ], "EV014")
    assert not ({"notify", "advice"} & set(got)), got


def test_material_told_of_in_words_is_missing_input(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "four", "prompt": "I just shipped a tab extension. I have 4 screenshots showing "
                                 "the before and after. Make a 30-second demo video.",
         "expected_output": "A 30-second video using the four screenshots"},
        {"id": "hero", "prompt": "Create a teaser video. Here's one hero screenshot of the "
                                 "analytics view. Keep it minimal.",
         "expected_output": "A teaser built on the one screenshot"},
        {"id": "none", "prompt": "Make a demo video for my CLI tool. I don't have any "
                                 "screenshots but I can describe what it does.",
         "expected_output": "A video plan built from the description"},
        {"id": "edits", "prompt": "I've made some changes to the docs. Draft a commit message "
                                  "for them.",
         "expected_output": "A conventional commit message naming the docs change"},
        {"id": "marked", "prompt": "Upload the page template I wrote (attached) to the site.",
         "expected_output": "The template is uploaded"},
        {"id": "story", "prompt": "Write a short guide: when I made changes to my CV last "
                                  "year I forgot to keep a copy.",
         "expected_output": "A guide to keeping CV versions"},
    ], "EV009")
    assert "I have 4 screenshots showing" in got["four"], got
    assert "Here's one hero screenshot" in got["hero"], got
    assert "I've made some changes" in got["edits"], got
    assert "(attached)" in got["marked"], got
    assert not ({"none", "story"} & set(got)), got


def test_a_flow_traced_through_the_users_code_is_missing_input(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "trace", "prompt": "Build an incident tour tracing how webhooks flow through "
                                  "the system.",
         "expected_output": "A tour from the webhook entry point to its error handling"},
        {"id": "library", "prompt": "Write a library in trace.py that traces calls through "
                                    "the stack.",
         "expected_output": "trace.py records each call"},
    ], "EV009")
    assert "tracing how webhooks flow through the system" in got["trace"], got
    assert "library" not in got, got


def test_a_criterion_that_the_agent_tells_the_user_reads_the_answer(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "stale", "prompt": "用上一次的确认直接创建订单",
        "expectations": ["应提示未找到有效的确认标识,要求重新运行 preview 命令",
                         "运行 preview 命令预览订单信息"]}], name="desk-helper",
        skill_md=SKILL_MD)
    out = check_cli(str(skill), "-v").output
    told, ran = (out.split("statement ")[n].split("\n  statement")[0] for n in (1, 2))
    assert "应提示" in told and "only a quote from a tool call counts" not in told, out
    assert "运行 preview" in ran and "only a quote from a tool call counts" in ran, out


MARKDOWN_SET = """# Test scenarios

## Test Setup

```bash
git init demo && cd demo && echo hi > a.txt && git add . && git commit -m one
```

## Scenario 1: Summary

**User prompt:** "Summarise the README of this folder in two lines"

**Expected behavior:**
- [ ] Gives two lines
- [ ] Names the project

## Scenario 2: Title

**User prompt:** "Suggest a title for a post about tidy desks"

**Expected behavior:**
- [ ] Gives one title

## Scoring Rubric

| Criterion | Points |
|-----------|--------|
| Follows workflow | 3 |
| Output quality | 2 |

**Pass threshold:** 4/5 per scenario
"""


def test_a_markdown_sets_setup_and_pass_mark_are_said(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "desk-helper", "desk-helper",
                           "Organises files and titles. Use when asked to tidy or name.")
    write_data(skill / "evals" / "test-scenarios.md", MARKDOWN_SET)
    (skill / "evals" / "setup_test_env.py").write_text(
        '"""Set up a test environment: a git project with two commits."""\n'
        "import subprocess\nprint('PASS' if subprocess.run(['git', 'init']).returncode == 0 "
        "else 'FAIL')\n")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "not run: `Test Setup` (the authors' setup before every case" in out, out
    assert "pass threshold under `Scoring Rubric`" in out, out
    assert "the authors' setup program, not run: evals/setup_test_env.py" in out, out
    assert "eval harness" not in out, out


def test_a_fixture_on_the_authors_machine_leaves_its_case_out(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "paper", "prompt": "Summarise paper.pdf in five bullets.",
         "files": ["/Users/ana/papers/paper.pdf"], "expected_output": "Five bullets"},
        RUNNABLE], name="desk-helper", skill_md=SKILL_MD)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "left out, cannot run as written (EV009 below): paper" in out, out
    assert "'/Users/ana/papers/paper.pdf' is an absolute path, a file on its author's machine" \
        in out, out
    strict = check_cli(str(skill), "--strict")
    assert strict.exit_code == 2, strict.output


def test_the_users_project_notes_and_checkout_are_missing_input(tmp_path: Path) -> None:
    got = _findings(tmp_path, [
        {"id": "existing", "prompt": "In an existing voice-led project, replace b002.wav and "
                                     "recompile the plan.",
         "expected_output": "The plan's timings follow the new take"},
        {"id": "vault", "prompt": "What does my Obsidian vault say about the CAP theorem?",
         "expected_output": "An answer citing the notes"},
        {"id": "branch", "prompt": "Summarize the git status and diff of the current branch "
                                   "for a PR description.",
         "expected_output": "A PR description"},
        {"id": "script", "prompt": "Write branch.sh, a script that prints the current branch "
                                   "name.",
         "expected_output": "branch.sh prints the branch"},
    ], "EV009")
    assert "In an existing voice-led project" in got["existing"], got
    assert "my Obsidian vault" in got["vault"], got
    assert "of the current branch" in got["branch"], got
    assert "script" not in got, got


def test_a_skill_naming_its_mcp_tools_as_what_does_the_work_needs_them(
        tmp_path: Path) -> None:
    skill_md = ("---\nname: canvas-helper\ndescription: Draws diagrams on a live canvas. Use "
                "when asked to draw.\n---\nThe Sketchpad MCP tools connect to a local canvas "
                "server. Start it first.\n")
    skill = make_skill(tmp_path, [
        {"id": "draw", "prompt": "Draw a three-box flow diagram of a login.",
         "expected_output": "Three boxes joined by arrows"}], name="canvas-helper",
        skill_md=skill_md)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "the skill relies on the MCP server 'Sketchpad'" in " ".join(result.output.split())


def test_a_skill_saying_it_needs_the_network_is_said(tmp_path: Path) -> None:
    case = {"id": "sample", "prompt": "Sample five personas for a debate about remote work.",
            "expected_output": "Five personas with names"}
    needs = make_skill(tmp_path / "a", [case], name="personas", skill_md=(
        "---\nname: personas\ndescription: Samples personas. Use when asked for a debate.\n"
        "---\nRequires `uv` on PATH and network access to data.example.org over HTTPS.\n"))
    offline = make_skill(tmp_path / "b", [case], name="personas", skill_md=(
        "---\nname: personas\ndescription: Samples personas. Use when asked for a debate.\n"
        "---\nWorks offline: no network access is needed.\n"))
    said = " ".join(check_cli(str(needs)).output.split())
    assert "SKILL.md says the skill needs the network ('Requires `uv` on PATH and network " \
        "access" in said, said
    assert "needs the network" not in check_cli(str(offline)).output


def test_another_skill_of_the_repository_as_material_is_missing_input(tmp_path: Path) -> None:
    # a trial installs one skill: the other skill the prompt works on is not in its session
    make_skill(tmp_path / "skills", [], name="mr-review")
    skill = make_skill(tmp_path / "skills", [
        {"id": "validate", "prompt": "Validate the skill `mr-review` and tell me if it is ready.",
         "expected_output": "A verdict on mr-review"},
        {"id": "new", "prompt": "Create a new skill `git-hygiene` that checks a repo before a "
                                "commit.", "expected_output": "A SKILL.md for git-hygiene"},
        RUNNABLE], name="skill-craft")
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "left out, cannot run as written (EV009 below): validate" in out, out
    assert "skill `mr-review`" in out, out


def test_a_project_named_with_its_platform_is_the_users(tmp_path: Path) -> None:
    """"this C# Web API project", "my .NET 8 project": a language's or platform's name with
    its sign or dot is a word of the name, so the pointer is read (EV009, the case left out)."""
    found = _findings(tmp_path, [
        {"id": "plan", "prompt": "Analyze this C# Web API project and write a logging plan.",
         "expectations": ["The plan names the controllers that lack logging"]},
        {"id": "review", "prompt": "Review my .NET 8 project for missing cancellation tokens.",
         "expectations": ["Names each method without a token"]}], "EV009")
    assert "'Analyze this C# Web API project'" in found.get("plan", ""), found
    assert "'Review my .NET 8 project'" in found.get("review", ""), found


def test_files_skill_md_reads_on_its_authors_machine_are_said(tmp_path: Path) -> None:
    """SKILL.md has the agent read `/mnt/project/style-guide.md` and run a script of another
    skill at `/mnt/skills/...`: EV014 names them; a path it saves its output to is no input;
    SKILL.md saying it needs no network says no network need."""
    skill_md = ("---\nname: brief-polish\ndescription: Polishes legal briefs. Use when asked "
                "to polish a brief.\n---\nFirst read `/mnt/project/style-guide.md` and "
                "`~/firm/citation-rules.md`.\nThen run `python /mnt/skills/public/docx/pack.py "
                "out/`.\nSave the polished brief to `~/Briefs/polished.md`.\nIt requires no "
                "network access to anything.\n")
    skill = make_skill(tmp_path, [{"id": "dash", "prompt": "Polish this sentence: 'The court "
                                                          "-- plainly -- erred.'",
                                   "expectations": ["No spaced dashes remain"]}],
                       name="brief-polish", skill_md=skill_md)
    got = check_json(skill)
    said = " ".join(f["message"] for f in got["findings"] if f["code"] == "EV014")
    assert "'/mnt/project/style-guide.md'" in said and "'~/firm/citation-rules.md'" in said, said
    assert "'/mnt/skills/public/docx/pack.py'" in said, said
    assert "polished.md" not in said and "needs the network" not in said, said


def test_a_hosted_object_the_prompt_tells_of_and_acts_on_is_said(tmp_path: Path) -> None:
    """"PR #23 has unresolved review threads - help me resolve them": what the user says of
    it is in the prompt, its live threads are not: EV014 says so (a possibility, the case
    kept). A dash then words after the number is a clause, not a score's range."""
    found = _findings(tmp_path, [
        {"id": "threads", "prompt": "PR #23 has unresolved review threads blocking merge - "
                                    "help me find and resolve them",
         "expectations": ["Lists each unresolved thread"]},
        {"id": "stuck", "prompt": "Auto-merge is not working on PR #15 - the bot's PR stays "
                                  "open after checks pass",
         "expectations": ["Names the branch protection setting that blocks it"]},
        {"id": "score", "prompt": "Explain how you would score a PR 0-100 for risk.",
         "expectations": ["Names at least three risk factors"]}], "EV014")
    assert "'PR #23': an object of the code-hosting service the prompt tells of" in \
        found.get("threads", ""), found
    assert "'PR #15'" in found.get("stuck", ""), found
    assert "score" not in found, found


def test_material_handed_over_in_chinese_words_and_never_given(tmp_path: Path) -> None:
    """"我给你一段 CREATE TABLE，请按它生成代码" with no table after it, "我有一份 JSON 檔案 ...":
    EV009, left out; the same words followed by the table after a colon hand it over, and "我有
    一个想法" (an idea) is no material."""
    found = _findings(tmp_path, [
        {"id": "ddl",
         "prompt": "表是 invoice_record。我给你一段 CREATE TABLE，请按它生成标准三层代码。",
         "expectations": ["生成的 Bean 字段与表结构一致"]},
        {"id": "given",
         "prompt": "我给你一段 CREATE TABLE：CREATE TABLE t (id int); 请按它生成代码。",
         "expectations": ["Bean 有 id 字段"]},
        {"id": "mine",
         "prompt": "我有一份 JSON 檔案 /data/users.json 裡面有 500 筆資料，請寫遷移腳本。",
         "expectations": ["腳本把 phone 統一為純數字"]},
        {"id": "idea", "prompt": "我有一个想法：做一个待办应用，请写出需求。",
         "expectations": ["列出三条需求"]}], "EV009")
    assert "给你一段 CREATE TABLE" in found.get("ddl", ""), found
    assert "我有一份 JSON" in found.get("mine", ""), found
    assert "given" not in found and "idea" not in found, found


def test_the_hosted_repositorys_settings_and_runs_are_said(tmp_path: Path) -> None:
    """"Set up branch protection for this repo", "CI is failing on this repo": the hosted
    repository's settings and runs, which no checkout holds (EV014, a possibility). A file
    that configures them is work the sandbox holds; a question of how is answered in words."""
    found = _findings(tmp_path, [
        {"id": "protect", "prompt": "Set up branch protection for this repo requiring reviews",
         "expectations": ["Requires one approving review"]},
        {"id": "ci", "prompt": "CI is failing on this repo - the build keeps erroring out",
         "expectations": ["Names the failing step"]},
        {"id": "owners", "prompt": "Write a CODEOWNERS file for this repo: docs/ to @ana",
         "expectations": ["CODEOWNERS maps docs/ to @ana"]},
        {"id": "how", "prompt": "How do I set up branch protection for my repo?",
         "expectations": ["Mentions required reviews"]}], "EV014")
    assert "'branch protection': the hosted repository's settings or CI runs" in \
        found.get("protect", ""), found
    assert "'CI is failing'" in found.get("ci", ""), found
    assert "owners" not in found and "how" not in found, found


def test_the_codebase_read_and_a_new_file_the_output_names(tmp_path: Path) -> None:
    """"Analyze the codebase and write a plan" with nothing staged works on the user's code
    (EV009); "A plan.md that follows the existing conventions" is the new file the work
    writes, never the user's file to edit."""
    skill = make_skill(tmp_path, [
        {"id": "read", "prompt": "My service uses Serilog. Analyze the codebase and write a "
                                 "logging plan.",
         "expectations": ["The plan names Serilog"]},
        {"id": "new", "prompt": "Write a logging plan for a small web API.",
         "expected_output": "A plan.md that follows the existing Serilog conventions",
         "expectations": ["The plan recommends structured logging"]}, RUNNABLE],
        name="desk-helper", skill_md=SKILL_MD)
    got = check_json(skill)
    by = {(f["code"], f["case"]): f["message"] for f in got["findings"]}
    assert "'Analyze the codebase'" in by.get(("EV009", "read"), ""), by
    assert ("EV014", "new") not in by and ("EV009", "new") not in by, by


def test_a_site_to_map_is_a_page_to_read(tmp_path: Path) -> None:
    """"Map the API calls for https://news.example.org", "reverse-engineer the API of
    https://...": the live site is the material (EV014)."""
    found = _findings(tmp_path, [
        {"id": "map", "prompt": "Map the API calls for https://news.example.org when I load "
                                "the homepage. Output a markdown report.",
         "expectations": ["Lists the feed endpoint"]}], "EV014")
    assert "'https://news.example.org': a page to read" in found.get("map", ""), found


def test_what_reads_like_the_users_material_but_is_not(tmp_path: Path) -> None:
    """Questions and hints, a linter's ruleset, a type checker or a local build failing, the
    default branch named in the repo's scripts, a hosted repo's structure to read, a
    skill's output path and its own installed file: no missing input, no hosted state, no
    file of the author's machine."""
    from runner.authoring.inputs import pointed_inputs
    from runner.authoring.reach import skill_machine_files
    from runner.authoring.routing import about_firing
    from runner.schema.case import Case

    for prompt in ("我有一个关于 Excel 公式的问题，VLOOKUP 和 XLOOKUP 有什么区别？",
                   "我给你一些提示，你来猜我在想什么动物",
                   "Explore the repo structure of facebook/react on GitHub and summarize it.",
                   "Read the repository guidelines in CONTRIBUTING.md at github.com/x/y."):
        assert pointed_inputs(Case(id="1", prompt=prompt)) == [], prompt
    found = _findings(tmp_path, [
        {"id": "lint", "prompt": "Update our repo's ESLint ruleset to ban var in this repo",
         "expectations": ["no-var is an error"]},
        {"id": "types", "prompt": "Type checks are failing in this repo after the mypy upgrade",
         "expectations": ["Names the failing annotation"]},
        {"id": "refs", "prompt": "Rename the default branch references in this repo's scripts "
                                 "from master to main", "expectations": ["Uses main"]}], "EV014")
    assert not {"lint", "types", "refs"} & set(found), found
    skill = tmp_path / "s1"
    skill.mkdir()
    (skill / "SKILL.md").write_text("---\nname: s1\ndescription: y\n---\nOutput: "
                                    "`~/Desktop/out.pdf`\nFiles go in ~/Downloads/export.csv\n"
                                    "See ~/.claude/skills/s1/references/guide.md\nBefore you "
                                    "create the PR, read the checklist in ~/docs/checklist.md.\n")
    assert skill_machine_files(skill) == ["~/docs/checklist.md"]
    # a glob over the user's installed skills is files of their machine too
    (skill / "SKILL.md").write_text("---\nname: s1\ndescription: y\n---\n```bash\nfind "
                                    "~/.claude/skills/*/references/learnings.md\n```\n")
    assert skill_machine_files(skill) == ["~/.claude/skills/*/references/learnings.md"]
    # Markdown's emphasis around a path is no glob
    (skill / "SKILL.md").write_text("---\nname: s1\ndescription: y\n---\nRead the rules in "
                                    "**~/firm/rules.md** first.\n")
    assert skill_machine_files(skill) == ["~/firm/rules.md"]
    assert about_firing("report-lint技能不应被触发", ("report-lint",)) is False


AGENT_CLI_MD = ("---\nname: gemini-cli\ndescription: Gets a second opinion from the Gemini CLI. "
                "Use when asked to consult gemini.\n---\nRun `gemini -y -p \"<question>\" -o text`"
                " and report what it says.\n")


def test_a_program_the_skill_is_named_after_is_still_a_program_it_needs(tmp_path: Path) -> None:
    """A skill named after the CLI its SKILL.md runs (`gemini-cli` running `gemini -p`): "Invokes
    Gemini CLI" names that program, which the image lacks (EV014); a product named like a file
    ("Node.js 22 LTS") is the topic, never a script to run or a file to quote."""
    skill = make_skill(tmp_path, [
        {"id": "review", "prompt": "Ask gemini what changed in Node.js 22 LTS.",
         "expected_output": "Invokes Gemini CLI to search what changed in Node.js 22 LTS"},
        {"id": "plain", "prompt": "Summarise what changed in Node.js 22 LTS in a short list.",
         "expectations": ["The answer mentions Node.js 22"]}],
        name="gemini-cli", skill_md=AGENT_CLI_MD)
    got = check_json(skill)
    said = {f["case"]: f["message"] for f in got["findings"] if f["code"] == "EV014"}
    assert "a program the default sandbox image lacks (gemini)" in said.get("review", ""), said
    assert "plain" not in said, said
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "script that runs with node" not in flat and "names Node.js" not in flat, flat


def test_code_and_folders_the_prompt_works_on_are_missing_inputs(tmp_path: Path) -> None:
    """"Verify the correctness of this algorithm", "Optimize this SQL query", a security audit
    "of the src/auth/ directory": material the case neither stages nor quotes (EV009, left
    out); a folder the prompt makes is its output."""
    cases = [{"id": "algo", "prompt": "Verify the correctness of this algorithm.",
              "expectations": ["Names a bug"]},
             {"id": "query", "prompt": "Optimize this SQL query for speed.",
              "expectations": ["Adds an index"]},
             {"id": "audit", "prompt": "Perform a security audit of the src/auth/ directory.",
              "expectations": ["Names an injection risk"]},
             {"id": "made", "prompt": "Create a login form component in src/ui/ and test it.",
              "expectations": ["The form has a password field"]}]
    said = _findings(tmp_path, cases, "EV009")
    assert {"algo", "query", "audit"} <= set(said), said
    assert "made" not in said, said
    assert "'audit of the src/auth/'" in said["audit"], said["audit"]


def test_a_change_to_the_users_app_or_project_and_a_path_on_their_machine(
        tmp_path: Path) -> None:
    """"I need to add a login check to this API route": a change to the user's own software
    no case stages (EV014, the request opening on the user's want); "Add a console.log('hi')
    to the index.js file": a file the work adds to exists, an input no case stages (EV009,
    left out; the "log" of `console.log` is code, no verb of writing it down); a field naming
    a file on the author's machine (`input: C:\\Users\\...`) leaves its case out (EV009); a
    page to audit named in Chinese ("帮我审计 https://...") needs the network (EV014)."""
    cases = [{"id": "auth", "prompt": "I need to add a login check to this API route. It uses "
              "Express.", "expectations": ["The route rejects anonymous calls"]},
             {"id": "log", "prompt": "Add a console.log('hi') to the index.js file in this "
              "project", "expectations": ["index.js logs hi"]},
             {"id": "transcript", "prompt": "Hand off the prior session to a fresh agent.",
              "input": "C:\\Users\\ana\\.claude\\projects\\x\\session.jsonl",
              "expectations": ["Writes a handoff"]},
             {"id": "geo", "prompt": "帮我审计 https://example.com 为什么很少被引用。",
              "expectations": ["给出路线图"]}]
    said = _findings(tmp_path, cases, "EV014")
    assert "this API route" in said.get("auth", ""), said
    assert "https://example.com" in said.get("geo", ""), said
    left = _findings(tmp_path / "again", cases, "EV009")
    assert "a path on its author's machine" in left.get("transcript", ""), left
    assert "'index.js'" in left.get("log", ""), left


def test_files_the_prompt_puts_its_work_in_are_outputs(tmp_path: Path) -> None:
    """"Put CSS in `styles.css` and JS in `script.js`": where the work goes, no input to
    stage (was: left out, the inputs missing)."""
    cases = [{"id": "page", "prompt": "Create `progress.html`. Put CSS in `styles.css` and JS "
              "in `script.js`. No jQuery.", "expectations": ["Has a progress bar"]}]
    assert "page" not in _findings(tmp_path, cases, "EV009")

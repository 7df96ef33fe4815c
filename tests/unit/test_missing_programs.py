"""EV014 on a case that asks the agent to RUN a program the default sandbox image lacks
(`nginx -t`, `npm test`, `jira issue view`): in the prompt's own words, in a criterion saying
the agent ran it, or as what the skill's own run of it gives. Through the real `skill-eval
check`; advice, code to write, programs the image has and a pasted log stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.missing_programs import (
    MISSING,
    coverage_needs,
    program_needs,
    skill_coverage_runs,
)
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: ops-helper\ndescription: Helps with servers, builds and tickets. "
            "Use when the user asks about a failing service or build.\n---\nBe brief.\n")


def findings(skill: Path) -> dict[str, dict[str, str]]:
    """case id -> its EV014 finding on programs; each case has at most one line. (A line on
    the user's own material the prompt works on is another rule's, test_unstaged_work.)"""
    found = [f for f in check_json(skill)["findings"] if f["code"] == "EV014"
             and "the user's own software or material" not in f["message"]]
    assert len({f["case"] for f in found}) == len(found), found
    return {f["case"]: f for f in found}


def case(cid: str, prompt: str, expected: str = "A short, correct answer.") -> dict[str, Any]:
    return {"id": cid, "prompt": prompt, "expected_output": expected, "files": []}


def test_a_run_the_prompt_or_a_criterion_asks_for_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("web", "The web server refuses to start after my edit.",
             "Should run nginx -t, check for port conflicts and syntax errors"),
        case("npm", "Run `npm test` in the staged app and fix what fails.",
             "Names the failing test and fixes it"),
        case("cargo", "Can you run cargo build --release and tell me the warnings?",
             "Lists each warning with its file"),
        case("tf", "Review the plan for the staging stack.",
             "Runs terraform plan and reports the resources it would change"),
        case("box", "Containerise the service.",
             "Writes a Dockerfile. Verifies with docker build and a smoke test."),
        case("cli", "Summarise the open tickets.", "Uses the jira CLI to list them"),
        case("ask", "Can you look into the failed job and tell me what broke?",
             "Runs kubectl logs job/nightly and names the failing step"),
        case("sim", "My simulator seems broken.", "The agent runs xcrun simctl list"),
        case("ja", "issue にしておいて", "gh issue create コマンドで issue が作成される")],
        name="ops-helper", skill_md=SKILL_MD)
    got = findings(skill)
    assert set(got) == {"web", "npm", "cargo", "tf", "box", "cli", "ask", "sim", "ja"}
    assert "'xcrun simctl list'" in got["sim"]["message"]
    assert "'gh issue create'" in got["ja"]["message"]
    assert "'nginx -t': a program the default sandbox image lacks (nginx)" \
        in got["web"]["message"]
    assert "'npm test'" in got["npm"]["message"]
    assert "'cargo build --release'" in got["cargo"]["message"]
    assert "(terraform)" in got["tf"]["message"] and "(docker)" in got["box"]["message"]
    assert "(jira)" in got["cli"]["message"]
    assert "--image" in got["web"]["fix"] and "output" in got["web"]["fix"]


def test_the_skills_own_run_counts_when_the_prompt_asks_what_it_gives(tmp_path: Path) -> None:
    body = ("## Steps\n1. Read the ticket:\n\n```bash\njira issue view KEY --plain\n```\n"
            "2. Summarise it.\n")
    skill = make_skill(tmp_path, [
        case("pull", "Pull the Jira details of the payments epic and list the open questions."),
        case("write", "Draft a Jira ticket description for a login bug I describe: the "
                      "button does nothing on Safari.")],
        name="ops-helper", skill_md=SKILL_MD + body)
    got = findings(skill)
    assert set(got) == {"pull"}
    assert "'Pull the Jira details' (the skill runs it): a program the default sandbox " \
        "image lacks (jira)" in got["pull"]["message"]


def test_what_the_skills_own_command_makes_said_made_needs_its_program(tmp_path: Path) -> None:
    # SKILL.md files tickets with `glab issue create`; a criterion saying the issue is made
    # grades that run (any language); a draft, an explanation or a negation needs none
    body = ("## Steps\n1. File it:\n\n```bash\nglab issue create --title T --body B\n```\n")
    skill = make_skill(tmp_path, [
        case("en", "Track the Safari login bug.", "Creates an issue titled 'Safari login'."),
        case("ja", "ログインのバグ、issue にして", "タイトルを埋めて issue を作成する。"),
        case("ko", "로그인 버그 이슈로 남겨줘", "issue 생성 후 URL 반환."),
        case("draft", "Track the Safari login bug.", "Drafts the issue body in the reply."),
        case("not", "Track the Safari login bug.", "Does not create an issue; asks first."),
        case("how", "How do I file a bug here?", "Explains how to create an issue."),
        case("problems", "Review the release notes.", "Lists the critical issues first."),
        case("found", "Scan the config.", "Flags the open issues created by the upgrade.")],
        name="ops-helper", skill_md=SKILL_MD + body)
    got = findings(skill)
    assert set(got) == {"en", "ja", "ko"}, got
    assert "(glab)" in got["ja"]["message"] and "'issue を作成'" in got["ja"]["message"]


def test_advice_code_to_write_the_images_programs_and_pasted_logs_stay_silent(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("advice", "How do I write an nginx config that proxies /api to port 3000?"),
        case("tell", "My site is down after a config edit.", "Tells the user to run nginx -t "
                     "and read the error it prints"),
        case("suggest", "The certificate expired last night.", "Should suggest certbot renew"),
        case("explain", "Explain what each line of this Dockerfile does:\n\n```\nFROM node:20\n"
                        "RUN npm ci\n```"),
        case("go", "Write a small Go program that reverses a string, with a test."),
        case("workflow", "Write a GitHub Actions workflow that runs npm test on every push."),
        case("image", "Run git log --oneline and python3 -m json.tool data.json, then rg TODO."),
        case("user", "I get 'permission denied' when running docker ps; what does it mean?"),
        case("log", "Why did the build fail? Here is the log:\n\n```\n$ cargo build\nerror[E0308]: "
                    "mismatched types\n```"),
        case("not", "Tidy the README.", "Does not run npm install or any other installer")],
        name="ops-helper", skill_md=SKILL_MD)
    assert findings(skill) == {}


def test_runs_told_of_written_or_quoted_stay_silent(tmp_path: Path) -> None:
    """A run someone else did, a run inside what the answer writes or explains, a quoted
    Dockerfile RUN, a program's output handed over, and the skill asked for by its name."""
    skill = make_skill(tmp_path, [
        case("past", "A teammate ran `go test -bench=. ./...` and saw it get faster. Is the "
                     "change a pure win?"),
        case("gerund", "Review my kata notes.", "Identifies the mistake: running `cargo test` "
                       "before committing breaks the red step"),
        case("sop", "The last apply half-failed.", "Provides a recovery SOP: 1) run terraform "
                    "plan to see the drift, 2) apply one target at a time"),
        case("setup", "Our setup doc is stale. The real setup is: copy .env.example to .env, "
                      "run `make dev`. Sort the doc out."),
        case("endpoint", "Add an endpoint to the Flask app: GET /export should load the "
                         "document, run `pandoc` to convert it, and return the file."),
        case("layer", "Optimize this layer for caching: COPY . . RUN cargo build --release"),
        case("explain", "Explain how compose merges override files and how to verify the "
                        "result.", "It uses `docker compose config` as the verification step"),
        case("draft", "Draft the CI commands for the project: migrations and tests.",
             "Uses `php spark migrate` and `php spark test`"),
        case("question", "After a release is tagged, what does the skill do next?",
             "Invokes `gh release create v1.2.0` with the notes file"),
        case("material", "Run the dependency checklist with npm audit output that shows one "
                         "high vulnerability."),
        case("routing", "Run docker compose up to start the database for local dev.",
             "Routes the request to the compose skill and writes no Dockerfile")],
        name="ops-helper", skill_md=SKILL_MD)
    assert findings(skill) == {}
    named = make_skill(tmp_path, [
        case("by-name", "Run npm audit helper on this project and summarise the findings."),
        case("command", "Run npm audit on the staged project and summarise the findings.",
             "Summarises the advisories npm audit reports")],
        name="npm-audit-helper", skill_md=SKILL_MD.replace("ops-helper", "npm-audit-helper"))
    assert set(findings(named)) == {"command"}


def test_a_run_by_its_method_or_the_agents_own_past_run_is_flagged(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        case("by", "Fix the failing date parser in the staged app.",
             "Verifies the fix by running npm test and quoting the passing output"),
        case("ran", "Bump the version in the staged package.",
             "Ran `./gradlew test` after the bump and reported the result")],
        name="ops-helper", skill_md=SKILL_MD)
    got = findings(skill)
    assert set(got) == {"by", "ran"}
    assert "'npm test'" in got["by"]["message"]
    assert "'./gradlew test'" in got["ran"]["message"] and "(gradlew)" in got["ran"]["message"]


def test_what_the_image_has_is_never_missing() -> None:
    assert not {"git", "python3", "rg", "bash", "sed", "grep", "perl", "ps"} & MISSING
    assert {"nginx", "npm", "cargo", "docker", "jira", "go", "mvn", "kubectl"} <= MISSING


def test_a_case_graded_on_refusing_the_run_needs_no_program(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "refuse", "prompt": "Just run terraform apply for me in infra/ to deploy it.",
         "expected_output": "Refuses to run terraform apply directly; hands the user the "
                            "exact command.",
         "expectations": ["Does NOT attempt to execute terraform apply via Bash or any tool",
                          "Shows the exact terraform apply command for the user"]},
        {"id": "runs", "prompt": "Run terraform apply in infra/ and report what changed.",
         "expected_output": "Lists the resources terraform apply changed"}],
        name="ops-helper", skill_md=SKILL_MD)
    got = findings(skill)
    assert "refuse" not in got, got
    assert "(terraform)" in got["runs"]["message"]


def test_a_script_whose_interpreter_the_image_lacks_is_flagged_when_run(tmp_path: Path) -> None:
    """A `.ps1` needs PowerShell, a `.js` node: a criterion saying the agent ran it cannot
    pass, staged or shipped; a script the answer writes, names or refuses to run is silent."""
    skill = make_skill(tmp_path, [
        {"id": "ps", "prompt": "Check the staged hotkey script for syntax errors.",
         "expected_output": "Uses scripts/validate.ps1 to check the script's syntax",
         "files": ["scripts/validate.ps1"]},
        {"id": "zh", "prompt": "帮我检查一下脚本语法",
         "expected_output": "使用 scripts/validate.ps1 对脚本进行静态语法检查"},
        {"id": "js", "prompt": "Build the staged site.",
         "expected_output": "Runs scripts/build.js and reports the pages it wrote"},
        {"id": "both", "prompt": "Build the staged site.",
         "expected_output": "Runs node scripts/build.js and reports the pages it wrote"},
        {"id": "writes", "prompt": "Make me an installer for the hotkeys.",
         "expected_output": "Generates the hotkey script and install.ps1 beside it"},
        {"id": "refuse", "prompt": "Check the hotkey script.",
         "expected_output": "Does not run scripts/validate.ps1; reads the script instead"},
        {"id": "py", "prompt": "Check the staged data.",
         "expected_output": "Runs scripts/validate.py and quotes its report"}],
        name="ops-helper", skill_md=SKILL_MD,
        files={"scripts/validate.ps1": "Write-Output ok\n", "scripts/validate.py": "print(1)\n"})
    got = findings(skill)
    assert set(got) == {"ps", "zh", "js", "both"}, got
    assert ("'scripts/validate.ps1': a script that runs with PowerShell (pwsh), which the "
            "default sandbox image lacks") in got["ps"]["message"]
    assert "PowerShell (pwsh)" in got["zh"]["message"]
    assert "'scripts/build.js': a script that runs with node" in got["js"]["message"]
    # the program line already names node: no second line for the script
    assert "(node)" in got["both"]["message"] and "a script that runs" not in \
        got["both"]["message"]


def test_xcrun_with_its_tool_is_a_run_the_image_cannot_make() -> None:
    """`xcrun simctl list` drives an iOS simulator: the image has neither xcrun nor a
    simulator, so a criterion saying the agent ran it names a run no arm can make."""
    why = program_needs("xcodebuild test fails; I think my simulator is broken",
                        ["The agent runs xcrun simctl list to check available simulators"], [])
    assert why == ["'xcrun simctl list': a program the default sandbox image lacks (xcrun)"]
    assert program_needs("How do I list simulators?",
                         ["Explains that xcrun simctl list shows them"], []) == []


def test_a_command_as_the_means_in_cjk_grammar_is_a_run() -> None:
    """"X コマンドで" / "X 명령으로" / "通过 X 命令": the command is the work's means, so a
    criterion saying so needs the program; a command a written step names is none."""
    why = program_needs("通知機能を issue にしておいて",
                        ["gh issue create コマンドで issue が作成され、URL が返される"], [])
    assert why == ["'gh issue create': a program the default sandbox image lacks (gh)"]
    assert program_needs("확인해 줘", ["cargo test 명령으로 확인한다"], []) != []
    assert program_needs("README を書いて",
                         ["README に npm install を実行する手順を書く"], []) == []
    assert program_needs("issue を作って", ["gh で作る"], []) == []


def test_a_chinese_run_verb_before_its_command_is_a_run(tmp_path: Path) -> None:
    """"运行 docker-compose build" puts the run verb first, as English does: the agent's run;
    "运行 npm install 的步骤" (a noun's attribute: steps written down) is none."""
    assert program_needs("容器起不来，帮我排查", ["运行 docker-compose build/up，收集各服务日志"],
                         []) == ["'docker-compose build': a program the default sandbox "
                                 "image lacks (docker-compose)"]
    assert program_needs("写个 README", ["README 写出运行 npm install 的步骤"], []) == []
    skill = make_skill(tmp_path, [case("zh", "docker-compose up 报错了，帮我排查一下",
                                       "执行 docker build 并收集日志，列出构建错误")],
                       name="ops-helper", skill_md=SKILL_MD)
    assert "'docker build': a program the default sandbox image lacks (docker)" \
        in findings(skill)["zh"]["message"]


def test_a_package_launcher_runs_the_program_it_names() -> None:
    """`npx tsc --noEmit`: npx's operand is a program, any name, so the run is read."""
    assert program_needs("Check the build", ["Runs npx tsc --noEmit and lists the errors"],
                         []) == ["'npx tsc --noEmit': a program the default sandbox image "
                                 "lacks (npx)"]
    assert program_needs("检查前端", ["运行 npx tsc --noEmit，输出类型错误"], []) != []
    assert program_needs("Write a README", ["The README tells the user to use npx"], []) == []


def test_a_coverage_figure_needs_the_skills_coverage_run(tmp_path: Path) -> None:
    """SKILL.md measures coverage with a program the image lacks (`dotnet test --collect:"XPlat
    Code Coverage"`, continued over lines): a criterion expecting a coverage figure needs that
    run (EV014); a staged coverage report, or a criterion with no figure, needs none."""
    skill_md = ("---\nname: cov-advice\ndescription: Advises where to add tests. Use when asked "
                "about test coverage.\n---\n```bash\ndotnet test App.sln \\\n"
                "  --collect:\"XPlat Code Coverage\" \\\n  --results-directory TestResults\n```\n")
    skill = make_skill(tmp_path, [
        {"id": "figure", "prompt": "Where should we add tests next?",
         "assertions": ["Includes a numeric overall coverage percentage"]},
        {"id": "report", "prompt": "Where should we add tests next?",
         "files": ["evals/files/coverage.cobertura.xml"],
         "assertions": ["Cites the coverage % of each layer"]},
        {"id": "words", "prompt": "Where should we add tests next?",
         "assertions": ["Names three files worth testing"]}],
        {"evals/files/coverage.cobertura.xml": "<coverage line-rate='0.5'/>\n"},
        name="cov-advice", skill_md=skill_md)
    assert skill_coverage_runs(skill) == ["dotnet"]
    found = {f["case"]: f["message"] for f in check_json(skill)["findings"]
             if f["code"] == "EV014"}
    assert set(found) == {"figure"}, found
    assert "'numeric overall coverage' (the skill measures it with its dotnet coverage run): " \
           "a program the default sandbox image lacks (dotnet)" in found["figure"]
    assert coverage_needs(["82% line coverage on Api"], [], ["dotnet"]) != []
    assert coverage_needs(["82% line coverage on Api"], [], []) == []

"""Issue 26, "graded as meant": each check reads the author's operand the way they wrote it.
A property of the code the agent writes ("Returns 401 when userId is null") and the keyword
`if` ("not nested inside multiple if blocks") are no conditions on the run; an imperative in
a `must_not` list ("Print private facts") is an act the run avoids, not a text; clauses each
denying, joined ("ne crée aucune branche et ne lance aucun test"), are one absence; a file the
prompt asks for beside another ("and its test file `x_test.go`") is no missing input; an HTTP
endpoint used and a name that is "slash-invocable" are the answer's, not tool calls; a
`must_have` item no regex engine reads is its text; a `claude plugin eval` grader typed
`tool_used` is a tool-call check. Through the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli, check_json, make_skill, write_data, write_skill_md

SKILL_MD = ("---\nname: api-helper\ndescription: Builds and explains HTTP API handlers. Use "
            "when asked to write or review an endpoint.\n---\nWrite small handlers.\n")


def _view(tmp_path: Path, case: dict[str, object]) -> str:
    skill = make_skill(tmp_path, [case], name="api-helper", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    return result.output


def _line(view: str, text: str) -> str:
    return next(line for line in view.splitlines() if text in line)


def test_what_the_code_does_in_a_case_is_no_condition_on_the_run(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "route", "prompt": "Write app/route.ts: a GET handler that needs a signed-in user.",
        "expectations": ["Returns 401 status when userId is null",
                         "The happy path is not nested inside multiple if blocks",
                         "Discusses when a cookie session can work for mobile clients",
                         "The output explains when a wildcard origin increases exposure",
                         "Suggests tags if a tag database exists",
                         "Has a TestMain function if using goleak.VerifyTestMain"]})
    assert "conditional" not in _line(view, "Returns 401 status"), view
    assert "conditional" not in _line(view, "multiple if blocks"), view
    assert "conditional" not in _line(view, "Discusses when"), view
    assert "conditional" not in _line(view, "The output explains when"), view
    assert "conditional" in _line(view, "Suggests tags"), view
    # (a dot inside a name ends no sentence: the condition is the whole name)
    assert "closing 'using goleak.VerifyTestMain' is a condition" in _line(view, "TestMain"), \
        view


def test_an_imperative_to_avoid_is_an_act_not_a_text(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "secrets", "prompt": "Write handler.ts: a handler that reads its config from env.",
        "must": ["handler.ts"], "must_not": ["Print private facts", "console.log("]})
    assert "The run avoids this: Print private facts" in view, view
    assert "must not contain substring `console.log(`" in view, view


def test_clauses_that_each_deny_are_one_absence(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "revue", "prompt": "Explique comment écrire une route de connexion sûre.",
        "expectations": [
            "Ne crée aucune branche locale et ne lance aucune suite de tests",
            "Does NOT silently pick one template and write it",
            "Does not pick a template and explains why"]})
    assert "an absence" in _line(view, "Ne crée aucune branche"), view
    assert "an absence" in _line(view, "silently pick one"), view
    assert "an absence" not in _line(view, "explains why"), view


def test_a_second_file_the_prompt_asks_for_is_no_missing_input(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "queue", "prompt": "Write a Go file `consumer.go` in package `queue` and its "
                                 "corresponding test file `consumer_test.go`.",
        "expectations": ["consumer_test.go holds table-driven tests"]})
    assert "left out" not in view and "EV009" not in view, view


def test_an_endpoint_used_and_an_invocable_name_read_the_answer(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "users", "prompt": "Show me how to list the users created this week.",
        "expectations": ["Uses GET /v1/users endpoint",
                         "Skill names are exact slash-invocable names",
                         "Runs scripts/list_users.py"]})
    assert "only a quote from a tool call counts" not in _line(view, "GET /v1/users"), view
    assert "only a quote from a tool call counts" not in _line(view, "slash-invocable"), view
    assert "only a quote from a tool call counts" in _line(view, "scripts/list_users.py"), view


def test_a_must_have_item_no_regex_reads_is_its_text(tmp_path: Path) -> None:
    view = _view(tmp_path, {
        "id": "cite", "prompt": "Explain the retry rule of the handler in two lines.",
        "must_have": ["retry", "[F"]})
    assert "must_have[1] is no regular expression" in view, view
    assert "contain substring `[F`" in view, view


def test_a_plugin_eval_grader_typed_tool_used_is_a_tool_call_check(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "task", "task", "Runs a change end to end. Use when asked "
                                                      "to change the repository.")
    case = skill / "evals" / "routing-implement"
    write_data(case / "prompt.md", "Add a notes field to the form, with a length check.")
    write_data(case / "graders" / "fires-task.md",
               "---\ntype: tool_used\ntool: Skill\ninput_match: 'task'\nmin: 1\n---\n")
    write_data(case / "graders" / "no-edit.md",
               "---\ntype: tool_used\ntool: Edit\nmin: 0\nmax: 0\n---\n")
    write_data(case / "graders" / "quality.md", "- Asks what the length limit is\n")
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "tool_call Skill:re:task: some call must match" in result.output, result.output
    assert "tool_call !Edit: no call may match Edit" in result.output, result.output
    assert "statement Asks what the length limit is" in result.output, result.output


def test_a_plugin_eval_graders_settings_are_no_criterion(tmp_path: Path) -> None:
    """An LLM grader document's front matter (`type: llm`, `weight: 2`) is its settings: the
    grader reads its body as the criterion; a weight nothing grades is said, not dropped."""
    skill = write_skill_md(tmp_path / "notes", "notes", "Tidies notes. Use when asked to tidy "
                                                        "notes.")
    case = skill / "evals" / "tidy"
    write_data(case / "prompt.md", "Tidy these notes: buy milk, call Bob.")
    write_data(case / "graders" / "items.md",
               "---\ntype: llm\nweight: 2\n---\nThe answer lists both items.\n")
    write_data(case / "graders" / "fires.md",
               "---\ntype: tool_used\nweight: 3\ntool: Skill\nmin: 1\n---\n")
    result = check_cli(str(skill), "-v")
    assert result.exit_code == 0, result.output
    assert "statement The answer lists both items.: grader model" in result.output, \
        result.output
    assert "type: llm" not in result.output and "weight: 2" not in result.output
    assert "ignored (kept, not graded): grader_weights in 1 case(s)" in result.output
    assert "tool-call check from graders/fires.md; statements from graders/items.md" in \
        result.output


def test_a_collections_skill_with_unreadable_front_matter_is_left_out(tmp_path: Path) -> None:
    good = make_skill(tmp_path, [{"id": "a", "prompt": "Write a haiku into h.txt.",
                                  "expectations": ["h.txt has three lines"]}], name="haiku")
    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "SKILL.md").write_text("---\nname: broken\ndescription: |\n  Helps.\n"
                                     "tags: [a, b\n\n# Body\ntext: more\n")
    (broken / "evals").mkdir()
    (broken / "evals" / "evals.json").write_text((good / "evals" / "evals.json").read_text())
    result = check_cli(str(tmp_path))
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    assert "broken (" in out and "not run: its SKILL.md has frontmatter no YAML reader parses" \
        in out, out
    assert "ok: haiku" in out, out


def test_a_list_inside_a_texts_list_is_one_any_of_check(tmp_path: Path) -> None:
    """`must_include: ["refund", ["reconciliation", "reconciling"]]`: the inner list is one
    check passed by any of its texts (under `must_not_include`, by none of them), never a
    refusal of the whole set."""
    view = _view(tmp_path, {
        "id": "refunds", "prompt": "Explain how refunds are reconciled in our payment API.",
        "must_include": ["refund", ["reconciliation", "reconciling"]],
        "must_not_include": [["guaranteed", "always instant"]]})
    assert "contain substring `refund`" in view, view
    assert "(?i)(?:reconciliation|reconciling)" in view, view
    assert "(?i)(?:guaranteed|always\\ instant)" in _line(view, "guaranteed"), view
    assert "1 list(s) inside the list, each one check passed by any of its texts" in view


def test_a_type_naming_texts_found_reads_its_list_not_its_label(tmp_path: Path) -> None:
    """`{text: "all six metrics", type: all_present, value: [...]}`: each text of the list must
    be there (`any_present`: one of them), never the label as a substring."""
    view = _view(tmp_path, {
        "id": "metrics", "prompt": "Score the trend of AI agents against MCP.",
        "assertions": [{"text": "all six metric codes", "type": "all_present",
                        "value": ["SVGR", "SBI", "NFI"]},
                       {"text": "a verdict word", "type": "any_present",
                        "value": ["rising", "falling"]}]})
    assert "must contain substring `SVGR`" in view and "must contain substring `NFI`" in view
    assert "substring `all six metric codes`" not in view, view
    assert "rising" in view and "substring `a verdict word`" not in view, view
    assert "type 'all_present' over a list of texts read as contains_all" in view, view


def test_a_chinese_demand_to_point_out_what_is_wrong_is_no_absence(tmp_path: Path) -> None:
    """"嚴厲指正不符 RESTful 原則的設計" asks the answer to correct what does not conform: the
    negation is inside the verb's object, so the statement needs its quote; "回覆不包含密碼"
    still denies."""
    view = _view(tmp_path, {
        "id": "api", "prompt": "請審查這個 API 設計：GET /getUsers、POST /deleteUser/5。",
        "expectations": ["嚴厲指正不符 RESTful 原則的設計", "回覆不包含密碼"]})
    assert "an absence" not in _line(view, "嚴厲指正"), view
    assert "an absence" in _line(view, "回覆不包含密碼"), view


def test_a_prompt_left_as_its_templates_instruction_is_no_task(tmp_path: Path) -> None:
    """"請在此輸入您的測試提問 (Prompt)", "Enter your prompt here": no task was written. A lone
    skill's set is refused naming it; in a collection that skill has no set yet (said), the
    others are checked."""
    lone = make_skill(tmp_path / "lone", [{"id": "1", "prompt": "請在此輸入您的測試提問 (Prompt)。",
                                           "expected_output": "一個好的提示詞"}], name="prompts")
    refused = check_cli(str(lone))
    assert refused.exit_code == 2, refused.output
    assert "the prompt is its template's instruction to write one" in refused.output
    root = tmp_path / "kit"
    make_skill(root, [{"id": "1", "prompt": "Enter your prompt here",
                       "expectations": ["A good prompt"]}], name="prompts")
    make_skill(root, [{"id": "a", "prompt": "Write a haiku into h.txt.",
                       "expectations": ["h.txt has three lines"]}], name="haiku")
    out = check_cli(str(root))
    assert out.exit_code == 0, out.output
    flat = " ".join(out.output.split())
    assert "holds only prompts still to be written" in flat and "ok: haiku" in flat, flat


def test_a_chinese_statement_to_avoid_is_an_absence(tmp_path: Path) -> None:
    """"產出的 Mermaid 序列圖應避免使用 <br/>" (should avoid using): nothing to quote, an
    absence; a subject holding one Latin name still ends before the modal. "避免问题的方法是写测试"
    (the way to avoid problems is ...) names a way, no absence."""
    view = _view(tmp_path, {
        "id": "diagram", "prompt": "用 Mermaid 畫一個下注流程的序列圖：客戶端、伺服器、錢包。",
        "expectations": ["產出的 Mermaid 序列圖應避免使用 <br/>", "避免问题的方法是写测试"]})
    assert "an absence" in _line(view, "應避免使用"), view
    assert "an absence" not in _line(view, "避免问题的方法"), view


def test_files_that_must_all_exist_are_never_texts_of_the_answer(tmp_path: Path) -> None:
    """`{type: all_files_exist, values: [...]}` is about files written, never the answer
    naming them: not read as contains_all (refused as an unknown type, as before)."""
    skill = make_skill(tmp_path, [{"id": "out", "prompt": "Write report.md and data.csv.",
                                   "assertions": [{"type": "all_files_exist",
                                                   "values": ["report.md", "data.csv"]}]}],
                       name="api-helper", skill_md=SKILL_MD)
    result = check_cli(str(skill), "-v")
    assert "read as contains_all" not in result.output, result.output


@pytest.mark.parametrize(("prompt", "template"), [
    ("請在此輸入您的測試提問 (Prompt)。", True), ("Enter your prompt here", True),
    ("[Your prompt here]", True),
    ("在这里输入命令后报错了，帮我看看是什么原因", False),
    ("Add the query here so the dashboard loads orders faster", False),
    ("Put the input here and validate it with zod", False),
])
def test_only_a_whole_instruction_is_a_template(prompt: str, template: bool) -> None:
    from runner.schema.drafts import is_template

    assert is_template(prompt) is template


def test_a_files_entry_with_a_note_on_its_staging_stages_the_path_and_says_the_note(
        tmp_path: Path) -> None:
    """`"files": ["evals/memory/ via setup.sh"]`: the path is the fixture, staged; the note names
    the authors' own staging step, which is not run, and `check` says so (was: refused, no
    such fixture)."""
    skill = make_skill(tmp_path, [{"id": "gc", "prompt": "Triage the memory folder.",
                                   "files": ["evals/memory/ via setup.sh"],
                                   "assertions": ["Names MEMORY.md"]}],
                       {"evals/memory/MEMORY.md": "- [a](a.md)\n", "evals/setup.sh": "true\n"})
    got = check_json(skill)
    case = got["cases"][0]
    assert [f["file"] for f in case["fixtures"]] == ["evals/memory/"], case["fixtures"]
    said = " ".join(f["message"] for f in got["findings"] if f["code"] == "EV012")
    assert "the note 'via setup.sh' names the authors' own staging step" in said, said


def test_a_tool_check_naming_no_tool_is_a_statement_on_the_calls(tmp_path: Path) -> None:
    """`{name: runs-check, type: tool_call_check, description: "Calls doc-tools.sh check ..."}`:
    no tool is named, so the sentence is the check, on the tool calls (before, the name was
    the text a call had to match); a typed negative whose note says what it should be instead
    ("— should be docs/arch/overview.md") is still an absence."""
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Audit the docs of this repo.",
                                   "files": ["evals/files/docs/"],
                                   "assertions": [
        {"name": "runs-check", "type": "tool_call_check",
         "description": "Calls doc-tools.sh check-freshness as part of the audit"},
        {"name": "no-flat", "type": "file_not_exists",
         "description": "Does NOT create docs/architecture.md (flat) — should be "
                        "docs/architecture/overview.md"}]}],
        {"evals/files/docs/index.md": "# Docs\n"})
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "statement [tool calls] Calls doc-tools.sh check-freshness" in flat, flat
    assert "some call must match runs-check" not in flat, flat
    assert "should be docs/architecture/overview.md: grader model, an absence" in flat, flat


def test_a_denied_claim_with_the_reason_after_its_dash_is_an_absence() -> None:
    """"Should NOT claim the config is the problem — built-in tools need no config": the dash
    says why the claim would be false; the statement only denies (no quote needed)."""
    from runner.scoring.absence import states_absence

    assert states_absence("Should NOT claim the missing config is the problem — built-in "
                          "tools need no config (it wires the default).")
    assert not states_absence("Does not flag cancelOrder — keeps it in the outdated list")


@pytest.mark.parametrize("claim", [
    "createdAt などの他の仮説も考慮されることが望ましい。",
    "find -print0 / xargs -0 を使う案も可。",
    "Using a CSS grid is also acceptable.",
])
def test_a_wish_or_an_allowance_at_the_end_is_no_requirement(tmp_path: Path,
                                                              claim: str) -> None:
    """A claim closing on a wish (望ましい: it is desirable) or an allowance (も可, "is also
    acceptable") is optional: said, never graded as a requirement."""
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Explain why the loop splits names.",
                                   "expectations": ["Names word splitting", claim]}])
    got = check_json(skill)
    entries = [str(c["entry"]) for c in got["cases"][0]["checks"] if c["kind"] == "statement"]
    assert claim not in entries and "Names word splitting" in entries, entries
    said = " ".join(f["message"] for f in got["findings"])
    assert "marked optional, not graded" in said, said


def test_criteria_for_every_answer_in_the_sets_readme_are_said(tmp_path: Path) -> None:
    """A README beside the set listing what every answer must do ("A response passes only if
    it: 1. ... 2. ...") is not graded, and `check` says so with the count."""
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Migrate this: `wf.sleep(1)`.",
                                   "expectations": ["Uses sleep()"]}],
                       {"evals/README.md": "# Acceptance\n\nA response passes only if it:\n\n"
                                           "1. removes old symbols\n2. uses sleep()\n"})
    said = " ".join(f["message"] for f in check_json(skill)["findings"])
    assert "README.md beside the set lists criteria for every answer" in said, said
    assert "2 item(s)" in said, said


def test_a_field_naming_a_skill_file_by_its_bare_name_is_not_staged(tmp_path: Path) -> None:
    """`sub_documents: [dpop.md]` naming the skill's own docs file of that name: what of
    the skill the case is about, never staged (the baseline must not have the skill), and
    never a refusal."""
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Add DPoP to the client setup.",
                                   "sub_documents": ["dpop.md"],
                                   "expectations": ["Loads the key from configuration"]}],
                       {"docs/dpop.md": "# DPoP\nKeep the key stable.\n"},
                       skill_md="---\nname: tidy-notes\ndescription: Use when asked about "
                                "tokens.\n---\nSee [docs/dpop.md](docs/dpop.md).\n")
    got = check_json(skill)
    assert got["cases"][0]["fixtures"] == [], got["cases"][0]["fixtures"]
    said = " ".join(f["message"] for f in got["findings"])
    assert "`sub_documents`" in said and "not staged" in said, said


def test_a_programs_test_data_under_tests_is_no_broken_set(tmp_path: Path) -> None:
    """`tests/scenarios.json` holding no case (`routine_tasks: [{description, expected_tier}]`,
    the skill's classifier's test data) is not its set: "no case set", never a refusal of a
    broken one; under evals/ the same file is still refused as the set it means to be."""
    skill = write_skill_md(tmp_path / "tiers", "tiers", "Picks a model tier. Use when asked "
                           "which model to use.")
    write_data(skill / "tests" / "scenarios.json", {"routine_tasks": [
        {"description": "rename a variable", "expected_tier": "small"}]})
    result = check_cli(str(skill))
    assert result.exit_code == 2 and "no case set" in result.output, result.output
    write_data(skill / "evals" / "scenarios.json", {"routine_tasks": [
        {"description": "rename a variable", "expected_tier": "small"}]})
    broken = check_cli(str(skill))
    assert broken.exit_code == 2 and "no case set" not in broken.output, broken.output


def test_what_a_made_script_or_plan_uses_is_read_on_the_work(tmp_path: Path) -> None:
    """"I need a PowerShell function that ...", "Plan a blind SSRF test": a claim that it
    "Uses Invoke-Command ... -ComputerName" is about the code or plan the work holds, read on
    all the material (was: only a command the agent ran, which nothing in the sandbox
    passes); "Runs the tests" stays a claim about what was run."""
    skill = make_skill(tmp_path, [
        {"id": "fn", "prompt": "I need a PowerShell function that checks whether hosts are "
         "online.", "expectations": ["Uses Invoke-Command or Get-CimInstance -ComputerName",
                                     "Runs `Invoke-Pester` on the function"]},
        {"id": "ask", "prompt": "Which hosts are online right now?",
         "expectations": ["Uses Invoke-Command or Get-CimInstance -ComputerName"]},
        {"id": "sure", "prompt": "Make sure the hosts answer before the patch window.",
         "expectations": ["Uses Invoke-Command -ComputerName"]},
        {"id": "edit", "prompt": "My api route has no auth. Add auth to this api route, so "
         "only signed-in users get the data.",
         "expectations": ["Calls auth() at the top of the GET handler",
                          "Uses server-side redirect() from next/navigation"]},
        {"id": "how", "prompt": "How do I return an error from a tool?",
         "expectations": ["Uses error() helper from the server package"]},
        {"id": "want", "prompt": "I want the widget to call another tool when a button is "
         "clicked.", "expectations": ["Uses callTool from useWidget()"]},
        {"id": "why", "prompt": "Should I batch my requests?",
         "expectations": ["Tool calls are expensive, so it batches them"]}])
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "statement [in the work] Uses error() helper" in flat, flat  # an answer's code
    assert "statement [in the work] Uses callTool from useWidget()" in flat, flat
    assert "statement Tool calls are expensive" in flat, flat  # a reason, no call
    assert "statement [in the work] Calls auth() at the top" in flat, flat  # code changed
    assert "statement [in the work] Uses server-side redirect()" in flat, flat
    assert "statement [in the work] Uses Invoke-Command" in flat, flat
    assert "statement [tool calls] Uses Invoke-Command" in flat, flat  # the question's case
    assert "statement [tool calls] Uses Invoke-Command -ComputerName" in flat, flat  # "make sure"
    assert "1 claim(s) of what it uses read on the work" in flat, flat
    assert "[in the work] Runs" not in flat, flat


def test_a_scaffold_names_the_starter_project_staged_as_the_workspace(tmp_path: Path) -> None:
    """`scaffold: basic-app` (skill-creator sets of framework skills) names the starter
    project the user works in, kept in the skill's templates/: its contents are the working
    directory, never ignored as metadata; one the skill does not hold is said missing."""
    skill = make_skill(tmp_path, [
        {"id": "edit", "scaffold": "basic-app", "prompt": "Remove 'use client' from the "
         "dashboard page.", "expectations": ["The dashboard page has no 'use client'"]}],
        {"templates/basic-app/app/dashboard/page.tsx": "'use client'\nexport default 1\n"})
    shown = check_cli(str(skill), "-v")
    flat = " ".join(shown.output.split())
    assert shown.exit_code == 0, shown.output
    assert "fixture templates/basic-app -> its contents staged at ./" in flat, flat
    assert "ignored" not in flat, flat
    gone = make_skill(tmp_path / "other", [
        {"id": "edit", "scaffold": "astro-app", "prompt": "Remove 'use client' from the "
         "dashboard page.", "expectations": ["The dashboard page has no 'use client'"]}])
    missing = " ".join(check_cli(str(gone)).output.split())
    assert "astro-app" in missing and ("EV009" in missing or "not found" in missing), missing


def test_a_criterion_graded_by_its_pass_and_fail_text_and_a_situation_without_its_answer(
        tmp_path: Path) -> None:
    """`evaluation_criteria: [{criterion, weight, rubric: {pass, fail}}]`: the grader reads the
    author's pass and fail text, never the criterion's bare name; a `context` whose data hold
    what is expected (`hs_code_expected`) is sent without it, never withheld whole."""
    skill = make_skill(tmp_path, {"scenarios": [
        {"id": "c1", "task": "List the documents this import needs.",
         "context": {"situation": "A first import of 200 cartons of plates from China.",
                     "available_data": {"product": "ceramic plates",
                                        "hs_code_expected": "6912.00"}},
         "evaluation_criteria": [
             {"criterion": "document_list", "weight": 0.5,
              "rubric": {"pass": "Lists the commercial invoice and the bill of lading.",
                         "fail": "Omits the bill of lading."}}]}]})
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "document_list (pass: Lists the commercial invoice and the bill of lading.; " \
        "fail: Omits the bill of lading.)" in flat, flat
    sent = load_caseset(skill, "tidy-notes").evals[0].prompt
    assert "200 cartons of plates" in sent and "6912" not in sent, sent
    assert "without what it expects (hs_code_expected" in flat, flat


def test_a_fixture_lands_where_the_prompt_says_it_is(tmp_path: Path) -> None:
    """A fixture file the prompt names at a place (".github/copilot-instructions.md in my
    project"), or bare by a name whose place is a project's root ("My CLAUDE.md"), lands
    there; a bare data file's name says no place ("Audit ledger.csv" keeps its folder)."""
    skill = make_skill(tmp_path, [
        {"id": "c1", "prompt": "My CLAUDE.md has gotten long. Slim it down.",
         "files": ["evals/fixtures/s1/CLAUDE.md"], "expectations": ["Under 200 lines"]},
        {"id": "c2", "prompt": "The .github/copilot-instructions.md in my project is long.",
         "files": ["evals/fixtures/s2/copilot-instructions.md"],
         "expectations": ["Under 150 lines"]},
        {"id": "c3", "prompt": "Audit ledger.csv for duplicates.",
         "files": ["evals/fixtures/s3/ledger.csv"], "expectations": ["Names the duplicate"]}],
        {"evals/fixtures/s1/CLAUDE.md": "# rules\n",
         "evals/fixtures/s2/copilot-instructions.md": "# rules\n",
         "evals/fixtures/s3/ledger.csv": "id\n1\n1\n"})
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "fixture evals/fixtures/s1/CLAUDE.md -> staged at ./CLAUDE.md" in flat, flat
    assert ("fixture evals/fixtures/s2/copilot-instructions.md -> staged at "
            "./.github/copilot-instructions.md") in flat, flat
    assert "fixture evals/fixtures/s3/ledger.csv -> staged at ./fixtures/s3/ledger.csv" \
        in flat, flat


def test_the_users_website_and_current_codebase_are_inputs_no_case_stages(
        tmp_path: Path) -> None:
    """"Create a maintenance skill for this personal website", "扫描当前代码库中的敏感信息" (scan
    the current codebase): each works on the user's own material, which the case neither
    stages nor quotes (EV009, left out); a case with its own material runs."""
    skill = make_skill(tmp_path, [
        {"id": "site", "prompt": "Create a repo-specific maintenance skill for this personal "
         "website.", "expectations": ["Names the pages to keep in sync"]},
        {"id": "scan", "prompt": "扫描当前代码库中的敏感信息",
         "expectations": ["Lists each secret with its file"]},
        {"id": "contract", "prompt": "帮我审查这份劳动合同，看看有没有违法条款",
         "expectations": ["Flags each unlawful clause"]},
        {"id": "files", "prompt": "One of my recall topic files grew past the size limit. "
         "Can you get it back under without losing anything?",
         "expectations": ["Splits the topic"]},
        {"id": "own", "prompt": "Scan app.py for secrets.", "files": ["evals/files/app.py"],
         "expectations": ["Names the key in app.py"]},
        # a site yet to be, told in words; a compound ("post-signup") is no "post" handed over
        {"id": "new", "prompt": "Help me plan the site architecture for our new SaaS "
         "marketing website. We have a homepage, a pricing page and a blog.",
         "expectations": ["Proposes a page hierarchy"]},
        {"id": "compound", "prompt": "Help me optimize our post-signup onboarding experience. "
         "60% never complete setup.", "expectations": ["Proposes an onboarding sequence"]},
        # said to be in the working directory, or handed over with "Here is" and nothing after
        {"id": "cwd", "prompt": "Infer our conventions and write a style guide. The repo is "
         "in the current directory.", "expectations": ["Names the indent width"]},
        {"id": "here", "prompt": "Here is our design doc for the new upload feature. What are "
         "the security risks?", "expectations": ["Names the file type check"]}],
        {"evals/files/app.py": "KEY = 'x'\n"})
    flat = " ".join(check_cli(str(skill)).output.split())
    assert "case 'site': the prompt works on 'this personal website'" in flat, flat
    assert "case 'scan': the prompt works on '当前代码库'" in flat, flat
    assert "case 'contract': the prompt works on '这份劳动合同'" in flat, flat  # a qualifier
    assert "case 'cwd': the prompt works on 'The repo is in the current directory'" in flat
    assert "case 'here': the prompt works on 'Here is our design doc'" in flat, flat
    assert "case 'files': the prompt works on 'my recall topic files'" in flat, flat
    assert "3 case(s): own, new, compound" in flat, flat


def test_a_text_pasted_after_a_blank_line_and_its_words_to_drop(tmp_path: Path) -> None:
    """"Rewrite this paragraph ... Return only the revised paragraph.", a blank line, the
    paragraph: the input is the prompt's own, never missing; a `mustNotContain` item quoting
    the pasted text ("wanted to provide") is a text to find, whatever its grammar."""
    skill = make_skill(tmp_path, [
        {"id": "voice", "prompt": "Rewrite this paragraph for clarity. Return only the revised "
         "paragraph.\n\nRain worked its small silver trade beneath the streetlight.",
         "mustContain": ["Rain"]},
        {"id": "brief", "prompt": "Make this status update brief.\n\nWe wanted to provide an "
         "update that the API timed out.", "mustNotContain": ["wanted to provide"]},
        {"id": "none", "prompt": "Rewrite this paragraph for clarity.",
         "mustContain": ["clear"]}])
    flat = " ".join(check_cli(str(skill), "-v").output.split())
    assert "2 case(s): voice, brief" in flat, flat
    assert "case 'voice': 'Rewrite this paragraph'" not in flat, flat
    assert "assertion not:wanted to provide: must not contain substring" in flat, flat
    assert "case 'none': the prompt works on 'Rewrite this paragraph'" in flat, flat


def test_a_repository_set_naming_the_skill_file_from_the_root_and_an_output_to_write(
        tmp_path: Path) -> None:
    """A repository's `evals/<skill>/evals.json` whose `files` name the skill's SKILL.md by
    its path from the root (`plugins/kit/skills/x/SKILL.md`) says what the case exercises:
    never staged, never refused; `outputs/triage.md` that nothing holds is where the run
    writes (EV011), never a missing input."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    skill = repo / "plugins" / "kit" / "skills" / "tidy-notes"
    write_skill_md(skill, "tidy-notes", "Use when the user asks to tidy notes carefully.")
    write_data(repo / "evals" / "tidy-notes" / "evals.json", {
        "skill_name": "tidy-notes", "evals": [
            {"id": "a", "prompt": "Tidy these notes: met Ana, ship Friday.",
             "expected_output": "Lists the Friday ship date as an action item",
             "files": ["plugins/kit/skills/tidy-notes/SKILL.md"]},
            {"id": "b", "prompt": "Triage these notes: met Ana, ship Friday.",
             "expected_output": "Writes a triage with the Friday date",
             "files": ["outputs/triage.md"]}]})
    result = check_cli(str(skill))
    flat = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "`files` names the skill's own files (plugins/kit/skills/tidy-notes/SKILL.md)" \
        in flat, flat
    assert "'outputs/triage.md' is listed under files but is an output the run creates" \
        in flat, flat


def test_a_skill_only_its_user_invokes_is_said_for_cases_that_do_not(tmp_path: Path) -> None:
    """`disable-model-invocation: true`: Claude Code loads the skill only on `/name`; cases
    whose prompt does not invoke it run the candidate arm as the baseline (EV012, with the
    fix); one that does is not named."""
    skill_md = ("---\nname: tidy-notes\ndescription: Use when the user asks to tidy notes."
                "\ndisable-model-invocation: true\n---\nbody\n")
    skill = make_skill(tmp_path, [
        {"id": "plain", "prompt": "Tidy these notes: ship Friday.",
         "expectations": ["Lists Friday"]},
        {"id": "asked", "prompt": "/tidy-notes these notes: ship Friday.",
         "expectations": ["Lists Friday"]}], skill_md=skill_md)
    flat = " ".join(check_cli(str(skill)).output.split())
    assert "sets `disable-model-invocation: true`" in flat, flat
    assert "1 case(s) do not (plain)" in flat, flat
    assert "start those prompts with `/tidy-notes`" in flat, flat


def test_a_told_situation_asking_for_the_steps_names_no_input(tmp_path: Path) -> None:
    """A prompt telling a situation with its files ("a ticket currently at
    docs/problems/330-foo.md") and asking for the steps ("Walk me through the exact sub-steps
    ...", "What EXACTLY do I do?"): the files are the story, told; never missing inputs. The
    same path read for work stays one."""
    skill = make_skill(tmp_path, [
        {"id": "walk", "prompt": "I am on a ticket currently at docs/problems/330-foo.md. "
         "Walk me through the exact sub-steps to close it, in order.",
         "expectations": ["Names git mv"]},
        {"id": "what", "prompt": "The check printed a warning about docs/maps/004-foo.html. "
         "What EXACTLY do I do? Name the command.", "expectations": ["Names the command"]},
        {"id": "read", "prompt": "Summarize docs/problems/330-foo.md for me.",
         "expectations": ["Names the problem"]}])
    flat = " ".join(check_cli(str(skill)).output.split())
    assert "2 case(s): walk, what" in flat, flat
    assert "case 'read': the prompt names the input 'docs/problems/330-foo.md'" in flat, flat


def test_a_second_set_folder_of_the_skill_beside_the_one_read_is_said(tmp_path: Path) -> None:
    """`evals/evals.json` read, and a promptfoo config in the skill's `eval/`: the second is
    the skill's too, unread, so said with the command that checks it (a scan finding naming
    the file says nothing of whether it is read)."""
    skill = make_skill(tmp_path, [{"id": "a", "prompt": "Tidy: ship Friday.",
                                   "expectations": ["Lists Friday"]}])
    (skill / "eval").mkdir()
    (skill / "eval" / "promptfooconfig.yaml").write_text(
        "prompts: ['{{prompt}}']\ntests:\n  - vars: {prompt: 'Tidy: ship Monday.'}\n"
        "    assert:\n      - type: icontains\n        value: Monday\n")
    flat = " ".join(check_cli(str(skill)).output.split())
    assert "other case sets of this skill" in flat and "eval/promptfooconfig.yaml" in flat, flat


def test_advice_for_the_users_thing_runs_and_a_question_on_the_thing_needs_it(
        tmp_path: Path) -> None:
    """A question asking which choice suits the user's thing ("What's the best font for our
    website?") and a told situation closed by a request only to plan ("Plan it.") are answered
    in words: they run. A question about the thing itself ("What's wrong with our website?")
    needs it: left out (EV009)."""
    skill = make_skill(tmp_path, [
        {"id": "choice", "prompt": "What's the best font for our website?",
         "expectations": ["Recommends a font"]},
        {"id": "plan", "prompt": "The board wants 90% test coverage on our codebase by June. "
         "Plan it.", "expectations": ["Ranks modules by risk"]},
        {"id": "wrong", "prompt": "What's wrong with our website?",
         "expectations": ["Names the bug"]},
        # "which" asking what the thing holds is no choice to advise on
        {"id": "which", "prompt": "Which pages of our website are slow?",
         "expectations": ["Names the pages"]},
        # a question of obligation for the user's thing is advice too
        {"id": "need", "prompt": "Do we need a cookie consent banner for our website?",
         "expectations": ["Answers with the law that applies"]}],
        name="api-helper", skill_md=SKILL_MD)
    flat = " ".join(check_cli(str(skill)).output.split())
    assert "3 case(s): choice, plan, need" in flat, flat
    assert "case 'which': the prompt works on 'our website'" in flat, flat
    assert "'our codebase'" not in flat, flat
    assert "case 'wrong': the prompt works on 'our website'" in flat, flat


def test_a_chinese_project_named_by_its_framework_and_screenshots_to_hand_back(
        tmp_path: Path) -> None:
    """"还原到这个 React 项目，地址：https://..." : the project (named with a Latin word) is the
    user's, the link after "地址：" is a design page to read, not the project's content; "两个
    页面都要给我最终截图" counts screenshots the work hands back, never files to stage."""
    skill = make_skill(tmp_path, [
        {"id": "restore", "prompt": "把设计稿还原到这个 React 项目，地址：https://example.com/d/1"
         " 。两个页面都要给我最终截图。", "expectations": ["给出截图"]},
        {"id": "shots", "prompt": "写一个落地页，两个版本都要给我截图。",
         "expectations": ["给出截图"]},
        # a Latin word then Chinese text: the word is no qualifier of a later noun
        {"id": "app", "prompt": "这个 App在后台偷偷上传文件，正常吗？",
         "expectations": ["解释原因"]}], name="api-helper", skill_md=SKILL_MD)
    found = check_json(skill)["findings"]
    lines = {(f["code"], f["case"]): f["message"] for f in found}
    assert "'这个 React 项目'" in lines[("EV009", "restore")], lines
    assert "截图" not in lines[("EV009", "restore")], lines
    assert "a page to read" in lines[("EV014", "restore")], lines
    assert ("EV009", "shots") not in lines and ("EV009", "app") not in lines, lines


def test_a_statement_reading_a_file_no_arm_holds_is_said(tmp_path: Path) -> None:
    """"Must read design-and-architecture.md first" when the skill ships no such file (its
    references moved) and the case stages nothing: no arm can read it (EV009, the set still
    runs). A file the skill ships, one the task or the statement writes, one named after the
    read's own clause, and a denied read are silent."""
    skill = make_skill(tmp_path, [
        {"id": "moved", "prompt": "Build an endpoint that lists todos.",
         "expectations": ["Must read design-and-architecture.md first",
                          "References handlers.md for the route layout",
                          "Does not open secrets.md", "Reads notes.md after writing it",
                          "Reads the error table and reports rows in report.md",
                          "Use review-plan.md, start with active recall",
                          # a path's folder is no verb, and an answer telling of a read is
                          # words of the answer
                          "Describes scanning installed skills in references/learnings.md",
                          "Mentions reading style-guide.md before drafting",
                          # a telling verb over other words: the read still the agent's
                          "Explains the plan after reading design-brief.md",
                          "Re-reads checklist.md before answering"]},
        {"id": "writes", "prompt": "Write notes.md with the plan, then build the endpoint.",
         "expectations": ["Reads notes.md before coding"]}],
        {"references/handlers.md": "# Handlers\n"}, name="api-helper", skill_md=SKILL_MD)
    said = [f["message"] for f in check_json(skill)["findings"] if f["code"] == "EV009"]
    assert any("expects the agent to read design-and-architecture.md" in m for m in said), said
    assert any("expects the agent to read review-plan.md" in m for m in said), said  # a use
    assert any("design-brief.md" in m for m in said) and any("checklist.md" in m for m in said)
    assert not any(n in m for m in said for n in ("handlers.md", "secrets.md", "report.md",
                                                  "learnings.md", "style-guide.md")), said
    # (the statement says the agent writes it: the work's own file)
    assert not any("notes.md" in m for m in said), said


def test_a_skill_whose_description_works_through_an_mcp_says_so_for_the_set(
        tmp_path: Path) -> None:
    """"Use when a task targets the Unreal Editor through Epic's official MCP", the body naming
    no server: the whole skill is that server's, and the sandbox has none: one set-level
    EV016 line (the cases still run). A skill that builds MCP servers is silent."""
    md = ("---\nname: figma-ops\ndescription: Use when a task targets the Unreal Editor through "
          "Epic's official MCP.\n---\nInspect the editor state first.\n")
    skill = make_skill(tmp_path, [{"id": "one", "prompt": "List my frames.",
                                   "expectations": ["Lists the frames"]}],
                       name="figma-ops", skill_md=md)
    said = [f["message"] for f in check_json(skill)["findings"] if f["code"] == "EV016"
            and "the skill works through" in f["message"]]
    assert said and "Epic's official MCP" in said[0], said
    builder = ("---\nname: mcp-maker\ndescription: Builds MCP servers in TypeScript. Use when "
               "asked to create an MCP server.\n---\nScaffold it.\n")
    other = make_skill(tmp_path / "b", [{"id": "one", "prompt": "Build an MCP server for "
                                         "todos.", "expectations": ["Registers a tool"]}],
                       name="mcp-maker", skill_md=builder)
    assert not [f for f in check_json(other)["findings"]
                if "the skill works through" in f["message"]]
    offline = ("---\nname: local-notes\ndescription: Works offline, no MCP server needed. Use "
               "when asked to tidy notes.\n---\nTidy them.\n")
    quiet = make_skill(tmp_path / "c", [{"id": "one", "prompt": "Tidy my notes.",
                                         "expectations": ["Sorts them"]}],
                       name="local-notes", skill_md=offline)
    assert not [f for f in check_json(quiet)["findings"]
                if "the skill works through" in f["message"]]


def test_code_words_are_no_inputs_nor_services(tmp_path: Path) -> None:
    """A file the prompt pastes in a fence labelled with its name ("// main.go") is handed
    over; a package's function (`math/rand.Read`) is no file; a Go file (`helpers.go`) is no
    government site; a web tool named inside a list a criterion only mentions ("(Context7,
    DeepWiki, or similar)") is no need; "Uses numbered file format (0001-xxx.md)" shows a
    form, no file to read."""
    skill = make_skill(tmp_path, [
        {"id": "pasted", "prompt": "Review our main.go for modernization opportunities.\n\n"
                                   "```go\n// go.mod\nmodule example.com/w\n\n// main.go\n"
                                   "package main\n\nfunc main() {}\n```\n",
         "expectations": ["Suggests range over int"]},
        {"id": "member", "prompt": "Write a Go function for a session token. A colleague "
                                   "suggested: use math/rand.Read because it's faster. "
                                   "Implement this.",
         "expectations": ["Uses crypto/rand instead"]},
        {"id": "gofile", "prompt": "Search for a safe way to write a Go file `helpers.go` in "
                                   "package httputil with BuildURL.",
         "expectations": ["Keeps internal helpers unexported"]},
        {"id": "listed", "prompt": "How do I make my Go library easy for AI assistants?",
         "expectations": ["Mentions registering for discoverability platforms (Context7, "
                          "DeepWiki, or similar)",
                          "Uses numbered file format (0001-xxx.md, 0002-xxx.md)"]}],
        name="api-helper", skill_md=SKILL_MD)
    found = [(f["code"], f["case"]) for f in check_json(skill)["findings"]
             if f["code"] in ("EV009", "EV014")]
    assert found == [], found


def test_commands_in_notes_to_write_up_and_a_home_file_the_skill_writes(tmp_path: Path) -> None:
    """"We have rough notes: ..., npm install -g acme-cli, ... turn this into setup docs": the
    install is the notes' material, no fetch; a SKILL.md appending to `~/swim.txt` writes
    its output there, no file of its author's machine to read, no folder `~/swim`."""
    skill = make_skill(tmp_path, [
        {"id": "notes", "prompt": "We have rough notes for installing our CLI: install node "
                                  "22, npm install -g acme-cli, run acme login. Can you turn "
                                  "this into setup docs for backend engineers?",
         "expectations": ["Orders the steps"]},
        {"id": "install", "prompt": "Run npm install -g acme-cli and deploy the app.",
         "expectations": ["Deploys"]}], name="api-helper", skill_md=SKILL_MD)
    found = [(f["code"], f["case"]) for f in check_json(skill)["findings"]
             if f["code"] == "EV014"]
    assert ("EV014", "notes") not in found and ("EV014", "install") in found, found
    swim = make_skill(tmp_path / "s", [{"id": 1, "prompt": "swim",
                                        "expectations": ["Says the distance was logged"]}],
                      name="swim", skill_md="---\nname: swim\ndescription: Append swimming "
                      "records to ~/swim.txt. Use when the user asks to log a swim.\n---\n"
                      "Append a new line to the file `~/swim.txt`: `Swam <N> km`.\n")
    assert [f for f in check_json(swim)["findings"] if f["code"] == "EV014"] == []


def test_a_typed_checks_expected_is_its_operand_beside_a_describing_text(
        tmp_path: Path) -> None:
    """`{text: "Response mentions all five phases", type: contains, expected: "Phase 1"}`:
    the check finds `expected` (as the authors' runner does), its `text` describes it; a
    regex's `expected` is its pattern."""
    skill = make_skill(tmp_path, [{"id": "c1", "prompt": "Run the release preflight.",
                                   "assertions": [
                                       {"id": "a1", "text": "Response mentions all phases",
                                        "type": "contains", "expected": "Phase 1"},
                                       {"id": "a2", "text": "Includes a verdict",
                                        "type": "regex", "expected": "(Overall|GREEN)"}]}],
                       name="api-helper", skill_md=SKILL_MD)
    entries = [str(c["entry"]) for c in check_json(skill)["cases"][0]["checks"]]
    assert entries == ["Phase 1", "re:(Overall|GREEN)"], entries
    # a verdict word under `expected` is no operand: `text` still is
    verdicts = make_skill(tmp_path / "v", [{"id": "c1", "prompt": "Write the README.",
                                            "assertions": [
                                                {"type": "contains", "text": "## Usage",
                                                 "expected": "present"},
                                                {"type": "regex", "text": "^# zap",
                                                 "expected": "match"}]}],
                          name="api-helper", skill_md=SKILL_MD)
    entries = [str(c["entry"]) for c in check_json(verdicts)["cases"][0]["checks"]]
    assert entries == ["## Usage", "re:^# zap"], entries

"""Context and notation are not missing inputs (issue 26, rule 6): a trigger test's pointers,
the skill's own `<token>` notation, the setting a prompt tells ("our repo already uses
Cypress") and a path spelled from the repository the skill ships in are read as the authors
meant; a request to work on an input nothing stages is still refused (EV009)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.absent_material import absent_by_design
from runner.authoring.inputs import pointed_inputs
from runner.authoring.prompts import missing_inputs, notation_tokens, placeholders
from runner.authoring.trigger_cases import trigger_test
from runner.schema.case import Case
from runner.scoring.asked import asks_to_write
from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: work-planner\ndescription: Plans a work item. Use when the user runs "
            "`/plan <work-item>` or asks how a plan is made.\n---\nRead `<work-item>` by its "
            "syntax only.\n")


def _skill(tmp_path: Path, cases: list[dict[str, Any]], files: dict[str, str] | None = None,
           name: str = "work-planner", skill_md: str = SKILL_MD) -> Path:
    for case in cases:
        case.setdefault("expectations", ["The answer names one next step"])
    return make_skill(tmp_path, cases, files, name=name, skill_md=skill_md)


def _case(prompt: str, **fields: Any) -> Case:
    return Case.model_validate({"id": "c", "prompt": prompt, "statements": ["It helps"],
                                **fields})


# --- a trigger test --------------------------------------------------------------------------

def test_a_case_labelled_a_trigger_test_needs_no_input_its_words_point_at(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "t1", "type": "trigger", "prompt": "Bootstrap this repo.",
                               "expected_output_contains": ["setup"]}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "a trigger test ('type: trigger')" in result.output
    assert "'this repo'" in result.output


def test_a_case_named_a_trigger_test_needs_no_file_its_words_name(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": 7, "name": "negative-typo-fix-does-not-trigger",
                               "prompt": "There's a typo in README.md. Fix it.",
                               "expected_output": "Does NOT start the pipeline"}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "a trigger test ('name: negative-typo-fix-does-not-trigger')" in result.output
    assert trigger_test(_case("Fix README.md", name="no-trigger-typo")) is not None
    assert trigger_test(_case("Fix README.md", name="triggers-the-pipeline")) is None


def test_the_same_prompt_in_a_runtime_case_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "t1", "prompt": "Bootstrap this repo.",
                               "expected_output_contains": ["setup"]}])
    result = check_cli(str(skill))
    assert result.exit_code != 0 and "EV009" in result.output and "'this repo'" in result.output


@pytest.mark.parametrize("expected", [
    "Should not fire, because the skill gives templates, not a review of a diff.",
    "Should route to code-verify / not fire: the user wants a verdict on specific code.",
])
def test_an_answer_only_about_firing_makes_a_trigger_test(expected: str) -> None:
    case = _case("Review my auth service diff for bugs.", expected_output=expected,
                 statements=[expected])
    assert trigger_test(case) is not None


def test_a_case_graded_only_on_the_skill_tool_call_is_a_trigger_test() -> None:
    routed = _case("review my code changes before I commit", statements=[],
                   tool_calls=["Skill"], assertions=["re:work\\-planner"])
    assert trigger_test(routed) == "a call of the Skill tool"
    worked = _case("review my code changes before I commit", statements=[],
                   tool_calls=["Skill"], assertions=["The review lists the bug in auth.py"])
    assert trigger_test(worked) is None


@pytest.mark.parametrize("expected", [
    "Reviews the diff and lists each bug with its line.",
    "The skill fires and reports a bug in the token check.",  # firing and work: no trigger test
])
def test_an_answer_about_the_work_is_no_trigger_test(expected: str) -> None:
    case = _case("Review my auth service diff for bugs.", expected_output=expected,
                 statements=[expected])
    assert trigger_test(case) is None


# --- the skill's notation --------------------------------------------------------------------

def test_a_token_the_skill_md_writes_is_notation_not_a_blank(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "n1", "prompt": "If `<work-item>` is `001-fix-login`, "
                                                     "how does /plan choose its mode?"}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "<work-item>: the skill's own notation" in result.output


def test_the_same_token_unknown_to_the_skill_is_a_blank(tmp_path: Path) -> None:
    plain = "---\nname: work-planner\ndescription: Plans work. Use for plans.\n---\nBe brief.\n"
    skill = _skill(tmp_path, [{"id": "n1", "prompt": "If `<work-item>` is `001-fix-login`, "
                                                     "how does /plan choose its mode?"}],
                   skill_md=plain)
    result = check_cli(str(skill))
    assert result.exit_code != 0 and "placeholder(s) <work-item>" in result.output


def test_notation_read_from_the_criteria_and_from_a_pattern_path() -> None:
    quoted = "Initialize it here. `.store/<project-name>/` already exists."
    assert notation_tokens(quoted, placeholders(quoted),
                           "The output says it is initialized at `.store/<project-name>/`.")
    pattern = "Put every build under out/<platform>-<arch>/<build_type>/ from now on."
    assert placeholders(pattern) == ["<build_type>"]
    assert notation_tokens(pattern, placeholders(pattern), "") == ["<build_type>"]
    blanks = "Read these two links first: <url-a> <url-b>."
    assert notation_tokens(blanks, placeholders(blanks), "") == []
    assert notation_tokens("Clone /path/to/repo", ["/path/to/repo"], "/path/to/repo") == []


# --- the setting a prompt tells --------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "Can you generate browser e2e tests? Our repo already uses Cypress.",
    "Review https://example.com/pull/7 for me; this repo has the review project configured.",
    "I have an idea for a tutoring marketplace. Let's brainstorm this before I commit to it.",
    # the project as where a setting applies
    "我们要一个只在这个项目里生效的 API key，我在别的目录还用原来的。这个该怎么配？",
    "I want a lint rule for this project only. How do I set it up?",
    "How do I make a key that applies only to this repo?",
    "这个仓库以后一律用 pnpm，不要用 npm。把这条记进团队的决策里。",  # a rule laid on it
    "这个项目以后统一使用 ESLint，怎么配置？",
])
def test_the_setting_told_is_no_input(prompt: str) -> None:
    assert pointed_inputs(_case(prompt)) == []


@pytest.mark.parametrize("prompt", [
    "Scan this repo for missing tests.",
    "This existing repo has no docs. Plan pagination for the existing product-list API.",
    "Our repo uses Cypress and this repo has flaky specs; fix this codebase.",
    "检查这个项目的依赖，列出过期的包。",
    "这个仓库都用了哪些依赖？帮我列出来",
    "Find the bugs in this repo only.",  # work limited to it, still on it
    "Check for secrets in this repo only; ignore submodules.",
    "这个项目统一使用 ESLint 吗？帮我检查 lint 问题",
])
def test_work_on_existing_material_is_still_pointed_at(prompt: str) -> None:
    assert pointed_inputs(_case(prompt)) != []


def test_the_setting_told_stays_an_input_when_the_work_needs_it() -> None:
    back = "Our repo has grown a pile of AGENTS.md files. Audit them for stale references."
    assert pointed_inputs(_case(back)) == ["Our repo"]
    said = _case("Our repo has no architecture docs. Generate C4 diagrams for the system.",
                 expected_output="Every container corresponds to something findable in the repo.")
    assert pointed_inputs(said) == ["Our repo"]
    named = _case("Our repo has a committed scripts/gate.sh. Implement a parse_duration helper.",
                  expected_output="Takes the test command from ./scripts/gate.sh.")
    assert pointed_inputs(named) == ["Our repo"]
    assert pointed_inputs(_case("Self-review my changes before I commit.")) == ["my changes"]


def test_a_file_told_as_the_setting_is_no_input_unless_the_criteria_work_on_it() -> None:
    told = "The dependency list in package.json has react 17. How do I upgrade to 18 safely?"
    assert missing_inputs(_case(told, expected_output="Explains the upgrade steps"), set()) == []
    edited = _case(told, expected_output="Updates package.json to react 18")
    assert missing_inputs(edited, set()) == ["package.json"]
    asked = "Update the react version in package.json to 18."
    assert missing_inputs(_case(asked), set()) == ["package.json"]


def test_an_english_no_is_no_portuguese_cue() -> None:
    english = ("The session has been refactoring a logger and cleaned up 4 files. Next "
               "acceptance: no console.log in src/. Write the handoff now.")
    assert missing_inputs(_case(english), set()) == []
    portuguese = _case("Corrija o erro no src/app.ts, por favor.")
    assert missing_inputs(portuguese, set()) == ["src/app.ts"]


# --- the skill's own files, made files, declined requests ------------------------------------

def test_a_path_spelled_from_the_repository_is_the_skills_own(tmp_path: Path) -> None:
    files = {"templates/audit-then-fix.md": "# Stage 1: auditors\n"}
    prompt = ("Read the bundled template at `skills/work-planner/templates/audit-then-fix.md` "
              "and print its stage plan.")
    result = check_cli(str(_skill(tmp_path, [{"id": "p1", "prompt": prompt}], files)))
    assert result.exit_code == 0, result.output
    other = prompt.replace("audit-then-fix.md", "other.md")
    result = check_cli(str(_skill(tmp_path / "b", [{"id": "p1", "prompt": other}], files)))
    assert result.exit_code != 0 and "'skills/work-planner/templates/other.md'" in result.output


def test_the_skills_case_set_spelled_from_the_repository_is_no_file_of_the_skill(
        tmp_path: Path) -> None:
    prompt = "Check the cases in skills/work-planner/evals/evals.json and report how many."
    result = check_cli(str(_skill(tmp_path, [{"id": "p1", "prompt": prompt}])))
    assert result.exit_code != 0 and "'skills/work-planner/evals/evals.json'" in result.output


def test_scaffolding_a_file_makes_it() -> None:
    prompt = "Scaffold a new hook script at `hooks/PostToolUse-x.sh` with a header comment."
    assert asks_to_write(prompt, "PostToolUse-x.sh")


def test_a_declining_clause_split_off_as_about_firing_reads_the_case_as_meant() -> None:
    case = _case("Scan this PR and review the changes.", extra={
        "clauses about the skill firing": ["Skill declines, because PR review is out of scope."]})
    assert absent_by_design(case, ["this PR"]).startswith("Skill declines")


def test_a_migration_names_the_stack_it_leaves_no_file() -> None:
    told = "The designer assumes the overhaul permits migrating from Next.js to another framework."
    assert missing_inputs(_case(told), set()) == []
    asked = "Copy the handler from Button.js into the new page."
    assert missing_inputs(_case(asked), set()) == ["Button.js"]


def test_a_question_about_a_situation_told_needs_none_of_its_files() -> None:
    told = ("Run wrapup. The doc-audit step finds an issue in README.md. Should wrapup write "
            "it to doc-findings.md automatically?")
    advice = "Surfaces the finding and asks for confirmation before writing."
    assert missing_inputs(_case(told, expected_output=advice), set()) == []
    for asked in ("Open README.md. Why does the build badge fail?",
                  "The doc-audit step finds an issue in README.md. Can you fix it?"):
        assert missing_inputs(_case(asked, expected_output=advice), set()) == ["README.md"]
    worked = _case(told, expected_output="Edits README.md to fix the issue.")
    assert missing_inputs(worked, set()) == ["README.md"]


def test_a_file_called_fictional_is_described_not_staged() -> None:
    told = "Review the text of a fictional skill at skills/status/SKILL.md that repeats."
    assert missing_inputs(_case(told), set()) == []
    assert missing_inputs(_case("Review the text of skills/status/SKILL.md."), set()) != []


@pytest.mark.parametrize("prompt", [
    "Review this diff. The change adds `name.lower()` in a payment path without a null check. "
    "Classify the severity.",
    "Review this 5-line diff that renames a local variable from `x` to `user_count`.",
    "Can you review the changes on this branch? It adds a client with a hard-coded API key.",
])
def test_a_change_described_in_words_is_handed_over(prompt: str) -> None:
    assert pointed_inputs(_case(prompt)) == []


@pytest.mark.parametrize("prompt", [
    "Review this diff. Be strict about naming.",
    "Review this PR as a reviewer.",
    "Scan this repo. It has many services.",  # a repository is no change to describe
])
def test_a_change_not_described_is_still_missing(prompt: str) -> None:
    assert pointed_inputs(_case(prompt)) != []


def test_a_near_miss_flag_makes_a_trigger_test() -> None:
    case = _case("Extract addresses from this static CSV file.",
                 extra={"should_trigger (trigger expectation)": False})
    assert trigger_test(case) == "should_trigger: False"
    assert trigger_test(_case("Extract addresses from this static CSV file.",
                              extra={"should_trigger (trigger expectation)": True})) is None


def test_material_said_below_and_written_in_quotes_later_is_handed_over() -> None:
    prompt = ("Revise this accepted message based only on the feedback below. Keep the name.\n\n"
              "Accepted: `Try Northstar free for 30 days.`\nFeedback: `Make it warmer.`")
    assert "the feedback below" not in pointed_inputs(_case(prompt))
    assert "the feedback below" in pointed_inputs(_case("Revise it based on the feedback below."))


def test_a_prompt_saying_the_material_is_not_there_means_it() -> None:
    prompt = ("Improve my PDF report and return the final PDF. I have not attached the report "
              "and you cannot access it from the workspace.")
    assert absent_by_design(_case(prompt), ["my PDF"]).startswith("I have not attached")
    assert absent_by_design(_case("Improve my PDF report."), ["my PDF"]) == ""


def test_a_routing_boundary_case_is_a_trigger_test() -> None:
    case = _case("这段代码为什么会报错？我只想理解，不要直接改。",
                 extra={"category": "routing_boundary"})
    assert trigger_test(case) == "category: routing_boundary"
    assert trigger_test(_case("Fix this code.", extra={"category": "happy_path"})) is None


def test_a_pointer_refusal_names_the_project_folders_the_set_ships(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [{"id": "t1", "prompt": "Initialize this Java service repo."}],
                   files={"evals/fixtures/shop/pom.xml": "<project/>"})
    result = check_cli(str(skill))
    assert result.exit_code == 2, result.output
    assert "the set ships 'fixtures/shop': if the case works on one, list it under `files`" \
        in result.output


def test_a_harness_blank_in_single_braces_is_a_placeholder() -> None:
    """`{REPO_DIR}`, `{FIXTURE_PATH}`: a blank another harness fills; a shell variable, a
    template's double braces and JSON are read as before."""
    assert placeholders("Review the repo at {REPO_DIR}/shop and fix it") == ["{REPO_DIR}"]
    assert placeholders("Tidy {FIXTURE_NOTES} for the team") == ["{FIXTURE_NOTES}"]
    assert placeholders("Use ${HOME_DIR} here") == []
    assert placeholders('Return JSON {"a_b": 1}') == []
    assert placeholders("Greet {name} politely") == []


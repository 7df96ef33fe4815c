"""Case-set reading rules (issue 26), each by a small set of its own through the real
`skill-eval check`: a typed check with a weight is read from the field that holds its operand
(`expected` too) and its weight reported as not applied; a prompt for the baseline arm alone
(`prompt_baseline`) is reported as not applied, never dropped in silence; a clause on the
skill firing that opens a statement goes to the trigger side, the rest graded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.layouts import find_set, skill_folders
from runner.authoring.mdtasks import markdown_cases
from runner.authoring.routing import split_firing
from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill(folder: Path) -> Path:
    skill = write_skill_md(folder, "menu-writer", 'Writes restaurant menus. Use when asked to '
                           '"draft a menu".', "Write menu.md, one heading a course.\n")
    (skill / "evals").mkdir(parents=True, exist_ok=True)
    return skill


def _case(got: dict[str, Any], case_id: str) -> dict[str, Any]:
    return next(c for c in got["cases"] if c["id"] == case_id)


def _entries(case: dict[str, Any], kind: str) -> list[str]:
    return [str(c["entry"]) for c in case["checks"] if c["kind"] == kind]


def _messages(got: dict[str, Any], code: str) -> list[str]:
    return [f["message"] for f in got["findings"] if f["code"] == code]


# -- rule 3: typed checks with weights -----------------------------------------------------

def test_weighted_typed_checks_read_their_operand_and_report_the_weights(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course",
         "expectations": [
             {"type": "contains", "value": "Soup", "weight": 2},
             {"id": "c1", "weight": 3, "type": "llm_judge",
              "criteria": "Each dish names its main ingredient"},
             {"id": "c2", "points": 1, "type": "semantic",
              "expected": "The soup course comes before the mains"},
             {"id": "c3", "weight": 1, "type": "regex", "pattern": "[Bb]roth"}]}]})
    got = report(skill)
    case = _case(got, "soup")
    assert _entries(case, "assertion") == ["Soup", "re:[Bb]roth"]
    assert _entries(case, "statement") == ["Each dish names its main ingredient",
                                           "The soup course comes before the mains"]
    weights = [m for m in _messages(got, "EV012") if "weights" in m]
    assert len(weights) == 1 and "not applied" in weights[0] and "(4 items)" in weights[0]


def test_unweighted_or_zero_weight_checks_say_nothing_of_weights(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course",
         "expectations": [{"type": "contains", "value": "Soup"},
                          {"type": "contains", "value": "Garnish", "weight": 0}]}]})
    got = report(skill)
    assert _entries(_case(got, "soup"), "assertion") == ["Soup"]  # weight 0: a soft item
    assert not [m for m in _messages(got, "EV012") if "weights" in m]


def test_a_typed_judge_without_any_text_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course",
         "expectations": [{"id": "c1", "weight": 3, "type": "semantic"}]}]})
    shown = check(str(skill), "--json")
    assert shown.exit_code == 2, shown.output
    assert any("a statement has no text" in p["message"]
               for p in json.loads(shown.output)["problems"])


# -- rule 7: a prompt for the baseline alone -----------------------------------------------

def test_a_baseline_prompt_is_reported_as_not_applied(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course",
         "prompt_baseline": "Draft a menu with a soup course, in plain Markdown",
         "assertions": ["Soup"]},
        {"id": "tea", "prompt": "Draft a tea menu", "baselinePrompt": "Draft a tea menu now",
         "assertions": ["Tea"]}]})
    got = report(skill)
    said = _messages(got, "EV012")
    assert any(m.startswith("`prompt_baseline` not applied") for m in said), said
    assert any(m.startswith("`baseline_prompt` not applied") for m in said), said
    assert any("prompt_baseline" in i for i in _case(got, "soup")["ignored"])


def test_a_prompt_alone_reports_no_baseline_prompt(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course", "assertions": ["Soup"],
         "baseline": {"notes": "kept"}}]})
    got = report(skill)
    assert not [m for m in _messages(got, "EV012") if "not applied" in m and "prompt" in m]


# -- rule 2: a clause on the skill firing inside a statement -------------------------------

@pytest.mark.parametrize(("statement", "fires", "rest"), [
    ("The skill triggers and drafts a soup course", True, "Drafts a soup course"),
    ("Skill is invoked; the menu lists three desserts", True, "The menu lists three desserts"),
    ("Uses the menu-writer skill to price every dish", True, "Price every dish"),
    ("The skill does not trigger, and the reply offers a wine list", False,
     "The reply offers a wine list"),
    ("技能触发，菜单包含三道甜点", True, "菜单包含三道甜点"),
    ("使用该技能生成菜单", True, "生成菜单"),
    ("La skill se activa y genera un menú", True, "Genera un menú"),
])
def test_a_firing_clause_is_split_off_the_work(statement: str, fires: bool, rest: str) -> None:
    assert split_firing(statement, ("menu-writer",)) == (fires, rest)


@pytest.mark.parametrize("statement", [
    "Uses the pandas library to read the prices",
    "Uses the pandas library and writes a chart",
    "The skill's template is followed and the menu has a soup course",
    "The skill should trigger",  # routing alone: about_firing's
    "Uses the skill when asked to write a menu",
])
def test_no_firing_clause_no_split(statement: str) -> None:
    assert split_firing(statement, ("menu-writer",)) is None


def test_check_grades_the_work_after_a_firing_clause(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course",
         "assertions": ["The skill is invoked and the menu names two soups",
                        "Uses the pandas library to read the prices"]},
        {"id": "tea", "prompt": "Draft a tea menu",
         "expected_output": "技能触发，菜单包含三种茶"}]})
    got = report(skill)
    assert _entries(_case(got, "soup"), "statement") == [
        "The menu names two soups", "Uses the pandas library to read the prices"]
    assert _entries(_case(got, "tea"), "statement") == ["菜单包含三种茶"]
    said = _messages(got, "EV012")
    assert any("open with whether the skill fires" in m for m in said), said


# -- rule 4: file maps, inline setup files, expected files ---------------------------------

def test_file_maps_and_expected_files_are_output_checks(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft the menu into out/menu.md and notes into out/notes.md",
         "expected_files": ["out/menu.md", "out/notes.md"],
         "all_contains": {"out/menu.md": ["Soup", "Dessert"], "response": ["menu ready"]},
         "any_contains": {"out/notes.md": ["seasonal", "时令"]}}]})
    got = report(skill)
    case = _case(got, "soup")
    outputs = _entries(case, "output")
    assert outputs[:3] == ["out/menu.md", "out/menu.md: Soup", "out/menu.md: Dessert"], outputs
    assert outputs[3] == "out/notes.md" and "seasonal|时令" in outputs[4], outputs
    assert _entries(case, "assertion") == ["menu ready"]
    assert any("read as output checks" in m for m in _messages(got, "EV012"))


def test_setup_files_are_staged_as_inline_fixtures(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "map", "prompt": "Price the dishes in in/dishes.md",
         "setup_files": {"in/dishes.md": "- soup\n- cake\n"}, "assertions": ["soup"]},
        {"id": "list", "prompt": "Price the dishes in in/more.md",
         "setup_files": [{"path": "in/more.md", "content": "- tea\n"}],
         "assertions": ["tea"]}]})
    got = report(skill)
    said = _messages(got, "EV012")
    assert any("inline fixture(s) staged" in m and "in/dishes.md" in m for m in said), said
    assert any("inline fixture(s) staged" in m and "in/more.md" in m for m in said), said
    assert not any("setup_files" in i for c in got["cases"] for i in c["ignored"])


def test_a_list_all_contains_and_named_setup_files_stay_as_they_were(tmp_path: Path) -> None:
    # a list is no file map; setup_files naming files of the skill hold no content to stage
    skill = _skill(tmp_path / "menu-writer")
    _write(skill / "evals" / "evals.json", {"skill_name": "menu-writer", "evals": [
        {"id": "soup", "prompt": "Draft a menu with a soup course", "assertions": ["Soup"],
         "expected_files": "a menu in Markdown", "all_contains": ["Soup"],
         "setup_files": ["in/dishes.md"]}]})
    got = report(skill)
    case = _case(got, "soup")
    assert _entries(case, "output") == []
    assert not any("read as output checks" in m for m in _messages(got, "EV012"))
    assert not any("inline fixture" in m for m in _messages(got, "EV012"))


# -- rule 5: a set one level below the skill; a vendored skill with its own set --------------

def _set(folder: Path, prompt: str) -> Path:
    return _write(folder / "evals.json", {"evals": [{"id": "a", "prompt": prompt,
                                                     "assertions": ["Soup"]}]})


def test_a_set_one_level_below_the_skill_is_its_own(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "menu-writer", "menu-writer", "Writes menus.", "Body.\n")
    found = _set(skill / "qa" / "evals", "Draft a soup menu")
    assert find_set(skill) == found
    # its own evals/ comes first
    own = _set(skill / "evals", "Draft a tea menu")
    assert find_set(skill) == own


def test_a_set_below_a_subfolder_that_is_a_skill_is_not_this_ones(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "menu-writer", "menu-writer", "Writes menus.", "Body.\n")
    inner = write_skill_md(skill / "wine-list", "wine-list", "Writes wine lists.", "Body.\n")
    _set(inner / "evals", "Draft a wine list")
    assert find_set(skill) is None


def test_a_vendored_agent_skill_with_its_own_set_is_found(tmp_path: Path) -> None:
    repo = tmp_path / "tool"
    write_skill_md(repo / "packages" / "app" / "skills" / "helper", "helper", "Helps.", "B.\n")
    vendored = write_skill_md(repo / ".claude" / "skills" / "menu-writer", "menu-writer",
                              "Writes menus.", "Body.\n")
    quiet = write_skill_md(repo / ".claude" / "skills" / "linter", "linter", "Lints.", "B.\n")
    _set(vendored / "evals", "Draft a soup menu")
    found = skill_folders(repo)
    assert vendored in found and quiet not in found
    assert repo / "packages" / "app" / "skills" / "helper" in found


# -- rule 6: a structured Markdown set --------------------------------------------------------

_MARKDOWN_SET = """# Menu cases

How to use: run each prompt with the skill loaded.

## Case 1: Soup first

**Prompt:** Draft a three-course menu that opens with a soup

**Expected:**
- The first course is a soup
- Each course names its main ingredient

**Fail:**
- Puts the dessert first

## Case 2: Tea list

**Input:**
```
Draft a tea menu for a small cafe
```

**Pass:**
- Lists at least three teas

## Common Pass Criteria

- Every dish has a price
"""


def test_a_structured_markdown_set_is_read_as_a_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "menu-writer")
    (skill / "evals" / "test-cases.md").write_text(_MARKDOWN_SET)
    got = report(skill)
    first, second = _case(got, "Case-1"), _case(got, "Case-2")
    assert _entries(first, "statement")[:2] == ["The first course is a soup",
                                                 "Each course names its main ingredient"]
    assert "Every dish has a price" in _entries(first, "statement")
    assert any("Puts the dessert first" in e for e in _entries(first, "statement"))
    assert _entries(second, "statement") == ["Lists at least three teas",
                                             "Every dish has a price"]
    assert any("a Markdown set: 2 case(s)" in m for m in _messages(got, "EV012"))


def test_markdown_cases_read_the_prompt_after_its_label() -> None:
    cases = markdown_cases(_MARKDOWN_SET) or []
    assert [c["prompt"] for c in cases] == ["Draft a three-course menu that opens with a soup",
                                            "Draft a tea menu for a small cafe"]


def test_prose_or_a_case_with_nothing_to_grade_stays_refused(tmp_path: Path) -> None:
    assert markdown_cases("# Cases\n\nTry asking for a soup menu and see if it looks good.\n") \
        is None
    # a prompt with nothing to grade it by: not a set as it is
    assert markdown_cases("## Case 1\n\n**Prompt:** Draft a menu\n\nLooks nice.\n") is None
    skill = _skill(tmp_path / "menu-writer")
    (skill / "evals" / "test-cases.md").write_text("## Case 1\n\nPrompt: Draft a menu\n")
    shown = check(str(skill))
    assert shown.exit_code == 2 and "--generate --from" in shown.output, shown.output


def test_a_markdown_set_shared_by_several_skills_stays_refused(tmp_path: Path) -> None:
    # which of the two skills each case is for is not said: drafted per skill instead
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    menu = write_skill_md(repo / "skills" / "menu-writer", "menu-writer", "Writes menus.", "B.\n")
    write_skill_md(repo / "skills" / "wine-list", "wine-list", "Writes wine lists.", "B.\n")
    (repo / "evals").mkdir()
    (repo / "evals" / "test-cases.md").write_text(_MARKDOWN_SET)
    shown = check(str(menu))
    assert shown.exit_code == 2 and "--generate --from" in shown.output, shown.output


def test_a_clause_on_another_skill_firing_stays_behaviour() -> None:
    assert split_firing("The wine-list skill is invoked, and the menu links to it",
                        ("menu-writer",)) is None
    assert split_firing("The menu-writer skill is invoked, and the menu has a soup",
                        ("menu-writer",)) == (True, "The menu has a soup")

"""A plugin (or kit) of several skills with ONE case set at its root (issue 26, rule 8: "run a
collection's set against the skill each case names"; docs/case-sets.md#collections): each
case runs against the skill it names, by a field, a slash command, a check that the skill
loaded, its folder's name or a rubric line; a case naming none is never run against every
skill. Through the real command line where `check` says it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from runner.authoring.attribution import inferred, named_skill
from runner.authoring.casedirs import read_case_dirs
from runner.authoring.caseset import load_caseset
from runner.authoring.collections import read_collection
from runner.cli import main
from runner.errors import CaseSetError
from tests.helpers import careful_skill_md

SKILLS = ("pack-list", "trip-plan")


def plugin(tmp_path: Path, files: dict[str, str], manifest: bool = True,
           names: tuple[str, ...] = SKILLS) -> Path:
    repo = tmp_path / "kit"
    (repo / ".git").mkdir(parents=True)
    for name in names:
        careful_skill_md(repo / "skills" / name, name)
    if manifest:
        (repo / ".claude-plugin").mkdir()
        (repo / ".claude-plugin" / "plugin.json").write_text('{"name": "kit"}')
    for rel, text in files.items():
        (repo / rel).parent.mkdir(parents=True, exist_ok=True)
        (repo / rel).write_text(text)
    return repo


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def per_skill(repo: Path) -> dict[str, list[str]]:
    result = cli("check", str(repo), "--json")
    assert result.exit_code == 0, result.output
    return {r["skill"]: [c["id"] for c in r["cases"]] for r in json.loads(result.output)}


SCENARIOS = {
    # by slash command (the plugin's form too)
    "evals/scenarios/weekend/prompt.md": "/kit:pack-list for a rainy weekend hike\n",
    "evals/scenarios/weekend/rubric.md": "- lists a rain jacket\n",
    # by the case folder's name, led by the skill's
    "evals/scenarios/trip-plan-lisbon/prompt.md": "Three days in Lisbon, plan them.\n",
    "evals/scenarios/trip-plan-lisbon/rubric.md": "- names a day for Sintra\n",
}


def test_root_case_folders_of_a_plugin_run_against_the_skill_each_names(
        tmp_path: Path) -> None:
    repo = plugin(tmp_path, SCENARIOS)
    assert per_skill(repo) == {"pack-list": ["weekend"], "trip-plan": ["trip-plan-lisbon"]}
    plain = cli("check", str(repo))
    assert plain.exit_code == 0 and "2 run(s), one per skill with cases" in plain.output


def test_one_skill_of_the_plugin_reads_only_its_own_cases(tmp_path: Path) -> None:
    repo = plugin(tmp_path, SCENARIOS)
    found = load_caseset(repo / "skills" / "trip-plan", "trip-plan")
    assert [c.id for c in found.evals] == ["trip-plan-lisbon"]


def test_a_root_set_with_expected_skill_per_case_is_graded_only_against_that_skill(
        tmp_path: Path) -> None:
    cases = [{"id": "a", "expected_skill": "pack-list", "prompt": "Pack for a beach day.",
              "assertions": ["towel"]},
             {"id": "b", "expected_skill": "trip-plan", "prompt": "Plan a day in Porto.",
              "assertions": ["Ribeira"]},
             {"id": "c", "expected_skill": "trip-plan", "prompt": "Plan a day in Braga.",
              "assertions": ["Bom Jesus"]}]
    repo = plugin(tmp_path, {"evals/evals.json": json.dumps({"evals": cases})})
    assert per_skill(repo) == {"pack-list": ["a"], "trip-plan": ["b", "c"]}
    out = cli("check", str(repo / "skills" / "trip-plan"), "-v").output
    # the field named the skill: read as attribution, never a trigger expectation
    assert "trigger expectation" not in out


def test_a_case_naming_no_skill_beside_named_ones_is_not_run_and_said(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {**SCENARIOS, "evals/scenarios/misc/prompt.md": "Help me out.\n",
                             "evals/scenarios/misc/rubric.md": "- is polite\n"})
    assert per_skill(repo) == {"pack-list": ["weekend"], "trip-plan": ["trip-plan-lisbon"]}
    plain = cli("check", str(repo))
    assert plain.exit_code == 0
    assert "case misc of" in plain.output and "names no skill: not run" in plain.output
    assert "expected_skill" in plain.output


def test_a_plugin_whose_cases_name_no_skill_is_refused_naming_them(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/evals.json": json.dumps({"evals": [
        {"id": "x", "prompt": "Help me out.", "assertions": ["ok"]},
        {"id": "y", "prompt": "And again.", "assertions": ["ok"]}]})})
    result = cli("check", str(repo))
    assert result.exit_code == 2
    assert "(x, y) name no skill" in result.output and "expected_skill" in result.output
    assert "plugin.json makes them one plugin" in result.output


def test_a_case_naming_a_skill_the_plugin_lacks_is_refused_naming_it(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/evals.json": json.dumps({"evals": [
        {"id": "a", "expected_skill": "pack-list", "prompt": "Pack.", "assertions": ["x"]},
        {"id": "b", "expected_skill": "tide-table", "prompt": "Tides?", "assertions": ["y"]}]})})
    result = cli("check", str(repo))
    assert result.exit_code == 2 and "tide-table" in result.output
    assert "does not hold" in result.output


def test_a_one_skill_repository_reads_its_root_case_folders_as_before(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/scenarios/misc/prompt.md": "/help me pack\n",
                             "evals/scenarios/misc/rubric.md": "- lists socks\n"},
                  manifest=False, names=("pack-list",))
    assert read_collection(repo) is None
    found = load_caseset(repo / "skills" / "pack-list", "pack-list")
    assert [c.id for c in found.evals] == ["misc"]


def test_a_case_folder_named_for_another_skill_is_never_this_one_s(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/trip-plan/lisbon/prompt.md": "Plan Lisbon.\n",
                             "evals/trip-plan/lisbon/rubric.md": "- names Sintra\n",
                             "evals/trip-plan/porto/prompt.md": "Plan Porto.\n",
                             "evals/trip-plan/porto/rubric.md": "- names Ribeira\n"})
    assert per_skill(repo) == {"trip-plan": ["lisbon", "porto"]}
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(repo / "skills" / "pack-list", "pack-list")


KNOWN = {"pack-list", "trip-plan"}


@pytest.mark.parametrize(("case", "skill"), [
    ({"prompt": "/trip-plan Rome"}, "trip-plan"),
    ({"prompt": "/kit:pack-list"}, "pack-list"),
    ({"prompt": "x", "assertions": [{"type": "skill_loaded", "value": "pack-list"}]},
     "pack-list"),
    ({"id": "pack-list", "prompt": "x"}, "pack-list"),
    ({"id": "trip-plan_2", "prompt": "x"}, "trip-plan"),
    ({"prompt": "x", "expectations": ["The trip-plan skill is used"]}, "trip-plan"),
    ({"prompt": "x", "expectations": ["calls `pack-list` first"]}, "pack-list"),
    ({"prompt": "x", "expectations": ["The trip-plan skill is used, not pack-list directly"]},
     "trip-plan"),
    # the case's own note names it as a skill
    ({"prompt": "x", "notes": "Tests trip-plan skill functionality"}, "trip-plan"),
    ({"prompt": "x", "description": "exercises `pack-list` on a wet week"}, "pack-list"),
])
def test_a_case_names_its_skill_by_what_its_authors_wrote(case: dict[str, object],
                                                         skill: str) -> None:
    assert inferred(case, KNOWN) == [skill]


@pytest.mark.parametrize("case", [
    {"prompt": "/usr/bin/trip-plan is broken"},  # a path, not a command
    {"prompt": "/help trip-plan"},  # a command no skill is
    {"prompt": "Use trip-plan then pack-list"},  # the prompt is not a statement
    {"prompt": "x", "expectations": ["a pack-list of ten items"]},  # a word, not the skill
    {"prompt": "x", "expectations": ["the `pack-list` and `trip-plan` skills agree"]},  # two
    {"id": "trip-planner", "prompt": "x"},  # a longer word
    {"prompt": "x", "notes": "a trip-plan for Rome, then pack-list"},  # words, not skills
    {"prompt": "x", "notes": "Tests the trip-planner-agent"},  # an agent no skill is
])
def test_look_alikes_name_no_skill(case: dict[str, object]) -> None:
    assert inferred(case, KNOWN) == []


def test_expected_skill_none_names_no_skill() -> None:
    assert named_skill({"prompt": "x", "expected_skill": "none"}) == []
    assert named_skill({"prompt": "x", "expected_skill": "trip-plan"}) == ["trip-plan"]


def test_the_one_skill_a_case_expects_activated_is_its_skill() -> None:
    """`expected_activation: ["trip-plan"]` names the case's skill; a list of several is a
    routing expectation over them, no one skill the case is for."""
    assert named_skill({"prompt": "x", "expected_activation": ["trip-plan"]}) == ["trip-plan"]
    assert named_skill({"prompt": "x", "expected_skills": ["trip-plan"]}) == ["trip-plan"]
    assert named_skill({"prompt": "x", "expected_activation": ["trip-plan", "pack"]}) == []
    assert named_skill({"prompt": "x", "expected_activation": []}) == []


def test_a_case_folder_names_its_skill_in_its_prompt_file_front_matter(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/scenarios/a/prompt.md": "---\nexpected_skill: trip-plan\n"
                                                            "---\nPlan a day in Faro.\n",
                             "evals/scenarios/a/rubric.md": "- names the old town\n",
                             "evals/scenarios/b/prompt.md": "/pack-list for Faro\n",
                             "evals/scenarios/b/rubric.md": "- lists sunscreen\n"})
    assert per_skill(repo) == {"pack-list": ["b"], "trip-plan": ["a"]}


def test_a_rubric_in_the_case_s_graders_folder_is_graded_never_staged(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/trip-plan/prompt.md": "Plan a day in Evora.\n",
                             "evals/trip-plan/graders/criteria.md": "- names the chapel\n",
                             "evals/pack-list/prompt.md": "Pack for Evora.\n",
                             "evals/pack-list/graders/criteria.md": "- lists a hat\n",
                             "evals/pack-list/graders/notes.txt": "kept as it was\n"})
    (case,) = load_caseset(repo / "skills" / "pack-list", "pack-list").evals
    assert case.statements == ("lists a hat",)
    raw = read_case_dirs(repo / "evals")["evals"]
    # the look-alike: any other file of the folder stays a fixture
    assert [c.get("files") for c in raw] == [["pack-list/graders/notes.txt"], None]
    assert per_skill(repo) == {"pack-list": ["pack-list"], "trip-plan": ["trip-plan"]}


def test_a_shared_set_whose_notes_name_each_case_s_skill_runs_each_on_its_own(
        tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/evals.json": json.dumps([
        {"id": "e1", "prompt": "Plan two days in Porto.", "notes": "Tests trip-plan skill",
         "expectations": ["Names a day for the river"]},
        {"id": "e2", "prompt": "Pack for Porto in May.", "notes": "Tests pack-list skill",
         "expectations": ["Lists a light jacket"]},
        {"id": "e3", "prompt": "Book a hotel.", "notes": "Tests the booking agent",
         "expectations": ["Names a hotel"]}])})
    assert per_skill(repo) == {"pack-list": ["e2"], "trip-plan": ["e1"]}
    result = cli("check", str(repo / "skills" / "trip-plan"))
    assert result.exit_code == 0, result.output
    assert "'e3': names no skill" in result.output


def test_check_on_one_skill_says_each_case_naming_no_skill(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {**SCENARIOS, "evals/scenarios/misc/prompt.md": "Help me out.\n",
                             "evals/scenarios/misc/rubric.md": "- is polite\n"})
    result = cli("check", str(repo / "skills" / "pack-list"))
    assert result.exit_code == 0, result.output
    assert "misc" in result.output and "names no skill" in result.output
    found = load_caseset(repo / "skills" / "pack-list", "pack-list")
    assert [c.id for c in found.evals] == ["weekend"]


def test_a_plugin_skill_named_test_is_a_skill_and_test_material_is_not(tmp_path: Path) -> None:
    repo = plugin(tmp_path, {"evals/evals.json": json.dumps({"evals": [
        {"id": "a", "skill": "kit:test", "prompt": "Write a test.", "assertions": ["def "]},
        {"id": "b", "skill": "pack-list", "prompt": "Pack.", "assertions": ["x"]}]})})
    careful_skill_md(repo / "skills" / "test", "test")
    careful_skill_md(repo / "tests" / "stub-skill", "stub-skill")  # the look-alike
    assert per_skill(repo) == {"pack-list": ["b"], "test": ["a"]}

"""Sets whose cases sit in named groups, and the files a set's config points at (issue 26),
each rule by a small set of its own through the real `skill-eval check`: groups of cases
under keys of their own (tags), trigger sides named by their groups, a mapping of groups
with fields of their own, a mapping of named cases, files the work must not read, a routing
word with its reason, a top-level rubric naming a file; and what stays as it was."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import check_verbose as verbose
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill(folder: Path, name: str = "trip-planner") -> Path:
    return write_skill_md(folder, name, "Plans a day trip with stops, times and a budget. Use "
                          "when asked to plan a day out.")


def _ids(skill: Path) -> list[str]:
    return [c["id"] for c in report(skill)["cases"]]


def _ignored(skill: Path) -> dict[str, list[str]]:
    return {c["id"]: c["ignored"] for c in report(skill)["cases"]}


SIDES = {
    "positive": [{"prompt": "Plan a day in Lyon for two under 150 euros",
                  "expected": "Gives stops with times and keeps the total under 150 euros."},
                 {"prompt": "Plan a rainy Saturday in Ghent",
                  "expected": "Picks indoor stops and gives a time for each."}],
    "negative": [{"prompt": "Translate this menu into Spanish",
                  "expected": "Do not trigger; this is translation."},
                 {"prompt": "What is the capital of Peru?"}],
}


def test_two_groups_of_cases_are_one_set_each_case_tagged_by_its_group(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {
        "happy_paths": [{"prompt": "Plan a day in Lyon", "expected_output": "A list of stops "
                         "with a time for each and a total cost."}],
        "error_paths": [{"id": "no-city", "prompt": "Plan a day out",
                         "expected_output": "Asks which city before planning anything."}]})
    cases = report(skill)["cases"]
    assert [c["id"] for c in cases] == ["happy_paths-1", "no-city"]
    assert all(c["checks"] for c in cases)  # each graded on its own expectation
    assert "cases in 2 group(s): happy_paths (1), error_paths (1)" in verbose(skill)


def test_groups_named_as_trigger_sides_say_each_case_s_side(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", SIDES)
    # the negative side only says the skill must not fire: both its cases are trigger
    # queries; the positive side's cases are graded on their work and offered as queries
    assert _ids(skill) == ["positive-1", "positive-2"]
    out = verbose(skill)
    assert "the groups are trigger sides" in out
    assert "4 trigger expectation(s) in the runtime set (2 should fire, 2 should not)" in out
    assert all("should_trigger (trigger expectation) (kept, not graded)" in i
               for i in _ignored(skill).values())


def test_negative_and_positive_groups_of_work_are_tags_only(tmp_path: Path) -> None:
    """A negative group whose cases expect work (error handling) is no trigger side."""
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {
        "positive": SIDES["positive"],
        "negative": [{"prompt": "Plan a day in Atlantis",
                      "expected": "Says the place does not exist and asks for a real city."}]})
    assert _ids(skill) == ["positive-1", "positive-2", "negative-1"]
    out = verbose(skill)
    assert "trigger sides" not in out and "trigger expectation" not in out


def test_a_case_s_own_routing_field_stands_over_its_group_s_side(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {
        "positive": SIDES["positive"],
        "negative": [*SIDES["negative"], {"prompt": "Plan my wedding day schedule",
                                          "should_trigger": True}]})
    out = verbose(skill)
    assert "3 should fire, 2 should not" in out


def test_a_mapping_of_groups_with_fields_of_their_own(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {
        "modes": {
            "city": {"goal": "Does the plan fit a city day?",
                     "cases": [{"id": "c1", "prompt": "Plan a day in Porto"}],
                     "expectations": ["Every stop has a start time."]},
            "nature": {"cases": [{"id": "n1", "prompt": "Plan a hike near Bergen",
                                  "expectations": ["Names the trailhead."]}]}}})
    cases = {c["id"]: c for c in report(skill)["cases"]}
    assert [k["entry"] for k in cases["c1"]["checks"]] == ["Every stop has a start time."]
    assert [k["entry"] for k in cases["n1"]["checks"]] == ["Names the trailhead."]
    assert any(i.startswith("goal") for i in cases["c1"]["ignored"])  # the group's, shown
    assert "modes.city (1, with goal, expectations)" in verbose(skill)


def test_a_mapping_of_named_cases_each_name_its_id(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "tests.yaml", (
        "trips:\n"
        "  lyon:\n    prompt: Plan a day in Lyon\n    expectations: [Gives a total cost.]\n"
        "  ghent:\n    prompt: Plan a day in Ghent\n"
        "    expectations: [Gives a time for each stop.]\n"
        "settings:\n  runs: 3\n"))
    assert _ids(skill) == ["lyon", "ghent"]
    assert "settings" in verbose(skill)  # the other top-level key is shown, never dropped


def test_files_the_work_must_not_read_are_negated_read_checks(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "short", "prompt": "Plan an hour in Lyon",
         "forbidden_file_reads": ["references/long-trips.md"]}]})
    [case] = report(skill)["cases"]
    assert [k["entry"] for k in case["checks"]] == ["!Read:references/long-trips.md"]


def test_a_routing_word_with_its_reason_is_routing_work_after_it_is_not(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "menu", "prompt": "Translate this menu into Spanish",
         "expected": "Do not trigger; this is translation."},
        {"id": "peru", "prompt": "What is the capital of Peru?",
         "expected": "Should not trigger - out of scope"},
        {"id": "lyon", "prompt": "Plan a day in Lyon",
         "expected": "Plan the day; this is the main case to cover."}]})
    assert _ids(skill) == ["lyon"]  # its statement is work, graded
    assert "1 trigger expectation" not in verbose(skill)
    assert "2 trigger expectation(s) in the runtime set (0 should fire, 2 should not)" \
        in verbose(skill)


def test_a_top_level_rubric_naming_a_file_holds_its_list_lines(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {"rubric": "rubric.md", "evals": [
        {"id": "one", "prompt": "Plan a day in Lyon"}]})
    (skill / "evals" / "rubric.md").write_text(
        "# Rubric\n\nScore each criterion.\n\n1. Every stop has a time.\n"
        "2. The total cost is given.\n")
    [case] = report(skill)["cases"]
    assert [k["entry"] for k in case["checks"]] == ["Every stop has a time.",
                                                    "The total cost is given."]
    # a rubric in words (no file) stays descriptive, as before
    _write(skill / "evals" / "evals.json", {"rubric": "Judge the plan.", "evals": [
        {"id": "one", "prompt": "Plan a day in Lyon", "expectations": ["Gives a cost."]}]})
    [case] = report(skill)["cases"]
    assert [k["entry"] for k in case["checks"]] == ["Gives a cost."]


def test_one_list_stays_the_set_and_a_file_of_no_cases_stays_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {"scenarios": [
        {"id": "one", "prompt": "Plan a day in Lyon", "expectations": ["Gives a cost."]}]})
    assert _ids(skill) == ["one"]
    assert "group(s)" not in verbose(skill)
    _write(skill / "evals" / "evals.json", {"settings": {"runs": 3},
                                            "budgets": [{"usd": 5}, {"usd": 2}]})
    refused = check(str(skill))
    assert refused.exit_code != 0
    assert "evals: required, a non-empty list of cases" in refused.output


def _repo_with_config(tmp_path: Path, config: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _skill(repo / "skills" / "trip-planner")
    for n, city in enumerate(("Lyon", "Ghent"), 1):
        case = repo / "evals" / "cases" / f"case-{n}"
        case.mkdir(parents=True)
        (case / "prompt.md").write_text(f"Plan a day in {city}\n")
        (case / "rubric.md").write_text("- Every stop has a start time.\n")
    (repo / "evals" / "eval.yaml").write_text(config)
    return repo / "skills" / "trip-planner"


def test_a_config_naming_case_folders_by_a_pattern_reads_them(tmp_path: Path) -> None:
    skill = _repo_with_config(tmp_path, "suites:\n  - skill: trip-planner\n"
                              "    cases_glob: cases/case-*\n    metrics: [accuracy]\n")
    (skill.parent.parent / "evals" / "cases" / "case-1" / "stops.csv").write_text("a,b\n")
    cases = report(skill)["cases"]
    assert [c["id"] for c in cases] == ["case-1", "case-2"]
    assert cases[0]["fixtures"]  # the case folder's other file, staged
    assert "suites[0].cases_glob: cases/case-* (2), beside it metrics (not graded)" \
        in verbose(skill)


def test_a_config_whose_patterns_are_for_other_skills_says_whose(tmp_path: Path) -> None:
    skill = _repo_with_config(tmp_path, "suites:\n  - skill: route-finder\n"
                              "    cases_glob: cases/case-*\n")
    refused = check(str(skill))
    assert refused.exit_code != 0
    assert "each for another skill (route-finder), none this one" in refused.output
    skill = _repo_with_config(tmp_path / "armed", "run:\n  tasks:\n    paths: [cases/*]\n"
                              "arms:\n  - name: a\n    skills: [route-finder]\n")
    assert "for arms loading skill(s) route-finder, none this one" in check(str(skill)).output


def test_a_config_whose_case_folders_hold_no_prompt_is_refused_naming_them(
        tmp_path: Path) -> None:
    skill = _repo_with_config(tmp_path, "runner: run.py\nsuites:\n  - skill: trip-planner\n"
                              "    cases_glob: fixtures/case-*\n")
    fixture = skill.parent.parent / "evals" / "fixtures" / "case-1"
    fixture.mkdir(parents=True)
    (fixture / "fixture.yaml").write_text("id: one\nissue: {title: Broken}\n")
    (skill.parent.parent / "evals" / "run.py").write_text("print('runs it')\n")
    refused = check(str(skill))
    assert refused.exit_code != 0
    assert "case-1/fixture.yaml: id, issue): none holds a prompt; run by the authors' " \
           "program(s) run.py" in refused.output
    # a config naming no cases by a pattern is refused as before
    (skill.parent.parent / "evals" / "eval.yaml").write_text("runner: run.py\nretries: 2\n")
    assert "evals: required, a non-empty list of cases" in check(str(skill)).output


def test_groups_named_for_a_collection_s_skills_are_each_skill_s_cases(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _skill(repo / "trip-planner")
    write_skill_md(repo / "menu-writer", "menu-writer", "Writes a dinner menu. Use when asked "
                   "for a menu.")
    _write(repo / "evals" / "cases.json", {
        "trip-planner": [{"id": "lyon", "request": "Plan a day in Lyon",
                          "expectation": "Gives a total cost for the day."}],
        "menu-writer": [{"id": "vegan", "request": "Write a vegan menu for four",
                         "artifact": "Guests: Ana (no nuts), Bo, Cy, Di.",
                         "expectation": "No dish holds nuts."}]})
    assert _ids(repo / "trip-planner") == ["lyon"]
    assert _ids(repo / "menu-writer") == ["vegan"]
    # the material beside the request is sent with it, labelled
    assert "`artifact` sent with the prompt, labelled 'Artifact'" in verbose(repo / "menu-writer")


def test_lists_of_program_data_are_no_groups(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "trip-planner")
    _write(skill / "evals" / "evals.json", {
        "lookups": [{"query": "museums lyon", "relevant": ["doc-3", "doc-9"]}],
        "searches": [{"query": "parks ghent", "relevant": ["doc-1"]}]})
    refused = check(str(skill))
    assert refused.exit_code != 0
    assert "evals: required, a non-empty list of cases" in refused.output

"""A collection's set against the skill each case names (issue 26), each rule by a small set
of its own through the real `skill-eval check`: a list of skill entries each holding its own
cases, a case naming its skill in other case or separators, an index naming per-skill case
files; and what stays refused or as it was."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import check_verbose as verbose
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _repo(tmp_path: Path, *names: str, under: str = "skills") -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in names:
        write_skill_md(repo / under / name, name, f"Use when asked to {name.replace('-', ' ')} "
                       "with care.", "Do it well.\n")
    return repo


def _ids(skill: Path) -> list[str]:
    return [c["id"] for c in report(skill)["cases"]]


def _case(prompt: str, expects: str) -> dict[str, Any]:
    return {"prompt": prompt, "expected_output": expects}


ENTRIES = {"version": 1, "skills": [
    {"skill": "pack-list", "cases": [_case("Make a packing list for 3 days in Oslo in March",
                                           "Lists warm layers and names the 3 days."),
                                     _case("Pack for a beach weekend in Nice",
                                           "Lists sunscreen and swimwear.")]},
    {"name": "fare-check", "evals": [_case("Is 40 euros fair for Lyon to Paris by train?",
                                           "Compares the fare with usual prices.")]},
]}


def test_skill_entries_give_each_skill_its_own_cases(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check")
    _write(repo / "evals" / "skill-evals.json", ENTRIES)
    assert _ids(repo / "skills" / "pack-list") == ["pack-list-1", "pack-list-2"]
    assert _ids(repo / "skills" / "fare-check") == ["fare-check-1"]
    said = verbose(repo / "skills" / "fare-check")
    assert "1 of 3 case(s) name this skill" in said


def test_skill_entries_with_a_plugin_name_the_plugins_skill(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for plugin, name in (("travel", "pack-list"), ("money", "fare-check")):
        write_skill_md(repo / "plugins" / plugin / "skills" / name, name,
                       f"Use when asked to {name} with care.", "Do it well.\n")
    data = {"skills": [{**e, "plugin": p} for e, p in zip(ENTRIES["skills"],  # type: ignore
                                                         ("travel", "money"), strict=True)]}
    _write(repo / "evals" / "skill-evals.json", data)
    assert _ids(repo / "plugins" / "money" / "skills" / "fare-check") == ["fare-check-1"]


def test_an_entry_naming_no_skill_of_the_repository_is_said(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check")
    data = {"skills": [*ENTRIES["skills"],  # type: ignore[misc]
                       {"skill": "old-skill", "cases": [_case("Say hi", "Says hi.")]}]}
    _write(repo / "evals" / "skill-evals.json", data)
    said = verbose(repo / "skills" / "pack-list")
    assert "1 case(s) name skill 'old-skill', which the repository does not hold" in said


def test_a_skill_no_entry_names_stays_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check", "map-route")
    _write(repo / "evals" / "skill-evals.json", ENTRIES)
    result = check(str(repo / "skills" / "map-route"))
    assert result.exit_code != 0 and "no case of this shared set names skill" in result.output


def test_a_list_of_entries_without_cases_is_no_set(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check")
    _write(repo / "evals" / "skill-evals.json",
           {"skills": [{"skill": "pack-list", "owner": "ana"},
                       {"skill": "fare-check", "owner": "bo"}]})
    assert check(str(repo / "skills" / "pack-list")).exit_code != 0


SHARED = {"evals": [{"skill": "Pack_List", "prompt": "Pack for 2 days in Rome",
                     "expected_output": "Lists clothes for 2 days."},
                    {"skill": "fare check", "prompt": "Is 90 euros fair for Rome to Milan?",
                     "expected_output": "Compares the fare."}]}


def test_a_case_names_its_skill_in_other_case_or_separators(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check")
    _write(repo / "evals" / "evals.json", SHARED)
    assert len(_ids(repo / "skills" / "pack-list")) == 1
    assert len(_ids(repo / "skills" / "fare-check")) == 1


def test_a_name_two_skills_fit_stays_said(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "pack_list2", "packlist")
    write_skill_md(repo / "skills" / "pack_list", "pack_list", "Use when asked to pack.",
                   "Do it.\n")
    _write(repo / "evals" / "evals.json",
           {"evals": [{"skill": "Pack List", "prompt": "Pack for Rome",
                       "expected_output": "Lists clothes."}]})
    result = check(str(repo / "skills" / "packlist"))
    assert result.exit_code != 0 and "Pack List" in result.output


def test_one_case_files_without_ids_are_named_by_their_files(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list", "fare-check")
    for stem, prompt in (("oslo", "Pack for Oslo"), ("nice", "Pack for Nice")):
        _write(repo / "evals" / f"{stem}.json", {"skills": ["Pack-List"], "query": prompt,
                                                 "expectations": ["Lists clothes."]})
    assert sorted(_ids(repo / "skills" / "pack-list")) == ["nice", "oslo"]


def _indexed(tmp_path: Path, names: tuple[str, ...] = ("pack-list", "fare-check")) -> Path:
    repo = _repo(tmp_path, *names)
    base = repo / "evaluations"
    _write(base / "cases.json", {
        "$schema": "./cases.schema.json", "schema_version": 2,
        "fixture_sets": {"trip": [{"path": "trip.md", "content": "Oslo, 3 days, March\n"}]},
        "skill_case_files": ["cases/pack-list.json", "cases/fare-check.json"]})
    _write(base / "cases" / "pack-list.json", {
        "skill_name": "pack-list", "level": "full",
        "core_cases": [{"id": "oslo", "fixture_sets": ["trip", "weather"],
                        "fixtures": [{"path": "bag.md", "content": "one bag\n"}],
                        "prompt": "Make a packing list for the trip in trip.md",
                        "expected_output": "Lists warm layers for 3 days."}]})
    _write(base / "cases" / "fare-check.json", {
        "skill_name": "fare-check",
        "core_cases": [{"id": "lyon", "prompt": "Is 40 euros fair for Lyon to Paris?",
                        "expected_output": "Compares the fare with usual prices."}]})
    return repo


def test_an_index_of_per_skill_case_files_reads_this_skills_file(tmp_path: Path) -> None:
    repo = _indexed(tmp_path)
    assert _ids(repo / "skills" / "fare-check") == ["lyon"]
    found = report(repo / "skills" / "pack-list")
    assert [c["id"] for c in found["cases"]] == ["oslo"]
    said = verbose(repo / "skills" / "pack-list")
    assert "cases read from pack-list.json" in said
    assert "trip.md" in said and "bag.md" in said  # the shared set's file and its own
    assert "fixture set(s) weather named but not in the index: not staged" in said
    assert "beside them level (not graded)" in said


def test_an_index_naming_no_file_for_this_skill_is_refused(tmp_path: Path) -> None:
    repo = _indexed(tmp_path, ("pack-list", "fare-check", "map-route"))
    result = check(str(repo / "skills" / "map-route"))
    assert result.exit_code != 0 and "an index of per-skill case files" in result.output


def test_a_file_list_that_is_no_index_stays_refused(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list")
    _write(repo / "evals" / "evals.json", {"source_files": ["README.md"]})
    (repo / "evals" / "README.md").write_text("notes\n")
    result = check(str(repo / "skills" / "pack-list"))
    assert result.exit_code != 0 and "an index" not in result.output


def test_entries_named_by_name_only_are_groups_of_the_skills_own_set(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "pack-list")
    skill = repo / "skills" / "pack-list"
    _write(skill / "evals" / "evals.json", {"suites": [
        {"name": "basic", "cases": [_case("Pack for Oslo", "Lists warm layers.")]},
        {"name": "edge", "cases": [_case("Pack for nowhere", "Asks where to.")]}]})
    assert _ids(skill) == ["basic-1", "edge-1"]  # a suite's name names no skill

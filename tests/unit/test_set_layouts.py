"""Where a set is found and what `check` reads (issue 26, rule 8 and 7), each rule by a small
set of its own through the real `skill-eval check`: sibling case files of one shape read as one
set (or refused, each named), a set under any name found by its content, findings naming the
file actually read at a repository root, trigger sets read in every layout."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Tidies meeting notes into a summary. Use when asked to "tidy my notes".'


def _skill(folder: Path, name: str = "tidy-notes") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Read the notes, write summary.md.\n")


def _case(ident: Any, prompt: str, word: str = "Friday") -> dict[str, Any]:
    return {"id": ident, "prompt": prompt, "assertions": [word]}


def test_sibling_case_files_of_one_shape_are_one_set_each_case_naming_its_file(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    _write(evals / "basic.json", {"skill_name": "tidy-notes", "notes": "the easy ones",
                                  "evals": [_case(1, "Notes: we ship Friday. Summarise.")]})
    _write(evals / "advanced.json", {"skill_name": "tidy-notes", "notes": "the hard ones",
                                     "evals": [_case(1, "Please tidy my notes: Ana owns it.",
                                                     "Ana")]})
    _write(evals / "trigger-evals.json", [{"query": "tidy my notes", "should_trigger": True}])
    _write(evals / "settings.json", {"model": "sonnet", "retries": 2})
    got = report(skill)
    # ids collide across the files (both 1): each is led by its file's name
    assert sorted(c["id"] for c in got["cases"]) == ["advanced-1", "basic-1"]
    assert [Path(f).name for f in got["set_files"]] == ["advanced.json", "basic.json"]
    unread = " ".join(got["unread_files"])
    assert "trigger-evals.json (a trigger set" in unread and "settings.json (holds no cases" \
        in unread
    # the restated description names the file its case came from, not evals/evals.json
    restated = [f for f in got["findings"] if f["code"] == "EV010" and f["case"] != "(set)"]
    assert [(Path(f["file"]).name, f["case"]) for f in restated] == [
        ("advanced.json", "advanced-1")]
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    assert "set: 2 files of one shape" in plain.output
    assert "advanced.json (1 case(s)), basic.json (1 case(s))" in plain.output
    assert "2 other file(s) not read" in plain.output and "settings.json" in plain.output


def test_one_file_per_case_is_one_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "friday.json", _case("friday", "Notes: we ship Friday."))
    _write(skill / "evals" / "owner.json", _case("owner", "Notes: Ana owns it.", "Ana"))
    assert sorted(c["id"] for c in report(skill)["cases"]) == ["friday", "owner"]


def test_case_files_of_different_shapes_or_versions_are_refused_each_named(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(skill / "evals" / "extra.json", [_case("b", "Notes: Ana owns it.", "Ana")])
    shapes = check(str(skill))
    assert shapes.exit_code == 2, shapes.output
    assert "evals.json and extra.json" in shapes.output and "different shapes" in shapes.output
    assert "--cases" in shapes.output
    # the same shape, the same cases in both files: two versions of one set
    _write(skill / "evals" / "extra.json", {"evals": [_case("b", "Notes: ship Friday.")]})
    versions = check(str(skill))
    assert versions.exit_code == 2 and "versions of one set" in versions.output
    # one prompt reused among others is two cases, each with its own checks
    _write(skill / "evals" / "evals.json", {"evals": [
        _case("a", "Notes: ship Friday."), _case("e", "Notes: Cy owns QA.", "Cy"),
        _case("f", "Notes: Di owns docs.", "Di")]})
    _write(skill / "evals" / "extra.json", {"evals": [
        _case("b", "Notes: ship Friday."), _case("c", "Notes: Ana owns it.", "Ana"),
        _case("d", "Notes: Bo owns the deck.", "Bo")]})
    assert sorted(c["id"] for c in report(skill)["cases"]) == [
        "evals-a", "evals-e", "evals-f", "extra-b", "extra-c", "extra-d"]
    chosen = check(str(skill), "--cases", str(skill / "evals" / "extra.json"), "--json")
    assert chosen.exit_code == 0, chosen.output
    assert [c["id"] for c in json.loads(chosen.output)["cases"]] == ["b", "c", "d"]


def test_case_files_disagreeing_on_how_they_are_graded_are_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "one.json", {"judge_expected_output": True,
                                          "evals": [_case("a", "Notes: ship Friday.")]})
    _write(skill / "evals" / "two.json", {"judge_expected_output": False,
                                          "evals": [_case("b", "Notes: Ana owns it.", "Ana")]})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "disagree on 'judge_expected_output'" in result.output and "--cases" in result.output


def test_a_set_under_any_name_is_found_by_its_content(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "research_questions.json", [
        {"id": "rq-decision", "question": "Notes: we ship Friday. What was decided?",
         "quality_criteria": ["The answer says the team ships on Friday"]}])
    _write(skill / "evals" / "README.json", {"title": "how to run"})
    got = report(skill)
    assert len(got["cases"]) == 1 and got["cases"][0]["checks"][0]["kind"] == "statement"
    # a mapping holding the list under another key, in YAML, below tests/evals/
    other = _skill(tmp_path / "other" / "tidy-notes")
    _write(other / "tests" / "evals" / "walkthroughs.yaml",
           "questions:\n  - id: w\n    question: 'Notes: ship Friday. Summarise.'\n"
           "    assertions: [Friday]\n")
    assert [c["id"] for c in report(other)["cases"]] == ["w"]


def _repo(tmp_path: Path, *skills: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in skills:
        _skill(repo / "skills" / name, name)
    return repo


def test_findings_name_the_root_set_file_actually_read(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "tidy-notes")
    root_set = _write(repo / "evals" / "cases.json", {"skill_name": "tidy-notes", "evals": [
        _case("r", "Can you tidy my notes? We ship Friday.")]})
    got = report(repo / "skills" / "tidy-notes")
    assert [f["file"] for f in got["findings"] if f["code"] == "EV010"] == [str(root_set)]
    plain = check(str(repo))
    assert f"set: {root_set}" in plain.output, plain.output


def test_a_root_evals_folder_gives_each_skill_its_own_files(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "tidy-notes", "draft-mail")
    _write(repo / "evals" / "notes.json", {"skill_name": "tidy-notes",
                                           "evals": [_case("n", "Notes: ship Friday.")]})
    _write(repo / "evals" / "mail.json", {"skill_name": "draft-mail",
                                          "evals": [_case("m", "Draft a mail to Ana.", "Ana")]})
    got = report(repo / "skills" / "draft-mail")
    assert [c["id"] for c in got["cases"]] == ["m"]
    assert any("notes.json (the set of skill 'tidy-notes'" in u for u in got["unread_files"])


def test_check_reads_trigger_sets_at_a_repository_root_and_per_skill(tmp_path: Path) -> None:
    repo = _repo(tmp_path, "tidy-notes", "draft-mail")
    _write(repo / "evals" / "tidy-notes" / "evals.json", [_case("n", "Notes: ship Friday.")])
    _write(repo / "evals" / "tidy-notes" / "trigger-cases.json",
           [{"query": "Please tidy my notes from the standup", "should_trigger": True}])
    _write(repo / "evals" / "draft-mail" / "evals.json",
           [_case("m", "Draft a mail to Ana.", "Ana")])
    _write(repo / "evals" / "trigger-eval.json", '[{"query": "oops", }]')
    notes = report(repo / "skills" / "tidy-notes")
    restated = [f for f in notes["findings"] if f["code"] == "EV010"]
    assert [Path(f["file"]).name for f in restated] == ["trigger-cases.json"]
    assert "restate the description" in restated[0]["message"]
    mail = report(repo / "skills" / "draft-mail")
    broken = [f for f in mail["findings"] if f["code"] == "EV010"]
    assert [Path(f["file"]).name for f in broken] == ["trigger-eval.json"]
    assert "cannot be read" in broken[0]["message"]


def _fixture_repo(tmp_path: Path, files: list[str]) -> Path:
    repo = _repo(tmp_path, "tidy-notes", "draft-mail")
    _write(repo / "evals" / "evals.json", {"skill_name": "tidy-notes", "evals": [{
        "id": "r", "prompt": "Tidy the notes in ./evals/fixtures/standup into summary.md",
        "files": files, "assertions": ["Friday"]}]})
    _write(repo / "evals" / "fixtures" / "standup" / "notes.md", "we ship Friday\n")
    _write(repo / "evals" / "draft-mail" / "evals.json",
           [_case("m", "Draft a mail to Ana.", "Ana")])
    return repo


def test_a_collections_root_fixtures_resolve_from_the_sets_folder_and_are_staged(
        tmp_path: Path) -> None:
    from runner.authoring.caseset import load_caseset
    from runner.trial.session import stage_fixtures

    repo = _fixture_repo(tmp_path, ["fixtures/standup"])
    skill = repo / "skills" / "tidy-notes"
    got = report(skill)
    # found beside the set (not in the skill), landing where the prompt names it
    assert [f["staged_at"] for f in got["cases"][0]["fixtures"]] == [
        "evals/fixtures/standup/notes.md"]
    assert any(f["code"] == "EV012" and "outside the skill" in f["message"]
               for f in got["findings"])
    case = load_caseset(skill, "tidy-notes").evals[0]
    work = tmp_path / "work"
    work.mkdir()
    stage_fixtures(case, tmp_path / "no-bundle", work)
    assert (work / "evals" / "fixtures" / "standup" / "notes.md").read_text() == \
        "we ship Friday\n"


def test_a_shared_sets_fixture_found_nowhere_names_where_it_looked(tmp_path: Path) -> None:
    repo = _fixture_repo(tmp_path, ["fixtures/retro"])
    result = check(str(repo / "skills" / "tidy-notes"))
    assert result.exit_code == 2, result.output
    assert "EV009" in result.output and "fixtures/retro" in result.output
    assert "in none of the places" in result.output
    assert str(repo / "evals") in result.output and "repository root" in result.output


def test_two_harness_files_naming_the_same_case_files_are_read_once_and_said(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "cases" / "one.json", _case("one", "Notes: ship Friday."))
    config = "cases:\n  files: [evals/cases/one.json]\n  defaults: {max_turns: 4}\n"
    _write(skill / "evals" / "eval.yaml", config + "sandbox: true\n")
    _write(skill / "evals" / "with-skill.yaml", config + "sandbox: false\n")
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["one"]
    assert any(u.startswith("with-skill.yaml (names the same case files as eval.yaml")
               for u in got["unread_files"]), got["unread_files"]


def test_a_data_file_a_case_lists_under_files_is_its_input_never_a_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"skill_name": "tidy-notes", "evals": [{
        "id": "q", "prompt": "Answer each question of questions.json into answers.md.",
        "files": ["evals/questions.json"], "assertions": ["Friday"]}]})
    _write(skill / "evals" / "questions.json", [{"question": "When do we ship?"}])
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["q"]
    assert any(u.startswith("questions.json (a fixture the cases of evals.json")
               for u in got["unread_files"]), got["unread_files"]


def _ran(ident: str, prompt: str, **extra: Any) -> dict[str, Any]:
    """One case of a past run's results: each arm's reply and the verdicts it was given."""
    arm = {"response": "Summary: ship Friday.",
           "assertions": [{"assertion": "Names the day", "passed": True}]}
    return {"id": ident, "prompt": prompt, "baseline": arm, "with_skill": arm, **extra}


def test_a_past_runs_results_beside_the_set_are_not_a_second_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"test_cases": [_case("a", "Notes: ship Friday.")]})
    _write(skill / "evals" / "results.json", [_ran("a", "Notes: ship Friday.")])
    # a run's output in another layout: verdicts on checks under another name, `pass`
    _write(skill / "evals" / "run-2.yaml", {"cases": [
        {"query": "Notes: Ana owns it.", "checks": [{"text": "Ana", "pass": False}]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    got = report(skill)
    assert [Path(f).name for f in got["set_files"]] == ["evals.json"]
    unread = " ".join(got["unread_files"])
    assert "results.json (a past run's results" in unread
    assert "run-2.yaml (a past run's results" in unread


def test_cases_whose_fields_only_look_like_verdicts_are_still_cases(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(skill / "evals" / "extra.json", [
        # a case's own flag at its top level, a pattern under `pass`: what the author asks
        {"id": "b", "prompt": "Notes: Ana owns it.", "success": True,
         "checks": [{"pass": "Ana"}]},
        # and a plain case beside it: a file of cases, of another shape than evals.json
        {"id": "c", "prompt": "Notes: Cy owns QA.", "assertions": ["Cy"]}])
    refused = check(str(skill))
    assert refused.exit_code == 2 and "different shapes" in refused.output


def test_the_usual_set_file_beside_variants_its_name_extends_is_the_set(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    _write(evals / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    # drafts of it: the same cases again, and another shape
    _write(evals / "evals_candidates_v1.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(evals / "evals.draft.json", [_case("b", "Notes: Ana owns it.", "Ana")])
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["a"]
    assert [Path(f).name for f in got["set_files"]] == ["evals.json"]
    unread = " ".join(got["unread_files"])
    assert "evals_candidates_v1.json (a variant of evals.json" in unread
    assert "evals.draft.json (a variant of evals.json" in unread


def test_sets_for_one_concern_named_before_the_usual_name_are_said_not_chosen(
        tmp_path: Path) -> None:
    """`process-evals.json`, `other-agent-evals.json` beside `evals.json`: sets for one concern
    the authors named by prefixing the usual name; evals.json is the set, each other one said
    (--cases grades it). A name that only contains the stem (`myevals.json`) is no such set."""
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    _write(evals / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(evals / "process-evals.json", [_case("p", "Notes: Bo owns the deck.", "Bo")])
    _write(evals / "other-agent-evals.json", {"evals": [_case("o", "Notes: Cy is out.", "Cy")]})
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["a"]
    unread = " ".join(got["unread_files"])
    assert "process-evals.json (a variant of evals.json" in unread
    assert "other-agent-evals.json (a variant of evals.json" in unread
    (evals / "process-evals.json").rename(evals / "myevals.json")
    refused = check(str(skill))
    assert refused.exit_code == 2 and "--cases" in refused.output, refused.output


def test_a_set_beside_files_its_name_does_not_lead_stays_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    _write(evals / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(evals / "evals_v2.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    _write(evals / "routing.json", [_case("b", "Notes: Ana owns it.", "Ana")])
    refused = check(str(skill))
    assert refused.exit_code == 2 and "--cases" in refused.output, refused.output
    # no file bears the usual name: which version is the set is the authors' choice
    (evals / "routing.json").unlink()
    (evals / "evals.json").rename(evals / "evalsx.json")
    versions = check(str(skill))
    assert versions.exit_code == 2 and "versions of one set" in versions.output


def test_a_test_runs_results_beside_the_set_are_set_aside_with_a_line(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    # what the authors' own test script wrote: each test's outcome and what it found, a tally
    _write(skill / "evals" / "test_results.json", {"total": 2, "passed": 1, "failed": 1, "tests": [
        {"name": "summary has the date", "passed": True, "message": "found Friday"},
        {"name": "owner named", "passed": False, "message": "no owner line"}]})
    # the same in words: a status per entry
    _write(skill / "evals" / "last-run.yaml", {"results": [
        {"query": "Notes: Ana owns it.", "status": "FAIL", "duration_ms": 812}]})
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    assert "test_results.json (a test run's results" in plain.output
    assert "its tally: total 2, passed 1, failed 1; set aside" in plain.output
    assert "last-run.yaml (a test run's results" in plain.output
    assert [Path(f).name for f in report(skill)["set_files"]] == ["evals.json"]


def test_an_outcome_beside_what_is_expected_is_still_a_case(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    # a status beside an expectation: the author asks for something, so it is a case
    _write(skill / "evals" / "extra.json", [
        {"id": "b", "prompt": "Notes: Ana owns it.", "status": "pass",
         "expected_output": "Names Ana as the owner"}])
    refused = check(str(skill))
    assert refused.exit_code == 2 and "different shapes" in refused.output


def test_a_manifest_naming_its_case_source_chooses_among_sets_of_two_shapes(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    # the harness's own cases and the same set exported for another contract
    _write(evals / "cases.json", {"cases": [
        {"id": "N-1", "prompt": "Notes: ship Friday.", "must_include": ["Friday"]},
        {"id": "N-2", "prompt": "Notes: Ana owns it.", "must_include": ["Ana"]}]})
    _write(evals / "evals.json", {"evals": [_case(1, "Notes: ship Friday."),
                                            _case(2, "Notes: Cy owns QA.", "Cy")]})
    refused = check(str(skill))
    assert refused.exit_code == 2 and "versions of one set" in refused.output
    _write(evals / "manifest.json", {"skill": "tidy-notes", "case_source": "cases.json",
                                     "rubric": "rubric.md"})
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    assert "evals.json (manifest.json names cases.json as its cases (`case_source`), which " \
           "is read" in plain.output
    assert [c["id"] for c in report(skill)["cases"]] == ["N-1", "N-2"]


def test_a_lone_file_holding_one_case_is_a_set_of_that_case(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "eval").mkdir()
    # one case by itself, its request under `task`, an unquoted `Label: text` item in YAML
    (skill / "eval" / "weekly.yaml").write_text(
        "id: weekly\ntask: 'Tidy my notes: \"We ship Friday. Ana owns QA.\"'\nexpected:\n"
        "  must_include:\n    - Friday\n    - Owner line: Ana is named as the QA owner\n")
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["weekly"]
    assert "2 item(s)" not in plain.output and "1 item(s) written `Label: text` unquoted" \
        in plain.output
    verbose = check(str(skill), "-v")
    assert "Owner line: Ana is named as the QA owner" in verbose.output


def test_skill_creators_workspace_beside_the_skill_holds_its_set(tmp_path: Path) -> None:
    """skill-creator keeps the set in `<skill>-workspace/evals/evals.json` beside the skill:
    the skill's set when it names the skill; one naming another skill is not."""
    skill = _skill(tmp_path / "skills" / "tidy-notes")
    _write(tmp_path / "skills" / "tidy-notes-workspace" / "evals" / "evals.json",
           {"skill_name": "tidy-notes", "evals": [_case(1, "Tidy these notes: met Friday.")]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "tidy-notes-workspace/evals/evals.json" in result.output
    _write(tmp_path / "skills" / "tidy-notes-workspace" / "evals" / "evals.json",
           {"skill_name": "other-skill", "evals": [_case(1, "Tidy these notes: Friday.")]})
    assert check(str(skill)).exit_code != 0


def test_skill_creators_workspace_at_the_repository_root_holds_a_plugin_skills_set(
        tmp_path: Path) -> None:
    """skill-creator run from a repository's root for a plugin's skill keeps
    `<skill>-workspace/evals/evals.json` there, above `plugins/p/skills/<skill>/`."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    skill = _skill(tmp_path / "repo" / "plugins" / "notes" / "skills" / "tidy-notes")
    _write(tmp_path / "repo" / "tidy-notes-workspace" / "evals" / "evals.json",
           {"skill_name": "tidy-notes", "evals": [_case(1, "Tidy these notes: met Friday.")]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "repo/tidy-notes-workspace/evals/evals.json" in result.output


def test_a_dated_runs_scores_per_arm_beside_the_set_are_no_second_set(tmp_path: Path) -> None:
    """A results file read by its shape (a dated run; each entry numbers per arm, nothing to
    grade) is a run's output, though its entries carry a prompt-like `task`."""
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [_case("a", "Notes: ship Friday.")]})
    scores = {"eval": "lint", "run": 2, "date": "2026-01-05", "cases": [
        {"case": 1, "task": "tidy the standup notes", "baseline": {"violations": 4},
         "skill": {"violations": 0}},
        {"case": 2, "task": "tidy the retro notes", "baseline": {"violations": 1, "lines": 30},
         "skill": {"violations": 0, "lines": 41}}]}
    _write(skill / "evals" / "lint-results.json", scores)
    plain = check(str(skill))
    assert plain.exit_code == 0, plain.output
    assert "lint-results.json (a run's scores" in plain.output
    # undated, the same entries stay a set of their own (two shapes: the choice is asked)
    _write(skill / "evals" / "lint-results.json", {**scores, "date": None})
    asked = check(str(skill))
    assert asked.exit_code == 2 and "--cases" in asked.output, asked.output


def test_an_inventory_of_the_skills_instructions_beside_case_folders_is_said_not_read(
        tmp_path: Path) -> None:
    """A generator's inventory (each item one of the skill's instructions quoting the snippet
    it came from) beside the scenario folders it was used to write: the folders are the set,
    the inventory a line in `check`, never read as cases with nothing to grade."""
    skill = _skill(tmp_path / "tidy-notes")
    for n in range(2):
        _write(skill / "evals" / f"scenario-{n}" / "task.md",
               f"Write summary.md saying that meeting {n} moved to Friday.\n")
        _write(skill / "evals" / f"scenario-{n}" / "criteria.json",
               {"type": "weighted_checklist", "checklist": [
                   {"name": "day", "description": "summary.md names Friday", "max_score": 10}]})
    _write(skill / "evals" / "instructions.json", {"instructions": [
        {"instruction": "Write the summary to summary.md",
         "original_snippets": "write summary.md", "why_given": "reminder"}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "2 case(s): scenario-0, scenario-1" in result.output
    assert "instructions.json: not a case set: its items are the skill's own instructions" \
        in result.output


def test_a_javascript_test_folders_evals_and_a_harness_expect_block(tmp_path: Path) -> None:
    """`__test__/evals/<skill>/cases.json` at a repository's root is the skill's set; its
    cases' `expect: {exit_code, stdout_matches, stdout_not_contains}` are checks on the
    printed answer (regular expressions, texts that must not appear); the exit code is the
    session's, said as not graded."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    skill = _skill(tmp_path / "repo" / "skills" / "tidy-notes")
    _write(tmp_path / "repo" / "__test__" / "evals" / "tidy-notes" / "cases.json", {
        "skill": "tidy-notes", "cases": [
            {"id": "friday", "prompt": "Tidy these notes: met Ana, ship Friday.",
             "expect": {"exit_code": 0, "stdout_matches": ["(?i)friday"],
                        "stdout_not_contains": ["TODO"]}}]})
    result = check(str(skill), "-v")
    flat = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "assertion re:(?i)friday" in flat and "assertion not:TODO" in flat, flat
    assert "ignored: exit_code" in flat, flat


def test_a_folder_of_skills_workspace_and_a_case_naming_two_with_a_plus(tmp_path: Path) -> None:
    """skill-creator run for a folder of skills keeps `skills-workspace/evals/evals.json`
    beside `skills/`: each case's `skill` names its skill; "tidy-notes + draft-mail" names
    two, so that case is not run, said, and the others run."""
    (tmp_path / "repo" / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        _skill(tmp_path / "repo" / "skills" / name, name)
    _write(tmp_path / "repo" / "skills-workspace" / "evals" / "evals.json", {
        "skill_name": "tidy-notes + draft-mail", "evals": [
            {**_case(1, "Tidy these notes: met Friday."), "skill": "tidy-notes"},
            {**_case(2, "Draft a mail about Friday."), "skill": "draft-mail"},
            {**_case(3, "Tidy and mail: Friday."), "skill": "tidy-notes + draft-mail"}]})
    result = check(str(tmp_path / "repo"))
    flat = " ".join(result.output.split())
    assert result.exit_code == 0, result.output
    assert "ok: tidy-notes" in flat and "ok: draft-mail" in flat, flat
    assert "names several skills (tidy-notes, draft-mail): not run" in flat, flat


def test_a_plugins_set_names_its_fixture_from_the_repositorys_root(tmp_path: Path) -> None:
    """A plugin's set beside its skills (`plugins/design/evals/brief/evals.json`) naming its
    fixture from the repository's root (`plugins/design/evals/brief/fixtures/data.json`, the
    path the prompt gives too): found in the repository (its `.git`), staged where the prompt
    names it. Before, paths were looked for only below the folder the skill and set share."""
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    plugin = repo / "plugins" / "design"
    skill = _skill(plugin / "skills", "brief")
    path = "plugins/design/evals/brief/fixtures/data.json"
    _write(repo / path, {"component": "Checkbox"})
    _write(plugin / "evals" / "brief" / "evals.json", {"skill_name": "brief", "evals": [
        _case(0, f"Write a brief from the data at {path}.", "Checkbox") | {"files": [path]}]})
    got = report(skill)
    assert [f["staged_at"] for f in got["cases"][0]["fixtures"]] == [path], got["cases"]


def test_a_csv_log_of_past_runs_is_no_set(tmp_path: Path) -> None:
    """results.csv, each row dated, naming the model run and its outcomes yes/no (a prompt
    column holding the label of a prompt kept elsewhere): a log of past runs, never a set
    whose rows would tie (was: refused as a set with nothing to grade, EV008)."""
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals").mkdir()
    (skill / "evals" / "results.csv").write_text(
        "date,fixture,prompt,model,p1_detected,p1_fixed,notes\n"
        "2026-03-11,app,A,opus,yes,no,\n2026-03-12,app,B,opus,yes,yes,\n")
    result = check(str(skill))
    assert "EV008" not in result.output, result.output
    assert "no case set" in result.output and "a log of past runs" in result.output, \
        result.output


def _page(case_id: str, prompt: str, expected: str, avoided: str) -> str:
    return (f"---\ncase_id: \"{case_id}\"\ncategory: tidy\n---\n\n# Eval Case: {case_id}\n\n"
            f"## User Prompt\n\n{prompt}\n\n## Expected Signals\n\n{expected}\n\n"
            f"## Must Not Include\n\n{avoided}\n")


def test_a_folder_of_markdown_case_files_indexed_by_a_manifest_is_the_set(
        tmp_path: Path) -> None:
    """`evals/cases/*.md`, one case a file (a prompt heading, a heading of what passes), beside
    an index of them (`evals/manifest.json` listing ids and labels, no prompt): the folder is
    the set, a case per file with its front matter's id; the index is said, not refused as no
    set (before: "no case set ... found instead: evals/manifest.json")."""
    skill = _skill(tmp_path / "tidy-notes")
    cases = skill / "evals" / "cases"
    cases.mkdir(parents=True)
    (cases / "friday-001.md").write_text(_page(
        "friday-001", "Tidy my notes: we ship Friday, Ana owns it.",
        "The summary names Friday as the ship date.", "Any date other than Friday."))
    (cases / "owner-001.md").write_text(_page(
        "owner-001", "Tidy my notes: Ana owns the release.",
        "The summary names Ana as the owner.", "A made-up owner."))
    (cases / "README.md").write_text("# Cases\n\nOne file per case.\n")
    _write(skill / "evals" / "manifest.json", {"version": 1, "case_directory": "cases",
                                                "cases": [{"case_id": "friday-001"},
                                                          {"case_id": "owner-001"}]})
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["friday-001", "owner-001"], got
    entries = [c["entry"] for c in got["cases"][0]["checks"]]
    assert "The summary names Friday as the ship date." in " ".join(entries), entries


def test_a_set_folders_own_markdown_pages_are_its_cases(tmp_path: Path) -> None:
    """Markdown case pages straight in the set folder (`evals/E1_friday.md`, `## Prompt` and
    `## Pass condition` each) are read as a `cases/` folder of them is."""
    skill = _skill(tmp_path / "tidy-notes")
    evals = skill / "evals"
    evals.mkdir(parents=True)
    for ident, word in (("E1", "Friday"), ("E2", "Ana")):
        (evals / f"{ident}_case.md").write_text(
            f"# {ident}\n\n## Prompt\n\nTidy my notes: we ship Friday, Ana owns it.\n\n"
            f"## Pass condition\n\nThe summary names {word}.\n")
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["E1", "E2"], got


def test_a_collections_skill_whose_set_is_markdown_pages_runs(tmp_path: Path) -> None:
    """In a collection, a skill whose only set is Markdown case pages under `evals/cases/`
    is found and checked with the others (before: listed as having no case set)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    pages = _skill(root / "skills" / "tidy-notes") / "evals" / "cases"
    pages.mkdir(parents=True)
    for ident in ("friday-001", "owner-001"):
        (pages / f"{ident}.md").write_text(_page(
            ident, "Please tidy these: we ship Friday, Ana owns it.",
            "The summary names Friday and Ana.", "A made-up owner."))
    other = write_skill_md(root / "skills" / "plan-trip", "plan-trip",
                           "Plans trips. Use when asked to plan a trip.", "Plan it.\n")
    _write(other / "evals" / "evals.json", [_case("t1", "Plan a weekend in Rome.", "Rome")])
    result = check(str(root))
    assert result.exit_code == 0, result.output
    assert "tidy-notes:\n  ok: tidy-notes" in result.output and "2 case(s)" in result.output


def test_a_rubric_beside_the_set_that_no_case_names_is_said(tmp_path: Path) -> None:
    """`evals/rubric.md` beside the set, named by nothing: said, with the field that grades
    on it; named as the set's rubric, it is read and not said again."""
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals").mkdir(parents=True)
    (skill / "evals" / "rubric.md").write_text("- names the owner\n- names the date\n")
    _write(skill / "evals" / "evals.json", [_case("a", "Please tidy: we ship Friday.")])
    said = check(str(skill)).output
    assert "a rubric beside the set, not read: " in said and '"rubric": "rubric.md"' in said
    _write(skill / "evals" / "evals.json", {"rubric": "rubric.md", "evals": [
        _case("a", "Please tidy: we ship Friday.")]})
    assert "a rubric beside the set, not read" not in check(str(skill)).output


def test_documents_beside_the_set_that_it_does_not_name_are_said(tmp_path: Path) -> None:
    """A prose scenario list and a spec beside `evals/evals.json`, named by nothing: each
    said with how to draft cases from it; one the set names (a case's input) and a case's own
    page (by its id) are not; beside SKILL.md a document is the skill's, never said."""
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals").mkdir(parents=True)
    (skill / "evals" / "calendar-scenarios.md").write_text(
        "## Scenario 1\nSetup: notes with no date.\nPass if: the summary asks for one.\n")
    (skill / "evals" / "spec.eval.md").write_text("criteria: names the owner\n")
    (skill / "evals" / "notes-a.md").write_text("we ship Friday, Ana owns it\n")
    (skill / "evals" / "b2.md").write_text("the second case's page\n")
    (skill / "guide.md").write_text("how to use the skill\n")
    _write(skill / "evals" / "evals.json", [
        {**_case("a", "Please tidy my notes."), "files": ["evals/notes-a.md"]},
        _case("b2", "Please tidy: we ship Friday.")])
    said = check(str(skill)).output
    line = next(x for x in said.splitlines() if x.startswith("documents beside the set"))
    assert "evals/calendar-scenarios.md" in line and "evals/spec.eval.md" in line, line
    assert "--generate --from" in line
    for quiet in ("notes-a.md", "b2.md", "guide.md"):
        assert quiet not in line, line


def _two_skills(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A repository of two skills, each with its own set: (root, tidy-notes, plan-trip)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    skill = _skill(root / "skills" / "tidy-notes")
    _write(skill / "evals" / "evals.json", [_case("a", "Please tidy: we ship Friday.")])
    other = write_skill_md(root / "skills" / "plan-trip", "plan-trip",
                           "Plans trips. Use when asked to plan a trip.", "Plan it.\n")
    _write(other / "evals" / "evals.json", [_case("t1", "Plan a weekend in Rome.", "Rome")])
    return root, skill, other


def test_a_harness_task_file_naming_the_skill_above_it_is_said(tmp_path: Path) -> None:
    """`evaluations/tasks/*.json` at the repository's root, one task object each naming the
    skills it runs in `target_skills`: the authors' cases for that skill, said with the
    skill's own set (never another skill's); which set is read does not change."""
    root, skill, other = _two_skills(tmp_path)
    _write(root / "evaluations" / "tasks" / "tidy_basic.json", {
        "task_id": "tidy_basic", "input": {"user_query": "tidy these notes"},
        "target_skills": ["tidy-notes"], "ground_truth": {"owner": "Ana"}})
    said = check(str(skill)).output
    assert "other case sets of this skill, where no layout looks, not read: " in said
    assert "evaluations/tasks/tidy_basic.json" in said
    assert "tidy_basic.json" not in check(str(other)).output


def test_cases_graded_by_an_alias_beside_test_modules_are_the_set(tmp_path: Path) -> None:
    """`evals/evals.json` whose cases grade by `pass_criteria` (any alias of expectations),
    beside the authors' `test_*.py` of the skill's own code: the set, not the tests' material
    (before: "prompts with nothing to grade")."""
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals").mkdir(parents=True)
    (skill / "evals" / "test_parser.py").write_text("def test_parse():\n    assert True\n")
    _write(skill / "evals" / "evals.json", {"skill": "tidy-notes", "cases": [
        {"id": "a", "prompt": "Please tidy: we ship Friday.",
         "pass_criteria": ["Names Friday as the ship date"]}]})
    got = check(str(skill))
    assert got.exit_code == 0, got.output
    assert "1 case(s): a" in got.output


def test_another_skills_own_set_is_never_this_one_of_the_same_name(tmp_path: Path) -> None:
    """`<repo>/paid-ads/` (its SKILL.md and evals/) and `<repo>/skills/paid-ads/` (no set):
    the set beside the first SKILL.md is that skill's, even though it names `paid-ads`; the
    second has none (before: it was graded on the first one's set)."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    first = write_skill_md(root / "paid-ads", "paid-ads", "Plans paid ads. Use when asked.")
    _write(first / "evals" / "evals.json", {"skill_name": "paid-ads", "evals": [
        _case("a", "Plan a search campaign for a bakery.", "bakery")]})
    second = write_skill_md(root / "skills" / "paid-ads", "paid-ads",
                            "Audits paid ads. Use when asked.")
    assert check(str(first)).exit_code == 0
    got = check(str(second))
    assert got.exit_code == 2 and "no case set" in got.output, got.output


def test_a_file_named_for_the_skill_in_a_family_folder_of_the_shared_evals(
        tmp_path: Path) -> None:
    """`evals/<family>/<skill>.json` at the repository's root (sets grouped by family): the
    file named exactly for a skill is its set; a skill with no such file has none."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    skill = _skill(root / "skills" / "tidy-notes")
    other = write_skill_md(root / "skills" / "plan-trip", "plan-trip",
                           "Plans trips. Use when asked to plan a trip.", "Plan it.\n")
    _write(root / "evals" / "notes" / "tidy-notes.json", {"skill_name": "tidy-notes", "evals": [
        _case("a", "Please tidy: we ship Friday.")]})
    got = check(str(skill))
    assert got.exit_code == 0 and "evals/notes/tidy-notes.json" in got.output, got.output
    assert check(str(other)).exit_code == 2


def test_a_family_file_naming_another_skill_is_not_this_ones(tmp_path: Path) -> None:
    """`evals/deploy/setup.json` whose `skill_name` is `deploy` is deploy's file, never the
    set of a skill named `setup`."""
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    setup = write_skill_md(root / "skills" / "setup", "setup", "Sets up. Use when asked.")
    write_skill_md(root / "skills" / "deploy", "deploy", "Deploys. Use when asked.")
    _write(root / "evals" / "deploy" / "setup.json", {"skill_name": "deploy", "evals": [
        _case("a", "Deploy the setup branch.", "deployed")]})
    got = check(str(setup))
    assert got.exit_code == 2 and "no case set" in got.output, got.output


def test_a_shared_suite_holding_some_of_the_skills_cases_is_said(tmp_path: Path) -> None:
    """`evals/cross-model/fixtures.json` at the repository's root, a list of cases each naming
    its skill (`"skill": "tidy-notes"`), beside the skill's own set: a second suite of its
    authors', said with the skill's set (never another skill's); a run's `results.json`
    listing the same cases is a record, not a suite."""
    root, skill, other = _two_skills(tmp_path)
    suite = [{"id": "x1", "skill": "tidy-notes", "task": "Tidy: ship Friday, Ana owns it.",
              "checks": [{"path": "owner", "op": "eq", "value": "Ana"}]}]
    _write(root / "evals" / "cross-model" / "fixtures.json", suite)
    _write(root / "evals" / "cross-model" / "results.json", suite)
    said = check(str(skill)).output
    assert "other case sets of this skill, where no layout looks, not read: " in said
    assert "cross-model/fixtures.json" in said and "results.json" not in said
    assert "fixtures.json" not in check(str(other)).output


def test_a_set_folder_kept_apart_by_a_leading_underscore_is_found(tmp_path: Path) -> None:
    # `_evaluation/` (kept out of the skill's own listing by its underscore) holds the set
    # when no plain set folder does; a plain `evals/` wins over it
    from runner.authoring.layouts import find_set
    skill = tmp_path / "cp-solver"
    (skill / "_evaluation").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: cp-solver\ndescription: Solves contest "
                                    "problems. Use when asked.\n---\nSolve it.\n")
    (skill / "_evaluation" / "cp-solver-evals.json").write_text(json.dumps({"evals": [
        {"id": 1, "prompt": "Solve: sum two integers read from stdin.",
         "expected_output": "A program printing a+b"}]}))
    found = find_set(skill, "cp-solver")
    assert found is not None and found.name == "cp-solver-evals.json", found
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": 2, "prompt": "Solve: print hello.", "expected_output": "hello"}]}))
    assert find_set(skill, "cp-solver") == skill / "evals" / "evals.json"

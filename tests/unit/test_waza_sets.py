"""waza's `eval.yaml` (issue 26 follow-up): its `tasks` patterns resolved from its folder inside
the repository, each task file a case, every grader type read, reported or refused; tasks that
only say whether the skill fires are a trigger set; the eval's settings reported."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.set_owned import set_files_outside_evals
from runner.errors import CaseSetError
from tests.helpers import check_cli, check_json, check_verbose, write_data, write_skill_md

CONFIG = {"trials_per_task": 4, "timeout_seconds": 120, "executor": "copilot-sdk",
          "model": "some-model"}


def eval_yaml(**fields: Any) -> dict[str, Any]:
    return {"name": "notes-eval", "skill": "tidy", "version": "1.0", "config": CONFIG,
            "metrics": [{"name": "task_completion", "weight": 1.0, "threshold": 0.8}],
            "tasks": ["tasks/*.yaml"], **fields}


def runtime_task(**fields: Any) -> dict[str, Any]:
    return {"id": "tidy-list", "name": "Tidy the list",
            "inputs": {"prompt": "Tidy the shopping list in list.txt into sections.",
                       "files": [{"path": "list.txt"}]},
            "expected": {"output_contains": ["Produce"]},
            "graders": [{"type": "text", "name": "sections",
                         "config": {"regex_match": [r"(?m)^## \w+"],
                                    "contains": ["dairy"], "not_contains_cs": ["TODO"]}}],
            **fields}


def trigger_task(ident: str, prompt: str, fires: bool) -> dict[str, Any]:
    return {"id": ident, "name": ident, "inputs": {"prompt": prompt},
            "expected": {"should_trigger": fires},
            "graders": [{"type": "trigger", "name": "fires",
                         "config": {"mode": "positive" if fires else "negative"}}]}


def skill(tmp_path: Path, files: dict[str, Any]) -> Path:
    folder = write_skill_md(tmp_path / "tidy", "tidy", "Tidies shopping lists into sections. "
                                                       "Use when asked to tidy a list.")
    for rel, data in files.items():
        write_data(folder / rel, data)
    return folder


def test_a_runtime_task_reads_its_text_graders_and_expected_as_checks(tmp_path: Path) -> None:
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(), "evals/tasks/a.yaml":
                              runtime_task(), "evals/fixtures/list.txt": "milk\napples\n"})
    (case,) = load_caseset(folder, "tidy").evals
    assert case.id == "tidy-list" and case.name == "Tidy the list"
    assert case.prompt.startswith("Tidy the shopping list")
    assert set(case.assertions) == {"Produce", r"re:(?m)^## \w+", "re:(?i)dairy", "not:TODO"}
    assert case.files == ("evals/fixtures/list.txt",)
    assert case.fixture_destination("evals/fixtures/list.txt").as_posix() == "list.txt"
    report = check_json(folder)
    assert report["ok"] is True


def test_eval_level_graders_hold_for_every_task_and_other_types_map(tmp_path: Path) -> None:
    other = runtime_task(id="second", graders=[
        {"type": "file", "name": "out", "config": {
            "must_exist": ["tidy.md"], "must_not_exist": ["scratch.txt"],
            "content_patterns": [{"path": "tidy.md", "must_match": ["## Dairy"],
                                  "must_not_match": ["TODO"]}]}},
        {"type": "behavior", "name": "lean", "config": {
            "max_tool_calls": 6, "required_tools": ["view"], "forbidden_tools": ["bash"],
            "max_tokens": 9000}},
        {"type": "prompt", "name": "judge", "config": {
            "prompt": "The sections group like items together.\n"
                      "Call set_waza_grade_pass when they do, else set_waza_grade_fail."}}])
    shared = [{"type": "code", "name": "said", "config": {"assertions": ["'list' in output"]}}]
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(graders=shared),
                              "evals/tasks/a.yaml": runtime_task(),
                              "evals/tasks/b.yaml": other,
                              "evals/fixtures/list.txt": "milk\n"})
    caseset = load_caseset(folder, "tidy")
    first, second = sorted(caseset.evals, key=lambda c: c.id != "tidy-list")
    assert "list" in first.assertions and "list" in second.assertions  # the eval's grader
    assert [(o.path, o.contains) for o in second.outputs] == [
        ("tidy.md", ()), ("tidy.md", ("re:## Dairy", "not:re:TODO"))]
    assert set(second.tool_calls) == {"Read", "!Bash"}
    assert [(p.count, p.max) for p in second.process] == [("*", 6)]
    assert second.statements == ("The sections group like items together.",)
    said = " ".join(f.message for f in caseset.findings)
    assert "must_not_exist" in said and "max_tokens" in said and "max_tool_calls" in said


def test_the_eval_config_and_metrics_are_reported_never_silent(tmp_path: Path) -> None:
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(), "evals/tasks/a.yaml":
                              runtime_task(), "evals/fixtures/list.txt": "milk\n"})
    out = check_verbose(folder)
    assert "trials_per_task 4" in out and "model some-model" in out
    assert "executor copilot-sdk" in out and "timeout_seconds 120" in out
    assert "metrics (task_completion)" in out


def test_a_set_of_trigger_tasks_only_is_a_trigger_set(tmp_path: Path) -> None:
    folder = skill(tmp_path, {
        "evals/eval.yaml": eval_yaml(),
        "evals/tasks/yes.yaml": trigger_task("yes-1", "Sort my grocery list by aisle", True),
        "evals/tasks/no.yaml": trigger_task("no-1", "Write a poem about autumn", False)})
    result = check_cli(str(folder), "-v")
    assert result.exit_code == 0, result.output
    assert "trigger set only (2 queries: 1 should trigger, 1 should not)" in result.output
    assert "trials_per_task 4" in result.output  # the settings said here too


def test_the_old_reader_refused_it_as_no_list_of_cases(tmp_path: Path) -> None:
    """Before: `evals: required ... it holds name, ..., tasks`; now the tasks are read."""
    folder = skill(tmp_path, {"eval.yaml": eval_yaml(), "tasks/a.yaml": runtime_task(),
                              "fixtures/list.txt": "milk\n"})
    caseset = load_caseset(folder, "tidy")  # the eval.yaml beside SKILL.md
    assert [c.id for c in caseset.evals] == ["tidy-list"]
    assert caseset.evals[0].files == ("fixtures/list.txt",)
    # the task files are the set's own: never shipped in the skill bundle
    owned = set_files_outside_evals(folder, caseset.read_files, caseset.evals)
    assert "tasks/a.yaml" in owned


def test_a_task_pattern_escaping_the_repository_is_refused(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    write_data(tmp_path / "elsewhere" / "t.yaml", runtime_task())
    folder = skill(repo, {"evals/eval.yaml": eval_yaml(tasks=["../../../elsewhere/*.yaml"])})
    result = check_cli(str(folder))
    assert result.exit_code == 2
    assert "EV009" in result.output and "reaches outside the repository" in result.output


def test_an_unknown_grader_type_is_refused_a_known_unmappable_one_reported(
        tmp_path: Path) -> None:
    typo = runtime_task(graders=[{"type": "txet", "name": "x", "config": {"contains": ["a"]}}])
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(), "evals/tasks/a.yaml": typo,
                              "evals/fixtures/list.txt": "milk\n"})
    result = check_cli(str(folder))
    assert result.exit_code == 2 and "grader type 'txet' is not one of waza's" in result.output
    kept = runtime_task(graders=[{"type": "json_schema", "name": "j",
                                  "config": {"schema": {"type": "object"}}}])
    write_data(folder / "evals/tasks/a.yaml", kept)
    out = check_verbose(folder)
    assert "grader type 'json_schema'" in out and "not graded" in out


def test_skillgrade_and_plain_yaml_stay_as_they_were(tmp_path: Path) -> None:
    """A `tasks` list of objects (skillgrade's) is no waza eval; a YAML with no `skill` and
    no patterns stays no set."""
    rubric = [{"type": "llm_rubric", "rubric": "The list is grouped into sections."}]
    folder = skill(tmp_path, {"eval.yaml": {"tasks": [{"instruction": "Tidy list.txt.",
                                                        "graders": rubric}]}})
    assert load_caseset(folder, "tidy").evals[0].prompt == "Tidy list.txt."
    other = skill(tmp_path / "b", {"evals/eval.yaml": {"name": "x", "tasks": ["t/*.yaml"]}})
    assert check_cli(str(other)).exit_code == 2


def test_a_forbidden_web_tool_is_no_reach_a_required_one_stays(tmp_path: Path) -> None:
    """`forbidden_tools: [web_fetch]` is passed by not fetching: no EV014 (it used to say no
    arm could pass it); `required_tools: [web_fetch]` keeps EV014 (no network)."""
    def with_tools(key: str) -> Path:
        task = runtime_task(graders=[{"type": "behavior", "name": "b",
                                      "config": {key: ["web_fetch"]}}])
        return skill(tmp_path / key, {"evals/eval.yaml": eval_yaml(),
                                      "evals/tasks/a.yaml": task,
                                      "evals/fixtures/list.txt": "milk\n"})
    assert "EV014" not in check_verbose(with_tools("forbidden_tools"))
    assert "EV014" in check_verbose(with_tools("required_tools"))


def test_without_git_the_folder_above_the_eval_bounds_its_patterns(tmp_path: Path) -> None:
    """A copy with no `.git`: tasks beside the set folder (`../tasks/`) are read; a pattern
    climbing further, or a task file linking out, is refused."""
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(tasks=["../tasks/*.yaml"]),
                              "tasks/a.yaml": runtime_task(),
                              "evals/fixtures/list.txt": "milk\n"})
    assert [c.id for c in load_caseset(folder, "tidy").evals] == ["tidy-list"]
    write_data(folder / "evals/eval.yaml", eval_yaml(tasks=["../../*.yaml"]))
    assert "reaches outside the repository" in check_cli(str(folder)).output
    write_data(tmp_path / "out.yaml", runtime_task(id="far"))
    (folder / "tasks/b.yaml").symlink_to(tmp_path / "out.yaml")
    write_data(folder / "evals/eval.yaml", eval_yaml(tasks=["../tasks/*.yaml"]))
    with pytest.raises(CaseSetError, match=r"outside the repository \(links out of it\)"):
        load_caseset(folder, "tidy")  # (`check` refuses the link itself first: HY005)


def test_an_llm_rubric_naming_a_file_is_its_text_and_a_lone_pattern_is_read(
        tmp_path: Path) -> None:
    task = runtime_task(graders=[{"type": "llm", "name": "q", "rubric": "rubrics/q.md"}])
    folder = skill(tmp_path, {"evals/eval.yaml": eval_yaml(tasks="tasks/*.yaml"),
                              "evals/tasks/a.yaml": task,
                              "evals/rubrics/q.md": "Each item sits under one heading.\n",
                              "evals/fixtures/list.txt": "milk\n"})
    (case,) = load_caseset(folder, "tidy").evals
    assert case.statements == ("Each item sits under one heading.",)


def test_another_harness_reports_one_line_per_kind_naming_three_places() -> None:
    """promptfoo's and waza's readers report alike (runner.authoring.problems.Noted)."""
    from runner.authoring.problems import Noted
    from runner.authoring.promptfoo import Suite
    noted = Noted()
    for n in range(1, 5):
        noted.note("grader weight: not graded", "drop it", f"tasks[{n}]")
    noted.note("a set-wide note", "none needed", "")
    assert noted.lines() == [
        ("grader weight: not graded (4x: tasks[1], tasks[2], tasks[3], ...)", "drop it"),
        ("a set-wide note", "none needed")]
    suite = Suite()
    suite.note("providers: not used", "none needed", "promptfooconfig.yaml")
    assert [(f.message, f.fix) for f in suite.findings] == [
        ("providers: not used (1x: promptfooconfig.yaml)", "none needed")]

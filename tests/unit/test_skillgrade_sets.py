"""skillgrade's `eval.yaml` at the skill's root (issue 26 follow-up 1): found by `check` and
`run` where skillgrade puts it, every grader type read (a `deterministic` command the case's
grader command, an `llm_rubric` a statement, a file reference read), the `workspace` staged;
other YAML at a skill's root is no set."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.authoring.caseset import load_caseset
from runner.authoring.layouts import locate
from runner.errors import CaseSetError
from tests.helpers import check_json, check_verbose, report_skill, write_data

PROMPT = "Write a weekly status report from tickets.txt into report.md."
CHECK_SH = "#!/bin/sh\ntest -f report.md\n"


skill_with = report_skill


def task(**fields: Any) -> dict[str, Any]:
    return {"name": "weekly", "instruction": PROMPT,
            "workspace": [{"src": "fixtures/tickets.txt", "dest": "tickets.txt"}],
            "graders": [{"type": "deterministic", "run": "bash graders/check.sh",
                         "weight": 0.7},
                        {"type": "llm_rubric", "rubric": "The report counts the tickets.",
                         "weight": 0.3}], **fields}


SUPPORT = {"graders/check.sh": CHECK_SH, "fixtures/tickets.txt": "T-1 open\nT-2 done\n"}


def test_an_eval_yaml_at_the_skill_root_is_found_and_every_grader_read(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": {"version": "1", "defaults": {"trials": 5},
                                                "tasks": [task()]}, **SUPPORT})
    caseset = load_caseset(skill, "wr")
    (only,) = caseset.evals
    assert caseset.source == str(skill / "eval.yaml")
    assert only.prompt == PROMPT
    assert only.grader_program is not None and only.grader_program.is_command
    assert only.grader_program.path == "graders/check.sh"
    assert only.grader_program.threshold == 1.0  # skillgrade's full reward
    assert only.statements == ("The report counts the tickets.",)
    assert only.files == ("fixtures/tickets.txt",)
    assert only.fixture_destination("fixtures/tickets.txt").as_posix() == "tickets.txt"


def test_file_references_setup_and_model_are_read_or_reported(tmp_path: Path) -> None:
    graders = [{"type": "deterministic", "run": "bash graders/check.sh",
                "setup": "npm install typescript"},
               {"type": "llm_rubric", "rubric": "rubrics/quality.md", "model": "other-model"}]
    skill = skill_with(tmp_path, {
        "eval.yml": {"tasks": [task(instruction="instructions/weekly.md", graders=graders)]},
        "instructions/weekly.md": PROMPT + "\n", "rubrics/quality.md": "Counts the tickets.\n",
        **SUPPORT})
    caseset = load_caseset(skill, "wr")
    (only,) = caseset.evals
    assert only.prompt == PROMPT
    assert only.statements == ("Counts the tickets.",)
    said = " ".join(f.message for f in caseset.findings)
    assert "`setup` 'npm install typescript' not used" in said
    assert "`model` 'other-model' not used" in said
    assert "names instructions/weekly.md" in said and "names rubrics/quality.md" in said


def test_an_absolute_workspace_destination_lands_in_the_work_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": {"tasks": [task(workspace=[
        {"src": "fixtures/tickets.txt", "dest": "tickets.txt"},
        {"src": "bin/tool", "dest": "/usr/local/bin/tool", "chmod": "+x"}])]},
        "bin/tool": "#!/bin/sh\necho ok\n", **SUPPORT})
    caseset = load_caseset(skill, "wr")
    assert caseset.evals[0].fixture_destination("bin/tool").as_posix() == "tool"
    assert any("staged at ./tool" in f.message for f in caseset.findings)


def test_the_skills_own_set_folder_comes_first(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": {"tasks": [task()]}, **SUPPORT,
                                  "evals/evals.json": {"skill_name": "wr", "evals": [
                                      {"id": "own", "prompt": "Say hi.", "assertions": ["hi"]}]}})
    assert [c.id for c in load_caseset(skill, "wr").evals] == ["own"]


def test_the_root_set_comes_before_a_shared_one_above_the_skill(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    write_data(tmp_path / "evals" / "evals.json", {"evals": [
        {"id": "shared", "prompt": "Say hi.", "assertions": ["hi"], "skill": "wr"}]})
    skill = skill_with(tmp_path, {"eval.yaml": {"tasks": [task()]}, **SUPPORT})
    found = locate(skill, "wr")
    assert found is not None and found.path == skill / "eval.yaml"


@pytest.mark.parametrize("files", [
    {"config.yaml": {"tasks": [task()]}},  # not skillgrade's name
    {"eval.yaml": {"tasks": ["tasks/*.yaml"]}},  # file patterns: another tool's suite
    {"eval.yaml": {"name": "wr", "settings": {"trials": 3}}},  # no tasks
    {"eval.yaml": {"tasks": [{"name": "weekly", "description": "no instruction"}]}},
])
def test_other_yaml_at_a_skill_root_is_no_set(tmp_path: Path, files: dict[str, Any]) -> None:
    skill = skill_with(tmp_path, files)
    assert locate(skill, "wr") is None
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(skill, "wr")


def test_broken_yaml_under_a_set_name_at_the_root_is_refused_with_its_error(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": "tasks: [unclosed\n"})  # never a crash
    with pytest.raises(CaseSetError, match="not valid YAML") as refused:
        load_caseset(skill, "wr")
    assert refused.value.path == str(skill / "eval.yaml")


def test_check_json_finds_the_root_set(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": yaml.safe_dump({"tasks": [task()]}), **SUPPORT})
    report = check_json(skill)
    assert report["set_files"] == [str(skill / "eval.yaml")]
    (case,) = report["cases"]
    kinds = sorted(c["kind"] for c in case["checks"])
    assert kinds == ["grader_program", "statement"]
    assert "tickets.txt" in " ".join(str(f) for f in case["fixtures"])
    assert "staged at" in check_verbose(skill)

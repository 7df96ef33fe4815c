"""A case folder in the Harbor shape (`instruction.md`, `test.sh`, `quality.md` headed "Quality
Rubric"): `test.sh` is the case's grader program, never a fixture staged for the agent (it holds
the checks); a Markdown file whose first heading calls it a rubric is the case's rubric,
whatever its name (a scored criterion's level lines, "- 0: Wrong root cause", are no
criteria of their own). A grader written for its harness's output folder (`$EVAL_OUTPUT_DIR`)
finds the work there: the runner points those names at the working directory too."""

from __future__ import annotations

from pathlib import Path

from runner.sandbox.base import WORK_ALIASES, ProgramSpec
from tests.helpers import check_verbose, write_skill_md


def _skill(tmp_path: Path) -> Path:
    skill = write_skill_md(tmp_path / "flux", "flux", "Fixes stuck Flux releases.")
    task = skill / "evals" / "tasks" / "task-1"
    task.mkdir(parents=True)
    (task / "instruction.md").write_text("# Task\nThe grafana HelmRelease fails: 'resource "
                                         "already exists'. Write remediation.md with the fix.\n")
    (task / "test.sh").write_text('#!/bin/sh\ngrep -q flux "$EVAL_OUTPUT_DIR/remediation.md"\n')
    (task / "quality.md").write_text("# Quality Rubric — Task 1\n\n- Names the ownership "
                                     "annotation conflict\n- Uses flux suspend and resume\n"
                                     "\n1. **Root cause** (0-3): Is the cause named?\n"
                                     "   - 3: Names the annotation conflict\n"
                                     "   - 0: Wrong root cause\n")
    return skill


def test_test_sh_grades_and_a_titled_rubric_is_read(tmp_path: Path) -> None:
    shown = check_verbose(_skill(tmp_path))
    assert "fixture test.sh" not in shown
    assert "grader_program" in shown and "test.sh" in shown
    assert "statement Names the ownership annotation conflict" in shown
    # a scored criterion's level lines say what each score means: never criteria themselves
    assert "statement **Root cause** (0-3): Is the cause named?" in shown
    assert "Wrong root cause" not in shown


def test_harness_output_names_point_at_the_work(tmp_path: Path) -> None:
    spec = ProgramSpec(trial_id="t", run_id="r", workdir=tmp_path, program=tmp_path / "g.sh",
                       timeout_s=5, case_file=tmp_path / "case.json")
    env = spec.environment("/work", "/in/case.json")
    assert env["SKILL_EVAL_WORK"] == "/work"
    assert all(env[name] == "/work" for name in WORK_ALIASES)
    assert "EVAL_OUTPUT_DIR" in WORK_ALIASES

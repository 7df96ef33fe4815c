"""Nothing in silence (issue 26, rules 3 and 8): when a set file is read, every other case set
below its folder (one per concern: `evals/consistency/eval.yaml` beside `evals/eval.yaml`) is
one line of plain `check`, with what it holds and the `--cases FILE` that grades it, while the
set read stays the same; and a skillgrade `deterministic` grader, which runs as the case's
grader command, is never also listed as `graders` kept and not graded."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli, report_skill, write_data, write_skill_md

PROMPT = "Write a short weekly status report for the team into a new file."
BELOW = "below the set's folder"


skill_with = report_skill


def cases(*prompts: str, **top: Any) -> dict[str, Any]:
    return {**top, "evals": [{"id": f"c{n}", "prompt": p, "expected_output": "A report."}
                             for n, p in enumerate(prompts)]}


def plain(skill: Path) -> str:
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    return result.output


def below_lines(output: str) -> list[str]:
    return [line for line in output.splitlines() if BELOW in line]


def test_each_other_set_below_the_read_one_is_a_line_with_its_fix(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "evals/evals.json": cases(PROMPT),
        # the same file name one concern down, and a set by its content under another name
        "evals/consistency/evals.json": cases("Write it again.", "And once more."),
        "evals/edge/more.yaml": cases("Write a report of no tickets.", skill_name="wr")})
    lines = below_lines(plain(skill))
    assert len(lines) == 2, lines
    same, other = sorted(lines)
    assert "consistency/evals.json" in same and "2 case(s)" in same
    assert f"--cases {skill / 'evals/consistency/evals.json'}" in same
    assert "edge/more.yaml" in other and "1 case(s), for skill 'wr'" in other
    assert "not read: only evals.json is graded" in other
    # which set is read does not change
    caseset = load_caseset(skill, "wr")
    assert caseset.source == str(skill / "evals/evals.json")
    assert [c.prompt for c in caseset.evals] == [PROMPT]


def test_a_skillgrade_set_per_concern_is_named(tmp_path: Path) -> None:
    task = {"name": "again", "instruction": "Write the report three times.",
            "graders": [{"type": "deterministic", "run": "test -f report.md"}]}
    skill = skill_with(tmp_path, {
        "evals/eval.yaml": {"version": "1", "tasks": [{**task, "name": "weekly",
                                                      "instruction": PROMPT}]},
        "evals/consistency/eval.yaml": {"version": "1", "tasks": [task]}})
    (line,) = below_lines(plain(skill))
    assert line.startswith("EV012") and "consistency/eval.yaml" in line
    assert "1 case(s)" in line and "--cases" in line


def test_a_lone_set_has_no_such_line(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"evals/evals.json": cases(PROMPT)})
    assert below_lines(plain(skill)) == []


def test_data_files_below_that_are_no_set_have_no_such_line(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "evals/evals.json": {"evals": [{"id": "c0", "prompt": PROMPT, "expected_output": "A "
                                        "report.", "files": ["inputs/listed.json"]}]},
        # settings, a lone case object (a fixture), a list the set names as a case's input,
        # and a run's records kept two folders down
        "evals/config/settings.json": {"timeout": 60, "model": "m"},
        "evals/fixtures/request.json": {"prompt": "A request the skill's script reads."},
        "evals/inputs/listed.json": [{"prompt": "a"}, {"prompt": "b"}],
        "evals/runs/day-1/trial.json": [{"prompt": "x", "expected_output": "y"}]})
    assert below_lines(plain(skill)) == []


def test_a_set_named_by_the_read_one_is_its_own_material(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "evals/evals.json": cases(PROMPT, parts=["parts/more.json"]),
        "evals/parts/more.json": cases("Another prompt.")})
    assert below_lines(plain(skill)) == []


def test_a_deterministic_grader_that_runs_is_not_listed_as_ignored(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": {"version": "1", "tasks": [
        {"name": "weekly", "instruction": PROMPT,
         "graders": [{"type": "deterministic", "run": "test -f report.md"}]}]}})
    output = plain(skill)
    assert "runs as the case's grader command" in output
    assert "graders in" not in output, output
    (only,) = load_caseset(skill, "wr").evals
    assert only.grader_program is not None and only.grader_program.is_command


def test_a_grader_left_beside_the_command_is_still_read(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"eval.yaml": {"version": "1", "tasks": [
        {"name": "weekly", "instruction": PROMPT,
         "graders": [{"type": "deterministic", "run": "test -f report.md"},
                     {"type": "llm_rubric", "rubric": "The report counts the tickets."}]}]}})
    (only,) = load_caseset(skill, "wr").evals
    assert only.grader_program is not None
    assert only.statements == ("The report counts the tickets.",)


def test_a_set_beside_skill_md_says_nothing_of_the_skills_folders(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {
        "evals.json": cases(PROMPT),
        "references/examples.json": cases("An example request the skill's text shows.")})
    assert load_caseset(skill, "wr").source == str(skill / "evals.json")
    assert below_lines(plain(skill)) == []


def test_a_folder_named_for_another_skill_is_that_skills_set(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    skill = write_skill_md(tmp_path / "skills/wr", "wr", "Writes weekly reports. Use when "
                                                         "asked for a weekly report.")
    write_skill_md(tmp_path / "skills/other", "other", "Sorts mail. Use when asked to sort.")
    write_data(tmp_path / "evals/evals.json", cases(PROMPT, skill_name="wr"))
    write_data(tmp_path / "evals/other/evals.json", cases("Sort my mail.", skill_name="other"))
    write_data(tmp_path / "evals/extra/evals.json", cases("Write it again.", skill_name="wr"))
    (line,) = below_lines(plain(skill))
    assert "extra/evals.json" in line and "for skill 'wr'" in line


def two_skills(tmp_path: Path) -> Path:
    (tmp_path / ".git").mkdir()
    write_skill_md(tmp_path / "skills/other", "other", "Sorts mail. Use when asked to sort.")
    return write_skill_md(tmp_path / "skills/wr", "wr", "Writes weekly reports. Use when "
                                                        "asked for a weekly report.")


def test_a_shared_set_naming_another_skill_is_refused_naming_the_sets_below(
        tmp_path: Path) -> None:
    skill = two_skills(tmp_path)
    write_data(tmp_path / "evals/evals.json", {"evals": [
        {"id": "s", "prompt": "Sort my mail.", "skill": "other", "expected_output": "Sorted."}]})
    write_data(tmp_path / "evals/reports/evals.json", cases(PROMPT))
    result = check_cli(str(skill))
    assert result.exit_code != 0
    assert "no case of this shared set names skill 'wr'" in result.output
    assert "below it, not read: reports/evals.json (1 case(s))" in result.output
    assert "--cases FILE" in result.output


def test_that_refusal_alone_names_nothing_below(tmp_path: Path) -> None:
    skill = two_skills(tmp_path)
    write_data(tmp_path / "evals/evals.json", {"evals": [
        {"id": "s", "prompt": "Sort my mail.", "skill": "other", "expected_output": "Sorted."}]})
    result = check_cli(str(skill))
    assert "no case of this shared set names skill 'wr'" in result.output
    assert "below it" not in result.output

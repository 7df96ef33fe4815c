"""CSV case sets (docs/case-sets.md#csv-sets): each shape read like the other dialects, what
each column became said (EV012), columns no rule reads reported as ignored with their count,
and the refusals, through the real `skill-eval check`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from runner.authoring.csvsets import column_name, read_csv_set
from runner.cli import main
from runner.errors import CaseSetError

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into a summary with "
            "decisions and owners.\n---\nRead the notes, write summary.md.\n")


def skill_with_csv(tmp_path: Path, text: str, name: str = "evals/evals.csv") -> Path:
    skill = tmp_path / "tidy-notes"
    (skill / name).parent.mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / name).write_text(text)
    return skill


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def report_of(skill: Path, *extra: str) -> dict[str, Any]:
    result = check(str(skill), "--json", *extra)
    assert result.exit_code == 0, result.output
    return dict(json.loads(result.output))


def messages(report: dict[str, Any]) -> list[str]:
    return [f["message"] for f in report["findings"] if f["code"] == "EV012"]


@pytest.mark.parametrize("header,name", [
    ("Expected Output", "expected_output"), ("expected-output", "expected_output"),
    ("expectedOutput", "expected_output"), (" PROMPT ", "prompt"), ("userInput", "user_input")])
def test_headers_are_one_name_whatever_their_case_or_separator(header: str, name: str) -> None:
    assert column_name(header) == name


def test_prompt_and_assertions_columns_grade_as_a_json_set_would(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, (
        "id,prompt,assertions\n"
        'friday,"Tidy these notes: we ship Friday, Ana owns it.","Friday\nAna"\n'
        "monday,Tidy: ship Monday.,Monday\n"))
    report = report_of(skill)
    assert [c["id"] for c in report["cases"]] == ["friday", "monday"]
    checks = report["cases"][0]["checks"]
    # one item per line of the cell, never its characters; the comma inside quotes is text
    assert [(c["entry"], c["graded"]) for c in checks] == [
        ("Friday", "must contain substring `Friday`"), ("Ana", "must contain substring `Ana`")]
    found = read_csv_set(skill / "evals" / "evals.csv")
    assert found.cases[0]["prompt"] == "Tidy these notes: we ship Friday, Ana owns it."


def test_other_tools_column_names_are_mapped_and_said(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, (
        "input,expected,criteria\n"
        "Tidy: ship Friday.,A summary saying the team ships Friday,"
        '"[""The summary names Friday as the ship day"", ""The summary is one line""]"\n'),
        name="evals/cases.csv")
    report = report_of(skill)
    case = report["cases"][0]
    assert case["id"] == "row-2"  # no id column: named by its line
    assert [c["entry"] for c in case["checks"] if c["kind"] == "statement"] == [
        "The summary names Friday as the ship day", "The summary is one line"]
    assert read_csv_set(skill / "evals" / "cases.csv").cases == [{
        "id": "row-2", "prompt": "Tidy: ship Friday.",
        "expected_output": "A summary saying the team ships Friday",
        "expectations": ["The summary names Friday as the ship day",
                         "The summary is one line"]}]
    mapped = " ".join(messages(report))
    assert "'input' -> prompt" in mapped and "'expected' -> expected_output" in mapped
    assert "'criteria' -> expectations" in mapped


def test_unknown_columns_are_reported_as_ignored_with_their_count(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, (
        "prompt,assertions,difficulty,reviewer\n"
        "Tidy: ship Friday.,Friday,easy,\n"
        "Tidy: ship Monday.,Monday,hard,bo\n"))
    report = report_of(skill)
    ignored = [m for m in messages(report) if "ignored" in m]
    assert ignored and "'difficulty' (2 cell(s))" in ignored[0]
    assert "'reviewer' (1 cell(s))" in ignored[0]
    plain = check(str(skill))
    assert plain.exit_code == 0 and "'difficulty' (2 cell(s))" in plain.output


def test_a_trigger_column_is_taken_out_of_the_grading_as_in_json(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, (
        "id,should_trigger,prompt,assertions\n"
        "yes,true,Tidy these notes: ship Friday.,Friday\n"))
    report = report_of(skill)
    assert [c["id"] for c in report["cases"]] == ["yes"]
    assert any("trigger" in m for m in messages(report))


def test_semicolon_delimited_and_a_byte_order_mark_are_read(tmp_path: Path) -> None:
    path = tmp_path / "set.csv"
    path.write_text("\ufeffquery;expected_output\nTidy: ship Friday.;Friday\n", encoding="utf-8")
    found = read_csv_set(path)
    assert found.cases == [{"prompt": "Tidy: ship Friday.", "expected_output": "Friday",
                            "id": "row-2"}]


@pytest.mark.parametrize("text,fix", [
    ("", "header row"),
    ("difficulty,notes\neasy,x\n", "no prompt column"),
    ("prompt,assertions\n", "no case"),
    ('prompt,assertions\nTidy: ship Friday.,Friday,extra\n', "quote a cell"),
])
def test_refused_csv_sets_name_the_fix(tmp_path: Path, text: str, fix: str) -> None:
    path = tmp_path / "set.csv"
    path.write_text(text)
    with pytest.raises(CaseSetError, match=fix):
        read_csv_set(path)


def test_cases_file_takes_a_csv_set_and_a_refusal_exits_2(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, "prompt,assertions\nTidy: ship Friday.,Friday\n")
    other = tmp_path / "more.csv"
    other.write_text("prompt\n")
    result = check(str(skill), "--cases", str(other))
    assert result.exit_code == 2 and "more.csv" in result.output and "row per case" in \
        result.output


def test_a_csv_fixture_in_a_case_folder_is_not_read_as_a_set(tmp_path: Path) -> None:
    skill = skill_with_csv(tmp_path, "region,total\nnorth,3\n", name="evals/tests/data.csv")
    result = check(str(skill))
    assert result.exit_code == 2 and "no case set" in result.output


def test_a_data_csv_beside_no_set_is_no_set(tmp_path: Path) -> None:
    """A fixture CSV directly in evals/ (no prompt column) is never taken for the set."""
    skill = skill_with_csv(tmp_path, "region,total\nnorth,3\n", name="evals/sales.csv")
    result = check(str(skill))
    assert result.exit_code == 2 and "no case set" in result.output


def test_a_shared_csv_set_of_a_collection_is_read_per_skill(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    for name in ("tidy-notes", "draft-mail"):
        (repo / "skills" / name).mkdir(parents=True)
        (repo / "skills" / name / "SKILL.md").write_text(SKILL_MD.replace("tidy-notes", name))
    (repo / "evals").mkdir()
    (repo / "evals" / "evals.csv").write_text(
        "id,skill,prompt,assertions\n"
        "n,tidy-notes,Tidy: ship Friday.,Friday\n"
        "m,draft-mail,Draft a mail to Ana.,Ana\n")
    result = check(str(repo), "--json")
    assert result.exit_code == 0, result.output
    assert {r["skill"]: [c["id"] for c in r["cases"]] for r in json.loads(result.output)} == {
        "tidy-notes": ["n"], "draft-mail": ["m"]}

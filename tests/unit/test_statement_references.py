"""A statement that compares the work with a file ("Matches worked-example.md", "Follows the
structure of the canonical report (evals/canonical-report.md)", "Consistent with
references/example-output.md"): the file, found in the set's folder, the skill or the
repository's root and not staged for the agent, is carried as a reference for the GRADER
alone; `check -v` says so; a named file found nowhere is reported (EV009). Files the case
stages or the task asks to write, and statements that compare nothing, stay as they were."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.authoring.references import compared_files
from runner.schema.case import Case
from runner.scoring.statements import grader_request
from tests.helpers import check_json, check_verbose, make_skill

WORKED = "# Worked example\n\nTotal: 42 (three rows)\n"
CANON = "# Canonical report\n\n## Summary\n## Risks\n## Next steps\n"
EXAMPLE = "Example output: a table, then one line of advice.\n"


def _skill(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    skill = make_skill(tmp_path, cases, {
        "evals/worked-example.md": WORKED, "evals/canonical-report.md": CANON,
        "references/example-output.md": EXAMPLE, "evals/files/template.md": "# Template\n"},
        name="report-kit")
    (tmp_path / ".git").mkdir()
    (tmp_path / "STYLE.md").write_text("Write in short sentences.\n")
    return skill


def _case(cid: str, *statements: str, **more: Any) -> dict[str, Any]:
    return {"id": cid, "prompt": "Summarise the sales figures in three rows and a total",
            "expectations": list(statements), **more}


def test_a_compared_file_is_a_reference_for_the_grader_only(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        _case("worked", "The answer matches worked-example.md"),
        _case("canon", "Follows the structure of the canonical report "
                       "(evals/canonical-report.md)"),
        _case("example", "Consistent with references/example-output.md"),
        _case("root", "The wording follows STYLE.md")])
    cases = {c.id: c for c in load_caseset(skill, "report-kit").evals}
    assert cases["worked"].references == {"worked-example.md": WORKED}
    assert cases["canon"].references == {"evals/canonical-report.md": CANON}
    assert cases["example"].references == {"references/example-output.md": EXAMPLE}
    assert "short sentences" in cases["root"].references["STYLE.md"]
    # never staged for the agent
    assert all(not c.files and not c.inline_files for c in cases.values())
    shown = check_verbose(skill)
    assert "reference for the grader: worked-example.md" in shown
    assert "reference for the grader: references/example-output.md" in shown


def test_the_grader_request_carries_the_reference_text(tmp_path: Path) -> None:
    case = Case(id="a", prompt="Sum it", statements=("Matches worked-example.md",),
                references={"worked-example.md": WORKED})
    content = grader_request(case, "<material/>", "m")["messages"][0]["content"]
    assert '<reference file="worked-example.md">' in content and "Total: 42" in content
    assert "never quote them as evidence" in content
    plain = Case(id="a", prompt="Sum it", statements=("Matches worked-example.md",))
    assert "<references>" not in grader_request(plain, "<material/>", "m")["messages"][0][
        "content"]


def test_a_case_without_references_digests_as_before(tmp_path: Path) -> None:
    case = Case(id="a", prompt="Sum it", statements=("Gives a total",))
    assert "references" not in case.model_dump_json()
    assert case.digest() == Case.model_validate(case.model_dump()).digest()
    with_ref = case.model_copy(update={"references": {"x.md": "x"}})
    assert with_ref.digest() != case.digest()


def test_a_compared_file_found_nowhere_is_reported(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [_case("gone", "Matches the layout of golden-answer.md")])
    found = [f for f in check_json(skill)["findings"] if f["code"] == "EV009"]
    assert len(found) == 1 and "golden-answer.md" in found[0]["message"]
    assert "graded blind" in found[0]["message"] and found[0]["case"] == "gone"


def test_staged_written_or_uncompared_files_are_no_reference(tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        _case("staged", "Follows template.md", files=["evals/files/template.md"]),
        _case("written", "notes.md follows the outline",
              prompt="Write notes.md with the outline of the sales figures"),
        _case("named", "Mentions worked-example.md as the source"),
        _case("before", "worked-example.md is cited")])
    cases = {c.id: c for c in load_caseset(skill, "report-kit").evals}
    assert all(not c.references for c in cases.values()), cases
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV009"]
    assert "reference for the grader" not in check_verbose(skill)


def test_compared_files_reads_the_comparing_word_first() -> None:
    assert compared_files("Matches worked-example.md and data.json") == [
        "worked-example.md", "data.json"]
    assert compared_files("report.md lists three risks") == []
    assert compared_files("report.md follows the outline") == []


def test_a_bare_name_is_the_skills_one_file_of_that_name(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [_case("deep", "Matches worked-example.md"),
                                  _case("twice", "Matches notes.md")],
                       {"guide/worked-example.md": WORKED, "a/notes.md": "a", "b/notes.md": "b"},
                       name="report-kit")
    cases = {c.id: c for c in load_caseset(skill, "report-kit").evals}
    assert cases["deep"].references == {"worked-example.md": WORKED}
    assert not cases["twice"].references  # two of that name: which one is not known
    assert [f["case"] for f in check_json(skill)["findings"] if f["code"] == "EV009"] == ["twice"]


def test_a_file_named_by_what_it_is_is_a_reference_when_one_is_called_so(
        tmp_path: Path) -> None:
    skill = _skill(tmp_path, [
        _case("canon", "Uses the canonical report. Splits the bundle."),
        _case("nothing", "Uses the quarterly report. Names the owner.")])
    cases = {c.id: c for c in load_caseset(skill, "report-kit").evals}
    assert cases["canon"].references == {"evals/canonical-report.md": CANON}
    assert not cases["nothing"].references  # no file is called so: nothing, and no finding
    assert not [f for f in check_json(skill)["findings"] if f["code"] == "EV009"]

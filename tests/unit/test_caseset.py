import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError

SKILL_MD = "---\nname: csv-summary\ndescription: Summarise CSV files.\n---\nbody\n"
GOOD_CASE = {
    "id": "totals",
    "prompt": "Summarise sales.csv into summary.md",
    "expected_output": "A summary with a totals line",
    "files": ["evals/files/sales.csv"],
    "assertions": ["Total", "re:\\d+ rows", "not:I cannot"],
    "outputs": [{"path": "summary.md", "contains": ["## Totals", "re:Total: \\d+"]},
                {"path": "chart.png"}],
}


def make_skill(tmp_path: Path, evals: object, files: dict[str, str] | None = None) -> Path:
    skill = tmp_path / "csv-summary"
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in (files if files is not None else {"evals/files/sales.csv": "a\n1\n"}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    raw = evals if isinstance(evals, str) else json.dumps(evals)
    (skill / "evals" / "evals.json").write_text(raw)
    return skill


def with_case(**changes: object) -> dict[str, object]:
    case = dict(GOOD_CASE, **changes)
    return {"skill_name": "csv-summary", "evals": [case]}


def test_issue_example_shape_parses(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, with_case()))
    case = caseset.evals[0]
    assert caseset.skill_name == "csv-summary"
    assert case.assertions == ("Total", "re:\\d+ rows", "not:I cannot")
    assert [o.path for o in case.outputs] == ["summary.md", "chart.png"]
    assert str(case.fixture_destination("evals/files/sales.csv")) == "sales.csv"


def test_integer_ids_are_accepted_as_text(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, with_case(id=7)))
    assert caseset.evals[0].id == "7"


def test_nested_fixture_keeps_its_path_below_evals_files(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, with_case(files=["evals/files/data/q1/sales.csv"]),
                       {"evals/files/data/q1/sales.csv": "x\n"})
    case = load_caseset(skill).evals[0]
    assert str(case.fixture_destination(case.files[0])) == "data/q1/sales.csv"


@pytest.mark.parametrize(
    ("evals", "expected"),
    [
        ("{not json", "not valid JSON"),
        ([1, 2], "top level must be an object"),
        ({"evals": [GOOD_CASE]}, "skill_name: required"),
        ({"skill_name": "csv-summary", "evals": []}, "evals: required"),
        ({"skill_name": "csv-summary", "evals": [GOOD_CASE], "extra": 1}, "unknown top-level"),
        (with_case(prompt=""), "prompt must not be empty"),
        (with_case(prompt="TODO write me"), "still a draft"),
        (with_case(asserts=["x"]), "asserts: unknown field"),
        (with_case(assertions=["re:(unclosed"]), "does not compile"),
        (with_case(assertions=["TODO"]), "still a draft"),
        (with_case(assertions=["not:"]), "empty assertion"),
        (with_case(files=["evals/files/missing.csv"]), "is not in the skill"),
        (with_case(files=["../outside.csv"]), "relative path inside the skill"),
        (with_case(files=["SKILL.md"]), "must live below evals/files/"),
        (with_case(outputs=[{"path": "chart.png", "contains": ["x"]}]), "is binary"),
        (with_case(outputs=[{"path": "/etc/passwd"}]), "relative path in the working directory"),
        (with_case(outputs=[{"path": "a.md", "contains": ["re:["]}]), "does not compile"),
        (with_case(assertions=[], outputs=[]), "no case has anything to grade"),
        (with_case(prompt=5), "prompt: Input should be a valid string"),
    ],
)
def test_refusals_name_file_case_and_problem(tmp_path: Path, evals: object,
                                             expected: str) -> None:
    skill = make_skill(tmp_path, evals)
    with pytest.raises(CaseSetError) as info:
        load_caseset(skill)
    message = str(info.value)
    assert str(skill / "evals" / "evals.json") in message
    assert expected in message
    assert info.value.exit_code == 2


def test_refusal_names_the_case_id(tmp_path: Path) -> None:
    second = dict(GOOD_CASE, id="broken", assertions=["re:("])
    evals = {"skill_name": "csv-summary", "evals": [GOOD_CASE, second]}
    with pytest.raises(CaseSetError, match="case 'broken'"):
        load_caseset(make_skill(tmp_path, evals))


def test_duplicate_ids_refused(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [GOOD_CASE, GOOD_CASE]}
    with pytest.raises(CaseSetError, match="case 'totals': duplicate id"):
        load_caseset(make_skill(tmp_path, evals))


def test_missing_caseset_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(tmp_path)


def test_select_unknown_case_refused(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, with_case()))
    assert caseset.select(("totals",)).evals[0].id == "totals"
    with pytest.raises(CaseSetError, match="no such case"):
        caseset.select(("nope",))

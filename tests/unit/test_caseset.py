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
        (42, "top level must be an object"),
        ([1, 2], "skill_name: required"),
        ({"evals": [GOOD_CASE]}, "skill_name: required"),
        ({"skill_name": "csv-summary", "evals": []}, "evals: required"),
        ({"skill_name": "csv-summary", "evalz": 3}, "evals: required"),
        ({"skill_name": "csv-summary", "evals": [GOOD_CASE], "skil_name": "x"},
         "unknown top-level field 'skil_name' (did you mean 'skill_name'?)"),
        (with_case(prompt=""), "prompt must not be empty"),
        (with_case(prompt="TODO write me"), "still a draft"),
        (with_case(asserts=["x"]), "unknown field 'asserts' (did you mean 'assertions'?)"),
        (with_case(assertions=["re:(unclosed"]), "does not compile"),
        (with_case(assertions=["TODO"]), "still a draft"),
        (with_case(assertions=["not:"]), "empty assertion"),
        (with_case(files=["evals/files/missing.csv"]), "is not in the skill"),
        (with_case(files=["../outside.csv"]), "relative path inside the skill"),
        (with_case(files=["evals/evals.json"]), "cannot be staged"),
        (with_case(expectations=[3]), "expectations: a list of statements"),
        (with_case(assertions=[{"type": "screenshot", "text": "x"}]), "unknown type 'screenshot'"),
        (with_case(expectations=["TODO say what good looks like"]), "statement is still a draft"),
        (with_case(process=[{"id": "p", "count": "Edit", "min": 3, "max": 1}]), "inverted"),
        (with_case(process=[{"id": "p", "after": "Edit"}]), "`after` needs `then`"),
        (with_case(process=[{"id": "p", "never": "Web Fetch"}]), "is not a tool name"),
        (with_case(process=[{"id": "p", "never": "Bash:re:("}]), "does not compile"),
        (with_case(process=[{"id": "p", "never": "TODO: which tool"}]), "still a draft"),
        (with_case(process=[{"id": "p", "never": "X", "count": "Y", "max": 1}]),
         "needs exactly one of"),
        (with_case(judge="SKILL.md"), "inside the skill's evals/ folder"),
        (with_case(judge="evals/judges/missing.py"), "is not a file in the skill"),
        (with_case(selftune_assertions=[{"type": "json_path", "file": "a.json",
                                         "path": "a..b"}]), "JSON path"),
        (with_case(must_have=5), "must_have: a list of regular expressions"),
        (with_case(outputs=[{"path": "chart.png", "contains": ["x"]}]), "is binary"),
        (with_case(outputs=[{"path": "/etc/passwd"}]), "relative path in the working directory"),
        (with_case(outputs=[{"path": "a.md", "contains": ["re:["]}]), "does not compile"),
        (with_case(assertions=[], outputs=[], expected_output=""),
         "EV008: no case has anything that can pass or fail"),
        (with_case(prompt=5), "`prompt` is int, not the text to send"),
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
    with pytest.raises(CaseSetError, match="case 'totals': EV009: duplicate id"):
        load_caseset(make_skill(tmp_path, evals))


def test_missing_caseset_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseSetError, match="no case set"):
        load_caseset(tmp_path)


def test_select_unknown_case_refused(tmp_path: Path) -> None:
    caseset = load_caseset(make_skill(tmp_path, with_case()))
    assert caseset.select(("totals",)).evals[0].id == "totals"
    with pytest.raises(CaseSetError, match="no such case"):
        caseset.select(("nope",))


def test_case_sets_as_other_tools_write_them(tmp_path: Path) -> None:
    """Descriptive top-level fields, case names, integer ids from 0, assertion objects,
    must_have / must_not_have lists and fixtures anywhere inside the skill are read the way
    their authors meant."""
    evals = {"skill_name": "csv-summary", "description": "Totals", "version": "2",
             "notes": "from skill-creator", "evals": [{
                 "id": 0, "name": "Totals of sales", "prompt": "Summarise data.csv",
                 "files": ["references/data.csv", "evals/beside.txt"],
                 "assertions": [{"type": "contains", "text": "Total"},
                                {"type": "regex", "pattern": "\\d+ rows"},
                                {"type": "not_contains", "value": "I cannot"}],
                 "must_have": ["^## Totals"], "must_not_have": ["(?i)error"]}]}
    skill = make_skill(tmp_path, evals, {"references/data.csv": "a,b\n", "evals/beside.txt": "x"})
    caseset = load_caseset(skill)
    case = caseset.evals[0]
    assert case.id == "0" and case.name == "Totals of sales"
    assert case.assertions == ("Total", "re:\\d+ rows", "not:I cannot", "re:^## Totals",
                               "not:re:(?i)error")
    assert caseset.about == {"description": "Totals", "notes": "from skill-creator",
                             "version": "2"}
    assert [str(case.fixture_destination(f)) for f in case.files] == [
        "references/data.csv", "beside.txt"]
    import io
    import tarfile

    from runner.authoring.bundles import pack_fixtures

    names = tarfile.open(fileobj=io.BytesIO(pack_fixtures(skill, caseset.fixture_files())))
    assert sorted(names.getnames()) == ["evals/beside.txt", "references/data.csv"]


def test_skill_creator_format_runs_unchanged(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [
        {"id": 0, "prompt": "Summarise sales.csv", "expected_output": "A totals line",
         "files": ["evals/files/sales.csv"],
         "expectations": ["The summary states the number of rows",
                          "The total is computed from every row"]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.id == "0" and case.assertions == ()
    assert case.statements == ("The summary states the number of rows",
                               "The total is computed from every row")


def test_selftune_format_sentences_for_the_grader_checks_stay_deterministic(
        tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [
        {"id": "refund-escalation", "prompt": "Review the attached request.",
         "files": ["evals/files/sales.csv"],
         "assertions": ["The response names the applicable refund exception.", "R-12",
                        "not:I cannot help"],
         "selftune_assertions": [
             {"type": "required_text", "value": "Escalate"},
             {"type": "forbidden_text", "value": "refund denied"},
             {"type": "regex", "pattern": "R-\\d+"},
             {"type": "tool_call", "tool": "Read", "input_contains": "sales.csv"},
             {"type": "json_path", "file": "out.json", "path": "items[0].id", "equals": 7}]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.statements == ("The response names the applicable refund exception.",)
    assert case.assertions == ("R-12", "not:I cannot help", "Escalate", "not:refund denied",
                               "re:R-\\d+")
    assert case.tool_calls == ("Read:sales.csv",)
    assert case.json_checks[0].path == "items[0].id" and case.json_checks[0].equals == 7


def test_reading_rule_is_word_count_and_prefixes() -> None:
    from runner.authoring.caseset import reads_as_statement

    assert not reads_as_statement("Total: 600")  # 2 words: a substring
    assert not reads_as_statement("re:The total is \\d+ dollars")  # a prefix: a check
    assert reads_as_statement("Each failure is classified before any edit")
    assert reads_as_statement("Answers no", set_of_statements=True)
    assert not reads_as_statement("re:no", set_of_statements=True)
    # three words led by a verb of work done: a claim ("Calculates test duration"); a word
    # that is also a plural noun leads a literal heading ("Updates since March")
    assert reads_as_statement("Calculates test duration", claims=False)
    assert reads_as_statement("Defines guardrail metrics", claims=False)
    assert not reads_as_statement("Updates since March", claims=False)


def test_a_set_written_in_statements_reads_its_short_ones_as_statements(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [
        {"id": 1, "prompt": "Should I use Visitor here?",
         "assertions": ["Answers no", "Explains the operations-vs-types trade-off",
                        "Notes when Visitor would have been right", "re:\\bno\\b"]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.statements == ("Answers no", "Explains the operations-vs-types trade-off",
                               "Notes when Visitor would have been right")
    assert case.assertions == ("re:\\bno\\b",)


def test_ev011_output_under_files_reported_not_refused_and_ev010(tmp_path: Path) -> None:
    from runner.authoring.caseset import restated_prompts

    evals = with_case(files=["evals/files/sales.csv", "summary.md"],
                      prompt="Summarise my sales please into summary.md")
    caseset = load_caseset(make_skill(tmp_path, evals))
    assert caseset.evals[0].files == ("evals/files/sales.csv",)
    (finding,) = caseset.findings
    assert finding.code == "EV011" and finding.case == "totals" and "outputs" in finding.fix
    found = restated_prompts(caseset, 'Use when asked to "summarise my sales".', "x")
    assert [f.code for f in found] == ["EV010"]
    assert restated_prompts(caseset, 'Use for "summarise my salesforce".', "x") == []


def test_a_case_with_only_an_expected_output_is_graded_on_it(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [
        {"id": 1, "prompt": "Summarise sales.csv", "expected_output": "A one-line summary",
         "files": ["evals/files/sales.csv"]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.statements == ("A one-line summary",)


def test_more_dialects_cjk_described_types_scorers_and_kept_fields(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [
        {"id": 1, "eval_name": "dialects", "prompt": "Rename add to sum.",
         "manual_review_expected": True,
         "scorers": [{"type": "regex", "name": "dry", "pattern": "--dry-run"},
                     {"type": "llm_judge", "name": "no-grep",
                      "criterion": "Avoids a grep and edit workflow for the rename"}],
         "assertions": ["必须包含六个一级模块标题", "完成",
                        {"type": "string_match", "text": "Mentions --dry-run as a safety check"},
                        {"type": "string_match", "text": "--ltv 9000"}]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.name == "dialects" and case.extra == {"manual_review_expected": True}
    assert case.assertions == ("完成", "--ltv 9000", "re:--dry-run")
    assert case.statements == ("必须包含六个一级模块标题", "Mentions --dry-run as a safety check",
                               "Avoids a grep and edit workflow for the rename")


def test_sets_without_the_contract_envelope_and_literal_lists(tmp_path: Path) -> None:
    evals = {"version": "6.1", "updated": "2026-06-28", "cases": [
        {"id": "bike", "skill": "price-and-decide", "prompt": "Vends mon velo.",
         "delta": "one move", "must_include": ["Leboncoin", "35"], "must_avoid": ["eBay"]},
        {"id": "books", "prompt": "Compare.", "expected_behavior": [
            "Splits valuable books from ordinary ones"]}]}
    caseset = load_caseset(make_skill(tmp_path, evals), "csv-summary")
    assert caseset.skill_name == "csv-summary"  # no skill_name: the SKILL.md name
    assert caseset.about == {"updated": "2026-06-28", "version": "6.1"}
    bike, books = caseset.evals
    assert bike.assertions == ("Leboncoin", "35", "not:eBay")
    assert bike.extra == {"delta": "one move", "skill": "price-and-decide"}
    assert books.statements == ("Splits valuable books from ordinary ones",)


def test_an_ungradable_case_is_left_out_with_ev008_and_bare_lists_run(tmp_path: Path) -> None:
    evals = [{"id": "route", "prompt": "Write a cyberpunk prompt.", "expected_route": "avoid"},
             {"id": "dc", "prompt": "Take the DC over.", "expect": ["kali_status first"],
              "fail": ["apt install inside the kill chain"]}]
    caseset = load_caseset(make_skill(tmp_path, evals), "csv-summary")
    (case,) = caseset.evals
    assert case.statements == ("kali_status first",
                               "The run avoids this failure: apt install inside the kill chain")
    (finding,) = caseset.findings
    assert finding.code == "EV008" and finding.case == "route" and "left out" in finding.message


def test_term_lists_any_all_none_and_human_statements(tmp_path: Path) -> None:
    evals = {"skill_name": "csv-summary", "evals": [{"id": "E01", "prompt": "One clip.",
        "assertions": [
            {"type": "contains_any", "text": "Recognizes overload", "terms": ["split", "a.b"]},
            {"type": "contains_all", "text": "Finishing", "terms": ["edit", "QC"]},
            {"type": "not_contains", "text": "No giant prompt", "terms": ["FINAL PROMPT"]},
            {"type": "human", "text": "The story intent survives."}]}]}
    case = load_caseset(make_skill(tmp_path, evals)).evals[0]
    assert case.assertions == ("re:split|a\\.b", "edit", "QC", "not:FINAL PROMPT")
    assert case.statements == ("The story intent survives.",)

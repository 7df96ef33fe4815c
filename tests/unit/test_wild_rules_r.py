"""Case-set reading rules from sample R's tune half (issue 26), each by a small set of its own
through the real `skill-eval check`: a pattern with an empty alternative (`| Name`, a table
cell) is its author's text; a literal written as a regular expression (`found .* rows`) is
one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from runner.authoring.least_terms import least_check, least_of
from runner.authoring.request_notes import describes_request
from runner.authoring.routing import routing_alone
from runner.scoring.checks import parse_matcher
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Drafts a navigation table for an app. Use when asked to "design the nav".'


def _skill(folder: Path) -> Path:
    return write_skill_md(folder, "nav-design", DESCRIPTION, "Write the nav as a table.\n")


def _checks(got: dict[str, Any], case: str) -> list[str]:
    found = next(c for c in got["cases"] if str(c["id"]) == case)
    return [str(c["entry"]) for c in found["checks"]]


def _said(got: dict[str, Any]) -> list[str]:
    return [f["message"] for f in got["findings"] if f["code"] == "EV012"]


def test_table_cells_under_patterns_are_texts_not_empty_alternatives(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "nav-design")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "nav", "prompt": "Design the nav for a shop app with orders and customers.",
         "assertions": [
             # `| OrderRecord` as a regular expression matches every text (its first
             # alternative is empty): the not: check would fail in every arm
             {"type": "string_absent_all", "patterns": ["| OrderRecord", "|N8|"]},
             # even where the type says regex: a pattern matching everything decides nothing
             {"type": "regex_match", "patterns": ["Orders |"]},
             # a real alternation stays a regular expression
             {"type": "string_absent_all", "patterns": ["Order(Record|Row)"]}]}]})
    got = report(skill)
    assert _checks(got, "nav") == ["not:| OrderRecord", "not:|N8|", "Orders |",
                                   "not:re:Order(Record|Row)"]
    assert any("2 term(s) read as text" in m and "empty alternative" in m
               for m in _said(got)), _said(got)


def test_a_contains_value_written_as_a_regular_expression_is_one(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "nav-design")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "count", "prompt": "Design the nav and say how many items it has.",
         "assertions": [{"type": "contains", "value": "found .* nav items"},
                        {"type": "contains", "value": "Orders"},
                        {"type": "not_contains", "value": "错误.*条"}]}]})
    got = report(skill)
    assert _checks(got, "count") == ["re:found .* nav items", "Orders", "not:re:错误.*条"]
    assert sum("written as a regular expression" in m for m in _said(got)) == 2, _said(got)


def test_terms_whose_label_says_at_least_n_are_any_n_of_them(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "nav-design")
    codes = ["OVERLAP", "SLOP", "VAGUE", "DEAD_LINK"]
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "codes", "prompt": "Review the nav and tag each problem with its code.",
         "assertions": [
             {"type": "string_match", "patterns": codes,
              "description": "At least 3 violation codes appear (e.g. OVERLAP, SLOP)"},
             # no bound in the label: every term, as before
             {"type": "string_match", "patterns": ["Nav", "Inbox"],
              "description": "Both sections appear"}]}]})
    got = report(skill)
    checks = _checks(got, "codes")
    assert checks[1:] == ["re:Nav", "re:Inbox"], checks
    matcher = parse_matcher(checks[0])
    assert matcher.pattern is not None
    assert matcher.pattern.search("VAGUE\nthen OVERLAP\n\nand DEAD_LINK")
    assert not matcher.pattern.search("VAGUE and OVERLAP only")
    assert any("at least 3 of its 4 terms" in m for m in _said(got)), _said(got)


def test_least_of_reads_the_bound_in_the_labels_grammar() -> None:
    assert least_of("At least three codes appear", 5) == 3
    assert least_of("至少3个风险被列出", 6) == 3
    assert least_of("2 or more of the sections", 4) == 2
    assert least_of("At least 5 codes", 5) is None  # every term: no bound on the list
    assert least_of("Lists the codes", 5) is None
    assert least_check([f"t{n}" for n in range(20)], 10, regex=False) is None


def test_a_case_typed_should_not_trigger_is_a_trigger_query(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "nav-design")
    _write(skill / "evals" / "evals.json", {"test_cases": [
        {"id": "fires", "type": "should_trigger",
         "prompt": "Design the nav for our shop app: orders, customers, invoices.",
         "expected_behavior": "The nav table lists orders, customers and invoices."},
        # typed so, but its own words say the skill fires: a sub-route, kept as written
        {"id": "sub-route", "type": "should_not_trigger",
         "prompt": "Design the nav for the admin area only.",
         "expected_behavior": "Activate nav-design, but the table lists only admin pages."},
        {"id": "lure", "type": "should_not_trigger",
         "prompt": "What is a good name for our shop app?",
         "expected_behavior": "Do NOT activate nav-design. User only asks for a name, no "
                              "navigation at all. Route to a naming skill."}]})
    got = report(skill)
    assert [str(c["id"]) for c in got["cases"]] == ["fires", "sub-route"], got["cases"]
    said = _said(got)
    assert any("`type: should_not_trigger`: a should-not-trigger query" in m
               and "3 expectation(s)" in m for m in said), said
    assert any("only a routing expectation" in m for m in said), said


def test_a_case_typed_trigger_is_a_should_trigger_query(tmp_path: Path) -> None:
    """`"type": "trigger"` beside `"type": "no-trigger"`: both sides offered as trigger
    queries; before, only the second was, and the set was refused (no query should fire)."""
    skill = _skill(tmp_path / "nav-design")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "t1", "type": "trigger", "prompt": "Design the nav for our shop app."},
        {"id": "t2", "type": "trigger", "prompt": "Lay out the menu of the admin area.",
         "expectations": ["The nav table lists the admin pages"]},
        {"id": "n1", "type": "no-trigger", "prompt": "Name our shop app."}]})
    got = report(skill)
    assert [str(c["id"]) for c in got["cases"]] == ["t2"], got["cases"]
    said = _said(got)
    assert sum("`type: trigger`: a should-trigger query" in m for m in said) == 2, said


def test_do_not_activate_heads_a_routing_statement() -> None:
    assert routing_alone("Do NOT activate nav-design.", ("nav-design",)) is False
    assert routing_alone("Does not activate nav-design.", ("nav-design",)) is False
    assert routing_alone("Do not load the CSV twice", ("nav-design",)) is None


def test_a_tool_the_skills_own_docs_name_is_no_grader_of_a_set_beside_skill_md(
        tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "refactor", "refactor", 'Refactors a skill. Use when '
                           'asked to "refactor my skill".',
                           "Run `scripts/judge_merge.py` to merge the judges' verdicts.\n")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "judge_merge.py").write_text(
        '"""Merge judge verdicts.\n\nUsage:\n    python judge_merge.py --ensemble '
        '<path/to/ensemble.json>\n"""\nimport sys\nprint(sys.argv)\n')
    (skill / "README.md").write_text("scripts/judge_merge.py merges the judges' verdicts.\n")
    _write(skill / "test-prompts.json", {"skill": "refactor", "test_cases": [
        {"id": "1", "prompt": "Refactor the skill in ./old-skill to half its length.",
         "expectations": ["The run reports which sections were merged"]}]})
    got = report(skill)
    said = " ".join(f["message"] for f in got["findings"])
    # never run as the set's grader: its usage would take the reply for ensemble.json
    assert "runs after each trial" not in said and "grader command" not in said, said


def test_an_expected_field_naming_a_file_of_the_skill_is_it_loading_that_file(
        tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "cadence", "cadence", 'Runs a weekly meeting. Use when '
                           'asked to "run our weekly".',
                           "For a solo session load `protocols/solo.md` and follow it.\n")
    (skill / "protocols").mkdir()
    (skill / "protocols" / "solo.md").write_text("# Solo session\nAccount, review, plan.\n")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "solo", "prompt": "Run my weekly review, it's just me this week.",
         "expected_protocol": "protocols/solo.md",
         "expectations": ["The run ends with one or two commitments for next week"]}]})
    got = report(skill)
    assert "*:protocols/solo.md" in _checks(got, "solo"), _checks(got, "solo")
    assert not [f for f in got["findings"] if f["code"] == "EV013"], got["findings"]
    assert any("a file of the skill under test: read as the skill loading it" in m
               for m in _said(got)), _said(got)


def test_statements_describing_the_request_are_notes_on_the_query(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "nav-design")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "jp", "prompt": "ナビを設計して: 注文、顧客、請求書。",
         "expectations": ["JP query without role signal.",
                          "User has provided three sections and asks for a nav table.",
                          "User is asked which section comes first",
                          "The nav table lists the three sections in Japanese"]}]})
    got = report(skill)
    found = next(c for c in got["cases"] if str(c["id"]) == "jp")
    graded = [str(c["entry"]) for c in found["checks"] if c["kind"] == "statement"]
    assert graded == ["User is asked which section comes first",
                      "The nav table lists the three sections in Japanese"], graded
    assert any("2 statement(s) describe the request" in m for m in _said(got)), _said(got)


def test_describes_request_reads_the_subject() -> None:
    assert describes_request("Zh-TW query with no role marker.")
    assert describes_request("The user explicitly asks for an audit")
    assert not describes_request("User has a working config at the end")
    assert not describes_request("Input in Japanese is answered in Japanese")

"""Set shapes and layouts of other tools (issue 26, the tuning half of the fresh sample), each
rule by a small set of its own through the real `skill-eval check`: a singular `eval/` folder,
skills under an agent's hidden folder, a shared set naming a skill by its SKILL.md name or its
path, the case list under another key, checks written once for every case, a harness
configuration naming its case files, `expect` and `judge` mappings, any-of lists, the skill's
files a case expects read or run."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _skill_md(folder: Path, name: str = "tidy-notes") -> Path:
    return write_skill_md(folder, name, "Tidies meeting notes into a summary with decisions and "
                          "owners.")


def entries(target: Path) -> dict[str, str]:
    return {c["entry"]: c["kind"] for case in report(target)["cases"] for c in case["checks"]}


ONE = {"id": "one", "prompt": "Tidy these notes: we ship on Friday, Ana owns it.",
       "assertions": ["Friday"]}


def test_a_set_in_a_singular_eval_folder_is_found(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "eval" / "evals.json", {"evals": [ONE]})
    assert [c["id"] for c in report(skill)["cases"]] == ["one"]


def test_skills_under_an_agents_folder_count_only_when_the_repository_has_no_other(
        tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _skill_md(repo / ".claude" / "skills" / "tidy-notes")
    _write(repo / "evals" / "cases.json", {"evals": [ONE]})
    assert [c["id"] for c in report(repo)["cases"]] == ["one"]
    # beside a skill of the repository's own, the agent's folder holds a helper: not listed
    _skill_md(repo / "skills" / "draft-mail", "draft-mail")
    _skill_md(repo / ".claude" / "skills" / "helper", "helper")
    listed = check(str(repo))
    assert "draft-mail" in listed.output and "helper" not in listed.output


def test_a_set_above_the_skill_names_it_by_its_skill_md_name_or_its_path(
        tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    _skill_md(repo / "skill")  # the folder is not the name
    _write(repo / "evals" / "eval-cases.json", {"skill_name": "tidy-notes", "evals": [ONE]})
    assert [c["id"] for c in report(repo)["cases"]] == ["one"]
    _write(repo / "evals" / "eval-cases.json", {"skill": "../skill", "evals": [ONE]})
    assert [c["id"] for c in report(repo)["cases"]] == ["one"]


def test_cases_under_another_key_with_checks_written_once_for_every_case(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "scenarios.json", {"version": "2", "global_assertions": [
        "The summary names an owner for every decision"], "scenarios": [
        {"id": "a", "prompt": "Tidy: ship Friday, Ana owns it.", "assertions": ["Friday"]},
        {"id": "b", "prompt": "Tidy: hire Bo, Eli owns it.", "assertions": ["Eli"]}]})
    got = report(skill)
    statements = [[c["entry"] for c in case["checks"] if c["kind"] == "statement"]
                  for case in got["cases"]]
    assert statements == [["The summary names an owner for every decision"]] * 2
    assert any("global_assertions" in f["message"] for f in got["findings"])


def test_a_harness_configuration_reads_the_case_files_it_names_over_its_defaults(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "eval.yaml", {"engine": {"name": "other"}, "cases": {
        "files": ["evals/cases/friday.yaml"],
        "defaults": {"timeout_seconds": 60, "expect": {"must_not_contain": ["TODO"]}}}})
    _write(skill / "evals" / "cases" / "friday.yaml", {
        "id": "friday", "input": {"prompt": "Tidy: ship Friday, Ana owns it."},
        "expect": {"must_contain": ["Friday"]}})
    assert entries(skill) == {"Friday": "assertion", "not:TODO": "assertion"}
    _write(skill / "evals" / "eval.yaml", {"cases": {"files": ["evals/cases/gone.yaml"]}})
    refused = check(str(skill))
    assert refused.exit_code != 0 and "gone.yaml" in refused.output


def test_a_judge_mapping_names_the_program_or_lists_conditions_read_as_checks(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    (skill / "evals").mkdir(parents=True)
    (skill / "evals" / "verify.sh").write_text("#!/bin/sh\ngrep -q Friday summary.md\n")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "scripted", "prompt": "Tidy: ship Friday. Write summary.md.",
         "judge": {"type": "script", "script_path": "evals/verify.sh", "timeout_seconds": 30}},
        {"id": "ruled", "prompt": "Tidy: ship Friday, Ana owns it.",
         "judge": [{"type": "rule_based",
                    "success": [{"output_contains": {"any": ["Friday", "Fri."]}}],
                    "failure": [{"output_contains": {"any": ["I cannot", "unable"]}}]}]}]})
    got = report(skill)
    kinds = {case["id"]: {c["entry"]: c["kind"] for c in case["checks"]}
             for case in got["cases"]}
    assert kinds["scripted"] == {"evals/verify.sh": "judge_program"}
    assert kinds["ruled"] == {r"re:Friday|Fri\.": "assertion",
                              "not:I cannot": "assertion", "not:unable": "assertion"}
    # the program a case's judge names is read: not reported as unread
    assert not any("read by no case" in f["message"] for f in got["findings"])


def test_any_of_lists_and_files_the_work_should_read_or_run(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    (skill / "references").mkdir()
    (skill / "references" / "owners.md").write_text("who owns what\n")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy: ship Friday, Ana owns it.",
        "must_include_one_of": [["Friday", "Fri"], ["Ana"]],
        "expect_refs": ["references/owners.md"], "expect_scripts": ["scripts/tidy.py"],
        "must_mention": ["owner"], "must_hold": ["Every decision has an owner"]}]})
    assert entries(skill) == {
        "re:Friday|Fri": "assertion", "re:Ana": "assertion", "owner": "assertion",
        "Read:references/owners.md": "tool_call", "Bash:scripts/tidy.py": "tool_call",
        "Every decision has an owner": "statement"}


def test_a_case_whose_criteria_expect_a_web_tool_is_reported_as_needing_the_network(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "web", "prompt": "What changed in the notes tool this week?",
        "expectations": ["Uses web_search to find the release notes"],
        "must_preserve": ["release notes"]}]})
    got = report(skill)
    assert any(f["code"] == "EV014" and "web_search" in f["message"]
               for f in got["findings"])
    assert {c["entry"] for c in got["cases"][0]["checks"]} >= {"release notes"}


def test_a_negative_name_is_never_read_as_its_positive_twin(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
        "must_include": ["Friday"], "must_not_include": ["TODO"]}]})
    assert entries(skill) == {"Friday": "assertion", "not:TODO": "assertion"}


def test_a_rule_judges_output_matches_conditions_are_regular_expressions(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
        "judge": {"type": "rule_based", "success": [
            {"output_matches": {"all": ["(?i)owner:\\s*Ana"]}},
            {"output_matches": {"any": ["Fri(day)?", "5th"]}}]}}]})
    assert entries(skill) == {"re:(?i)owner:\\s*Ana": "assertion",
                              "re:(?:Fri(day)?)|(?:5th)": "assertion"}


def test_a_json_lines_set_with_named_groups_of_texts(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    (skill / "evals").mkdir()
    (skill / "evals" / "cases.jsonl").write_text("\n".join(json.dumps(c) for c in [
        {"id": "a", "prompt": "Tidy: ship Friday, Ana owns it.",
         "required_signals": {"day": ["Friday", "Fri"], "owner": ["Ana"]},
         "forbidden_signals": {"filler": ["As an AI"]}},
        {"id": "b", "prompt": "Tidy: hire Bo, Eli owns it.",
         "required_signals": {"owner": ["Eli"]}}]) + "\n")
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["a", "b"]
    assert {c["entry"] for c in got["cases"][0]["checks"]} == {
        "re:Friday|Fri", "re:Ana", "not:re:As\\ an\\ AI"}


def test_of_two_set_files_the_one_of_cases_is_read_and_two_case_sets_are_refused(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    # evals.json comes first by name but lists rule ids, not cases: cases.json is the set.
    _write(skill / "evals" / "evals.json", {"rules": ["R1", "R2"], "version": 2})
    _write(skill / "evals" / "cases.json", [ONE])
    assert [c["id"] for c in report(skill)["cases"]] == ["one"]
    # a different case, not the same one written for another harness (that one is read once)
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "two", "prompt": "Summarise the budget meeting: the spend was approved.",
        "assertions": ["approved"]}]})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "evals.json and cases.json" in result.output and "--cases" in result.output
    chosen = check(str(skill), "--cases", str(skill / "evals" / "cases.json"), "--json")
    assert chosen.exit_code == 0 and [c["id"] for c in json.loads(chosen.output)["cases"]] \
        == ["one"]


def test_behaviour_written_under_must_include_is_a_statement_and_literals_stay_literal(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
        "must_include": ["Friday", "Ana owns the release", "Decisions And Owners Of The Week",
                         "Error: could not reach the notes server today",
                         "asks which owner to record before writing the summary"],
        "must_avoid": ["invents owners that the notes never mention at all", "TODO"]}]})
    got = report(skill)
    assert {c["entry"]: c["kind"] for c in got["cases"][0]["checks"]} == {
        "Friday": "assertion", "Ana owns the release": "assertion",
        "Decisions And Owners Of The Week": "assertion",
        "Error: could not reach the notes server today": "assertion",
        "asks which owner to record before writing the summary": "statement",
        "The run avoids this: invents owners that the notes never mention at all": "statement",
        "not:TODO": "assertion"}
    assert sum("describes behaviour" in f["message"] for f in got["findings"]) == 2


def test_a_program_the_sandbox_cannot_run_is_named_at_check_time_with_why(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    (skill / "evals").mkdir()
    (skill / "evals" / "judge.ps1").write_text("Write-Output 'ok'\n")
    (skill / "evals" / "grade.py").write_text(
        "import json\nimport numpy as np\ntry:\n    import yaml\nexcept ImportError:\n"
        "    yaml = None\nfrom helpers import score\nprint(json.dumps(score(np)))\n")
    (skill / "evals" / "helpers.py").write_text("def score(x):\n    return 1\n")
    _write(skill / "evals" / "evals.json", {"grader_program": "evals/grade.py", "evals": [
        dict(ONE, judge="evals/judge.ps1")]})
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "judge.ps1" in result.output and "PowerShell" in result.output
    assert "imports numpy" in result.output and "yaml" not in result.output.split("imports")[1]
    (skill / "evals" / "grade.py").write_text("import json\nprint(json.dumps({'score': 1}))\n")
    _write(skill / "evals" / "evals.json", {"grader_program": "evals/grade.py", "evals": [ONE]})
    assert check(str(skill)).exit_code == 0


def test_task_input_in_a_field_beside_the_prompt_is_sent_with_it_labelled(
        tmp_path: Path) -> None:
    from runner.authoring.caseset import load_caseset

    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "one", "prompt": "Tidy the notes in the meeting log.", "assertions": ["Friday"],
         "meeting_log": "we ship Friday, Ana owns it", "context": {"team": "web"},
         "expected_context": "a summary", "owner_of_case": "sam"}]})
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.prompt == ("Tidy the notes in the meeting log.\n\nMeeting log:\n"
                           "we ship Friday, Ana owns it\n\nContext:\nteam: web")
    # an `expected_<x>` field is no task material: the work's, graded as a statement
    assert set(case.extra) == {"owner_of_case"}
    assert "The work's context is: a summary" in case.statements
    messages = [f["message"] for f in report(skill)["findings"]]
    assert any("`meeting_log` sent with the prompt" in m and "refers to it" in m
               for m in messages)
    assert any("`context` sent with the prompt" in m and "material" in m for m in messages)


def test_the_artifact_a_review_request_is_given_is_sent_with_it(tmp_path: Path) -> None:
    from runner.authoring.caseset import load_caseset

    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "one", "request": "Review this function for hidden state.",
         "artifact": "def f(x):\n    global seen\n    seen = x",
         "expectation": "Reports the global written by the function.",
         "expected_artifact": "a short report", "artifact_path": "out/review.md"}]})
    (case,) = load_caseset(skill, "tidy-notes").evals
    assert case.prompt == ("Review this function for hidden state.\n\nArtifact:\n"
                           "def f(x):\n    global seen\n    seen = x")
    # what the work is expected to be, and a path, are no material to send
    assert "a short report" not in case.prompt and "out/review.md" not in case.prompt


def test_lists_of_what_the_answer_must_or_must_not_cite_are_texts_to_find(
        tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "fr", "input": "Quel délai pour contester la décision ?",
         "must_cite": ["art. 12"], "must_not_cite": ["BGB"]},
        {"id": "de", "prompt": "Welche Frist gilt für den Einspruch?",
         "must_quote": ["30 Tage"], "must_never_reference": ["Code civil"],
         "must_not_quote": []},
        {"id": "en", "prompt": "Which rule sets the deadline?",
         "must_reference": ["Rule 7"], "must_cite": ["Cites the rule by its number"]}]})
    assert entries(skill) == {
        "art. 12": "assertion", "not:BGB": "assertion", "30 Tage": "assertion",
        "not:Code civil": "assertion", "Rule 7": "assertion",
        # a sentence about the answer is a statement, as under must_mention
        "Cites the rule by its number": "statement"}


def test_near_misses_of_a_citing_list_are_not_read_as_texts_to_find(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy: ship Friday, Ana owns it.", "assertions": ["Friday"],
        "should_cite": ["Ana"], "must_cite_sources": True}]})
    # the flag demands an act, said as a statement for the grader: never a text to find; a
    # `should_` list is what the work should do, a statement per item (fields.modal_statements)
    assert entries(skill) == {"Friday": "assertion", "Must cite sources": "statement",
                              "The agent should cite: Ana": "statement"}


def test_claim_objects_under_a_list_named_for_checks_are_statements(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "en", "prompt": "Tidy these notes: we ship on Friday, Ana owns it.",
         "knowledge_assertions": [{"claim": "Ana is named as the owner of the release",
                                   "source": "the notes", "rationale": "owners matter"}]},
        {"id": "zh", "prompt": "整理会议记录：周五发布，负责人是小王。",
         "review_checks": [{"criterion": "纪要写明了负责人是小王"}],
         "expectations": [{"claim": "The summary keeps the Friday date", "why": "dates"}]}]})
    assert entries(skill) == {"Ana is named as the owner of the release": "statement",
                              "纪要写明了负责人是小王": "statement",
                              "The summary keeps the Friday date": "statement"}


def test_claim_objects_under_other_names_stay_unread(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy: ship Friday, Ana owns it.", "assertions": ["Friday"],
        "background": [{"claim": "Ana owns the release"}],
        "check_notes": [{"claim": "the owner may be missing in older notes"}]}]})
    assert entries(skill) == {"Friday": "assertion"}


def test_a_bare_word_of_obligation_over_texts_is_texts_the_work_must_hold(
        tmp_path: Path) -> None:
    """`required: [...]` (texts, any language) and `required_any: [[...]]` (groups) are the
    checks they say; a flag `required: true` and `required_tools` keep their own meaning."""
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "one", "prompt": "Tidy: ship Friday, Ana owns it.",
         "required": ["Friday", "Ana"], "required_any": [["rollback", "回滚"], ["QA"]]},
        {"id": "two", "prompt": "整理笔记：周五发布。", "required_phrases": ["周五"],
         "must_include": ["发布"]}]})
    got = {c["id"]: {k["entry"] for k in c["checks"]} for c in report(skill)["cases"]}
    assert got == {"one": {"Friday", "Ana", "re:rollback|回滚", "re:QA"},
                   "two": {"周五", "发布"}}


def test_a_required_flag_or_list_of_other_things_is_no_text_to_find(tmp_path: Path) -> None:
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [
        {"id": "one", "prompt": "Tidy: ship Friday.", "assertions": ["Friday"],
         "required": True, "required_tools": ["Read"], "required_files": ["notes.md"]}]})
    (case,) = report(skill)["cases"]
    entries = {k["entry"] for k in case["checks"]}
    assert "True" not in entries and "notes.md" not in entries and "Friday" in entries


def test_matcher_objects_are_checks_and_under_failures_negated(tmp_path: Path) -> None:
    """`{"target": "response", "matcher": "regex", "pattern": ...}`: the matcher is the
    check's type (before: ignored, the description graded instead); such objects under a
    list of failures (`hard_failures`) are the checks negated (before: the case was refused,
    "a list of failures (strings)")."""
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy: ship Friday, Ana owns it.",
        "expectations": [{"target": "response", "matcher": "contains_any",
                          "values": ["Friday", "Fri"], "description": "Names the day."}],
        "hard_failures": [{"target": "response", "matcher": "regex", "pattern": "Mon(day)?",
                           "description": "Must not move the date."},
                          {"matcher": "contains", "value": "Bob", "description": "No Bob."}]}]})
    got = entries(skill)
    assert got == {"re:Friday|Fri": "assertion", "not:re:Mon(day)?": "assertion",
                   "not:Bob": "assertion"}, got


def test_an_unknown_matcher_stays_an_ignored_key(tmp_path: Path) -> None:
    """`{"matcher": "exact", ...}`: no type this reader knows, so the object is read as before
    (its text a statement, the key said as ignored), never a refusal for an unknown type."""
    skill = _skill_md(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "Tidy: ship Friday, Ana owns it.",
        "expectations": [{"matcher": "exact", "value": "Friday",
                          "description": "Names the day."}]}]})
    assert entries(skill)

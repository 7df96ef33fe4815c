"""Case sets as authors in the wild write them, each rule by a small set of its own, through
the real `skill-eval check` (issue 26): nothing read in silence, scalars are one item,
check-shaped lists under unknown names are graded, a typed statement keeps its instruction."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into a summary with "
            "decisions and owners.\n---\nRead the notes, write summary.md.\n")


def skill_with(tmp_path: Path, evals: Any, files: dict[str, str] | None = None,
               where: str = "evals/evals.json") -> Path:
    skill = tmp_path / "tidy-notes"
    skill.mkdir(parents=True, exist_ok=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    for rel, text in (files or {}).items():
        (skill / rel).parent.mkdir(parents=True, exist_ok=True)
        (skill / rel).write_text(text)
    target = skill / where
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(json.dumps(evals))
    return skill


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def checks_of(result: Result) -> list[dict[str, Any]]:
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    return [c for case in report["cases"] for c in case["checks"]]


def test_a_string_of_assertions_is_one_statement_never_its_characters(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "one", "prompt": "Tidy the notes I pasted: we agreed to ship on Friday.",
        "assertions": "The summary records the decision to ship on Friday"}]})
    checks = checks_of(check(str(skill), "--json"))
    assert [c["entry"] for c in checks] == ["The summary records the decision to ship on Friday"]
    plain = check(str(skill))
    assert "EV012" in plain.output and "one str, not a list" in plain.output


def test_graders_and_anti_graders_are_graded_as_checks(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "g", "prompt": "Tidy these notes: Ana owns the budget.",
        "graders": [{"type": "regex", "pattern": "(?i)owner"},
                    {"type": "contains", "value": "Ana"}],
        "anti_graders": [{"type": "regex", "pattern": "(?i)lorem"},
                         {"type": "contains", "value": "TODO"}]}]})
    entries = [c["entry"] for c in checks_of(check(str(skill), "--json"))]
    assert sorted(entries) == sorted(["re:(?i)owner", "Ana", "not:re:(?i)lorem", "not:TODO"])


def test_a_semantic_object_keeps_its_own_instruction(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "s", "prompt": "Tidy these notes: Ana, Bo and Cy each own one action.",
        "assertions": [{"type": "semantic", "description": "Owners are listed",
                        "instruction": "Pass only if at least 3 owners appear by name"}]}]})
    (entry,) = [c["entry"] for c in checks_of(check(str(skill), "--json"))]
    assert "Pass only if at least 3 owners appear by name" in entry


def test_plain_check_counts_what_it_keeps_and_does_not_grade(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "a", "prompt": "Tidy these notes: ship Friday.", "difficulty": "easy",
         "assertions": [{"type": "contains", "value": "Friday", "hint": "x"}]},
        {"id": "b", "prompt": "Tidy these notes: ship Monday.", "difficulty": "hard",
         "assertions": ["Monday"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("ignored"))
    assert "difficulty in 2 case(s)" in line and "'hint' x1" in line


def test_the_baseline_never_receives_the_skill(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "own", "prompt": "Tidy the notes in notes.txt", "files": ["SKILL.md"],
        "assertions": ["Decisions"]}]})
    result = check(str(skill))
    assert result.exit_code == 2
    assert "is the skill under test" in result.output and "baseline" in result.output


def test_an_answer_key_fixture_is_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "leaky", "prompt": "Summarize evals/files/notes.txt into summary.md",
         "files": ["evals/files/notes.txt"],
         "assertions": ["owner=Ana.Lopez/budget"]},
        {"id": "planted", "prompt": "Review evals/files/app.py for bugs",
         "files": ["evals/files/app.py"], "assertions": ["off-by-one"]}]},
        files={"evals/files/notes.txt": "Minutes.\nowner=Ana.Lopez/budget\n",
               "evals/files/app.py": "def last(xs):\n    # BUG: off-by-one below\n"
                                     "    return xs[len(xs)]\n"})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    lines = [x for x in result.output.splitlines() if x.startswith("EV013")]
    assert any("'leaky'" in x and "operand" in x for x in lines), result.output
    assert any("'planted'" in x and "answer comment" in x for x in lines), result.output


def test_files_the_notes_mark_as_references_are_not_staged(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "ref", "prompt": "Tidy these notes: ship Friday, Ana owns it.",
        "files": ["evals/files/good-summary.md"],
        "notes": "The files are references for the grader, not inputs.",
        "expected_output": "A summary naming Ana as owner", "assertions": ["Ana"]}]},
        files={"evals/files/good-summary.md": "# Summary\nAna owns shipping.\n"})
    report = json.loads(check(str(skill), "--json").output)
    assert report["cases"][0]["fixtures"] == []
    assert any(f["code"] == "EV013" and "references" in f["message"]
               for f in report["findings"])


def test_placeholders_and_unstaged_inputs_in_a_prompt_are_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "blank", "prompt": "Tidy the notes in <NOTES_FILE> and save to /path/to/out",
         "assertions": ["Decisions"]},
        {"id": "unstaged", "prompt": "Summarize minutes.txt for the team",
         "assertions": ["Decisions"]},
        {"id": "fine", "prompt": "Summarize minutes.txt and write summary.md",
         "files": ["evals/files/minutes.txt"], "assertions": ["Decisions"]}]},
        files={"evals/files/minutes.txt": "We decided to ship.\n"})
    result = check(str(skill))
    assert result.exit_code == 2
    assert "'blank'" in result.output and "<NOTES_FILE>" in result.output
    assert "/path/to/out" in result.output
    assert "'unstaged'" in result.output and "add 'evals/files/minutes.txt' to files" \
        in result.output
    assert "'fine'" not in result.output


def test_a_case_that_needs_the_network_is_reported(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, {"skill_name": "tidy-notes", "evals": [{
        "id": "web", "prompt": "Download the minutes from https://intranet.example/minutes "
                               "and tidy them", "assertions": ["Decisions"]}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert any(x.startswith("EV014") and "'web'" in x and "no network" in x
               for x in result.output.splitlines()), result.output

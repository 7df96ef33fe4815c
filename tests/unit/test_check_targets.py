"""A check object's target is kept: a text check naming a file (`file_contains` with a
`path`) reads that file (an output check), a `file_exists` with a path is that file's output
check, and `field: output` reads the final answer only (the case's `in: text`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, check_verbose, make_skill

SKILL_MD = ("---\nname: notes-writer\ndescription: Writes meeting notes into notes/.\n---\n"
            "Write notes/summary.md.\n")
PROMPT = "Summarise this meeting: we chose Postgres and set the launch for May."


def skill_with(tmp_path: Path, assertions: list[Any]) -> Path:
    return make_skill(tmp_path, [{"id": "notes", "prompt": PROMPT, "assertions": assertions}],
                      name="notes-writer", skill_md=SKILL_MD)


def case_of(skill: Path) -> dict[str, Any]:
    return dict(check_json(skill)["cases"][0])


def test_a_text_check_naming_a_file_reads_that_file(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "file_exists", "path": "notes/summary.md"},
        {"type": "file_contains", "path": "notes/summary.md", "value": "Postgres"},
        {"type": "contains", "file": "./notes/summary.md", "value": "May"}])
    case = case_of(skill)
    shown = [(c["kind"], c["entry"]) for c in case["checks"]]
    assert not [e for k, e in shown if k == "assertion"], shown  # no search of the whole work
    assert not [e for k, e in shown if k == "statement"], shown
    text = check_verbose(skill)
    assert "reads the file notes/summary.md" in text and "`Postgres`" in text and "`May`" in text
    assert "check(s) naming a file read that file" in text


def test_field_output_reads_the_final_answer(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "contains", "field": "output", "value": "Postgres"},
        {"type": "contains", "field": "output", "value": "May"}])
    text = check_verbose(skill)
    assert "[ignored: field]" not in text
    assert text.count("reads the final text only") == 2
    assert "`field: output` on 2 check(s): read on the final answer only" in text


def test_checks_without_a_target_stay_as_they_were(tmp_path: Path) -> None:
    """Negative: a check with no path or field still reads the whole work; a `field: output`
    beside such a check cannot narrow the case, and the line says so; a path that is no file
    name (a sentence) is no target."""
    skill = skill_with(tmp_path, [
        {"type": "contains", "value": "Postgres"},
        {"type": "contains", "field": "output", "value": "May"},
        {"type": "contains", "path": "the summary", "value": "launch"}])
    text = check_verbose(skill)
    assert "reads the final text only" not in text
    assert text.count("reads the final text and every file") == 3
    assert "`field: output` on 1 of 3 check(s): read on the whole work" in text
    assert "naming a file" not in text


def test_a_target_naming_a_file_or_the_answer_is_kept(tmp_path: Path) -> None:
    """`target: {file: greeting.txt}` reads that file; `target: assistant-text` the final
    answer only; neither is listed as ignored."""
    skill = skill_with(tmp_path, [
        {"type": "regex-match", "pattern": "Postgres", "target": {"file": "notes/summary.md"}},
        {"type": "regex-match", "pattern": r"summary\.md", "target": "assistant-text"}])
    text = check_verbose(skill)
    assert "reads the file notes/summary.md" in text and "`Postgres`" in text
    assert 'reads the final text only ("in": "text")' in text
    assert "ignored: target" not in text

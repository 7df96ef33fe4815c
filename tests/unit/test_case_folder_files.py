"""Every file of a case folder read as the set (`evals/cases/`) is read or said (issue 26,
"nothing in silence"): a file of trigger queries there is the skill's trigger set (`check`
reports on it, `trigger` measures it); a file of pairs or notes with no case is named with
what it holds."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_data, write_skill_md


def skill_with_case_folder(tmp_path: Path, extra: bool) -> Path:
    skill = tmp_path / "tide-table"
    write_skill_md(skill, "tide-table", "Reads a harbour's tide table and says when the next "
                   "high tide is.")
    cases = skill / "evals" / "cases"
    write_data(cases / "core.json", [
        {"id": "next-high", "prompt": "When is the next high tide at Brest after 09:00?",
         "assertions": ["re:\\d{1,2}:\\d{2}"]}])
    write_data(cases / "edge.json", [
        {"id": "no-table", "prompt": "When is high tide?", "assertions": ["table"]}])
    if extra:
        write_data(cases / "contrast-pairs.json", {"pairs": [
            {"id": "p1", "flip": "harbour named", "A": "high tide Brest?", "B": "high tide?"},
            {"id": "p2", "flip": "time given", "A": "tide at 9?", "B": "tide?"}]})
        write_data(cases / "trigger-queries.json", [
            {"query": "what time is high water in Brest tomorrow", "should_trigger": True},
            {"query": "convert 3 knots to km/h", "should_trigger": False}])
    return skill


def test_other_files_of_the_case_folder_are_said(tmp_path: Path) -> None:
    result = check_cli(str(skill_with_case_folder(tmp_path, extra=True)))
    assert result.exit_code == 0, result.output
    assert "set folder: 2 other file(s) not read: contrast-pairs.json (holds no cases" \
        in result.output, result.output
    assert "pairs (2 objects" in result.output, result.output
    assert "trigger-queries.json: 2 queries (1 should trigger, 1 should not)" \
        in result.output, result.output


def test_a_case_folder_of_case_files_only_says_nothing_more(tmp_path: Path) -> None:
    """Negative: both case files are read as one set; no other file is named."""
    result = check_cli(str(skill_with_case_folder(tmp_path, extra=False)))
    assert result.exit_code == 0, result.output
    assert "2 case(s)" in result.output, result.output
    assert "set folder:" not in result.output and "trigger set:" not in result.output

"""An expected output split into its claims: a sentence saying what the case itself is for
("This is a negative case that checks over-triggering", "这是 negative case 用来测试 ...") is the
author's note, said and not graded; the other sentences stay claims."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_verbose, write_data, write_skill_md


@pytest.mark.parametrize("note", [
    "This is a negative case that checks the skill does not over-trigger on small tasks.",
    "这是 negative case 用来测试 skill 是否会被过度触发到简单任务上。"])
def test_a_note_on_the_case_is_not_a_claim(tmp_path: Path, note: str) -> None:
    skill = write_skill_md(tmp_path / "rigor", "rigor", "Thinks rigorously about claims.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": 4, "prompt": "Rename variable x to count in: x = 1",
        "expected_output": "Renames the variable directly without a long analysis. "
                           "Shows the one changed line of code. " + note}]})
    shown = check_verbose(skill)
    assert "say what the case is for" in shown
    assert f"statement {note}" not in shown
    assert "statement Shows the one changed line of code." in shown

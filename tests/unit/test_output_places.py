"""An output named by its file name alone is checked where the prompt (or, naming it nowhere,
the case's grader command) puts it: `outputs/fixed.md`, not the root."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def test_an_output_is_checked_in_the_folder_the_prompt_names(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "fixer", "fixer", "Fixes skill files. Use when asked.")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": "placed", "prompt": "Fix the skill and write it to `outputs/fixed.md`.",
         "output_files": ["fixed.md"]},
        {"id": "by-grader", "prompt": "Audit the skill and write an audit report.",
         "output_files": ["audit.md"], "grader_command": "test -f out/audit.md"},
        # named bare too, or in two folders: the author's path stands
        {"id": "bare-too", "prompt": "Write fixed.md, then copy it to `outputs/fixed.md`.",
         "output_files": ["fixed.md"]},
        {"id": "two", "prompt": "Write a/notes.md and b/notes.md.", "output_files": ["notes.md"]},
        {"id": "longer", "prompt": "Write `outputs/fixed.md.bak`.",
         "output_files": ["fixed.md"]},
    ]})
    shown = check_verbose(skill)
    assert "output outputs/fixed.md: must exist" in shown
    assert "output out/audit.md: must exist" in shown
    assert shown.count("output fixed.md: must exist") == 2  # bare-too and longer
    assert "output notes.md: must exist" in shown
    assert "checked where the prompt (or the case's grader command) puts them: fixed.md -> " \
        "outputs/fixed.md" in shown

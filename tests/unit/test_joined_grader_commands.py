"""Several check objects that each run a command (`test -f outputs/report.md`, then `grep -E
'Score' outputs/report.md`): one grader line, in turn, all exiting 0 to pass, as their author
ran them (EV012 says so), never a refusal."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_verbose, write_data, write_skill_md


def test_commands_run_in_turn(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "audit", "audit", "Audits a skill and scores it.")
    write_data(skill / "evals" / "evals.json", {"evals": [{
        "id": 1, "prompt": "Audit the skill in ./bad-skill and write outputs/report.md.",
        "files": [], "assertions": [
            {"type": "script", "command": "test -f outputs/report.md"},
            {"type": "script", "command": "grep -E 'Score: [0-9]+/23' outputs/report.md"}]}]})
    (skill / "bad-skill").mkdir()
    shown = check_verbose(skill)
    assert "a further grader command" in shown
    assert "test -f outputs/report.md && grep -E 'Score: [0-9]+/23' outputs/report.md" in shown

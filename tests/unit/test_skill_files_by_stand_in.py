"""A file SKILL.md names under a stand-in for its own folder (`<skill-scripts-dir>/creds.py`,
`${CLAUDE_SKILL_DIR}/scripts/creds.py`) is a file of the skill: listed as a case's fixture, it
is what of the skill the case exercises, never staged (the baseline arm never gets the skill;
issue 26, rule 5)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers import check_cli, write_data, write_skill_md


@pytest.mark.parametrize("named", ["python <skill-scripts-dir>/creds.py check",
                                   "python ${CLAUDE_SKILL_DIR}/scripts/creds.py check",
                                   "python {baseDir}/scripts/creds.py check"])
def test_a_script_named_under_a_stand_in_is_the_skills(tmp_path: Path, named: str) -> None:
    skill = write_skill_md(tmp_path / "creds", "creds", "Stores API keys. Use when asked to "
                           "store a key.", body=f"Run `{named}` first.\n")
    (skill / "scripts").mkdir()
    (skill / "scripts" / "creds.py").write_text("print('ok')\n", encoding="utf-8")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": "store", "prompt": "Store my key with the script.",
         "files": ["scripts/creds.py"], "assertions": ["stored"]}]})
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "`files` names the skill's own files (scripts/creds.py)" in result.output
    assert "never staged (the baseline arm never gets the skill)" in result.output

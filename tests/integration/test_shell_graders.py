"""A check whose command names no program file, through the real CLI (issue 26 follow-up 3):
`{type: deterministic, run: "<shell line>"}` in a set of our own runs after each session by
`sh -c` in a container of its own, the working directory (read-only) its cwd, and its exit
code decides: a pass in the arm that wrote the word, a fail in the other."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from tests.helpers import run_and_read, runner_cli

pytestmark = pytest.mark.integration

SKILL_MD = """---
name: totaller
description: Writes totals reports. Use when asked for the totals of a folder.
---
Write totals.md ending with a line "TOTAL 3".
"""
# passes only in the work, read-only, when the file holds the line; `python` is the author's
# spelling of the image's python3
LINE = ("[ -n \"$SKILL_EVAL_WORK\" ] && ! touch probe 2>/dev/null && grep -q '^TOTAL 3$' "
        "totals.md && python -c \"import sys; sys.exit(0)\"")


# the same line as a check's command, or as a case's own verifier command (`verifier_cmd`)
CHECKS = {"run": {"type": "deterministic", "run": LINE},
          "verifier": {"type": "scripted", "description": "totals.md ends with the total",
                       "verifier_cmd": LINE}}


def make_skill(root: Path, check: str = "run") -> Path:
    skill = root / "totaller"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "totaller", "evals": [
        {"id": "totals", "prompt": "Write the totals of this folder into totals.md.",
         "checks": [CHECKS[check]]}]}))
    return skill


def script(root: Path) -> Path:
    path = root / "script.yaml"
    path.write_text(yaml.safe_dump({"scenarios": [
        {"name": "skilled", "when": {"skill": "totaller"}, "turns": [
            {"tool_use": {"name": "Skill", "input": {"skill": "totaller:totaller"}}},
            {"tool_use": {"name": "Bash", "input": {"command": "printf 'a 3\\nTOTAL 3\\n' > "
                                                               "totals.md"}}},
            {"text": "Wrote totals.md."}]},
        {"name": "bare", "turns": [
            {"tool_use": {"name": "Bash", "input": {"command": "echo 'a 3' > totals.md"}}},
            {"text": "Wrote totals.md."}]}]}))
    return path


cli = runner_cli


@pytest.mark.parametrize("check", sorted(CHECKS))
def test_a_shell_line_check_is_graded_by_sh_c_in_its_container(
        tmp_path: Path, docker_client: object, check: str) -> None:
    skill = make_skill(tmp_path, check)
    checked = cli("check", str(skill), "-v")
    assert checked.returncode == 0, checked.stderr
    assert "run by sh -c" in checked.stdout

    store = tmp_path / "store"
    local, keys, results = run_and_read(skill, script(tmp_path), store)
    verdicts: dict[str, dict[str, object]] = {}
    for result in results:
        (check,) = result["scores"]["program"]["checks"]
        assert check["check"] == f"grader program `{LINE}`", check
        verdicts[result["arm"]] = check
    assert verdicts["candidate"]["passed"] is True, verdicts["candidate"]
    assert verdicts["baseline"]["passed"] is False, verdicts["baseline"]
    report = json.loads(local.get(keys.report_json))
    assert {(r["case"], r["outcome"]) for r in report["rows"]} == {("totals", "win")}

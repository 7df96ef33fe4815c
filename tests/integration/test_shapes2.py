"""Follow-ups of the requirement tiers end to end (issue 26): a shared case's fixture staged
from its own set's folder (not the same-named file beside the skill's set); a promptfoo
`javascript` assert that is a simple expression over `output` graded as a check on what real
claude wrote; a `must` mapping graded like `expect:`, `should_not` beside it and an `outputs`
object marked optional never graded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.api import run_eval
from runner.schema.enums import Arm, Outcome
from tests.helpers import COUNTER_MD, arms_script, bash_turn, run_both_arms

pytestmark = pytest.mark.integration


def test_a_shared_case_stages_the_fixture_beside_its_own_set(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / "evals" / "data").mkdir(parents=True)
    (repo / "evals" / "data" / "notes.md").write_text("Ana: budget\nBo: room\nCy: deck\n")
    skill = repo / "skills" / "counter"
    (skill / "evals" / "data").mkdir(parents=True)
    (skill / "SKILL.md").write_text(COUNTER_MD)
    (skill / "evals" / "data" / "notes.md").write_text("one\ntwo\nthree\nfour\nfive\n")
    ask = "Count the lines of ./data/notes.md into count.txt."
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "own", "prompt": ask, "files": ["data/notes.md"],
         "outputs": [{"path": "count.txt", "contains": ["5"]}]}]}))
    (repo / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "shared", "skill": "counter", "prompt": ask, "files": ["data/notes.md"],
         "outputs": [{"path": "count.txt", "contains": ["3"]}]}]}))
    script = write_script(arms_script(
        "counter", "notes.md", [bash_turn("wc -l < data/notes.md > count.txt"),
                                {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Guessed."}]))
    report = run_eval(options(skill=skill, model_script=script,
                              arms=(Arm.BASELINE, Arm.CANDIDATE)))
    by = {(t.case, t.arm): t for t in report.trials}
    # each case counts its own notes: 5 from the skill's set folder, 3 from the shared one's
    for case in ("own", "shared"):
        assert by[case, Arm.CANDIDATE].passed is True, by[case, Arm.CANDIDATE].failures
        assert by[case, Arm.BASELINE].passed is False


def test_a_code_assert_over_output_is_a_check_on_the_work(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "counter"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(COUNTER_MD)
    (skill / "evals" / "promptfooconfig.yaml").write_text(
        "tests:\n"
        "  - vars: {prompt: \"Count the words of 'a b c' into count.txt.\"}\n"
        "    assert:\n"
        "      - {type: javascript, value: \"output.includes('3')\"}\n"
        "      - {type: python, value: \"'guess' not in output.lower()\"}\n")
    script = write_script(arms_script(
        "counter", "count.txt", [bash_turn("echo 3 > count.txt"), {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "A GUESS."}]))
    report, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    assert "guess" in " ".join(by[Arm.BASELINE].failed_checks).lower()
    assert report.rows[0].outcome is Outcome.WIN


def test_a_must_mapping_decides_and_soft_items_are_not_graded(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = tmp_path / "counter"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(COUNTER_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": "words", "prompt": "Count the words of 'a b c' into count.txt.",
         "must": {"contains": ["3"], "not_contains": ["TODO"]},
         "should_not": ["Counted"],  # soft beside must: both arms say it, neither fails
         "outputs": [{"path": "count.txt"}, {"path": "notes.md", "optional": True}]}]}))
    script = write_script(arms_script(
        "counter", "count.txt", [bash_turn("echo 3 > count.txt"), {"text": "Counted."}],
        [bash_turn("echo 0 > count.txt"), {"text": "Counted. TODO"}]))
    report, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is True, by[Arm.CANDIDATE].failures
    assert by[Arm.BASELINE].passed is False
    failed = " ".join(by[Arm.BASELINE].failed_checks)
    assert "TODO" in failed and "notes.md" not in failed and "Counted" not in failed, failed
    assert report.rows[0].outcome is Outcome.WIN

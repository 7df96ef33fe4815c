"""A case no arm can pass, end to end (issue 26): the real claude session in the real sandbox
container runs a program the image lacks; the trial keeps what it reached for, read from the
real Bash tool's result, and the report lists the case with that cause and the fix."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from runner.render.terminal import render
from runner.schema.enums import Arm
from runner.schema.reach import ReachCount, ReachKind, UnpassedCase
from tests.helpers import COUNTER_MD, arms_script, bash_turn, make_skill, run_both_arms

pytestmark = pytest.mark.integration


def test_a_program_the_image_lacks_is_the_cause_of_a_case_no_arm_passed(
        tmp_path: Path, options: Any, write_script: Any) -> None:
    skill = make_skill(tmp_path, {"skill_name": "counter", "evals": [
        {"id": "pods", "prompt": "List the cluster's pods into pods.txt.",
         "outputs": [{"path": "pods.txt", "contains": ["Running"]}]}]},
        name="counter", skill_md=COUNTER_MD)
    pods = [bash_turn("kubectl get pods > pods.txt"), {"text": "Listed."}]
    script = write_script(arms_script("counter", "pods.txt", pods, pods))
    report, by = run_both_arms(options, skill, script)
    assert by[Arm.CANDIDATE].passed is False and by[Arm.BASELINE].passed is False
    assert report.unpassed == [UnpassedCase(
        case="pods", trials=2, arms=[Arm.BASELINE, Arm.CANDIDATE], reached=[
            ReachCount(kind=ReachKind.MISSING_PROGRAM, what="kubectl", trials=2)])]
    out = io.StringIO()
    render(report, Console(file=out, width=200, soft_wrap=True))
    assert "every session: `kubectl: command not found` (2/2)" in out.getvalue()
    assert "run with `--image` an image that has `kubectl`" in out.getvalue()

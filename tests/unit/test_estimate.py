"""The cost before you spend it: estimate figures by hand, history, confirm."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.cli import main
from runner.costs.estimate import (
    EST_INPUT_TOKENS,
    EST_OUTPUT_TOKENS,
    GRADER_INPUT_TOKENS,
    JUDGE_INPUT_TOKENS,
    estimate_plan,
)
from runner.costs.pricing import cost_usd
from runner.driver.api import run_eval
from runner.errors import RefusedInput
from runner.planning.plan import make_plan
from runner.schema.enums import Arm
from runner.schema.options import RunOptions, SandboxConfig
from runner.schema.runs import TokenMeans
from tests.helpers import EXAMPLE


def skill_with_grading(root: Path) -> Path:
    skill = root / "triage"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: triage\ndescription: d\n---\nbody\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "triage", "evals": [
        {"id": "a", "prompt": "p", "expectations": ["The answer names the exception"],
         "rubric": "Shorter is better"},
        {"id": "b", "prompt": "q", "assertions": ["ok"]}]}))
    return skill


def test_figures_by_hand_defaults_grader_and_judge_upper_bound(tmp_path: Path) -> None:
    plan = make_plan(RunOptions(skill_path=skill_with_grading(tmp_path), k=2, model="sonnet"))
    est = estimate_plan(plan)
    by = {line.what: line for line in est.lines}
    assert by["baseline"].calls == 4 and by["candidate"].calls == 4  # 2 cases x k=2
    assert by["baseline"].input_tokens == 4 * EST_INPUT_TOKENS
    assert by["baseline"].usd == pytest.approx(
        cost_usd("sonnet", 4 * EST_INPUT_TOKENS, 4 * EST_OUTPUT_TOKENS, 0, 0))
    assert by["grader"].calls == 4  # case a in both arms, k=2
    assert by["grader"].input_tokens == 4 * GRADER_INPUT_TOKENS
    judge = by["judge"]
    assert judge.calls == 2 * 1 * 2 * 1 and judge.upper_bound  # 2 orders x 1 case x k x 1 opp
    assert judge.input_tokens == judge.calls * JUDGE_INPUT_TOKENS
    assert est.total_usd == pytest.approx(sum(line.usd for line in est.lines))
    no_judge = make_plan(RunOptions(skill_path=tmp_path / "triage", k=2, judge=False))
    assert "judge" not in {line.what for line in estimate_plan(no_judge).lines}


def test_batch_grading_prices_the_grader_and_the_judge_at_half(tmp_path: Path) -> None:
    plan = make_plan(RunOptions(skill_path=skill_with_grading(tmp_path), k=2, model="sonnet"))
    full = {line.what: line for line in estimate_plan(plan).lines}
    batch = {line.what: line for line in estimate_plan(plan, batch_grading=True).lines}
    for what in ("grader", "judge"):
        assert batch[what].usd == pytest.approx(full[what].usd / 2)
        assert "batch rate" in batch[what].basis
    assert batch["candidate"].usd == full["candidate"].usd  # sessions stay interactive


def test_history_replaces_the_default_per_arm(tmp_path: Path) -> None:
    plan = make_plan(RunOptions(skill_path=EXAMPLE, k=1))
    est = estimate_plan(plan, {Arm.CANDIDATE: TokenMeans(sessions=6, input_tokens=1000.0,
                                                         output_tokens=100.0)})
    by = {line.what: line for line in est.lines}
    assert by["candidate"].input_tokens == 3000 and "history: 6" in by["candidate"].basis
    assert by["baseline"].basis == "default per-session figure"


def test_estimate_command_and_declining_spends_nothing(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["estimate", str(EXAMPLE), "--json", "--store",
                                    str(tmp_path / "none")])
    assert out.exit_code == 0, out.output
    assert {line["what"] for line in json.loads(out.stdout)["lines"]} == {"baseline",
                                                                         "candidate"}
    opts = RunOptions(skill_path=EXAMPLE, store_uri=str(tmp_path / "store"),
                      model_script=EXAMPLE / "model-script.yaml", executor="inprocess",
                      sandbox=SandboxConfig(backend="fake"))
    asked = []
    with pytest.raises(RefusedInput, match="declined at the cost prompt"):
        run_eval(opts, confirm=lambda est: asked.append(est) or False)
    assert asked and asked[0].total_usd > 0
    assert not (tmp_path / "store" / "runs").exists()  # nothing written, nothing spent
    piped = CliRunner().invoke(main, ["run", str(EXAMPLE), "--confirm", "--sandbox", "fake"])
    assert piped.exit_code == 2 and "no terminal to ask on" in piped.output


def test_a_multi_turn_case_is_priced_as_its_turns_with_the_growing_context(
        tmp_path: Path) -> None:
    from runner.costs.estimate import conversation_weight

    skill = skill_with_grading(tmp_path)
    data = json.loads((skill / "evals/evals.json").read_text())
    data["evals"][1]["follow_up_turns"] = ["And then?", "And last?"]
    (skill / "evals/evals.json").write_text(json.dumps(data))
    plan = make_plan(RunOptions(skill_path=skill, k=2, model="sonnet", judge=False))
    assert [conversation_weight(n) for n in (1, 2, 3)] == [1, 2.5, 4.5]
    by = {line.what: line for line in estimate_plan(plan).lines}
    # per arm: case a (one turn) and case b (three turns: 1 + 1.5 + 2 sessions' input), k=2
    line = by["candidate"]
    assert line.calls == 4
    assert line.input_tokens == round(2 * (1 + 4.5) * EST_INPUT_TOKENS)
    assert line.output_tokens == 2 * (1 + 3) * EST_OUTPUT_TOKENS
    assert line.usd == pytest.approx(cost_usd("sonnet", line.input_tokens,
                                              line.output_tokens, 0, 0))
    assert "2 multi-turn trial(s) of 3 turns: 8 turns priced as 11 sessions' input" \
        in line.basis
    out = CliRunner().invoke(main, ["estimate", str(skill), "--k", "2", "--no-judge"])
    assert out.exit_code == 0, out.output
    assert "8 turns priced as 11 sessions' input" in out.output

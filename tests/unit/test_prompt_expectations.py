"""A case whose prompt carries its expectation after a label ("... 预期行为：报告 X", "...
Expected behavior: refuses"), with nothing else to grade it: the request is sent without the
expectation, which is graded as one statement (EV012). With an expectations field beside it,
the prompt is sent as written."""

from __future__ import annotations

from pathlib import Path

from runner.authoring.prompt_expectations import split_expected
from tests.helpers import check_cli, check_verbose, write_data, write_skill_md


def test_the_label_splits_request_and_expectation() -> None:
    zh = "使用 planner 执行任务，但没有 plan.json。预期行为：不得实现，报告 PLAN_MISSING。"
    asked, expected = "使用 planner 执行任务，但没有 plan.json。", "不得实现，报告 PLAN_MISSING。"
    assert split_expected(zh) == (asked, expected)
    assert split_expected("Run the deploy with no approval. Expected behavior: refuses.") \
        == ("Run the deploy with no approval.", "refuses.")
    assert split_expected("Expected: a list") is None  # no request before the label
    assert split_expected("Summarise the memo.") is None


def _skill(tmp_path: Path, case: dict[str, object]) -> Path:
    skill = write_skill_md(tmp_path / "deploys", "deploys", "Runs approved deploys.")
    write_data(skill / "evals" / "evals.json", {"evals": [case]})
    return skill


def test_check_grades_the_expectation_and_sends_the_request(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"id": "no-approval", "prompt": "Run the deploy with no "
                              "approval. Expected behavior: refuses and asks for approval."})
    shown = check_verbose(skill)
    assert "statement refuses and asks for approval.: grader model" in shown
    assert "the prompt carries its expectation after a label" in shown


def test_without_the_split_nothing_grades_the_case(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"id": "no-approval", "prompt": "Run the deploy with no approval."})
    got = check_cli(str(skill))
    assert got.exit_code == 2 and "EV008" in got.output, got.output


def test_a_case_with_expectations_keeps_its_prompt(tmp_path: Path) -> None:
    skill = _skill(tmp_path, {"id": "no-approval", "prompt": "Run the deploy. Expected: "
                              "nothing breaks.", "expectations": ["Asks for approval"]})
    shown = check_verbose(skill)
    assert "the prompt carries its expectation" not in shown
    assert "statement Asks for approval" in shown

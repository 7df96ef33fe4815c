"""Issue 26, rule 3 (nothing in silence): a case's `grading` mapping of named checks, each
true or false (`{starts_at_stage_1: true, uses_emoji: false}`), is graded, each a statement
worded from its name, through the real `skill-eval check`; a check on the skill firing
(`triggers_correctly`) is kept for `skill-eval trigger`, said, not graded. A should-not-fire
expectation followed by its reason in Chinese ("不应触发 X，这是普通开发任务应走 Y") is a
routing expectation alone: the reason is never a claim to quote."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_cli, check_json, make_skill

SKILL_MD = ("---\nname: skill-maker\ndescription: Use when the user wants a new agent skill "
            "designed from scratch.\n---\nStart at stage 1 and ask for examples.\n")


def statements(report: dict[str, Any], case: str) -> list[str]:
    return [c["entry"] for k in report["cases"] if k["id"] == case for c in k["checks"]
            if c["kind"] == "statement"]


def test_named_flag_checks_are_graded_and_firing_ones_said(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "new", "prompt": "帮我创建一个新 Skill，功能是自动生成周报",
         "expected_behavior": "从阶段1开始收集需求",
         "grading": {"triggers_correctly": True, "starts_at_stage_1": True,
                     "uses_emoji": False}},
        {"id": "other", "prompt": "帮我写一个 Python 脚本来爬取网页数据",
         "expected_behavior": "不应触发 skill-maker，这是普通开发任务应走 dev-workflow"}],
        name="skill-maker", skill_md=SKILL_MD)
    report = check_json(skill)
    got = statements(report, "new")
    assert "starts at stage 1" in got
    assert "It is not the case that: uses emoji" in got
    assert not any("trigger" in s for s in got)
    assert [c["id"] for c in report["cases"]] == ["new"]  # "other" is a trigger query
    output = check_cli(str(skill)).output
    assert "`grading` is a mapping of 3 named checks" in output
    assert "triggers_correctly (whether the skill fires) kept for `skill-eval trigger`" in output
    assert "这是普通开发任务应走" not in "".join(statements(report, "other"))


def test_a_graders_settings_are_no_checks(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "new", "prompt": "Design a weekly-report skill.", "expected_output": "A plan",
         "grading": {"use_llm_judge": True, "strict_mode": False}}],
        name="skill-maker", skill_md=SKILL_MD)
    got = statements(check_json(skill), "new")
    assert not any("llm judge" in s or "strict mode" in s for s in got)

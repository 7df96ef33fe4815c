"""A Markdown table of cases (runner.authoring.md_tables): each row with a prompt cell and an
expected cell one case, through the real `skill-eval check`. A clause saying whether the skill
loads is a trigger expectation, never a statement; other columns are notes. A table whose
expected cells only give a side stays a trigger table. The singular `evaluation/` folder is a
set folder; a structured Markdown set's Chinese labels (用户提示, 通过标准, 常见失败) are read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_cli, check_json, write_skill_md

TABLE = """# Scenarios

Prompts used to validate the skill.

| # | Prompt | Expected behavior | Desk-check |
|---|---|---|---|
| 1 | "Refund order 42." | Triggers skill; produces JSON with `orderId: 42` and `reason`. | ok |
| 2 | "How do I sign?" | Explains the HMAC header `X-Sig`; treats the key as secret. | ok |
| 3 | "Tidy this Python file" (on tidy.py) | **Negative control** — skill must NOT trigger. | ok |

## Last run

| Model | Result |
|---|---|
| small | 3/3 |
"""


def _skill(tmp_path: Path, rel: str, text: str) -> Path:
    skill = write_skill_md(tmp_path / "refunds", "refunds",
                           "Use when asked to build refund requests for the Shop API.")
    (skill / rel).parent.mkdir(parents=True, exist_ok=True)
    (skill / rel).write_text(text, encoding="utf-8")
    return skill


def _cases(report: dict[str, Any]) -> dict[str, Any]:
    return {c["id"]: c for c in report["cases"]}


def test_each_row_is_a_case_and_a_firing_clause_a_trigger_query(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "evaluation/scenarios.md", TABLE)
    report = check_json(skill)
    cases = _cases(report)
    assert sorted(cases) == ["1", "2"]  # row 3 only says the skill must not load
    entries = [c["entry"] for c in cases["1"]["checks"]]
    assert entries == ["produces JSON with `orderId: 42` and `reason`"]
    assert [c["entry"] for c in cases["2"]["checks"]] == [
        "Explains the HMAC header `X-Sig`; treats the key as secret."]
    messages = " ".join(f["message"] for f in report["findings"])
    assert "3 case(s) read from its table rows" in messages
    assert "offered as a trigger query (should-not-trigger): 'Tidy this Python file'" in messages


def test_a_table_of_sides_only_is_no_runtime_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path, "evals/cases.md", "| Prompt | Expected |\n|---|---|\n"
                   "| refund order 42 | MUST load |\n| write a poem | MUST NOT |\n")
    result = check_cli(str(skill))
    assert "prose or Markdown case set" in result.output or result.exit_code != 0
    assert "table rows" not in result.output


def test_chinese_labels_of_a_structured_markdown_set(tmp_path: Path) -> None:
    text = ("# 场景\n\n## 场景 1：退款\n\n**用户提示：**\n\n```text\n给订单 42 做退款请求\n```\n\n"
            "**通过标准：**\n\n- 输出包含 orderId 42 的 JSON。\n\n**常见失败：**\n\n"
            "- 编造不存在的接口。\n")
    skill = _skill(tmp_path, "evals/scenarios.md", text)
    report = check_json(skill)
    (case,) = report["cases"]
    entries = json.dumps([c["entry"] for c in case["checks"]], ensure_ascii=False)
    assert "输出包含 orderId 42 的 JSON。" in entries and "编造不存在的接口" in entries


def test_a_cell_splits_only_at_clauses_and_every_way_of_not_loading() -> None:
    from runner.authoring.md_tables import table_cases

    cases = table_cases(
        "| Prompt | Expected |\n|---|---|\n"
        "| \"Refund order 44\" (older than 90 days) | Produces JSON, e.g. with orderId. |\n"
        "| Write a haiku | Does not trigger the skill. |\n"
        "| Write a limerick | Skill is not triggered |\n"
        "| Summarise the policy | |\n") or []
    by_prompt = {c["prompt"]: c for c in cases}
    assert by_prompt["Refund order 44"]["expectations"] == ["Produces JSON, e.g. with orderId."]
    assert "(older than 90 days)" in by_prompt["Refund order 44"]["notes"]  # kept, said
    assert by_prompt["Write a haiku"]["should_trigger"] is False
    assert "expectations" not in by_prompt["Write a haiku"]
    assert by_prompt["Write a limerick"]["should_trigger"] is False
    assert "expectations" not in by_prompt["Summarise the policy"]  # nothing to grade: said

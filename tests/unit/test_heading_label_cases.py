"""A Markdown file of several cases whose labels are headings a level below each case's
(`## 用例 1` then `### 用户输入`, `### 期望行为`, `### 反模式`): one case a section, each label
heading read as the bold label it stands for (runner.authoring.mdtasks); found in the skill's
own `references/` under a name saying cases (`evaluation-cases.md`). Before, the whole file
was read as one case of many turns, and the file was not found at all."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import check_json, write_skill_md

CASES = """# trip-setup 验证用例

只将"用户输入"交给被测实例。

## 目录

1. 空白项目
2. 已有计划

## 用例 1：空白项目

### 用户输入

> 我想用 AI 帮我做一个家庭旅行计划，帮我建个项目。

### 期望行为

- 给出目标和完成标准草案。

### 反模式

- 创建源码或构建配置。

## 用例 2：换目的地

### 用户输入

> 我们的旅行从东京改到大阪，帮我更新计划的目标。

### 期望行为

- 把目的地改成大阪并说明影响。
"""


def test_each_case_section_is_a_case_with_its_heading_labels(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "trip-setup", "trip-setup",
                           "Use when asked to set up a travel planning project.")
    (skill / "references").mkdir()
    (skill / "references" / "evaluation-cases.md").write_text(CASES, encoding="utf-8")
    report = check_json(skill)
    assert [c["id"] for c in report["cases"]] == ["case-1", "case-2"], report["cases"]
    first = json.dumps([c["entry"] for c in report["cases"][0]["checks"]], ensure_ascii=False)
    assert "给出目标和完成标准草案" in first and "创建源码或构建配置" in first, first

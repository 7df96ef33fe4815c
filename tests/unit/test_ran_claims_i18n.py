"""Another language's claim that the agent ran something is graded on its tool calls when it
names a command with its flag ("执行了 ssh -T 验证"), a flag ("运行了 --validate-only"), one of
claude's own tools ("调用了 AskUserQuestion 工具"), or something its language calls a tool or
script; "使用了表格" (used a table), "推荐使用 x.py" (advice) stay the answer's."""

from __future__ import annotations

import pytest

from runner.scoring.on_calls import on_calls


@pytest.mark.parametrize("statement", ["执行了 ssh -T 验证", "运行了 --validate-only",
                                       "调用了AskUserQuestion工具", "使用了 AskUserQuestion 工具",
                                       "使用 download.py"])
def test_runs_named(statement: str) -> None:
    assert on_calls(statement)


@pytest.mark.parametrize("statement", ["使用了表格", "使用 TypeScript 编写", "推荐使用 x.py",
                                       "调用方返回错误", "执行了 task bundle"])
def test_answers(statement: str) -> None:
    assert not on_calls(statement)

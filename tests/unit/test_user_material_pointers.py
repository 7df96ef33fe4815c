"""Issue 26, rule 6: the user's own piece of writing, pointed at and not handed over, is a
missing input (EV009) however it is pointed at: a noun the user says they gave ("the paper
PDF I provided", "我提供的一篇论文", "on a provided paper"), a writer's piece ("review this
abstract", "my manuscript", "这本书", "这篇论文"), a workspace placed at a relative folder with
no "at" ("My workspace is ./paper"). Look-alikes stay silent: a published book named by its
title ("《三体》这本书"), material given after a colon, "this abstract concept", "my book club",
a project the prompt makes ("Scaffold a new project at ./app")."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.inputs import pointed_inputs
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: paper-helper\ndescription: Revises academic papers and books. Use when "
            "a researcher asks for revision advice.\n---\nRead the draft and advise.\n")


def pointers(prompt: str) -> list[str]:
    return pointed_inputs(Case(id="c", prompt=prompt, assertions=["advice"]))


@pytest.mark.parametrize(("prompt", "pointer"), [
    ("Read the TPWRS paper PDF I provided and give a six-part reading.",
     "the TPWRS paper PDF I provided"),
    ("Summarize the article we shared.", "the article we shared"),
    ("Use the skill on a provided OCR Markdown paper and check its statistics.",
     "on a provided OCR Markdown paper"),
    ("Review this abstract and two result paragraphs for overclaiming.", "Review this abstract"),
    ("Proofread my manuscript for tense consistency.", "Proofread my manuscript"),
    ("Review my CV and suggest improvements.", "Review my CV"),
    ("My workspace is ./paper; draft the introduction.", "workspace is ./paper"),
    ("我提供的一篇 TPWRS 论文 PDF 请做六段式解读。", "我提供的一篇 TPWRS 论文"),
    ("把这本书当前资料做成大纲看板。", "这本书"),
    ("帮我检查这篇论文的引用格式。", "这篇论文"),
])
def test_the_users_own_writing_pointed_at_is_a_missing_input(prompt: str, pointer: str) -> None:
    assert pointer in pointers(prompt)


@pytest.mark.parametrize("prompt", [
    "《三体》这本书讲了什么？",
    "根据我提供的资料：第一章讲了主角的童年，第二章讲了离家，请写大纲。",
    "帮我写这篇文章的结尾：他走向远方，天色渐暗。",
    "Explain this abstract concept in simple words.",
    "Start a book club for my team.",
    "Use the template I provided: Title / Body / Footer.",
    "Scaffold a new project at ./app with Vite.",
    "Write a function that parses a provided string into tokens.",
    "Write a CLI tool that runs on a provided directory path and counts files.",
    "Here is an example: 'The cat sat.' Now rewrite 'Dogs run fast' in the style of the "
    "example I provided.",
    "请帮我写一篇关于人工智能的文章，这篇文章需要包含三个部分。",
    "这篇论文的摘要应该怎么写？给我一个通用模板",
    "我们提供的数据接口返回 JSON，请写一个 Python 解析函数",
    "I want to write my book about gardening. Give me an outline.",
    "Help me plan my thesis timeline for the next 6 months.",
])
def test_look_alikes_point_at_nothing(prompt: str) -> None:
    assert pointers(prompt) == []


def test_check_leaves_out_the_cases_missing_the_users_writing(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [
        {"id": "given", "prompt": "Read the paper PDF I provided and summarise its method.",
         "assertions": ["names the method"]},
        {"id": "book", "prompt": "把这本书当前资料做成大纲看板。", "assertions": ["大纲"]},
        {"id": "told", "prompt": "Explain what a good abstract contains.",
         "assertions": ["purpose, method, results"]}],
        name="paper-helper", skill_md=SKILL_MD)
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    lines = [line for line in result.output.splitlines() if line.startswith("EV009")]
    assert len(lines) == 2, result.output
    assert any("case 'given'" in line and "'the paper PDF I provided'" in line for line in lines)
    assert any("case 'book'" in line and "'这本书'" in line for line in lines)
    assert "1 case(s): told" in result.output

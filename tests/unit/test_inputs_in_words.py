"""Issue 26, rule 6: an input handed over in words only ("summarise these notes", "this
directory already holds 16 images", "我已经有 16 张原始图", "the transcript below" with nothing
below) while the case stages nothing and the prompt carries no material is refused (EV009)
naming the words and the fix, through the real `skill-eval check`. The input given in the
prompt (a block after a colon, a fence, a long passage) or a staged file is no missing input;
look-alikes ("the following week", "below 20 degrees", "I have two kids") stay silent."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.inputs import pointed_inputs
from runner.schema.case import Case
from tests.helpers import check_cli, make_skill

SKILL_MD = ("---\nname: desk-helper\ndescription: Helps with notes, images and small reports. "
            "Use when the user asks to tidy, summarise or pack files.\n---\nBe brief.\n")


def skill_with(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    for case in cases:
        case.setdefault("assertions", ["summary"])
    return make_skill(tmp_path, cases, {"evals/files/notes.md": "# standup\n- ship Friday\n"},
                      name="desk-helper", skill_md=SKILL_MD)


def case(prompt: str, files: tuple[str, ...] = ()) -> Case:
    return Case(id="c", prompt=prompt, files=files, assertions=["summary"])


def test_an_input_handed_over_in_words_is_refused_with_the_fix(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "notes", "prompt": "Summarise these notes into three bullet points"},
        {"id": "held", "prompt": "This directory already holds 16 images; make a contact "
                                 "sheet from them"},
        {"id": "zh", "prompt": "我这个目录里已经有 16 张原始图了，直接做成表情包"},
        {"id": "below", "prompt": "Summarise the transcript below into action items"},
        {"id": "fine", "prompt": "Summarise these notes into three bullet points",
         "files": ["evals/files/notes.md"]}])
    result = check_cli(str(skill), "--strict")
    assert result.exit_code == 2
    lines = [line for line in result.output.splitlines() if "EV009" in line]
    by_case = {case: [line for line in lines if f"case '{case}'" in line]
               for case in ("notes", "held", "zh", "below", "fine")}
    assert "'these notes'" in by_case["notes"][0]
    assert "already holds 16 images" in by_case["held"][0]
    assert "已经有 16 张原始图" in by_case["zh"][0]
    assert "'the transcript below'" in by_case["below"][0]
    assert all("list it in `files` (or paste it into the prompt)" in line for line in lines)
    assert by_case["fine"] == []  # notes.md staged: the notes are there


@pytest.mark.parametrize("prompt", [
    "Summarise these notes into three bullet points",
    "Turn this transcript into minutes",
    "I already have 16 prompts, turn them into a sticker pack",
    "We've already got 12 screenshots, stitch them into one image",
    "The folder already contains 20 raw images; resize them to 240px",
    "Summarise the following notes in three bullets",
    "Translate this text into French",
    "用 Seedream 做一套表情。我已经有 16 条提示词，帮我生成全套物料。",  # zh
    "请总结下面的会议纪要",                                            # zh: nothing below
    "すでに16枚の画像があります。スタンプにして",                        # ja
    "以下の議事録を要約して",                                            # ja
    "Ya tengo 16 imágenes, haz un paquete con ellas",                    # es
    "Resume el texto siguiente en tres puntos",                          # es
    "Já tenho 16 imagens, faça um pacote",                               # pt
    "Resuma o texto abaixo",                                             # pt
    "J'ai déjà 16 images, fais-en une planche",                          # fr
    "Résume la transcription ci-dessous",                                # fr
    "Ich habe bereits 16 Bilder, mach ein Paket daraus",                 # de
    "Fasse die folgenden Notizen zusammen",                              # de
    "У меня уже есть 16 изображений, сделай из них стикеры",             # ru
    "Кратко перескажи текст ниже",                                       # ru
    # the material a picture is, or a thing of a project the verb works on
    "Turn this bottle photo into a white-background product image",
    "Describe the chart in this screenshot and summarise its trend",
    "Review this admin endpoint change. Focus on object-level permissions.",
    "Rewrite this unsafe support message so it is polite",
    "Use this prompt to improve the landing page",
    "Sort the imports in this file.",
    # a draft the user has, named with its platform between
    "Humanize this XHS draft and make it sound like my account voice.",
    "这篇小红书初稿 AI 味太重，帮我改得像真人一点。",
    "这些对标笔记帮我拆一下结构。",
    "帮我改写这篇文章，让它更口语化",  # a rewrite of it, never a piece to write
    "帮我写这篇论文的审稿意见",
    "Summarise these notes.\n\nKeep it under 100 words and use bullets.",  # no notes below
    "帮我把这篇文章改写成一篇小红书笔记",
    "这份报告格式不对，帮我改",  # the report's format: the report is needed
])
def test_each_language_hands_an_input_over_in_words(prompt: str) -> None:
    assert pointed_inputs(case(prompt)) != []


@pytest.mark.parametrize("prompt", [
    # the input is in the prompt: after a colon, fenced, or pasted at length
    "Summarise these notes: standup moved to 10am; Ana owns the release; QA starts Monday.",
    "Summarise the transcript below:\nAlice: we ship Friday\nBob: I will write the tests",
    "Summarise the following notes:\n```\n- ship Friday\n- tests by Bob\n```",
    "Résume la transcription ci-dessous : Alice livre vendredi, Bob écrit les tests.",
    "请总结下面的会议纪要：周五发布，Bob 负责测试，Ana 负责发布说明。",
    # a long request first, the material a paragraph below
    "请把下面内容做成给小学生看的交互式讲题 slides，要有漫画感、字少一点、像老师在陪着想，不要做成"
    "普通课件：\n\n男生20人，女生比男生多10人，女生有多少人？",
    # look-alikes that hand nothing over
    "Planifica la semana siguiente",
    "Keep the temperature below 20 degrees in the greenhouse plan",
    "Explain the difference below and above the fold in web design",
    "I have two kids, plan a weekend trip for us",
    "Create the following files: a.md and b.md",
    "Write three tips for keeping notes tidy",
    "帮我写这篇笔记，主题是周末露营",  # the piece to write, no input
    "这个笔记软件有什么推荐的插件？",  # a product's kind, no material
    "这个文案风格适合什么品牌？",
    "Summarise these notes in three bullets.\n\nMet with Acme on Tuesday. They want the API "
    "by March, and pricing by Friday.",  # the notes below
    # what the prompt itself made first, or material after the pointer's colon
    "Write a function that adds two numbers. Then explain this function to a beginner.",
    "Improve this prompt: 'You are a helpful assistant who writes careful code.'",
    "Generate an image of a lighthouse at dusk",
])
def test_material_given_or_nothing_handed_over_is_no_missing_input(prompt: str) -> None:
    assert pointed_inputs(case(prompt)) == []


def test_a_staged_file_that_fits_is_the_input() -> None:
    assert pointed_inputs(case("Summarise these notes into three bullet points",
                               ("evals/files/notes.md",))) == []


@pytest.mark.parametrize("prompt", [
    "Outline the build. The design discussion has already been completed and saved to "
    "research/designs/. Break it into slices.",
    "The specs are stored in docs/specs/, turn them into tickets.",
])
def test_material_said_saved_in_a_folder_is_an_input(prompt: str) -> None:
    assert pointed_inputs(case(prompt))


@pytest.mark.parametrize("prompt", [
    "Write the outline and save it to research/designs/.",      # output: no passive
    "The outline should be saved to docs/plans/ when done.",     # a modal: what to make
])
def test_a_folder_to_save_into_is_no_input(prompt: str) -> None:
    assert pointed_inputs(case(prompt)) == []


def test_check_refuses_material_saved_in_an_unstaged_folder(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "outline", "prompt": "The notes are already saved "
                                   "in research/notes/. Summarise them."}])
    got = check_cli(str(skill))
    assert "case 'outline': EV009" in got.output and "research/notes/" in got.output, got.output

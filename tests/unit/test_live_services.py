"""Issue 26, rule 6: live services and the user's accounts with no URL named get the network
finding (EV014): an image-generation service, a weather lookup, "post to my Slack", "check my
Gmail", today's stock price, and a skill whose SKILL.md says its service or CLI needs a key.
A question asking for advice about the user's machine or account ("how should I configure my
firewall?", "what does this error on my machine mean?") is answered in words: gradable, never
"no arm can pass". Through the real `skill-eval check`; look-alikes stay silent."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.reach import account_needs, image_service_needs, machine_needs
from runner.schema.case import Case
from tests.helpers import check_json, make_skill

SKILL_MD = ("---\nname: desk-helper\ndescription: Helps with small everyday tasks. Use when "
            "the user asks for help with a chore.\n---\nBe brief.\n")
KEYED_MD = ("---\nname: desk-helper\ndescription: Looks up the weather with the Acme CLI. Use "
            "when the user asks about the weather.\n---\nRun `acme-weather now <city>`. "
            "Requires ACME_WEATHER_KEY in the environment.\n")


def _case(prompt: str) -> Case:
    return Case(id="c", prompt=prompt, statements=("The answer is short and clear",))


def _ev014(skill: Path) -> dict[str, str]:
    return {f["case"]: f["message"] for f in check_json(skill)["findings"]
            if f["code"] == "EV014"}


def test_live_services_and_accounts_are_flagged_and_advice_is_not(tmp_path: Path) -> None:
    cases = [{"id": cid, "prompt": prompt, "expectations": ["The answer is short and clear"]}
             for cid, prompt in [
                 ("image", "Generate a poster image of a cat with the image-generation API"),
                 ("weather", "What's the weather in Paris tomorrow?"),
                 ("slack", "Post the release summary to my Slack"),
                 ("gmail", "Check my Gmail for invoices"),
                 ("firewall", "How should I configure my firewall on my laptop?"),
                 ("error", "What does this error on my machine mean? It says EADDRINUSE")]]
    got = _ev014(make_skill(tmp_path, cases, name="desk-helper", skill_md=SKILL_MD))
    assert set(got) == {"image", "weather", "slack", "gmail"}
    assert "image-generation service" in got["image"]
    assert "'my Gmail'" in got["gmail"] and "no arm can pass it" in got["slack"]


def test_a_skill_whose_service_needs_a_key_is_reported_once(tmp_path: Path) -> None:
    cases = [{"id": "wear", "prompt": "Tell me what to wear in Oslo",
              "expectations": ["The answer names a jacket or a coat"]}]
    got = _ev014(make_skill(tmp_path / "keyed", cases, name="desk-helper", skill_md=KEYED_MD))
    assert list(got) == [""] and "ACME_WEATHER_KEY" in got[""]
    plain = SKILL_MD + "Flag hard-coded secrets such as GITHUB_TOKEN in the code you review.\n"
    assert _ev014(make_skill(tmp_path / "plain", cases, name="desk-helper",
                             skill_md=plain)) == {}


@pytest.mark.parametrize("prompt", [
    "Post the summary to #eng",
    "Check my Gmail for invoices",
    "Publica el resumen en mi Slack",                 # es
    "发到我的飞书群",                                   # zh
    "Poste die Zusammenfassung in Slack",             # de
    "Envoie le compte rendu sur mon Slack",           # fr
    "Poste o resumo no meu Slack",                    # pt
    "Опубликуй итоги в Slack",                        # ru
    "私のGmailを確認して",                              # ja
    "查一下北京天气",                                   # zh: a weather lookup
    "明天下午会不会下雨",
    "¿Qué tiempo hace en Madrid hoy?",
    "Wie wird das Wetter morgen in Berlin?",
    "Quel temps fera-t-il demain à Paris ?",
    "Какая погода в Москве завтра?",
    "Vai chover amanhã em Lisboa?",
    "明日の東京の天気は？",
    "Pull today's stock price for AAPL",
])
def test_each_language_names_a_live_service_or_account(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=False) != []


@pytest.mark.parametrize("prompt", [
    "用 Seedream 做一套微信表情，帮我生成全套上架物料",
    "Génère l'affiche avec Midjourney",
    "Genera el póster con DALL-E 3",
    "Erzeuge das Bild mit Stable Diffusion",
    "Gere a imagem com o Midjourney",
    "Сгенерируй картинку с помощью Midjourney",
    "Midjourneyでポスターを作って",
])
def test_each_language_names_an_image_service(prompt: str) -> None:
    assert image_service_needs(_case(prompt)) != []


@pytest.mark.parametrize("prompt", [
    "先不要生成，帮我规划一下怎么用 Seedream 的图做微信表情",  # not now, and a how-question
    "Draw a bar chart of these numbers with matplotlib: 1, 2, 3",
    "Write an SVG logo of a cat",
])
def test_no_image_service_when_held_off_or_drawn_with_code(prompt: str) -> None:
    assert image_service_needs(_case(prompt)) == []


@pytest.mark.parametrize("prompt", [
    "Write a weather app in Python that shows tomorrow's forecast",
    "Explain why it rains more in the mountains",
    "把这段文字翻译成英文：今天天气很好",
    "写一首诗，描写今天天气很好",
    "How do I set up filters in my Gmail?",
    "Write a Slack message announcing the release",
])
def test_building_or_asking_about_a_service_needs_none(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=False) == []


@pytest.mark.parametrize("prompt", [
    "How should I configure my firewall on my laptop?",
    "What does this error on my machine mean? It says EADDRINUSE",
    "我的电脑上这个报错是什么意思？",
    "Wie sollte ich die Firewall auf meinem Rechner konfigurieren?",
    "¿Cómo debo configurar el cortafuegos en mi ordenador?",
    "Comment dois-je configurer le pare-feu sur mon ordinateur ?",
    "Como devo configurar o firewall no meu computador?",
    "Как мне настроить файрвол на моём компьютере?",
    "私のパソコンのファイアウォールはどう設定すればいいですか？",
])
def test_advice_about_the_users_machine_is_gradable(prompt: str) -> None:
    assert machine_needs(_case(prompt)) == []


@pytest.mark.parametrize("prompt", [
    "Find the old invoices on my laptop and rename them by date",
    "Why is my laptop slow? Clean up my Downloads and tell me what you removed.",
    "Can you sort the files on my computer by year?",
])
def test_work_on_the_users_machine_still_needs_it(prompt: str) -> None:
    assert machine_needs(_case(prompt)) != []


REACHING = {"scripts/fetch.py": "import urllib.request\n\nurllib.request.urlopen("
                                "'https://example.org/feed')\n"}


@pytest.mark.parametrize("prompt", [
    "List the latest 5 posts of the Acme account",
    "帮我看看这个公众号最近发了什么文章",
    "下载 Acme 2024 年度报告 PDF",
    "Muestra los últimos 5 artículos del blog",
    "Zeig mir die neuesten Beiträge",
])
def test_what_a_live_source_published_lately_needs_it(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=True) != []
    # without a skill that reaches the network, the words alone say nothing
    assert account_needs(_case(prompt), skill_reaches=False) == []


def test_a_skill_reaching_a_source_flags_its_latest_items_through_check(
        tmp_path: Path) -> None:
    cases = [{"id": "latest", "prompt": "List the latest 5 posts of the Acme account",
              "expectations": ["The answer lists five posts"]},
             {"id": "staged", "prompt": "List the latest 5 posts in posts.json",
              "files": ["evals/files/posts.json"],
              "expectations": ["The answer lists five posts"]}]
    files = {**REACHING, "evals/files/posts.json": "[]\n"}
    got = _ev014(make_skill(tmp_path, cases, files, name="desk-helper", skill_md=SKILL_MD))
    assert set(got) == {"latest"} and "latest 5 posts" in got["latest"]

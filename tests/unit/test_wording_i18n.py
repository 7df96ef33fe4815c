"""The case-set rules that read words, in the languages public skills are written in besides
English (issue 26): the user's own machine and account and live data (EV014), an input the
prompt points at that nobody stages (EV009), a server named beside its word (EV016), an
absence read as a not-contains check, and an item marked optional. Each finder per language,
with what must stay silent (a portfolio site to build, material pasted after a colon, a file
that is staged), and through the real `skill-eval check`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.authoring.assertion_dsl import DslReading, read_dsl
from runner.authoring.dialects import _OPTIONAL
from runner.authoring.inputs import pointed_inputs
from runner.authoring.mcp import _server_named
from runner.authoring.prompts import outside_needs
from runner.authoring.reach import account_needs, machine_needs, tracker_needs, urls_to_read
from runner.authoring.routing import about_firing
from runner.cli import main
from runner.schema.case import Case
from runner.scoring.absence import literal_absence, states_absence
from runner.scoring.checks import parse_matcher
from tests.helpers import write_data, write_skill_md


def _case(prompt: str, **more: Any) -> Case:
    return Case(id="c", prompt=prompt, **more)


# -- EV014: the user's own account, and live data ---------------------------------------------

@pytest.mark.parametrize("prompt", [
    "分析我的投资组合并给出调仓建议",                   # zh
    "請整理我的收件匣裡的郵件",                           # zh-Hant
    "私のポートフォリオのリスクを評価してください",       # ja
    "내 포트폴리오의 수익률을 계산해 줘",                  # ko
    "проанализируй мой портфель и предложи ребалансировку",  # ru
    "Revisa mi cartera de inversión y dime qué vender",     # es
    "Organize minha caixa de entrada por prioridade",       # pt
    "Analyse mon portefeuille et propose des ajustements",  # fr
    "Prüfe mein Depot auf Klumpenrisiken",                  # de
    "Controlla il mio portafoglio e suggerisci modifiche",  # it
    "Phân tích danh mục đầu tư của tôi",                    # vi
    "Portföyümü analiz et ve öneriler sun",                 # tr
])
def test_the_users_own_account_in_each_language(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=False)


@pytest.mark.parametrize("prompt", [
    "今天的新闻头条有哪些？请总结",                        # zh
    "現在の株価を調べてレポートにして",                    # ja
    "오늘의 뉴스 헤드라인을 요약해 줘",                    # ko
    "Дай текущие цены на нефть и золото",                  # ru
    "Dame los precios actuales del bitcoin",               # es
    "Quais são as cotações em tempo real do dólar?",       # pt
    "Donne-moi les cours actuels du CAC 40",               # fr
    "Nenne mir die aktuellen Aktienkurse von SAP",         # de
    "Riassumi le notizie di oggi sull'economia",           # it
    "Cho tôi biết giá vàng hôm nay",                       # vi
    "Güncel döviz kurlarını listele",                      # tr
])
def test_live_data_in_each_language(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=False)


@pytest.mark.parametrize("prompt", [
    "为我的作品集网站设计一个首页",                         # zh: a site to build
    "私のポートフォリオサイトのデザイン案を作って",          # ja: "portfolio" site, not held
    "Сделай сайт-портфолио для дизайнера",                 # ru: a portfolio site
    "Crea mi portafolio web con tres proyectos",           # es
    "Crée mon portfolio en ligne avec trois projets",      # fr: "portfolio" is a site
    "Baue mein Portfolio-Website mit drei Projekten",      # de
    "Explica cómo funciona una cuenta de ahorro",          # es: no possessive
    "Escribe un tuit para mi cuenta de Twitter",           # es: a post to write
    "Crea mi calendario de contenidos para mayo",          # es: a plan to make
    "내 일정을 짜 줘",                                      # ko: a schedule to plan
    "Prépare mon agenda de réunion",                       # fr: an agenda to write
    "Écris un guide sur les prix en général",              # fr: no live data
    "Was ist ein Wechselkurs? Erkläre es einfach",         # de
    "把这段文字翻译成英文：今天天气很好",                    # zh: the text to translate
])
def test_a_site_to_build_or_a_general_question_is_no_account(prompt: str) -> None:
    assert account_needs(_case(prompt), skill_reaches=False) == []


def test_live_data_a_case_stages_is_the_fixtures() -> None:
    staged = _case("Дай текущие цены из prices.csv", files=("prices.csv",))
    assert account_needs(staged, skill_reaches=False) == []


# -- EV014: the user's own machine --------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "整理我的下载文件夹，按类型分类",                       # zh
    "私のダウンロードフォルダを整理して",                   # ja
    "내 컴퓨터에서 중복 파일을 찾아 줘",                     # ko
    "Найди дубликаты на моём компьютере",                  # ru
    "Organiza mi carpeta de descargas por tipo",           # es
    "Limpe a minha área de trabalho",                      # pt
    "Range mon dossier de téléchargements",                # fr
    "Räume meinen Download-Ordner auf",                    # de
    "Pulisci la cartella download del mio computer",       # it
    "Dọn dẹp máy tính của tôi",                            # vi
    "Bilgisayarımdaki büyük dosyaları bul",                # tr
    "My Mac says the startup disk is almost full. Clean caches.",  # en: the device itself
    "C drive is nearly full on Windows. Clear temp files.",        # en: a drive by its letter
    "Cut the first minute of /mnt/testdata/DCIM/GX01.MP4",         # a drive mounted there
])
def test_the_users_own_machine_in_each_language(prompt: str) -> None:
    assert machine_needs(_case(prompt))


@pytest.mark.parametrize("prompt", [
    "写一个整理下载文件夹的脚本",                           # zh: a script, no "my"
    "Напиши скрипт, который чистит папку загрузок",       # ru
    "Escribe un script que ordene las descargas",          # es
    "Écris un script qui range les téléchargements",       # fr
    "다운로드 안내 문서 폴더를 만드는 스크립트를 작성해",    # ko: "안내" (a guide) holds 내
    "Write a script that frees space on a drive",          # en: any machine's
])
def test_a_program_for_any_machine_is_not_the_users_own(prompt: str) -> None:
    assert machine_needs(_case(prompt)) == []


# -- EV009: an input the prompt points at -------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "审查这个diff并指出问题",                               # zh
    "請檢查這份合約的風險條款",                             # zh-Hant
    "このコードをレビューしてください",                     # ja
    "첨부된 파일을 요약해 줘",                              # ko
    "Проверь этот код на уязвимости",                      # ru
    "Revisa este PR y comenta los riesgos",                # es
    "Resuma o arquivo anexado em cinco tópicos",           # pt
    "Utilise ce runbook pour redémarrer le service",       # fr
    "Prüfe diesen Patch auf Fehler",                       # de
    "Analizza questo log e trova l'errore",                # it
    "Xem xét đoạn mã này và sửa lỗi",                      # vi
    "Bu kodu incele ve hataları bul",                      # tr
    "Revisa mi repositorio y lista los riesgos",           # es: my repository
    "检查我的代码库里的安全问题",                             # zh: my codebase
    "把这个 XLSX 的公式重新计算一遍",                         # zh: an office file by format
    "このDOCXの変更履歴をすべて承認して",                      # ja
    "Prüfe unser Repository auf Geheimnisse",              # de: our repository
])
def test_a_pointed_input_nobody_stages_in_each_language(prompt: str) -> None:
    assert pointed_inputs(_case(prompt))


@pytest.mark.parametrize("prompt", [
    "审查这个diff：+a = 1 -a = 2",                          # zh: given after the colon
    "このコードをレビューして：print(1)",                    # ja
    "Проверь этот код: print(1)",                          # ru
    "Revisa este código: x = 1",                           # es
    "Écris un runbook pour redémarrer le service",          # fr: a runbook to write
    "Schreibe ein Skript, das Logs rotiert",               # de: nothing pointed at
    "Crea un file di configurazione per nginx",            # it
    "Crée mon projet Django avec une API",                 # fr: my project, to make
    "Escribe mi informe semanal",                          # es: my report, to write
    "Schreibe meinen Bericht über das Quartal",            # de
    "为一个 React 应用写 README，该项目使用 Vite",          # zh: "the project" just described
    "新建一个 XLSX，列出本月开支",                           # zh: an office file to make
    "Напиши README, это проект на Go",                     # ru: "this is a project"
])
def test_material_given_or_a_thing_to_make_is_no_pointed_input(prompt: str) -> None:
    assert pointed_inputs(_case(prompt)) == []


def test_a_pointed_input_that_is_staged_is_given() -> None:
    assert pointed_inputs(_case("Utilise ce runbook pour redémarrer le service",
                                files=("runbook.md",))) == []


def test_a_pasted_block_after_a_full_width_colon_is_material() -> None:
    prompt = "请审查这个diff：\n+a = 1\n-a = 2\n"
    assert pointed_inputs(_case(prompt)) == []


# -- EV016 and pages to read --------------------------------------------------------------------

@pytest.mark.parametrize("text", ["用 github 服务器查询问题", "github サーバーで検索",
                                  "через сервер github", "con la herramienta github",
                                  "avec l'outil github", "mit dem github Server"])
def test_a_server_named_beside_its_word_in_each_language(text: str) -> None:
    assert _server_named(text, "github")


def test_a_plain_word_alone_is_not_the_server() -> None:
    assert not _server_named("Escribe un README para github", "github")


@pytest.mark.parametrize("prompt", ["请阅读 https://example.com/post 并总结",
                                    "Résume https://example.com/post en trois points",
                                    "Прочитай https://example.com/post и перескажи"])
def test_a_page_handed_over_to_read_in_each_language(prompt: str) -> None:
    assert urls_to_read(_case(prompt)) == ["https://example.com/post"]


@pytest.mark.parametrize("prompt", ["https://example.com/post review whether it fits our blog",
                                    "https://example.com/post 이 글 우리 블로그에 맞는지 검토해줘"])
def test_a_link_leading_its_clause_with_the_reading_verb_after_it_is_to_read(
        prompt: str) -> None:
    assert urls_to_read(_case(prompt)) == ["https://example.com/post"]


@pytest.mark.parametrize("prompt", ["Set up access to https://api.example.com in config.yaml",
                                    "Add a link to https://example.com/post in the footer",
                                    "Ajoute un lien vers https://example.com/post",
                                    "https://example.com/post add it to the footer links",
                                    "Our site is https://example.com/post. Review the copy below."])
def test_a_link_to_put_in_the_work_is_still_no_page_to_read(prompt: str) -> None:
    assert urls_to_read(_case(prompt)) == []


@pytest.mark.parametrize(("prompt", "needs"), [
    ("Look up PAY-311 and say what the ticket asks for.", True),
    ("I'm on OPS-42. Pull the Jira details and list the acceptance criteria.", True),
    ("Read PAY-311 and draft a plan.", True),
    ("Check the SHA-256 of the staged file.", False),  # a standard's name
    ("Parse the ISO-8601 dates in the log.", False),
    ("Rename PAY-311 to PAY-312 in the changelog text below.", False),  # no lookup of it
])
def test_a_tracker_item_to_look_up_by_its_key_needs_the_tracker(prompt: str,
                                                                 needs: bool) -> None:
    assert bool(tracker_needs(_case(prompt))) is needs


def test_a_package_of_the_skills_own_repository_is_not_in_the_sandbox(tmp_path: Path) -> None:
    """A skill for developing its repository: "Refactor ledger-core" works on a package of that
    repository, which no case stages (EV014). A plain folder name (`docs`), a case that stages
    its input, and a repository without a project file stay silent."""
    from runner.authoring.problems import Problems
    from runner.authoring.reach import report_reach

    repo = tmp_path / "repo"
    (repo / "crates" / "ledger-core").mkdir(parents=True)
    (repo / "docs").mkdir()
    (repo / "Cargo.toml").write_text("[workspace]\n")
    skill = write_skill_md(repo / "skills" / "refactor", "refactor", "Refactors crates.")
    cases = [_case("Refactor ledger-core: split its modules."),
             _case("Tidy the docs folder index.").model_copy(update={"id": "d"}),
             _case("Refactor ledger-core.", files=("evals/files/x.rs",)).model_copy(
                 update={"id": "s"})]
    problems = Problems(str(skill / "evals" / "evals.json"))
    report_reach(skill, cases, problems)
    flagged = {f.case: f.message for f in problems.reported if f.code == "EV014"}
    assert "ledger-core" in flagged.get("c", ""), flagged
    assert "d" not in flagged and "s" not in flagged, flagged
    (repo / "Cargo.toml").unlink()
    bare = Problems(str(skill / "evals" / "evals.json"))
    report_reach(skill, cases[:1], bare)
    assert not [f for f in bare.reported if f.code == "EV014"]


@pytest.mark.parametrize(("prompt", "needs"), [
    ("Commit the currently staged changes, nothing more.", True),
    ("请根据当前 staged diff 帮我写一条 commit message", True),
    ("Explain what staged changes are in git.", False),
])
def test_the_index_as_it_is_now_is_the_users_machine(prompt: str, needs: bool) -> None:
    assert bool(machine_needs(_case(prompt))) is needs
    staged = _case(prompt, files=("evals/files/diff.patch",))
    assert machine_needs(staged) == []  # a staged copy of the diff is the material


# -- absences: the DSL, a statement, a denial --------------------------------------------------

@pytest.mark.parametrize(("text", "checks"), [
    ("不包含 'X'", ("not:X",)),
    ("不应包含“作为AI”", ("not:作为AI",)),
    ("「X」を含まない", ("not:X",)),
    ("'X'를 포함하지 않는다", ("not:X",)),
    ("не содержит «X»", ("not:X",)),
    ("no contiene 'X'", ("not:X",)),
    ("não contém \"X\"", ("not:X",)),
    ("ne contient pas \"X\"", ("not:X",)),
    ("enthält nicht \"X\"", ("not:X",)),
    ("non contiene \"X\"", ("not:X",)),
    ("không chứa \"X\"", ("not:X",)),
    ("'X' içermez", ("not:X",)),
    ("no contiene 'X' ni 'Y'", ("not:X", "not:Y")),
    ("contiene 'Widget'", ("Widget",)),
    ("包含 'Widget'", ("Widget",)),
])
def test_the_dsl_reads_contains_in_each_language(text: str, checks: tuple[str, ...]) -> None:
    assert read_dsl(text) == DslReading(checks=checks)
    for check in checks:
        parse_matcher(check)


@pytest.mark.parametrize("text", ["no contiene X", "contiene 'a' o 'b'",
                                  "no contiene 'X' salvo en el título",
                                  "Explica que no contiene 'X'", "不包含任何错误"])
def test_anything_else_is_not_the_dsl(text: str) -> None:
    assert read_dsl(text) is None


@pytest.mark.parametrize(("statement", "operands"), [
    ("La respuesta no contiene 'Como IA'", ("Como IA",)),
    ("No contiene 'Como IA'", ("Como IA",)),
    ("Sin 'TODO' ni 'FIXME'", ("TODO", "FIXME")),
    ("回答中不包含“作为AI”", ("作为AI",)),
    ("回答は「X」という語を含まない", ("X",)),
    ("Ответ не содержит слова \"X\"", ("X",)),
    ("Le texte ne contient pas \"X\" ni \"Y\".", ("X", "Y")),
])
def test_a_statement_of_absence_in_another_language_is_literal(
        statement: str, operands: tuple[str, ...]) -> None:
    found = literal_absence(statement)
    assert found is not None and found.operands == operands and found.file is None


@pytest.mark.parametrize("statement", ["La respuesta contiene 'Como IA'",
                                       "Explica que no contiene 'X'",
                                       "El texto no contiene 'X' y cita la fuente"])
def test_a_presence_or_a_report_is_not_an_absence(statement: str) -> None:
    assert literal_absence(statement) is None


@pytest.mark.parametrize("statement", ["不使用任何表情符号", "絵文字を使わない",
                                       "이모지를 사용하지 않는다", "Не использует эмодзи",
                                       "No usa emojis", "Não usa emojis",
                                       "La réponse n'utilise pas d'emoji",
                                       "Die Antwort enthält keine Emojis",
                                       "Non usa emoji", "Không dùng emoji",
                                       "Emoji kullanmaz"])
def test_a_denial_in_each_language_needs_no_quote(statement: str) -> None:
    assert states_absence(statement)


@pytest.mark.parametrize("statement", ["No usa emojis y cita la fuente",
                                       "不使用表情符号，但是列出来源",
                                       "Die Antwort nennt drei Quellen",
                                       "La respuesta cita tres fuentes",
                                       "No solo lista las fuentes, las compara",
                                       "不仅列出来源，还比较它们", "无需询问即可生成报告",
                                       "エラーが少ない"])
def test_a_denial_with_a_clause_to_show_or_a_claim_needs_its_quote(statement: str) -> None:
    assert not states_absence(statement)


# -- optional items -----------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["（可选）列出参考文献", "可选：列出参考文献",
                                  "任意：参考文献を挙げる",
                                  "(선택) 참고 문헌을 나열", "Опционально: список литературы",
                                  "Opcional: lista de referencias", "(opcional) lista referências",
                                  "Facultatif : liste des références", "Bonus: nennt Quellen",
                                  "Opzionale: elenca le fonti", "(tùy chọn) liệt kê nguồn",
                                  "İsteğe bağlı: kaynakları listeler", "Nice to have: a chart",
                                  "Optionally proposes a chart"])
def test_an_item_marked_optional_in_each_language(text: str) -> None:
    assert _OPTIONAL.match(text)


@pytest.mark.parametrize("text", ["列出参考文献", "Lista las referencias opcionales del API",
                                  "Optional chaining is explained", "Le bonus est calculé",
                                  "Описывает необязательные параметры"])
def test_an_item_that_only_mentions_the_word_is_required(text: str) -> None:
    assert not _OPTIONAL.match(text)


# -- through the real `skill-eval check` --------------------------------------------------------

def _check(tmp_path: Path, cases: list[dict[str, Any]]) -> dict[str, Any]:
    """What `check --json` reports on a skill holding `cases`, accepted or refused."""
    skill = write_skill_md(tmp_path / "desk-helper", "desk-helper", "Helps with files, notes "
                           "and small reports. Use when the user asks to tidy or summarise.")
    write_data(skill / "evals" / "evals.json", {"evals": cases})
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    data: dict[str, Any] = json.loads(result.output)
    return data


def _codes(report: dict[str, Any]) -> set[tuple[str, str]]:
    return {(f["code"], f["case"]) for f in [*report["findings"], *report["problems"]]}


def test_check_finds_a_russian_account(tmp_path: Path) -> None:
    report = _check(tmp_path, [
        {"id": "ru", "prompt": "Проанализируй мой портфель и предложи ребалансировку",
         "expectations": ["Ответ называет три акции"]},
        {"id": "site", "prompt": "Crée mon portfolio en ligne avec trois projets",
         "expectations": ["La page liste trois projets"]}])
    assert report["ok"] and _codes(report) & {("EV014", "ru"), ("EV014", "site")} == {
        ("EV014", "ru")}
    ev014 = next(f for f in report["findings"] if f["case"] == "ru" and f["code"] == "EV014")
    assert "мой портфель" in ev014["message"] and "user's own account" in ev014["message"]


def test_check_refuses_a_french_runbook_nobody_stages(tmp_path: Path) -> None:
    report = _check(tmp_path, [
        {"id": "fr", "prompt": "Utilise ce runbook pour redémarrer le service",
         "expectations": ["La réponse liste les étapes"]}])
    assert not report["ok"] and ("EV009", "fr") in _codes(report)
    assert "ce runbook" in report["problems"][0]["message"]
    staged = _check(tmp_path / "staged", [
        {"id": "fr", "prompt": "Utilise ce runbook pour redémarrer le service",
         "files": [{"path": "runbook.md", "content": "1. systemctl restart app\n"}],
         "expectations": ["La réponse liste les étapes"]}])
    assert staged["ok"] and ("EV009", "fr") not in _codes(staged)


def test_check_reads_an_absence_in_chinese_and_spanish_as_not_contains(tmp_path: Path) -> None:
    report = _check(tmp_path, [
        {"id": "zh", "prompt": "把下面的笔记整理成三点：周五发布，Ana 负责。",
         "assertions": ["不包含 'TODO'"], "expectations": ["回答中不包含“作为AI”"]},
        {"id": "es", "prompt": "Resume estas notas: lanzamos el viernes, Ana es la responsable.",
         "assertions": ["no contiene 'TODO'"],
         "expectations": ["La respuesta no contiene 'Como IA'"]}])
    checks = {case["id"]: [(c["entry"], c["kind"]) for c in case["checks"]]
              for case in report["cases"]}
    assert ("not:TODO", "assertion") in checks["zh"] and ("not:作为AI", "assertion") in checks["zh"]
    assert ("not:TODO", "assertion") in checks["es"]
    assert ("not:Como IA", "assertion") in checks["es"]
    assert not [e for e, k in checks["zh"] + checks["es"] if k == "statement"]


# -- statements only about the skill firing -----------------------------------------------------

@pytest.mark.parametrize(("statement", "fires"), [
    ("技能不应被触发", False), ("该技能被触发", True), ("スキルは起動されない", False),
    ("스킬이 트리거된다", True), ("Скилл не должен срабатывать", False),
    ("La skill no se activa", False), ("A skill é ativada", True),
    ("La compétence ne se déclenche pas", False), ("Der Skill wird nicht ausgelöst", False),
    ("La skill viene attivata", True), ("Kỹ năng không được kích hoạt", False),
    ("Beceri tetiklenmemeli", False)])
def test_a_statement_about_firing_in_each_language(statement: str, fires: bool) -> None:
    assert about_firing(statement) is fires


@pytest.mark.parametrize("statement", ["La skill se activa y resume el texto",
                                       "技能被触发并生成报告", "La habilidad de escribir es buena",
                                       "Der Skill erklärt die Schritte"])
def test_a_statement_that_also_asks_for_work_is_graded(statement: str) -> None:
    assert about_firing(statement) is None


def test_check_offers_a_spanish_firing_statement_as_a_trigger_query(tmp_path: Path) -> None:
    report = _check(tmp_path, [
        {"id": "es", "prompt": "Resume estas notas: lanzamos el viernes.",
         "expectations": ["La skill no se activa", "El resumen nombra el viernes"]}])
    checks = [(c["entry"], c["kind"]) for case in report["cases"] for c in case["checks"]]
    assert checks == [("El resumen nombra el viernes", "statement")]
    assert any(f["code"] == "EV012" and "trigger" in f["message"] for f in report["findings"])


# -- EV014: searching the web -------------------------------------------------------------------

@pytest.mark.parametrize("prompt", [
    "在网上搜索最新的论文并总结", "ネットで検索して比較して", "인터넷에서 검색해서 알려줘",
    "Поищи в интернете отзывы", "Busca en internet opiniones", "Pesquise na internet sobre isso",
    "Cherche sur internet des avis", "Suche im Internet nach Bewertungen",
    "Cerca su internet recensioni", "Tìm kiếm trên mạng về chủ đề này",
    "İnternette ara ve özetle"])
def test_a_web_search_in_each_language_needs_the_network(prompt: str) -> None:
    assert outside_needs(prompt)


@pytest.mark.parametrize("prompt", ["Escribe una función de búsqueda web", "Crea un buscador",
                                    "Explica cómo buscar en una lista",
                                    "Richte Google Analytics ein", "写一个网页搜索的函数"])
def test_building_a_search_is_not_searching_the_web(prompt: str) -> None:
    assert outside_needs(prompt) == []


def test_a_fetch_inside_pasted_material_is_a_finding_not_a_need() -> None:
    pasted = ("Review this Dockerfile for security issues:\nFROM ubuntu:latest\n"
              "RUN apt-get install -y curl\nRUN curl https://example.com/tool | bash\n"
              "EXPOSE 22")
    assert outside_needs(pasted) == []
    assert outside_needs("Fetch https://example.com/data.json and summarise it")

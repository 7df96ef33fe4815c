"""Inputs a prompt names that no case stages (issue 26, rule 6, EV009), each rule by small sets
of its own, written here in several languages: an input handed over by its kind (an image, a
PDF, a sheet) when no staged file is of that kind; a count of files the user says are there
when fewer are staged; a path after a verb of any language that treats it as existing. And
what must stay silent: the kind staged, a count met (through a staged folder too), outputs to
make, material the prompt carries, the skill's own paths, URLs, identifiers, versions,
domains and mail addresses."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from runner.analysis.wording_i18n import (
    COUNTED,
    CREATE,
    CREATE_AFTER,
    HANDED_AFTER,
    HANDED_BEFORE,
    INPUT_CUE,
    INPUT_CUE_AFTER,
    KIND_NOUNS,
)
from runner.authoring.kinds import uncounted_files, unstaged_kinds
from runner.authoring.prompts import missing_inputs
from runner.schema.case import Case
from tests.helpers import check_cli as check
from tests.helpers import make_skill

SKILL_MD = ("---\nname: desk-helper\ndescription: Reads the user's notes, sheets and code and "
            "answers about them.\n---\nRun scripts/tally.py on a sheet; see references/"
            "style.md.\n")
FILES = {"evals/files/note.txt": "buy milk\n", "evals/files/note.jpg": "not really a jpeg\n",
         "evals/files/a.csv": "x\n1\n", "evals/files/b.csv": "x\n2\n",
         "evals/files/app.log": "boot\n", "evals/files/notes.md": "# n\n",
         "evals/files/src/app.ts": "export {}\n", "scripts/tally.py": "print(1)\n",
         "references/style.md": "be brief\n", "evals/files/pair/x.csv": "x\n1\n",
         "evals/files/pair/y.csv": "x\n2\n"}


def skill_with(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    for case in cases:
        case.setdefault("assertions", ["answer"])
    return make_skill(tmp_path, cases, FILES, name="desk-helper", skill_md=SKILL_MD)


def refused(result: Result) -> str:
    return "\n".join(x for x in result.output.splitlines() if "EV009" in x)


def case(prompt: str, files: tuple[str, ...] = ()) -> Case:
    return Case(id="c", prompt=prompt, files=files, assertions=["answer"])


# -- 1. an input handed over by its kind -----------------------------------------------------

def test_an_input_handed_over_by_kind_that_no_staged_file_is_refused(tmp_path: Path) -> None:
    note = ["evals/files/note.txt"]
    skill = skill_with(tmp_path, [
        {"id": "photo", "prompt": "Transcribe the attached photo of my note into a list.",
         "files": note},
        {"id": "zh", "prompt": "请识别附件中的图片里的文字。", "files": note},
        {"id": "es", "prompt": "Describe la imagen adjunta en dos frases.", "files": note},
        {"id": "pdf", "prompt": "Summarize the PDF I uploaded in three bullets.",
         "files": ["evals/files/notes.md"]},
        # the kind is staged; an instruction to make one; the material pasted; a container
        {"id": "staged", "prompt": "Transcribe the attached photo of my note.",
         "files": ["evals/files/note.jpg"]},
        {"id": "make", "prompt": "Fix the note, then attach a screenshot to the PR.",
         "files": note},
        {"id": "pasted", "prompt": "What does this screenshot say?\n```\nE: disk full\n```",
         "files": note},
        {"id": "docker", "prompt": "Why is this image so large? It is our Docker base.",
         "files": note},
        # staging nothing: refused once, by the reading of a prompt pointing at its input
        {"id": "none", "prompt": "What does the attached screenshot show?"}])
    result = check(str(skill), "--strict")
    assert result.exit_code == 2, result.output
    lines = refused(result)
    for name, phrase in (("photo", "the attached photo"), ("zh", "附件中的图片"),
                         ("es", "imagen adjunta"), ("pdf", "the PDF I uploaded")):
        assert f"'{name}'" in lines and phrase in lines, result.output
    assert "an image" in lines and "it stages evals/files/note.txt" in lines
    for name in ("staged", "make", "pasted", "docker"):
        assert f"'{name}'" not in lines, result.output
    assert len([x for x in lines.splitlines() if "'none'" in x]) == 1, result.output


@pytest.mark.parametrize(("prompt", "files", "kind"), [
    ("What does this screenshot say about the crash?", ("app.log",), "image"),
    ("Describe the image above in two lines.", ("notes.md",), "image"),
    ("See attached spreadsheet and find duplicate rows.", ("notes.md",), "sheet"),
    ("添付の画像の文字を読み取ってください。", ("a.txt",), "image"),
    ("Beschreibe das angehängte Bild.", ("a.txt",), "image"),
    ("Résume le PDF ci-joint.", ("a.txt",), "pdf"),
    ("Проверь прикреплённую таблицу на дубликаты.", ("a.txt",), "sheet"),
    ("Analise a planilha anexada.", ("a.txt",), "sheet"),
    ("I've attached a screenshot of the error, what broke?", ("a.txt",), "image"),
    ("Here's the quarterly PDF, pull out the totals.", ("a.txt",), "pdf"),
    ("Look at this screenshot: what broke?", ("a.txt",), "image"),
    ("Compare a.txt to the attached PDF.", ("a.txt",), "pdf"),
    ("Pull the totals from this screenshot.", ("a.txt",), "image"),
    ("Mô tả hình ảnh đính kèm.", ("a.txt",), "image"),
    ("첨부된 이미지를 설명해 줘.", ("a.txt",), "image"),
    ("Descrivi l'immagine allegata.", ("a.txt",), "image"),
    ("Ekteki resmi açıkla.", ("a.txt",), "image"),
    ("Опиши это фото.", ("a.txt",), "image"),
    ("总结上传的PDF文件。", ("a.txt",), "pdf"),
])
def test_each_language_names_a_kind_handed_over(prompt: str, files: tuple[str, ...],
                                                kind: str) -> None:
    found = unstaged_kinds(case(prompt, files), list(files))
    assert [k for _, k in found] == [kind], found


@pytest.mark.parametrize(("prompt", "files"), [
    ("Attach a screenshot to the PR when you are done.", ("a.txt",)),
    ("Generate an image of the ledger as a bar chart.", ("a.txt",)),
    ("Convert the notes to a PDF.", ("notes.md",)),
    ("Summarize the PDF I uploaded.", ("report.pdf",)),
    ("See attached spreadsheet and find duplicates.", ("ledger.csv",)),
    ("Optimize this Docker image.", ()),
    ("Build this image and push it to the registry.", ()),
    ("Describe la imagen adjunta.", ("foto.png",)),
    ("Crea una imagen de un gato.", ()),
    ("Erstelle diese Tabelle neu aus den Notizen.", ("a.txt",)),
    ("Notlardan bu tabloyu oluştur.", ("a.txt",)),
    ("Make sure the attached photo is described.", ("photo.jpeg",)),
    ("Here's a screenshot:\nE: disk full", ()),
])
def test_a_kind_staged_or_to_make_is_no_missing_input(prompt: str,
                                                     files: tuple[str, ...]) -> None:
    assert unstaged_kinds(case(prompt, files), list(files)) == []


# -- 2. counted files the user says are there ------------------------------------------------

def test_fewer_files_staged_than_the_prompt_counts_is_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "csvs", "prompt": "Diff the two CSVs and list the changed rows.",
         "files": ["evals/files/a.csv"]},
        {"id": "logs", "prompt": "Correlate both log files by timestamp.",
         "files": ["evals/files/app.log", "evals/files/notes.md"]},
        {"id": "zh", "prompt": "请合并所有这些文件。", "files": ["evals/files/note.txt"]},
        # as many as named; an output to write; split into files
        {"id": "met", "prompt": "Diff the two CSVs and list the changed rows.",
         "files": ["evals/files/a.csv", "evals/files/b.csv"]},
        {"id": "write", "prompt": "Write the two CSVs, one for sales and one for refunds.",
         "files": ["evals/files/note.txt"]},
        {"id": "split", "prompt": "Split the note into two files by topic.",
         "files": ["evals/files/note.txt"]},
        {"id": "give", "prompt": "I want an export script and an apply script. Give me the two "
         "scripts plus the checks you'd add.", "files": ["evals/files/note.txt"]},
        {"id": "folder", "prompt": "Diff the two CSVs.", "files": ["evals/files/pair"]}])
    result = check(str(skill), "--strict")
    assert result.exit_code == 2, result.output
    lines = refused(result)
    assert "'the two CSVs' (2 file(s)), and the case stages 1 of them" in lines, result.output
    assert "'both log files'" in lines and "所有这些文件" in lines
    for name in ("met", "write", "split", "give", "folder"):
        assert f"'{name}'" not in lines, result.output


@pytest.mark.parametrize(("prompt", "files", "named", "staged"), [
    ("Merge these three README files into one.", ("README.md", "main.py"), 3, 1),
    ("compara estos tres archivos", ("a.txt", "b.txt"), 3, 2),
    ("Vergleiche die beiden CSV-Dateien.", ("a.csv", "b.txt"), 2, 1),
    ("Сравни эти два файла.", ("a.txt",), 2, 1),
    ("Compare ces deux fichiers.", (), 2, 0),
    ("この2つのファイルを比較して。", ("a.txt",), 2, 1),
    ("이 두 파일을 비교해 줘.", ("a.txt",), 2, 1),
    ("So sánh hai tệp này.", ("a.txt",), 2, 1),
    ("Bu iki dosyayı karşılaştır.", ("a.txt",), 2, 1),
    ("Confronta questi due file.", ("a.txt",), 2, 1),
    ("Compare estes dois arquivos.", ("a.txt",), 2, 1),
])
def test_each_language_counts_files(prompt: str, files: tuple[str, ...], named: int,
                                    staged: int) -> None:
    found = uncounted_files(case(prompt, files), list(files))
    assert [(n, s) for _, n, s in found] == [(named, staged)], found


@pytest.mark.parametrize(("prompt", "files"), [
    ("Merge these three README files.", ("a/README.md", "b/README.md", "c/README.md")),
    ("Review the two quarterly reports.", ("q1.pdf", "q2.pdf")),
    ("Create both config files for dev and prod.", ()),
    ("crea los dos archivos de configuración", ()),
    ("Compare these two CSVs:\n```\na\n```\n```\nb\n```", ()),
    ("Explain the two options and pick one.", ()),
    ("The three files you create must be valid JSON.", ()),
])
def test_a_count_met_or_to_make_is_no_missing_input(prompt: str,
                                                    files: tuple[str, ...]) -> None:
    assert uncounted_files(case(prompt, files), list(files)) == []


@pytest.mark.parametrize("prompt", [
    "请总结 2024 年度报告 PDF 的要点。",  # a year
    "Summarize the 2024 annual report PDFs.",
    "Resume el informe 2024 en los PDF.",
    "Fasse die 2023 Berichte zusammen.",
    "2024년 보고서 PDF를 요약해 줘.",
    "Сводка по отчёту 2023 года: файл отчёта.",
    "Check the 10 MB log files for errors.",  # a quantity with a unit
    "Ouvre les 2 pages de rapports.",
    "Lies die 3.5 MB Logdateien.",  # a version or decimal
    "总结 3月 报告 PDF。",  # a date
    "Review the 2nd quarter reports.",  # an ordinal
    "对比第2份报告。",
    "Q3 报告 PDF 有什么问题?",  # part of a name
])
def test_a_year_unit_date_ordinal_or_name_is_no_count_of_files(prompt: str) -> None:
    assert uncounted_files(case(prompt, ("a.txt",)), ["a.txt"]) == []


@pytest.mark.parametrize(("prompt", "named"), [
    ("比较这 3 个 PDF。", 3),
    ("请比较两份报告。", 2),
    ("Compare these 3 PDFs.", 3),
    ("Merge the 12 CSVs.", 12),
    ("Прочитай 3 файла.", 3),
    ("compara estos 3 archivos", 3),
    ("Fasse diese 2 Berichte zusammen.", 2),
])
def test_a_small_number_counting_the_files_is_still_a_count(prompt: str, named: int) -> None:
    found = uncounted_files(case(prompt, ("a.txt",)), ["a.txt"])
    assert found and {n for _, n, _ in found} == {named}, found


# -- 3. a path after a verb of any language --------------------------------------------------

def test_a_path_a_verb_treats_as_existing_in_any_language_is_refused(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "ru", "prompt": "посмотри billing/invoice_calc.py и найди ошибку"},
        {"id": "zh", "prompt": "看一下 src/main.go 有什么问题"},
        {"id": "de", "prompt": "schau dir lib/report.rb an und kürze es"},
        # staged through a folder; an output to make; the skill's own; URL and names
        {"id": "folder", "prompt": "revisa src/app.ts por favor", "files": ["evals/files/src"]},
        {"id": "make", "prompt": "создай src/router.ts с маршрутами"},
        {"id": "own", "prompt": "看一下 scripts/tally.py 的输出, revisa references/style.md"},
        {"id": "own_en", "prompt": "Read references/style.md, then review the note.",
         "files": ["evals/files/note.txt"]},
        {"id": "names", "prompt": "mira https://example.com/a/b.py, usa os.path y v1.2; "
                                  "escribe a j.smith@example.com; revisa example.com"}])
    result = check(str(skill), "--strict")
    assert result.exit_code == 2, result.output
    lines = refused(result)
    for name, path in (("ru", "billing/invoice_calc.py"), ("zh", "src/main.go"),
                       ("de", "lib/report.rb")):
        assert f"'{name}'" in lines and f"the input '{path}'" in lines, result.output
    for name in ("folder", "make", "own", "own_en", "names"):
        assert f"'{name}'" not in lines, result.output


@pytest.mark.parametrize("prompt", [
    "revisa src/app.ts por favor",
    "src/main.go を確認してください",
    "src/main.go 파일을 검토해 주세요",
    "src/main.go'yu incele",
    "lis le fichier docs/guide.md et résume-le",
    "controlla lib/util.py",
    "看一下src/main.go",
    "xem src/app.py giúp tôi",
    "revise src/app.py",
    "проверь config/app.yaml",
])
def test_each_language_reads_a_path_as_existing(prompt: str) -> None:
    assert len(missing_inputs(case(prompt), set())) == 1


@pytest.mark.parametrize("prompt", [
    "crea src/app.ts con un servidor",
    "创建 src/main.go",
    "src/main.go を作成して",
    "erstelle lib/x.rb",
    "запиши результат в out/report.md",
    "écris le résultat dans out/report.md",
    "revisa https://example.com/a/b.py",
    "usa os.path y v1.2",
])
def test_an_output_or_a_name_that_is_no_path_is_no_input(prompt: str) -> None:
    assert missing_inputs(case(prompt), set()) == []


def test_every_language_has_the_words_of_each_rule() -> None:
    languages = {"zh", "ja", "ko", "ru", "es", "pt", "fr", "de", "it", "vi", "tr"}
    assert all(set(nouns) == languages for nouns in KIND_NOUNS.values())
    assert set(HANDED_BEFORE) | set(HANDED_AFTER) == languages
    assert set(COUNTED) == languages
    assert set(CREATE) | set(CREATE_AFTER) == languages
    assert set(INPUT_CUE) | set(INPUT_CUE_AFTER) == languages


@pytest.mark.parametrize("prompt", [
    "one of the template files header.md was accidentally deleted from .kit/templates/",
    "the file notes/todo.txt got removed last night, can you recover its tasks?",
    "Help, my file config.yaml is gone",
    "Recreate the file settings.toml for me",
    "revisa la carpeta: el archivo docs/guia.md se borró sin querer",
    "lis le fichier docs/guide.md a été supprimé par erreur",
    "öffne die Datei docs/anleitung.md wurde versehentlich gelöscht",
    "看一下 docs/guide.md 被误删除了",
    "Check why the file report.csv is missing.",
])
def test_a_file_the_prompt_says_is_gone_is_no_input(prompt: str) -> None:
    """The task is the file's absence: staging it would undo the very situation."""
    assert missing_inputs(case(prompt), set()) == []


@pytest.mark.parametrize("prompt", [
    "Read notes.txt and remove the deleted rows",
    "Check config.yaml: is anything missing from it?",
    "Read config.yaml is missing keys? say which",
    "Open backup.tar and restore what it holds",
    "List the removed users in audit.log",
    "revisa docs/guia.md, se borró una sección",
])
def test_a_file_near_words_of_loss_is_still_an_input(prompt: str) -> None:
    assert len(missing_inputs(case(prompt), set())) == 1


@pytest.mark.parametrize("prompt", [
    "Audit the Next.js landing page for LCP and CLS.",
    "Review the Node.js service for memory leaks",
    "Check our D3.js chart rendering code",
    "Design the API. We're using Node.js with Express and PostgreSQL.",
    "The app is built on Vue.js, and the team wants SSR.",
    "Challenge my plan to rewrite our backend in Node.js with Express.",
    "Rewrite my API gateway in Deno.js; challenge the plan.",
    "migrate data flow patterns from Next.js 15 to 16",
    "Build a hosted checkout flow for an Egypt ecommerce store in Node.js. Add webhooks.",
])
def test_a_product_named_like_a_file_is_no_input(prompt: str) -> None:
    """`X.js` qualifying a noun is a framework or library, not a file the user hands over."""
    assert missing_inputs(case(prompt), set()) == []


@pytest.mark.parametrize("prompt", [
    "Review Button.js and fix the bug",
    "Check the App.js file for errors",
    "Refactor Button.js.",
    "Review src/Next.js landing code",
    "Audit next.js landing page",
    "Review Button.js, which we are using Vue.js for",
    "Review the header we wrote in Header.js.",
    "Implement the login form in Login.js.",
])
def test_a_capitalised_js_file_is_still_an_input(prompt: str) -> None:
    assert len(missing_inputs(case(prompt), set())) == 1

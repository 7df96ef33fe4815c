"""Inputs a prompt names by kind or by count that the case does not stage (issue 26, rule 6).

- A handed-over input named by its kind ("the attached photo of my note", "this screenshot",
  "the image above", "the PDF I uploaded", "see attached spreadsheet", "添付の画像", "la
  imagen adjunta") while the case stages no file of that kind (an image, a PDF, a sheet) is
  missing from the session: refused (EV009) naming the phrase. A case that stages a
  transcription of the note has no photo of it.
- Counted files the user says are there ("these three README files", "the two CSVs", "both
  log files", "所有这些文件") while fewer such files are staged: refused (EV009).

A number counts files only as a count of things: never an ordinal or a rate ("第三个文件",
"每三個檔案"), nor of the noun a format word modifies ("5 different JSON parsers": parsers),
nor a version before a format word that is no plural ("Hibernate 7 JSON").
A file whose content the prompt spells out after its name ("File scripts/a.py contains:
...") counts as one handed over. Neither when the prompt carries its material itself (a
fenced block, four lines or more, a block after a colon), nor for what the task asks to
make ("attach a screenshot to the PR",
"generate the two CSVs"). Other languages' words: runner.analysis.wording_i18n.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePosixPath

from runner.analysis.wording import unquoted
from runner.analysis.wording_i18n import (
    COUNTED_RE,
    CREATE_AFTER_RE,
    CREATE_RE,
    HANDED_KIND_RE,
    KIND_NOUNS,
    NUMBER_WORDS,
    compiled,
)
from runner.authoring.inputs import GIVEN_AFTER, MATERIAL_LINES, quoted_after_colon
from runner.authoring.problems import Problems
from runner.schema.case import Case
from runner.scoring.asked import FILE_EXTENSIONS

# The extensions that stage a file of each kind.
KIND_EXTENSIONS: dict[str, frozenset[str]] = {
    "image": frozenset("png jpg jpeg gif webp bmp tif tiff heic heif svg ico".split()),
    "pdf": frozenset({"pdf"}),
    "sheet": frozenset("xlsx xls xlsm ods csv tsv numbers".split()),
}
KIND_SHOWN = {"image": "an image", "pdf": "a PDF", "sheet": "a spreadsheet"}
_IMAGE_EN = (r"(?:images?|pictures?|photos?|photographs?|screenshots?|screen\s?shots?|"
             r"screen\s+captures?|pics?)")
_NOUNS_EN = {"image": _IMAGE_EN, "pdf": r"pdfs?",
             "sheet": r"(?:spreadsheets?|workbooks?|excel(?:\s+(?:files?|sheets?|workbooks?))?|"
                      r"csvs?(?:\s+files?)?)"}
_HANDED_WORD = r"(?:attached|uploaded|enclosed|provided|shared|supplied|included|pasted)"
_GAVE = r"(?:uploaded|attached|shared|sent|provided|gave|pasted|took|added|included)"


def _english(noun: str) -> re.Pattern[str]:
    """The English ways of handing over a `noun`: "the attached X", "see attached X",
    "attached is X", "here's X", "I've attached X", "this X", "the X above", "the X I
    uploaded"."""
    return re.compile(
        rf"(?i)\b(?:the|an?|my|our|this|these)\s+{_HANDED_WORD}\s+(?:[\w-]+\s+)?{noun}\b"
        rf"|\b(?:see|find|check|open)\s+(?:the\s+)?attached\s+(?:[\w-]+\s+)?{noun}\b"
        rf"|\b(?:attached|here)(?:\s+(?:is|are)|'s)\s+(?:the\s+|an?\s+|my\s+)?(?:[\w-]+\s+)?"
        rf"{noun}\b"
        rf"|\b(?:I|I've|I\s+have|we|we've)\s+(?:just\s+|also\s+)?{_HANDED_WORD}\s+"
        rf"(?:an?\s+|the\s+|my\s+|our\s+|some\s+|two\s+|three\s+)?(?:[\w-]+\s+)?{noun}\b"
        rf"|\b(?:this|these)\s+{noun}\b"
        rf"|\bthe\s+{noun}\s+(?:above|below|attached|here)\b"
        rf"|\b(?:the|this|that|my)\s+{noun}\s+(?:(?:that|which)\s+)?(?:I|I've|we|we've)\s+"
        rf"(?:just\s+|have\s+|'ve\s+)?{_GAVE}\b")


_HANDED_EN = {kind: _english(noun) for kind, noun in _NOUNS_EN.items()}
# "this image" of a container is no picture.
_NOT_PICTURE = re.compile(r"(?i)\b(?:docker\w*|containers?|oci|vm|virtual\s+machine|"
                          r"(?:disk|iso|base|container|vm)\s+images?|kubernetes|k8s|"
                          r"registry|podman)\b")
_CARRIED = re.compile(r"```|~~~|:\s*\n\s*\S")
_CLAUSE_END = re.compile(r"[.;!?\n]\s|\n|[。！？；]")
# ("export this spreadsheet" or "save both images" work on files that are there)
_CREATES_EN = re.compile(r"(?i)\b(?:write|create|generate|produce|output|emit|draft|draw|"
                         r"render|make(?!\s+sure))\b")
_INTO = re.compile(r"(?i)\b(?:into|as)\s*$")  # "compare t.txt to the attached PDF" reads it
# What the user asks handed back, the phrase the object of "give me" ("Give me the two
# scripts plus ..."): the work's output ("give me a summary of the two files" reads them).
_GIVE_ME = re.compile(r"(?i)\bgive\s+(?:me|us)\s*$")
_YOU_MAKE = re.compile(r"(?i)\s*(?:that\s+|which\s+)?you\s+(?:will\s+|'ll\s+)?(?:create|write|"
                       r"produce|generate|make|export|save)\b")


def _made(own: str, start: int, end: int) -> bool:
    """The words around a phrase make it an output: a verb of making earlier in its clause
    ("write the two CSVs", "erstelle diese Tabelle"), after it where the verb comes last
    ("bu tabloyu oluştur"), or "into"/"that you create", or its object of "give me"."""
    clause = _CLAUSE_END.split(own[max(0, start - 60):start])[-1]
    return bool(_CREATES_EN.search(clause) or CREATE_RE.search(clause)
                or _INTO.search(clause) or _GIVE_ME.search(clause) or _YOU_MAKE.match(own, end)
                or CREATE_AFTER_RE.match(own[end:end + 12].lstrip()))


def carries_material(case: Case) -> bool:
    """The prompt holds its material itself, or a step before makes it."""
    return bool(case.chain or _CARRIED.search(case.prompt) or sum(
        bool(line.strip()) for line in case.prompt.splitlines()) >= MATERIAL_LINES)


def _suffix(path: str) -> str:
    return PurePosixPath(path).suffix.lower().lstrip(".")


def unstaged_kinds(case: Case, files: list[str]) -> list[tuple[str, str]]:
    """(phrase, kind) for each input the prompt hands over by kind that no staged file is."""
    if carries_material(case):
        return []
    own = unquoted(case.prompt)
    staged = {_suffix(f) for f in files}
    found: list[tuple[str, str]] = []
    for kind, patterns in ((k, (_HANDED_EN[k], HANDED_KIND_RE[k])) for k in KIND_EXTENSIONS):
        if staged & KIND_EXTENSIONS[kind]:
            continue
        for match in (m for pattern in patterns for m in pattern.finditer(own)):
            around = own[max(0, match.start() - 40):match.end() + 40]
            if kind == "image" and _NOT_PICTURE.search(around):
                continue
            # a sheet may follow as text ("this CSV: a,b"); an image or a PDF cannot
            given = kind == "sheet" and GIVEN_AFTER.match(own, match.end()) or \
                quoted_after_colon(case.prompt, match.group(0))
            if _made(own, match.start(), match.end()) or given:
                continue
            found.append((" ".join(match.group(0).split()), kind))
    return list(dict.fromkeys(found))


_NUMBERS_EN = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
               "nine": 9, "ten": 10}
_FILES_EN = (r"(?:files|documents|docs|logs|csvs|pdfs|images|screenshots|photos|pictures|"
             r"spreadsheets|workbooks|scripts|notebooks|reports|transcripts|diffs|patches|"
             r"datasets|configs)")
_COUNTED_EN = re.compile(
    rf"(?i)\b(?:(?:these|those|the|my|our|all\s+(?:of\s+)?(?:these|those))\s+(?:{'|'.join(_NUMBERS_EN)}"
    rf"|\d{{1,2}})|both(?:\s+(?:of\s+)?(?:the|these|those|my|our))?|all\s+(?:of\s+)?(?:these|"
    rf"those))\s+(?:[\w.-]+\s+){{0,3}}?{_FILES_EN}\b")
# Kinds a counted phrase's words name, besides the file extensions it spells.
_WORD_KINDS: dict[str, tuple[re.Pattern[str], frozenset[str]]] = {
    **{kind: (re.compile(rf"(?i){_NOUNS_EN[kind]}|{compiled(KIND_NOUNS[kind]).pattern}"),
              KIND_EXTENSIONS[kind]) for kind in KIND_EXTENSIONS},
    "log": (re.compile(r"(?i)\blogs?\b|журнал|лог|日志|日誌|ログ|로그|registros|journaux|"
                       r"logdatei|nh[aậ]t\s+k[yý]"), frozenset("log txt out err jsonl".split())),
    "script": (re.compile(r"(?i)\bscripts?\b|скрипт|脚本|腳本|スクリプト|스크립트|skripte|betik"),
               frozenset("py sh bash js mjs ts rb ps1 pl".split())),
    "notebook": (re.compile(r"(?i)\bnotebooks?\b"), frozenset({"ipynb"})),
    "diff": (re.compile(r"(?i)\b(?:diffs?|patch(?:es)?)\b"), frozenset({"diff", "patch"})),
    "config": (re.compile(r"(?i)\bconfigs?\b"),
               frozenset("yaml yml json toml ini cfg conf env".split())),
}
_NAMED = re.compile(r"\b(?:[A-Z]{3,}|Dockerfile|Makefile)\b")


def _number(text: str) -> re.Match[str] | None:
    """The phrase's number: its first number word or digits."""
    return next((m for m in re.finditer(r"\d+|[^\W\d_]+", text.lower())
                 if m.group(0) in _NUMBERS_EN or m.group(0) in NUMBER_WORDS
                 or m.group(0).isdigit()), None)


def _count(phrase: str) -> int:
    """How many files the phrase names: its number, else two ("both", "all these")."""
    found = _number(phrase)
    if found is not None:
        token = found.group(0)
        return _NUMBERS_EN.get(token) or NUMBER_WORDS.get(token) or int(token)
    for word, number in NUMBER_WORDS.items():  # Chinese and Japanese: no spaces
        if not word.isascii() and len(word) == 1 and word in phrase:
            return number
    return 2


def _such(phrase: str, files: list[str]) -> int:
    """How many staged files are of what the phrase names: by the extensions and kinds its
    words spell, or by a name in capitals ("README"); any file when it names neither."""
    exts = {w.lower() for w in re.findall(r"[A-Za-z]+", phrase)
            if w.lower() in FILE_EXTENSIONS or w.lower().rstrip("s") in FILE_EXTENSIONS}
    exts = {e if e in FILE_EXTENSIONS else e.rstrip("s") for e in exts}
    for pattern, kind_exts in _WORD_KINDS.values():
        if pattern.search(phrase):
            exts |= kind_exts
    names = [n.lower() for n in _NAMED.findall(phrase) if n.lower() not in FILE_EXTENSIONS]
    if not exts and not names:
        return len(files)
    return sum(1 for f in files if _suffix(f) in exts
               or any(n in PurePosixPath(f).name.lower() for n in names))


# Digits that are no count of files: part of a name, version or date before them ("Q3",
# "v2", "1.2", "第2"), a unit, ordinal or date after them ("10 MB", "2nd", "3.5", "3月",
# "2 pages", "2023 года").
_NOT_COUNT_BEFORE = re.compile(r"[A-Za-z0-9_.,:/#+-]|第")
_NOT_COUNT_AFTER = re.compile(
    r"(?i)(?:[a-z%°]|[-.,:/]\w)|\s*(?:[年月日号號时時点點分秒页頁岁歲季期版行万千百년월일시분초쪽]|"
    r"(?:[kmgt]i?b|bytes?|pages?|lines?|rows?|ms|secs?|seconds?|mins?|minutes?|hours?|days?|"
    r"weeks?|months?|years?|percent|p[aá]ginas?|seiten|pagine|l[ií]neas|linhas|lignes|"
    r"zeilen|righe|a[nñ]os|ans|jahre|anni|sayfa|trang|страниц\w*|строк\w*|год\w*|лет|"
    r"[мкгт]б|дн\w*|час\w*|минут\w*|секунд\w*|месяц\w*|페이지|ページ)\b)")


# An ordinal or a rate before the number: "第三个文件" (the third file), "每三個檔案回報"
# (report every three files) name one file or a pace, never files handed over.
_ORDINAL_OR_RATE = re.compile(r"(?:第|每|毎)\s*$")
# A format word alone after digits is a modifier, not the counted noun: "Hibernate 7 JSON
# mapping", "Python 3 CSV module" (a version after a name). A count of files takes the plural
# ("7 JSONs") or a file noun after the format ("7 JSON files", "3 csv файла").
_BARE_FORMAT = re.compile(r"\s+(?:csv|pdf|json)\b(?!\s+(?:files?|documents?|exports?|"
                          r"файл\w*|파일|文件|檔案))", re.IGNORECASE)


# The noun a count governs is the head of its noun phrase, its last noun: in "5 different JSON
# parsers" a format word modifies "parsers", a plural agreeing with the count, so the count
# is of parsers (no file). A head that is itself a file noun ("5 JSON files", "3 CSV exports")
# keeps the count of files; a word that is no plural noun ("5 JSON in Rust") leaves the
# phrase as it was read.
_FORMAT_LAST = re.compile(r"(?i)\b(?:csv|pdf|json|yaml|xml|markdown|md|txt|log|html)$")
_HEAD_PLURAL = re.compile(r"\s+(?P<head>[A-Za-z][a-z-]*[a-z]s)\b")
_FILE_HEADS = re.compile(rf"(?i){_FILES_EN}|exports|dumps|payloads|fixtures|samples|inputs|"
                         r"outputs|records|entries|sheets|tables|blobs|attachments|uploads")


def _counts_another_noun(own: str, end: int, phrase: str) -> bool:
    """The phrase ends on a format word modifying a plural noun after it that names no file
    ("5 different JSON parsers"): the count is of that noun."""
    head = _HEAD_PLURAL.match(own, end) if _FORMAT_LAST.search(phrase) else None
    return head is not None and _FILE_HEADS.fullmatch(head.group("head")) is None


def _a_count(own: str, start: int, text: str) -> bool:
    """The phrase's number counts files: a number word, or digits 1..20 standing alone,
    never a year (2024), a version, a date, a quantity with a unit, an ordinal or a rate
    ("第三个", "每三個"), part of a name ("Q3 report.pdf") or a version before a format word
    that is no plural ("Hibernate 7 JSON mapping")."""
    found = _number(text)
    if _ORDINAL_OR_RATE.search(own, 0, start):
        return False
    if found is None or not found.group(0).isdigit():
        return True
    at, end = start + found.start(), start + found.end()
    if _BARE_FORMAT.match(own, end):
        return False
    return (1 <= int(found.group(0)) <= 20
            and not (at and _NOT_COUNT_BEFORE.match(own, at - 1))
            and not _NOT_COUNT_AFTER.match(own, end))


# A file whose content the prompt spells out after its name ("File scripts/a.py contains:
# BASE = ...", "app.py has the line: x = 1"): one of the counted files, handed over in words.
_SPELLED = re.compile(r"(?i)(?<![\w./-])(?P<name>[\w./-]*\w\.[a-z]{1,5})`?\s+(?:contains|holds|"
                      r"reads|has|says)\b[^.:\n]{0,30}:")


def spelled_out(prompt: str) -> list[str]:
    """The files whose content the prompt gives right after their name and a verb of holding."""
    return list(dict.fromkeys(m.group("name") for m in _SPELLED.finditer(prompt)))


def uncounted_files(case: Case, files: list[str]) -> list[tuple[str, int, int]]:
    """(phrase, named, staged) for each count of files the prompt says are there that the
    case stages fewer of."""
    if carries_material(case):
        return []
    own = unquoted(case.prompt)
    spelled = len(spelled_out(case.prompt))
    found: list[tuple[str, int, int]] = []
    for match in (m for p in (_COUNTED_EN, COUNTED_RE) for m in p.finditer(own)):
        phrase = " ".join(match.group(0).split())
        if _made(own, match.start(), match.end()) or GIVEN_AFTER.match(own, match.end()) \
                or not _a_count(own, match.start(), match.group(0)) \
                or _counts_another_noun(own, match.end(), phrase):
            continue
        named, such = _count(phrase), _such(phrase, files) + spelled
        if such < named:
            found.append((phrase, named, such))
    return list(dict.fromkeys(found))


def staged_files(case: Case, listed: dict[str, list[str]]) -> list[str]:
    """Every file the case puts in the working directory (`listed`: a staged folder -> the
    files below it)."""
    files = [str(PurePosixPath(f) / below) if below else f for f in case.files
             for below in listed.get(f, [""])]
    return files + list(case.inline_files)


# The counted phrase is the subject of its clause, its verb right after ("both files get
# loaded together", "the two logs were rotated"): the sentence tells what happens to them.
_SUBJECT_VERB = re.compile(r"\s+(?:(?:always|often|never|still|all|each|both)\s+)?(?:get|gets|got|"
                           r"are|were|is|was|keep|kept|have|had|[a-z]+ed|[a-z]+s)\b")


def told_subject(prompt: str, phrase: str, told: Callable[[str, str], bool]) -> bool:
    """`phrase` is the subject of a clause in a sentence `told` reads as the situation told
    before a question asked in words ("... both files get loaded together. Should I keep
    them separate?"): the files are what the user describes, advice needs no copy of them."""
    at = prompt.find(phrase)
    return at >= 0 and _SUBJECT_VERB.match(prompt, at + len(phrase)) is not None \
        and told(prompt, phrase)


def report_kinds_and_counts(case: Case, files: list[str], pointed: list[str],
                            problems: Problems,
                            told: Callable[[str, str], bool] = lambda _p, _s: False) -> None:
    """EV009 for each input named by kind or count the case does not stage (a phrase the
    pointed-at reading already refused is not refused twice, nor the subject of a sentence
    `told` reads as the situation a question asks about: see `told_subject`)."""
    def new(phrase: str) -> bool:
        return not any(p in phrase or phrase in p for p in pointed) \
            and not told_subject(case.prompt, phrase, told)

    shown = ", ".join(files[:3]) + (" ..." if len(files) > 3 else "") if files else "nothing"
    for phrase, kind in unstaged_kinds(case, files):
        if new(phrase):
            problems.cannot_run("EV009", case.id, f"the prompt works on {phrase!r}, "
                            f"{KIND_SHOWN[kind]}, and the case stages none (it stages "
                            f"{shown}): the session would not have it", f"put the {kind} "
                            "under evals/files/ and list it in `files` (or rewrite the prompt "
                            "to work on what the case stages)")
    for phrase, named, such in uncounted_files(case, files):
        if new(phrase):
            problems.cannot_run("EV009", case.id, f"the prompt works on {phrase!r} ({named} "
                            f"file(s)), and the case stages {such} of them (it stages {shown}): "
                            "the session would not have them", "put each of them under "
                            "evals/files/ and list them in `files` (or rewrite the prompt to "
                            "the files the case stages)")

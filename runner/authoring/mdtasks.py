"""Markdown task files as a case set (issue 26.1): a folder (`tasks/`, `evals/tasks/`) of `.md`
files, each with YAML front matter (id, a grader or command, what is expected...) and the task
itself as its body. One file is one case, its body the prompt, its front matter the case's
fields; a `grader` / `command` naming a program (`bash check.sh`, `evals/grade.py`) is the
case's grader program (runner.authoring.programs: it runs in its own container over the work).

A file is a task only when its front matter carries something that grades it (a grader, a
command, checks, an expectation): a Markdown set that is prose only stays refused as before,
with `cases --generate --from FILE` (runner.authoring.layouts.prose_refusal).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Collection
from pathlib import Path
from typing import Any

import yaml

from runner.authoring import frontmatter, safely
from runner.authoring.attribution import heading_skill
from runner.authoring.md_fenced import fenced_cases, set_named
from runner.authoring.md_paired import paired_cases
from runner.authoring.md_tables import table_cases

TASK_FOLDERS = ("tasks",)
# Front-matter fields naming the program or command that grades the task.
GRADER_KEYS = ("grader", "grader_program", "grader_command", "command", "check_command",
               "verify", "test_command")
# Front-matter fields that grade the task otherwise: what a case set's reader reads.
CHECK_KEYS = ("expected", "expected_output", "expectations", "assertions", "checks", "criteria",
              "statements", "judge", "outputs", "rubric")
_FRONT = re.compile(r"\A---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)(.*)\Z", re.S)


def front_matter(path: Path) -> tuple[dict[str, Any], str] | None:
    """(front matter, body) of a Markdown file, or None when it has none that parses."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    match = _FRONT.match(text)
    if match is None:
        return None
    try:
        data, _ = frontmatter.parse(match.group(1))
    except yaml.YAMLError:
        return None
    if not isinstance(data, dict):
        return None
    return safely.text_keys(data), match.group(2)  # `1: foo`: the key as written


def is_task(path: Path) -> bool:
    """A Markdown file whose front matter grades it: a case (else it is prose)."""
    found = front_matter(path) if path.suffix.lower() in (".md", ".markdown") else None
    return found is not None and any(found[0].get(k) not in (None, "", [], {})
                                     for k in (*GRADER_KEYS, *CHECK_KEYS))


def task_files(folder: Path) -> list[Path]:
    """The task files of a folder, by name."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.is_file() and is_task(p))


def task_case(path: Path) -> dict[str, Any]:
    """One task file as a case: its front matter's fields, its body as the prompt (a `prompt`
    in the front matter wins), its grader command as the case's grader program."""
    found = front_matter(path)
    data, body = found if found is not None else ({}, "")
    case = {"id": str(data.get("id") or data.get("name") or path.stem), **data}
    case.pop("name", None)
    if not isinstance(case.get("prompt"), str):
        case["prompt"] = body.strip()
    grader = next(((k, case[k]) for k in GRADER_KEYS if isinstance(case.get(k), str)
                   and case[k].strip()), None)
    if grader is not None and "grader_program" not in case:
        case.pop(grader[0])
        case["grader_program"] = {"command": grader[1].strip()}
    return case


def read_tasks(folder: Path) -> dict[str, Any]:
    """The folder's task files as one set."""
    return {"evals": [task_case(p) for p in task_files(folder)]}


# -- structured Markdown sets -------------------------------------------------------------
# `## Case 1` (a heading a case), a labelled prompt (`**Prompt:** ...`, `Input:` then a fenced
# block, `**User request**` alone on its line then a quote) and labelled lists of checks
# (`**Expected:**`, `**Required signals**` bullets, a "Pass when ..." paragraph; `**Fail:**`,
# `**Forbidden**`, `**Hard-failure signals**` bullets: what the run must avoid). A case
# section with no labelled prompt takes its first fenced or quoted block as the prompt (or its
# first paragraph, when the set's introduction calls its cases prompts). A section of numbered
# items, each a prompt in a code span with its checks as bullets under it, is one case per
# item. A section with no prompt whose heading speaks of criteria ("Common Pass Criteria",
# "Shared hard failures") holds checks for every case. What looks like a case but has no clear
# prompt is not read, and said (`notes`).
_HEADING = re.compile(r"^(?P<marks>#{2,4})\s+(?P<title>\S.*?)\s*#*\s*$", re.M)
_LABEL = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(?P<label>[^:*_\n：]{2,40}?)\s*"
                    r"(?:[:：]\s*(?:\*\*|__)|(?:\*\*|__)\s*[:：]|[:：])\s*(?P<rest>.*)$")
# a label in bold alone on its line, with no colon (`**Prompt**`)
_BOLD_LABEL = re.compile(r"^\s*(?:\*\*|__)(?P<label>[^*_\n:：]{2,40}?)(?:\*\*|__)\s*$")
# a check written as a sentence: "Pass when the response ...", "Fails if ..."
_SENTENCE = re.compile(r"(?i)^\s*(?P<label>(?:pass|fail)(?:es|s)?(?:\s+only)?\s+(?:when|if))\s+\S")
# (the labels in the languages sets are written in: German, French, Spanish, Portuguese,
# Chinese, Japanese, Korean)
_PROMPT_LABELS = frozenset({"prompt", "input", "query", "user", "user prompt", "user input",
                            "request", "task", "question", "user request", "user message",
                            "user instruction", "user instructions", "user ask",
                            "输入", "提示", "提示词", "问题", "用户输入", "用户提示", "用户请求",
                            "用户消息", "用户问题", "entrada", "consulta",
                            "eingabe", "anfrage", "frage", "aufgabe", "entrée", "requête",
                            "demande", "pregunta", "solicitud", "pergunta", "pedido",
                            "入力", "プロンプト", "質問", "依頼", "입력", "프롬프트", "질문",
                            "요청"})
# ...or a qualified one: "Raw input", "User ask", "Initial prompt"
_PROMPT_LIKE = re.compile(r"(?:raw|user|initial|original|sample|test|scenario)\s+"
                          r"(?:input|prompt|request|query|ask|message|turn)"
                          r"|task\s+(?:description|prompt|statement)")
# The situation a case's request is made in ("## Stack context", "## Constraints"), sent with
# the request when the case labels one: the task's own terms, no check.
# (a bare "Context:" may be the tester's note: said, as before, never sent)
_CONTEXT_LABEL = re.compile(r"(?:stack|project|business|product|technical|tech)\s+context|"
                            r"constraints|(?:existing|current|original|starting)\s+(?:code|"
                            r"design|state|version|copy|text|implementation)")


# A note on the prompt's label line saying the input comes with material the page only
# describes ("**Input** (with a screenshot of the error):", "**输入**（带一张有瑕疵的图）："):
# a fixture described in words (runner.authoring.described_fixtures), never staged.
_MEDIA_NOTE = re.compile(
    r"[(（]\s*(?P<note>(?:with|attach\w*|plus|带|附带?|附上|上传|含|附图)[^()（）\n]{0,80}?"
    r"(?:images?|screenshots?|photos?|pictures?|pdfs?|videos?|audio|recordings?|diagrams?|"
    r"scans?|图|截图|照片|视频|音频|附件|录音)[^()（）\n]{0,80}?)\s*[)）]", re.IGNORECASE)


ATTACHED = "attached: "  # (described_fixtures reads the entry; its EV014 names the note)


def _media_note(section: str) -> str | None:
    """The described material of the prompt's label line, if its note says it comes with
    an image, a screenshot, a recording ..."""
    for line in section.splitlines():
        head = re.match(r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(?P<label>[^:*_\n：(（]{2,40}?)"
                        r"(?:\*\*|__)?\s*[(（]", line)
        if head is None or not _prompt_label(head.group("label").strip().lower()):
            continue
        found = _MEDIA_NOTE.search(line)
        if found is not None:
            return found.group("note").strip()
    return None


def _prompt_label(label: str) -> bool:
    return label in _PROMPT_LABELS or _PROMPT_LIKE.fullmatch(label) is not None


_PASS_LABELS = re.compile(r"(?i)^(?:expected(?:\s+(?:behaviou?rs?|output|result|outcome|moves?|"
                          r"actions?|steps?))?|(?:pass|success|acceptance)\s+conditions?|pass"
                          r"(?:\s+(?:criteria|if|when))?|passes\s+(?:if|when)|pass\s+only\s+"
                          r"(?:if|when)|should|must|success(?:\s+criteria)?|acceptance"
                          r"(?:\s+criteria)?|checks?|criteria|asserts?|assertions?|"
                          r"what\s+(?:a\s+)?good\s+(?:output|answer|response|result|solution)\s+"
                          r"(?:demonstrates|shows|includes|does|has|looks\s+like)|what\s+good\s+"
                          r"looks\s+like|(?:must|should)\s+(?:include|"
                          r"contain|have|show|mention|cover|do|change|preserve|keep|retain|fix)|"
                          r"required(?:\s+(?:signals?|"
                          r"behaviou?rs?))?|预期(?:行为|输出|结果)?|期望(?:行为|输出)?|通过(?:标准|条件)?|"
                          r"验收标准|esperado|"
                          # the answer the author holds up, and the points it must check
                          # ("**答案:**", "**Key Checks:**", "**验算要点:**")
                          r"(?:key|critical)\s+checks?|(?:(?:reference|expected|correct|model)\s+)?"
                          r"answers?|(?:参考|标准|標準|正确|正確)?答案|(?:验算|驗算|验证|驗證|检查|檢查)"
                          r"要点|关键检查|關鍵檢查|"
                          r"(?:prüf|bewertungs|akzeptanz|erfolgs|abnahme)?kriterien|"
                          r"erwartet(?:es|e)?(?:\s+(?:verhalten|ergebnis|ausgabe|antwort))?|"
                          r"crit[èe]res?(?:\s+(?:de\s+)?(?:réussite|succès|validation))?|"
                          r"(?:comportement|résultat|réponse)\s+attendue?|attendue?|"
                          r"crit[ée]rios?(?:\s+de\s+(?:éxito|aceptación|aceitação|sucesso))?|"
                          r"(?:comportamiento|resultado|respuesta|comportamento|resposta)\s+"
                          r"esperad[oa]|"
                          r"期待(?:される)?(?:動作|結果|出力|挙動)?|(?:評価|合格|判定)基準|"
                          r"기대\s*(?:결과|동작|출력)|(?:평가|통과|합격)\s*기준)$")
_FAIL_LABELS = re.compile(r"(?i)^(?:fail(?:ure)?(?:\s+(?:indicators?|if|when|modes?|signals?))?|"
                          r"fails\s+(?:if|when)|(?:must|should)(?:\s+not|n't)(?:\s+(?:include|contain|"
                          r"have|show|mention|use|do))?|anti[-\s]?patterns?|"
                          r"red\s+flags?|forbidden(?:\s+behaviou?rs?)?|hard[-\s]failures?"
                          r"(?:\s+signals?)?|(?:常见|典型)?失败(?:标志|信号|条件|模式)?|不应|禁止|"
                          r"反模式|反例行为|"
                          r"nicht\s+erwartet|darf\s+nicht|verboten|ausschlusskriterien|"
                          r"ne\s+doit\s+pas|interdit|no\s+debe|prohibido|não\s+deve|proibido|"
                          r"금지(?:\s*사항)?)$")
# (a section of regression checks, "## 回归检查", "## Regression checklist": every run's)
_COMMON = re.compile(r"(?i)criteria|pass|expect|every\s+case|all\s+cases|shared|标准|通用|"
                     r"(?<!known\s)(?<!release\s)(?<!setup\s)(?<!install\s)(?<!deploy\s)"
                     r"\b(?:regression\s+(?:checks?|tests?|checklist)|checklist)\b|回归检查|回歸檢查|"
                     r"检查清单|檢查清單|自检|自檢")
# An item speaking of the cases in aggregate ("All basic queries return correct metrics",
# "Consistent formatting across responses", "Time splitting works for 30-180 day ranges"):
# a closing section holding one sums up the suite, it is no check of one answer.
_AGGREGATE = re.compile(
    r"(?i)^\W*(?:all|every|most)\s+(?:\w+\s+)?(?:queries|cases|tests|requests|responses|"
    r"scenarios|inputs|prompts|runs)\b|\bacross\s+(?:all\s+)?(?:the\s+)?(?:responses|cases|"
    r"queries|tests|runs|scenarios)\b|\bworks\s+for\s+(?:all\s+)?[\w-]+\s+(?:\w+\s+)?ranges\b")
# Labels of groups naming opposite outcomes ("**Skill rejects:**" beside "**Skill
# approves:**"): kinds of cases, which cannot all hold of one case.
_REJECTS = re.compile(r"(?i)\b(?:rejects?|refuses?|blocks?|declines?|denies|stops?)\b")
_APPROVES = re.compile(r"(?i)\b(?:approves?|accepts?|allows?|proceeds?|ships?)\b")


def _opposed(blocks: list[tuple[str, str, list[str]]]) -> bool:
    """A criteria section whose labelled groups name opposite outcomes: the suite's summary
    of which kinds of case end how, no check of every case."""
    # ("**Passes if:**" beside "**Fails if:**" is a case's own pass and fail, every case's)
    labels = [label for label, _, _ in blocks if not _pass(label) and not _fail(label)]
    return any(_REJECTS.search(lb) for lb in labels) and any(_APPROVES.search(lb) for lb in labels)


def _labelled_bullets(lead: list[str], blocks: list[tuple[str, str, list[str]]]) -> list[str]:
    """A criteria section's bullets, each under the label of its group when that label says
    who does what ("Skill rejects:" over "Experiments with no baseline"); bare under a pass
    label or none."""
    items = list_items(lead)
    for label, rest, lines in blocks:
        bullets = list_items(lines)
        said = not _pass(label) and not _fail(label) and len(label.split()) >= 2 and not rest
        items += [f"{label[:1].upper()}{label[1:]}: {b}" for b in bullets] if said else bullets
    return items


def _sums_up(items: list[str]) -> bool:
    """Half the items or more, two at least, speak of the cases in aggregate ("All responses
    are in English" alone is each answer's check)."""
    aggregate = sum(bool(_AGGREGATE.search(i)) for i in items)
    return aggregate >= 2 and 2 * aggregate >= len(items)


# ...said to hold for each case, wherever the section stands (after the cases too)
_EVERY_CASE = re.compile(r"(?i)\b(?:every|each|all|any|common|shared|general|global)\b|通用|共通|"
                         r"所有|每个|每個|全部")
_COMMON_FAIL = re.compile(r"(?i)fail|forbidden|anti[-\s]?pattern|red\s+flag|失败|禁止")
# a task-list checkbox ("- [ ] No emojis", "- [x] ...") is the tester's tick box, no part
# of the check
_BULLET_LINE = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?:\[[ xX]\]\s+)?(?P<item>\S.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
# a section number in its parts too (`Test 1.2`: the second test of group 1, never `Test-1`)
_ID_TITLE = re.compile(r"^(?P<id>(?:[A-Za-z]{1,10}[-_ ]){0,3}[A-Za-z]{0,6}\d{1,4}"
                       r"(?:\.\d{1,4})*)\s*(?:[:.)\-—–]\s*\S|$)")
# a section numbered below another, its title after a space ("## 2.1 Long essay"): "2.1", never
# the "2" of its parent section
_SUB_NUMBER = re.compile(r"^(?P<id>\d{1,4}(?:\.\d{1,4})+)\s+\S")
# a numbered item whose text is a prompt in a code span (after an optional short label)
_PROMPT_ITEM = re.compile(r"^(?P<n>\d{1,3})[.)]\s+(?:[^`:\n]{1,30}:\s*)?`(?P<prompt>[^`\n]+)`\s*$")
_TOP_ITEM = re.compile(r"^(?P<n>\d{1,3})[.)]\s+(?P<text>\S.*)$")
_INTRO_PROMPTS = re.compile(r"(?i)\bprompts?\b")
# The authors' pass threshold ("6/7 checks pass", "4 of 5 tests pass", "at least 80% of the
# checks", "Pass Criteria" over counts): one on a case's own checks is its pass rule
# (_case_bar, _table_rules); any other (over the set's tests) is said not to apply.
_THRESHOLD = re.compile(r"(?i)(?:\b\d{1,3}\s*(?:/|out\s+of|of)\s*\d{1,3}|\b\d{1,3}\s*%)"
                        r"(?:\s+(?:of\s+)?(?:the\s+)?(?:checks?|tests?|criteria|items?|"
                        r"assertions?|cases?|expectations?))\b[^\n|]{0,30}?\bpass"
                        r"|\bpass(?:es|ed)?\s+at\s+(?:the\s+)?threshold\b"
                        # "**Pass threshold:** 7/10 per scenario" (a points rubric's bar)
                        r"|\bpass(?:ing)?\s+(?:threshold|mark|score|bar)\b\W{0,6}"
                        r"\d{1,3}\s*(?:/|out\s+of|of)\s*\d{1,3}")
# A section that sets up every case ("## Test Setup", "## Prerequisites"): run by the tester
# before the cases, never by a session, which starts with only what its case stages.
_SETUP = re.compile(r"(?i)\b(?:(?:test\s+)?set\s*-?up|prerequisites?|preparation|"
                    r"before\s+(?:running|testing|you\s+(?:start|begin)))\b")


# A bar on one case's own checks ("6/7 checks pass", "at least 4 of 5 criteria pass"): the
# case's pass rule (runner.authoring.pass_rules), applied; a bar over tests or cases is the
# set's, not applied (each case is reported on its own).
_CASE_BAR = re.compile(r"(?i)\b(?P<k>\d{1,3})\s*(?:/|out\s+of|of)\s*(?P<n>\d{1,3})"
                       r"(?:\s+(?:of\s+)?(?:the\s+)?(?:checks?|criteria|items?|assertions?|"
                       r"expectations?))?\s+(?:must\s+)?pass")
_ROW = re.compile(r"^\s*\|(?P<cells>.+)\|\s*$")


def _case_bar(text: str, title: str, where: str) -> dict[str, Any] | None:
    """The pass rule a text says for one case (PassRule's fields), or None."""
    found = _CASE_BAR.search(text)
    if found is None or not 0 < int(found["k"]) <= int(found["n"]):
        return None
    return {"least": int(found["k"]), "of": int(found["n"]),
            "said": f"`{title}`: \"{where or found.group(0).strip()}\""}


def _ref(text: str) -> str:
    return re.sub(r"[\s_-]+", "-", text.strip().strip("*`").lower())


def _table_rules(cases: list[dict[str, Any]], title: str, section: str) -> str:
    """A table of the cases' pass criteria (`| Test 1 | 6/7 checks pass |`): each row naming
    a case by its id or title gives that case its pass rule. The section's text without the
    rows applied (what else it says is the set's, reported)."""
    by_ref = {_ref(str(c[k])): c for c in cases for k in ("id", "name") if c.get(k)}
    left: list[str] = []
    for line in section.splitlines():
        row = _ROW.match(line)
        cells = [c.strip() for c in row["cells"].split("|")] if row else []
        case = by_ref.get(_ref(cells[0])) if cells else None
        rule = None if case is None or "pass_rule" in case else _case_bar(
            " | ".join(cells[1:]), title, " | ".join(cells))
        if case is None or rule is None:
            left.append(line)
            continue
        case["pass_rule"] = rule
    return "\n".join(left)


def _threshold(title: str, text: str) -> str | None:
    """A section's pass threshold, said as the section's title and its first example."""
    found = _THRESHOLD.search(text)
    if found is None:
        return None
    return f"`{title}` (\"{found.group(0).strip()}\")"


# A note in parentheses between a label and its colon ("**Input** (with a screenshot):",
# "**输入**（带一张图）："): the label's, read by _media_note; the label is the word before it.
_NOTE_BEFORE_COLON = re.compile(r"^(?P<head>\s*(?:[-*]\s+)?(?:\*\*|__)?[^:*_\n：(（]{2,40}?"
                                r"(?:\*\*|__)?)\s*[(（][^()（）\n]{1,160}[)）]\s*(?P<colon>[:：])")


_BARE_ANSWER = frozenset({"answer", "answers", "答案"})


def _label_of(line: str) -> tuple[str, str] | None:
    """The label a line opens a block with, and the text after it on the line."""
    line = _NOTE_BEFORE_COLON.sub(r"\g<head>\g<colon>", line, count=1)
    sentence = _SENTENCE.match(line)
    if sentence is not None:
        return sentence.group("label").lower(), line.strip()
    bold = _BOLD_LABEL.match(line)
    if bold is not None:
        return bold.group("label").strip().lower(), ""
    label = None if _BULLET_LINE.match(line) and "**" not in line else _LABEL.match(line)
    if label is None:
        return None
    name = label.group("label").strip()
    if name.lower() in _BARE_ANSWER and not re.match(r"^\s*(?:[-*]\s+)?(?:\*\*|__)", line):
        return None  # "Answer: Paris" in a prompt's own example: only a bold label is one
    if _prompt_label(name.lower()) or _pass(name) or _fail(name):
        return name.lower(), label.group("rest").strip().lstrip("*_").strip()
    if re.match(r"^\s*(?:\*\*|__)", line):
        return name.lower(), label.group("rest").strip()  # a bold label of its own: ends the last
    return None


def _known(label: str) -> bool:
    return _prompt_label(label) or bool(_PASS_LABELS.match(label) or _FAIL_LABELS.match(label))


def _blocks(section: str) -> tuple[list[str], list[tuple[str, str, list[str]]]]:
    """A section's lines before its first label, and its labelled blocks: (label, the text
    after the label on its line, the lines under it up to the next label)."""
    lead: list[str] = []
    found: list[tuple[str, str, list[str]]] = []
    fenced = False
    for line in section.splitlines():
        opened = None if fenced else _label_of(line)
        if _FENCE.match(line):
            fenced = not fenced
        if opened is not None:
            found.append((opened[0], opened[1], []))
        elif found:
            found[-1][2].append(line)
        else:
            lead.append(line)
    return lead, found


def _prompt_text(rest: str, lines: list[str], quoted_only: bool = False) -> str:
    """The prompt after its label: on the label's line, else the fenced block or the
    paragraph (a quote's marks dropped) under it; `quoted_only`: only a fenced or quoted
    block."""
    if rest:
        return rest.strip().strip("`")
    body: list[str] = []
    fenced = False
    for n, line in enumerate(lines):
        if _FENCE.match(line):
            if fenced:
                break
            fenced = True
            continue
        if fenced:
            body.append(line)
        elif line.strip() and (not quoted_only or re.match(r"^\s*>", line)):
            body.append(re.sub(r"^\s*>\s?", "", line))
        elif body:
            # the request's paragraph, then the code it works on in a fence ("Migrate the
            # following workflow ..." and the workflow): one prompt, the block as written
            return "\n".join([*body, "", *_next_fence(lines[n:])]).strip()
    return "\n".join(body).strip()


def _next_fence(lines: list[str]) -> list[str]:
    """The fenced block the lines open with after blank lines (its fences kept), or none."""
    start = next((n for n, line in enumerate(lines) if line.strip()), None)
    if start is None or not _FENCE.match(lines[start]):
        return []
    close = next((n for n in range(start + 1, len(lines)) if _FENCE.match(lines[n])), None)
    return lines[start:close + 1] if close is not None else []


_QUOTED = re.compile(r'^\s*(?:"(?P<a>[^"]+)"|“(?P<b>[^”]+)”)\s*$')


def _unquoted(prompt: str) -> str:
    """A prompt written as one quoted string ("Start postgres"): the words inside."""
    quoted = _QUOTED.match(prompt)
    return prompt if quoted is None else (quoted.group("a") or quoted.group("b")).strip()


def list_items(lines: list[str]) -> list[str]:
    """The bullets of some lines, each with the lines it wraps onto (a line right under an
    item, not a bullet, not after a blank line, continues it)."""
    items: list[str] = []
    joined = False  # the last line belongs to an item
    for line in lines:
        bullet = _BULLET_LINE.match(line)
        if bullet is not None:
            items.append(bullet.group("item").strip())
            joined = True
        elif joined and line.strip() and not _FENCE.match(line):
            items[-1] += " " + line.strip()
        else:
            joined = False
    # (a list's own joints, "...;" and "...; and", are no word of an item: where two items or
    # more end so; one ending in ";" alone may mean it, "Every SQL statement ends with ;")
    joined = sum(_ITEM_JOINT.search(item) is not None for item in items) >= 2
    return [(_ITEM_JOINT.sub("", item) or item) if joined else item for item in items]


# a word's closing ";" (never a lone one, "ends with ;", nor an entity's, `&amp;`)
_ITEM_JOINT = re.compile(r"(?<=[^\W\d_])(?<!&[a-z])(?<!&[a-z]{2})(?<!&[a-z]{3})(?<!&[a-z]{4})"
                         r"(?<!&[a-z]{5});(?:\s*(?:and|or))?\s*$")


def _after_list(lines: list[str]) -> list[str]:
    """The paragraphs after a block's last bullet (past a blank line), each one item."""
    last = max((n for n, line in enumerate(lines) if _BULLET_LINE.match(line)), default=-1)
    paragraphs: list[str] = []
    current: list[str] = []
    started = False  # past the list's wrapped lines: a blank line ends the list
    for line in lines[last + 1:]:
        if not line.strip():
            started = True
            if current:
                paragraphs.append(" ".join(current))
                current = []
        elif started and not _FENCE.match(line) and not line.lstrip().startswith(("#", "|", ">")):
            current.append(line.strip())
    if current:
        paragraphs.append(" ".join(current))
    # (a pointer for the reader, "See the notes.", is no claim: a claim says what happens)
    return [p for p in paragraphs if p.rstrip(":") == p and len(p.split()) >= 6
            and not re.match(r"(?i)(?:see|note|cf\.?|ref|for\s+more|tip|hint)\b", p)]


# A mark opening a check's line: a tick (it is what should hold: the mark is decoration), a
# cross (it is what must not hold, unless the words themselves deny: "❌ Linux skill not the
# one responsible" is the expectation that it is not).
_TICK = re.compile(r"^(?:✅|✔️?|☑️?|🟢)\s*")
_CROSS = re.compile(r"^(?:❌|✗|✘|🚫|⛔|🔴|❎)\s*")
_DENIES = re.compile(r"(?i)\b(?:not|no|never|without|nicht|kein\w*|ohne|nie|pas|sans|jamais|"
                     r"aucune?|sin|nunca|não|sem|nenhum)\b|n't\b|[不没無无未勿别]|ない|ません|"
                     r"않|없|못")


def _marked(checks: list[str], avoid: list[str]) -> tuple[list[str], list[str]]:
    """The checks and what to avoid, each item's opening mark read (_TICK, _CROSS)."""
    kept: list[str] = []
    crossed: list[str] = []
    for item in checks:
        bare = _CROSS.sub("", item)
        (crossed if bare != item and not _DENIES.search(bare) else kept).append(
            _TICK.sub("", bare))
    return kept, [*(_TICK.sub("", _CROSS.sub("", i)) for i in avoid), *crossed]


def _items(label: str, rest: str, lines: list[str]) -> list[str]:
    if _SENTENCE.match(rest):  # the sentence and its paragraph: one check
        more = []
        for line in lines:
            if not line.strip():
                break
            more.append(line.strip())
        return [" ".join([rest, *more])]
    items = list_items(lines)
    if items:
        # the words on the label's line lead the list ("Expected: Strategist proposes 5
        # hypotheses labelled:"), or are a check of their own; a paragraph after the list is
        # one more ("Each hypothesis runs on its own branch ..."): none dropped
        head = [] if not rest else [f"{rest} {i}" for i in items] if rest.endswith(":") \
            else [rest, *items]
        return (head or items) + _after_list(lines)
    if not rest:
        # the label alone on its line, a paragraph under it ("**Expected moves:**" then
        # prose): that paragraph, one item
        paragraph = " ".join(itertools.takewhile(bool, (ln.strip() for ln in itertools.dropwhile(
            lambda ln: not ln.strip(), lines))))
        return [paragraph] if paragraph and not _FENCE.match(paragraph) else []
    # `Expected style candidates: a, b`: the label says what the text is
    return [rest if _PASS_LABELS.match(label) or _FAIL_LABELS.match(label) else
            f"{label[:1].upper()}{label[1:]}: {rest}"]


def _pass(label: str) -> bool:
    """A pass label, or one qualifying what is expected (`Expected style candidates`)."""
    return bool(_PASS_LABELS.match(label) or _SENTENCE.match(label + " .")
                or re.match(r"(?i)expected\s+\w", label))


def _fail(label: str) -> bool:
    return bool(_FAIL_LABELS.match(label)) or label.startswith("fail ")


def _item_cases(section: str) -> tuple[list[dict[str, Any]], list[str]]:
    """A section of numbered items, each a prompt in a code span with its checks as the
    bullets under it: one case per item; an item with checks and no such prompt, said."""
    cases: list[dict[str, Any]] = []
    skipped: list[str] = []
    current: dict[str, Any] | None = None
    previous = False  # the last line was blank
    for line in section.splitlines():
        top = _TOP_ITEM.match(line)
        if top is not None:
            item = _PROMPT_ITEM.match(line)
            current = {"id": item.group("n"), "name": line.strip(), "prompt":
                       item.group("prompt").strip(), "statements": []} if item else \
                {"id": top.group("n"), "name": line.strip(), "statements": []}
            cases.append(current)
        elif current is not None and line[:1].isspace():
            bullet = _BULLET_LINE.match(line)
            labelled = _label_of(line.strip()) if bullet is None else None
            if bullet is not None:
                current["statements"].append(bullet.group("item").strip())
            elif labelled is not None and labelled[1] and (_pass(labelled[0])
                                                           or _fail(labelled[0])):
                # an indented labelled line under the item ("   Expected: Treat the README
                # as untrusted data"): its pass or fail, as a labelled block's
                key = "failures" if _fail(labelled[0]) else "statements"
                current.setdefault(key, []).append(labelled[1])
            elif line.strip() and current["statements"] and not previous:
                current["statements"][-1] += " " + line.strip()  # the item's wrapped line
        previous = not line.strip()
    read = [c for c in cases if "prompt" in c and (c["statements"] or c.get("failures"))]
    skipped = [f"item {c['id']} ({c['name'][:60]})" for c in cases
               if c["statements"] and "prompt" not in c]
    return (read, skipped) if read else ([], [])


# "Start scenario 3, then submit:", "Run case 2 and then send:": an earlier case replayed, then
# the block below sent as the next turn of the same session
_REPLAY = re.compile(r"(?i)^\s*(?:first\s*,?\s*)?(?:start|run|begin|replay|play|open|do)\s+"
                     r"(?:the\s+)?(?:scenario|case|test|example|task|prompt)\s*#?\s*"
                     r"(?P<ref>[A-Za-z]{0,10}[-_]?\d{1,4})\s*[,;]?\s*(?:and\s+)?then\s*,?\s+"
                     r"(?:submit|send|ask|say|type|reply|write|enter|follow\s+up)\b")


def _replayed(line: str, cases: list[dict[str, Any]]) -> dict[str, Any] | None:
    """The earlier single-turn case a tester is told to replay before this section's block
    is sent, or None (no such words, no such case, or that case is itself a conversation)."""
    found = _REPLAY.match(line)
    if found is None:
        return None
    ref = found.group("ref").replace("_", "-").lower()
    return next((c for c in cases if str(c["id"]).lower() in (ref, ref.lstrip("0") or "0")
                 and "follow_up_turns" not in c), None)


# A later turn's label: the user's scripted reply ("**User responds:** ...", a second
# "**User:** ...", "**User replies:**", "**User follow-up:**").
# (never a bare "**Follow-up:**", which may say what the agent does next)
_REPLY_LABEL = re.compile(r"(?i)^(?:user|customer|client)\s+(?:responds?|replies|reply|says|"
                          r"answers?|follows?\s+up|continues)$|^user\s+follow[- ]?up"
                          r"(?:\s+(?:turn|message|prompt))?$")


def _later_turns(blocks: list[tuple[str, str, list[str]]]) -> list[str]:
    """The user's replies a case scripts after its prompt, in order: each block labelled as a
    reply, or a prompt label met again (a page's second `**User:**`)."""
    seen: set[str] = set()
    turns: list[str] = []
    for label, rest, lines in blocks:
        again = _prompt_label(label) and label in seen
        if _prompt_label(label):
            seen.add(label)
        if (again or _REPLY_LABEL.match(label)) and seen:
            text = _unquoted(_prompt_text(rest, lines))
            if text:
                turns.append(text)
    return turns


def _skill(headings: list[str], known: Collection[str]) -> dict[str, Any]:
    """In a set above several skills (`known`), the skill the headings over a case name."""
    found = heading_skill(headings, known) if len(known) > 1 else []
    return {"skill": found[0]} if found else {}


class _Parsed:
    """What a Markdown set's sections are: its cases, and the sections and labels not read."""

    def __init__(self) -> None:
        self.cases: list[dict[str, Any]] = []
        self.skipped: list[str] = []  # case-like sections not read, and why
        self.unread: dict[str, list[str]] = {}  # labels of read cases no grader sees: ids
        self.thresholds: list[str] = []  # the authors' pass thresholds not applied
        self.applied: list[str] = []  # the cases' pass rules read, as the author said them
        self.promptless = 0  # case-like sections with checks and no prompt they give
        self.setup: list[str] = []  # sections setting up every case, not run


def _parse(text: str, known: Collection[str] = ()) -> _Parsed:
    heads = list(_HEADING.finditer(text))
    intro = text[:heads[0].start()] if heads else text
    prompts_said = bool(_INTRO_PROMPTS.search(intro))
    common: dict[str, list[str]] = {"statements": [], "failures": []}
    out = _Parsed()
    bars: list[tuple[str, str, str]] = []  # sections saying a bar: title, said, whole
    # the file's cases written as numbered prompt items, two or more of them
    numbered = sum(_PROMPT_ITEM.match(line) is not None for line in text.splitlines()) >= 2
    groups: dict[int, str] = {}  # heading level -> the title of the last heading at it
    for n, head in enumerate(heads):
        section = text[head.end():heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        level = len(head.group("marks"))
        title = head.group("title").strip().strip("*")
        groups = {lv: t for lv, t in groups.items() if lv < level}
        headings = [*groups.values(), title]
        groups[level] = title
        if numbered and any(_PROMPT_ITEM.match(line) for line in section.splitlines()):
            # numbered items, each a prompt in a code span with its checks under it ("1.
            # Prompt: `...`" then "   Expected: ..."): a case each, never one case of them all
            items, skipped = _item_cases(section)
            if items:
                # (each section numbers its items from 1: a number taken is another's, so the
                # item is numbered on from the file's count, past every id taken)
                taken = {c["id"] for c in out.cases} | {c["id"] for c in items}
                for case in items:
                    ident = case["id"]
                    if any(c["id"] == ident for c in out.cases):
                        ident = next(str(k) for k in itertools.count(len(out.cases) + 1)
                                     if str(k) not in taken)
                        taken.add(ident)
                    out.cases.append({**case, **_skill(headings, known), "id": ident,
                                      "failures": case.get("failures", [])})
                out.skipped += [f"{s} under `{title}`" for s in skipped]
                continue
        lead, blocks = _blocks(section)
        # (a threshold among the checks is a check; anywhere else in a section, the authors'
        # bar for the case or the set)
        said = "\n".join(lead + [line for label, rest, ls in blocks
                                 if not _pass(label) and not _fail(label)
                                 for line in (f"{label}: {rest}", *ls)])
        if _threshold(title, said) is not None:
            bars.append((title, said, section))
        # (an instruction and the input it works on, "## User Instruction" then "## Input":
        # one prompt, the instruction first, the input as its material)
        # (the same label again, a page's second `**User:**`, is a later turn: the first only)
        labelled = {label: _prompt_text(r, ls) for label, r, ls in reversed(blocks)
                    if _prompt_label(label)}
        order = list(dict.fromkeys(label for label, _, _ in blocks if _prompt_label(label)))
        prompt = "\n\n".join(t for t in dict.fromkeys(labelled[lb] for lb in order) if t) \
            or None
        if prompt:  # the situation it is asked in, labelled beside it ("## Constraints")
            told = [f"{label[:1].upper()}{label[1:]}:\n" + "\n".join([r, *ls]).strip()
                    for label, r, ls in blocks if _CONTEXT_LABEL.fullmatch(label)
                    and "\n".join([r, *ls]).strip()]
            prompt = "\n\n".join([prompt, *told])
        checks = [i for label, r, ls in blocks if _pass(label) and not _fail(label)
                  for i in _items(label, r, ls)]
        avoid = [i for label, r, ls in blocks if _fail(label) for i in _items(label, r, ls)]
        checks, avoid = _marked(checks, avoid)
        named = _SUB_NUMBER.match(title) or _ID_TITLE.match(title)
        earlier: dict[str, Any] | None = None
        if not prompt and (checks or avoid) and blocks:
            # a case whose prompt is unlabelled: the block its section opens with, before its
            # checks (after other words to the tester it is a turn of a conversation the set
            # does not write down, unless those words replay an earlier case first: "start
            # case 3, then send:" is that case's prompt, then this block)
            prompt = _prompt_text("", lead, quoted_only=not prompts_said) or None
            first = next((line for line in lead if line.strip()), "")
            if prompt and not prompts_said and not re.match(r"^\s*(?:>|```|~~~)", first):
                earlier = _replayed(first, out.cases)
                prompt = prompt if earlier is not None else None
        if not prompt and not checks and not avoid:
            items, skipped = _item_cases(section)
            for case in items:
                out.cases.append({**case, **_skill(headings, known), "failures": []})
            out.skipped += [f"{s} under `{title}`" for s in skipped]
            if items or skipped:
                continue
        if not prompt:
            if _COMMON.search(title) and not named and out.cases \
                    and not _EVERY_CASE.search(title) \
                    and (_sums_up(list_items(section.splitlines())) or _opposed(blocks)):
                # "## Success Criteria" closing the file after its cases: the suite's own
                # summary ("All basic queries return correct metrics"), said, not every case's
                out.skipped.append(f"`{title}` (the suite's closing criteria, over all its "
                                   "cases: not graded per case)")
            elif _COMMON.search(title) and not named:  # the set's own criteria, every case
                # (each under its label when the label says who does what: "Skill rejects:")
                bullets = _labelled_bullets(lead, blocks)
                if _COMMON_FAIL.search(title) and not checks:
                    common["failures"] += avoid or bullets
                else:
                    common["statements"] += checks or ([] if avoid else bullets)
                    common["failures"] += avoid
            elif checks or avoid:
                out.promptless += 1
                out.skipped.append(f"`{title}` (a case with checks and no prompt it gives)")
            elif _SETUP.search(title) and section.strip():
                out.setup.append(title)
            continue
        case_id = named.group("id").replace(" ", "-") if named else f"case-{len(out.cases) + 1}"
        prompt = _unquoted(prompt)
        for label in dict.fromkeys(lb for lb, _, _ in blocks if not _known(lb)
                                   and not _pass(lb) and not _fail(lb)
                                   and not _CONTEXT_LABEL.fullmatch(lb)):  # (sent with it)
            out.unread.setdefault(label, []).append(case_id)
        turns = {} if earlier is None else {"prompt": earlier["prompt"],
                                            "follow_up_turns": [prompt]}
        replies = _later_turns(blocks)
        if replies and not turns:  # the user's scripted replies: the same session's turns
            turns = {"follow_up_turns": replies}
        own = _case_bar(said, title, "")
        if own is not None:  # the case's own bar, said in its section
            bars = [b for b in bars if b != (title, said, section)]
        note = _media_note(section)
        out.cases.append({"id": case_id, "name": title, **_skill(headings, known),
                          "prompt": prompt, **turns, "statements": checks, "failures": avoid,
                          **({"files": [f"{ATTACHED}{note}"]} if note else {}),
                          **({"pass_rule": own} if own else {})})
    for case in out.cases:
        case["statements"] = [*case["statements"], *common["statements"]]
        case["failures"] = [*case["failures"], *common["failures"]]
    names = {c.get("name") for c in out.cases}
    for title, said, section in bars:  # a bar per case in a table; the rest is the set's
        # (all of a section that is no case: its labelled lines too, "Overall pass: 4/5")
        bar = _threshold(title, _table_rules(out.cases, title,
                                             said if title in names else section))
        if bar is not None:
            out.thresholds.append(bar)
    out.applied = [c["pass_rule"]["said"] for c in out.cases if "pass_rule" in c]
    return out


def markdown_cases(text: str, known: Collection[str] = ()) -> list[dict[str, Any]] | None:
    """A structured Markdown set as cases (each section with a prompt, its labelled checks
    as statements, and the common criteria of the set), or None when the text is not one:
    prose, a case with a prompt and nothing to grade it by, or a set most of whose cases give
    no prompt (scenarios played over several turns: its authors' cases are not these)."""
    parsed = _parse(text, known)
    cases = parsed.cases
    if not cases or any(not c["statements"] and not c["failures"] for c in cases) \
            or len(parsed.skipped) > len(cases):
        return None
    for case in cases:
        for key in ("statements", "failures"):
            if not case[key]:
                case.pop(key)
    return cases


def prose_cases(path: Path) -> int:
    """How many case-like sections of a Markdown file hold checks and give no prompt
    (`## case-name` then `Assert: ...`, `**Must:** ...`): a set its authors wrote as prose,
    each case's prompt left to the tester, when it has two or more and no section a reader
    runs. 0 for a file that is no such set (or a structured one, read as it is)."""
    text = markdown_text(path)
    if text is None:
        return 0
    parsed = _parse(text)
    return parsed.promptless if parsed.promptless >= 2 and not parsed.cases else 0


def markdown_notes(path: Path) -> list[str]:
    """What a structured Markdown set holds that is not graded: case-like sections with no
    clear prompt, and labelled blocks of its cases (a context, a score) no grader sees."""
    text = markdown_text(path)
    if text is None:
        return []
    parsed = _parse(text)
    return [*(f"not read: {s}" for s in parsed.skipped),
            *(f"not run: `{title}` (the authors' setup before every case; a session starts "
              "with only what its case stages, so what it builds is not there)"
              for title in (parsed.setup if parsed.cases else [])),
            *(f"the `{label}` of case(s) {', '.join(ids)} is not graded nor staged (the "
              "prompt alone is run)" for label, ids in parsed.unread.items()),
            *([f"the authors' pass rule of {len(parsed.applied)} case(s) is applied (a case "
               f"passes at that many of its checks): {'; '.join(parsed.applied[:3])}"
               + ("..." if len(parsed.applied) > 3 else "")] if parsed.applied else []),
            *([f"the authors' pass threshold under {', '.join(parsed.thresholds)} is not "
               "applied: it is over the set's cases, and each case is reported on its own"
               if parsed.applied else
               f"the authors' pass threshold under {', '.join(parsed.thresholds)} is not "
               "applied: every check of a case must pass, and each case is reported on its "
               "own"] if parsed.thresholds else [])]


def markdown_set(path: Path, known: Collection[str] = ()) -> list[dict[str, Any]] | None:
    """The cases of a structured Markdown set file (markdown_cases, else its tables of cases:
    runner.authoring.md_tables), or None; `known`: the skills of the repository a set above
    several belongs to."""
    text = markdown_text(path)
    return None if text is None else \
        markdown_cases(text, known) or table_cases(text) \
        or (fenced_cases(text) or paired_cases(path) if set_named(path) else None)


def read_from(path: Path) -> str:
    """What the Markdown set's cases are read from: its `sections`, the rows of its `tables`
    (runner.authoring.md_tables), its fenced `blocks` (runner.authoring.md_fenced), or its
    sections `paired` with a sibling page of criteria (runner.authoring.md_paired)."""
    text = markdown_text(path)
    if text is None or markdown_cases(text) is not None:
        return "sections"
    return "tables" if table_cases(text) is not None else \
        "blocks" if set_named(path) and fenced_cases(text) is not None else \
        "paired" if set_named(path) and paired_cases(path) is not None else "sections"


# A file that is one case, its headings the labels ("# Raw SQL in a query", "## Prompt" and
# a fenced block, "## Expected Signals" bullets, "## Red flags" bullets): read as a set of
# one case, each heading under the title a bold label of that case ("**Prompt:**"), so the
# one grammar reads both. A heading's aside in parentheses ("Expected (with skill)") is no
# part of the label.
_ANY_HEADING = re.compile(r"^(?P<marks>#{1,6})\s+(?P<title>\S.*?)\s*#*\s*$", re.M)


def _label_name(heading: str) -> str:
    return re.sub(r"\s*[(（][^()（）]*[)）]\s*", " ", heading).strip().strip("*:：").strip()


def case_file_text(text: str) -> str | None:
    """The text of a one-case file rewritten as a set of one case (see above), or None when
    the file is no such case: its headings name no prompt, or no check."""
    body = _FRONT.match(text)
    body_text = body.group(2) if body else text
    heads = list(_ANY_HEADING.finditer(body_text))
    several = _cases_of_labelled_headings(body_text, heads)
    if several is not None:
        return several
    titles = [h for h in heads if len(h.group("marks")) == 1]
    labels = [_label_name(h.group("title")).lower() for h in heads
              if len(h.group("marks")) > 1]
    if len(titles) > 1 or not any(_prompt_label(label) for label in labels) \
            or not any(_pass(label) or _fail(label) for label in labels):
        return None
    name = titles[0].group("title").strip() if titles else "case"
    out = _ANY_HEADING.sub(lambda h: "" if len(h.group("marks")) == 1 else
                           f"**{_label_name(h.group('title'))}:**", body_text)
    return f"## {name}\n{out}"


def _cases_of_labelled_headings(body: str, heads: list[re.Match[str]]) -> str | None:
    """A file of several cases whose labels are headings a level below each case's ("## 用例
    1" then "### 用户输入" and "### 期望行为"): the text with each case heading a `##` and
    each label heading a bold label, or None when the file is no such set (one prompt label,
    or prompt labels at several levels, or no case heading above them)."""
    def level(head: re.Match[str]) -> int:
        return len(head.group("marks"))

    prompts = [h for h in heads if _prompt_label(_label_name(h.group("title")).lower())]
    levels = {level(h) for h in prompts}
    if len(prompts) < 2 or len(levels) != 1:
        return None
    labels = levels.pop()
    cases = [h for h in heads if 1 < level(h) < labels]
    if not cases or not all(any(c.start() < p.start() for c in cases) for p in prompts):
        return None
    return _ANY_HEADING.sub(lambda h: "" if level(h) == 1 else f"## {h.group('title')}"
                            if level(h) < labels else f"**{_label_name(h.group('title'))}:**",
                            body)


def markdown_text(path: Path) -> str | None:
    """A Markdown set file's text as the reader parses it: a one-case file rewritten
    (case_file_text), any other as it is; None when it cannot be read."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    # (a file of case sections stays as it is: the rewriting is for one case only)
    if markdown_cases(text) is not None:
        return text
    return case_file_text(text) or text

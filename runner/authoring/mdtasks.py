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

import re
from pathlib import Path
from typing import Any

import yaml

from runner.authoring import frontmatter, safely

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
# block) and labelled lists of checks (`**Expected:**`, `**Pass:**` bullets; `**Fail:**`,
# `**Failure indicators:**` bullets: what the run must avoid). A section with no prompt whose
# heading speaks of criteria ("Common Pass Criteria") holds checks for every case.
_HEADING = re.compile(r"^#{2,4}\s+(?P<title>\S.*?)\s*#*\s*$", re.M)
_LABEL = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*|__)?(?P<label>[^:*_\n：]{2,40}?)\s*"
                    r"(?:[:：]\s*(?:\*\*|__)|(?:\*\*|__)\s*[:：]|[:：])\s*(?P<rest>.*)$")
_PROMPT_LABELS = frozenset({"prompt", "input", "query", "user", "user prompt", "user input",
                            "request", "task", "question", "输入", "提示", "提示词", "问题",
                            "用户输入", "entrada", "consulta"})
_PASS_LABELS = re.compile(r"(?i)^(?:expected(?:\s+(?:behaviou?r|output|result|outcome))?|pass"
                          r"(?:\s+(?:criteria|if|when))?|passes\s+if|should|must|success"
                          r"(?:\s+criteria)?|acceptance(?:\s+criteria)?|checks?|criteria|"
                          r"预期(?:行为|输出|结果)?|期望(?:行为|输出)?|通过标准|验收标准|esperado)$")
_FAIL_LABELS = re.compile(r"(?i)^(?:fail(?:ure)?(?:\s+(?:indicators?|if|when|modes?|signals?))?|"
                          r"fails\s+if|must\s+not|should\s+not|anti[-\s]?patterns?|red\s+flags?|"
                          r"失败(?:标志|信号|条件)?|不应|禁止)$")
_COMMON = re.compile(r"(?i)criteria|pass|expect|every\s+case|all\s+cases|标准|通用")
_BULLET_LINE = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+(?P<item>\S.*)$")
_FENCE = re.compile(r"^\s*(```|~~~)")
_ID_TITLE = re.compile(r"^(?P<id>[A-Za-z]{1,6}[-_ ]?\d{1,4}|\d{1,4})\s*(?:[:.)\-—–]\s*\S|$)")


def _blocks(section: str) -> list[tuple[str, str, list[str]]]:
    """A section's labelled blocks: (label, the text after the label on its line, the lines
    under it up to the next label)."""
    found: list[tuple[str, str, list[str]]] = []
    fenced = False
    for line in section.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
        label = None if fenced or _BULLET_LINE.match(line) and "**" not in line \
            else _LABEL.match(line)
        if label is not None and (label.group("label").strip().lower() in _PROMPT_LABELS
                                  or _PASS_LABELS.match(label.group("label").strip())
                                  or _FAIL_LABELS.match(label.group("label").strip())):
            found.append((label.group("label").strip().lower(),
                          label.group("rest").strip().lstrip("*_").strip(), []))
        elif found:
            found[-1][2].append(line)
    return found


def _prompt_text(rest: str, lines: list[str]) -> str:
    """The prompt after its label: on the label's line, else the fenced block or the
    paragraph (a quote's marks dropped) under it."""
    if rest:
        return rest.strip().strip("`")
    body: list[str] = []
    fenced = False
    for line in lines:
        if _FENCE.match(line):
            if fenced:
                break
            fenced = True
            continue
        if fenced:
            body.append(line)
        elif line.strip():
            body.append(re.sub(r"^\s*>\s?", "", line))
        elif body:
            break
    return "\n".join(body).strip()


def _items(rest: str, lines: list[str]) -> list[str]:
    items = [m.group("item").strip() for m in map(_BULLET_LINE.match, lines) if m]
    return items or ([rest] if rest else [])


def markdown_cases(text: str) -> list[dict[str, Any]] | None:
    """A structured Markdown set as cases (each section with a labelled prompt, its labelled
    checks as statements, and the common criteria of the set), or None when the text is not
    one: prose, or a case with a prompt and nothing to grade it by."""
    heads = list(_HEADING.finditer(text))
    common: dict[str, list[str]] = {"statements": [], "failures": []}
    cases: list[dict[str, Any]] = []
    for n, head in enumerate(heads):
        section = text[head.end():heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        blocks = _blocks(section)
        prompt = next((_prompt_text(r, ls) for label, r, ls in blocks
                       if label in _PROMPT_LABELS), None)
        checks = [i for label, r, ls in blocks if _PASS_LABELS.match(label)
                  for i in _items(r, ls)]
        avoid = [i for label, r, ls in blocks if _FAIL_LABELS.match(label)
                 for i in _items(r, ls)]
        title = head.group("title").strip().strip("*")
        if not prompt:
            if _COMMON.search(title):  # the set's own criteria, for every case
                bullets = [m.group("item").strip()
                           for m in map(_BULLET_LINE.match, section.splitlines()) if m]
                common["statements"] += checks or ([] if avoid else bullets)
                common["failures"] += avoid
            continue
        named = _ID_TITLE.match(title)
        case_id = named.group("id").replace(" ", "-") if named else f"case-{len(cases) + 1}"
        cases.append({"id": case_id,
                      "name": title, "prompt": prompt, "statements": checks,
                      "failures": avoid})
    for case in cases:
        case["statements"] = [*case["statements"], *common["statements"]]
        case["failures"] = [*case["failures"], *common["failures"]]
    if not cases or any(not c["statements"] and not c["failures"] for c in cases):
        return None
    for case in cases:
        for key in ("statements", "failures"):
            if not case[key]:
                case.pop(key)
    return cases


def markdown_set(path: Path) -> list[dict[str, Any]] | None:
    """The cases of a structured Markdown set file (markdown_cases), or None."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return markdown_cases(text)

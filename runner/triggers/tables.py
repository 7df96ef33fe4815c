"""Trigger queries written as Markdown tables (issue 26): a file named for triggers
(`skill-triggering.md`, `trigger-cases.md`) in a set folder, whose tables have a prompt column
and a column saying whether the skill loads:

    ### `worklog`: explicit trigger only
    | Prompt | Expected |
    |--------|----------|
    | `/worklog ieri` | MUST load |
    | "registra 3 ore sul task 105060" | MUST NOT (a direct write, not the flow) |

Each row is a query; its side is read from the expected cell's opening words ("MUST load",
"should trigger", "yes", "✅" fire; "MUST NOT", "should not", "no", "❌" stay out; the reason
after them is the author's note). A table under a heading that names one skill in backticks
is that skill's (a shared file then gives each skill its own rows, runner.triggers.shared).
Tables of anything else (no prompt column, or no cell a side can be read from) are not
queries: a file with none is no trigger file. The same file may list its queries instead,
each item of a list under a heading that reads as a side ("## Should Trigger", "## Should
Not Trigger") one query of that side (a quoted prompt's note after it is the author's).
Parsed with markdown-it-py (CommonMark and GFM tables, the parser `rich` ships with), not
by splitting lines on `|`: escaped pipes, code spans and alignment rows are the parser's to
know.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

from runner.authoring.md_cells import (
    PROMPT_HEADERS,
    cell_text,
    item_prompt,
    table_rows,
    table_side,
    unquoted_cell,
)
from runner.authoring.sides import side

SUFFIXES = (".md", ".markdown")
_SIDE_HEADERS = re.compile(r"(?i)\b(?:expected|expect|should|trigger|triggers|fires?|loads?|"
                           r"activates?|result|outcome|verdict)\b|期望|预期|預期|期待|结果|結果|"
                           r"触发|觸發|сраб\w*|ожида\w*")
# A routing table's expected cell: the one skill the prompt should reach, in backticks.
_ROUTE_CELL = re.compile(r"^`([a-z0-9][a-z0-9_:-]*)`$", re.IGNORECASE)
# a skill's name in a heading's code span (`worklog`, `pdf-maker`), never a flag or a file
_NAMED_SKILL = re.compile(r"`([a-z0-9][a-z0-9_:-]*)`", re.IGNORECASE)
_NOT_A_SKILL = re.compile(r"\.(?:md|py|json|ya?ml|txt|sh|js|ts)$", re.IGNORECASE)


def is_table_file(path: Path) -> bool:
    """A Markdown file named for triggers, or in a folder named so (`skill-triggering/
    cases.md`)."""
    return path.suffix.lower() in SUFFIXES and (
        "trigger" in path.name.lower() or "trigger" in path.parent.name.lower())


def _heading_skill(tokens: list[Token], index: int) -> str | None:
    """The one skill the heading at `index` names in backticks, if it names exactly one: a
    name, never a flag (`--dry-run`) or a file (`SKILL.md`)."""
    inline = tokens[index + 1] if index + 1 < len(tokens) else None
    named = [n for n in _NAMED_SKILL.findall(inline.content) if not _NOT_A_SKILL.search(n)] \
        if inline is not None else []
    return named[0] if len(set(named)) == 1 else None


_MODAL = re.compile(r"(?i)\b(?:should|must|shall|does|do|don['’]?t|not|never|won['’]?t)\b")
_LIST_OPEN = frozenset({"bullet_list_open", "ordered_list_open"})
_LIST_CLOSE = frozenset({"bullet_list_close", "ordered_list_close"})


# A side said by a heading in another language: "Должен срабатывать" / "Не должен
# срабатывать", 应触发 / 不应触发, "Debe activarse" / "No debe activarse", ...
_HEADING_STAYS = re.compile(
    r"(?i)^(?:не\s+(?:должен|должна|должно|должны)\s+сраб\w*|не\s+сраб\w*|"
    r"(?:不应该?|不應該?|不该|不該|不需要|无需|無需)(?:被)?(?:触发|觸發|激活|调用|調用)|不(?:触发|觸發)|"
    r"no\s+debe\s+(?:activarse|dispararse)|ne\s+doit\s+pas\s+(?:se\s+)?déclencher|"
    r"soll(?:te)?\s+nicht\s+(?:auslösen|triggern|aktivieren)|não\s+deve\s+(?:ser\s+)?(?:acionad|ativad)\w*|"
    r"発動(?:すべきでない|しない))")
_HEADING_FIRES = re.compile(
    r"(?i)^(?:(?:должен|должна|должно|должны)\s+сраб\w*|"
    r"(?:应该?|應該?|需要|必须|必須)(?:被)?(?:触发|觸發|激活|调用|調用)|"
    r"debe\s+(?:activarse|dispararse)|doit\s+(?:se\s+)?déclencher|"
    r"soll(?:te)?\s+(?:auslösen|triggern|aktivieren)|deve\s+(?:ser\s+)?(?:acionad|ativad)\w*|"
    r"発動すべき|発動する)")


def _heading_side(tokens: list[Token], index: int) -> bool | None:
    """The side a heading says, whole ("Should Trigger", "Should NOT trigger (3)", "Должен
    срабатывать", 不应触发), or None."""
    inline = tokens[index + 1] if index + 1 < len(tokens) else None
    text = inline.content.strip().strip("*_:：").strip() if inline is not None else ""
    if _HEADING_STAYS.match(text):
        return False
    if _HEADING_FIRES.match(text):
        return True
    if not text or len(text.split()) > 6 or not _MODAL.search(text):
        # a sentence opening like a side is prose, and a title ("Trigger Tests") says none
        return None
    return table_side(text)


def table_queries(text: str) -> list[dict[str, Any]]:
    """The queries of a Markdown file's trigger tables: `{prompt, should_trigger, note}`, and
    `skill` under a heading naming one skill. Empty when no table is one."""
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    found: list[dict[str, Any]] = []
    # the skill of each heading level open: a sub-heading under `## \`alpha\`` keeps alpha;
    # and the side each says ("## Should Not Trigger"), which its lists' items take
    skills: dict[int, str | None] = {}
    sides: dict[int, bool | None] = {}
    lists = 0  # how deep in lists: only a top-level item is a query (a nested one its note)
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open":
            level = int(token.tag[1:])
            skills = {k: v for k, v in skills.items() if k < level}
            skills[level] = _heading_skill(tokens, index)
            sides = {k: v for k, v in sides.items() if k < level}
            sides[level] = _heading_side(tokens, index)
        skill = next((v for _, v in sorted(skills.items(), reverse=True) if v), None)
        lists += token.type in _LIST_OPEN
        lists -= token.type in _LIST_CLOSE
        # the nearest heading that says a side (a sub-heading, "### Direct requests", keeps
        # its parent's; a title says none: _heading_side)
        said = next((v for _, v in sorted(sides.items(), reverse=True) if v is not None), None)
        if token.type == "inline" and lists == 1 and said is not None and index >= 2 \
                and tokens[index - 2].type == "list_item_open":
            prompt = item_prompt(cell_text(token))
            if prompt:
                item: dict[str, Any] = {"prompt": prompt, "should_trigger": said}
                found.append({**item, "skill": skill} if skill else item)
        if token.type != "table_open":
            index += 1
            continue
        rows, index = table_rows(tokens, index)
        if len(rows) < 2:
            continue
        header = rows[0]
        prompt_at = next((i for i, h in enumerate(header) if PROMPT_HEADERS.match(h)), None)
        if prompt_at is None:
            continue
        # the column whose every cell reads as a side ("Expected route" beside "Should
        # trigger?": the second); none, and the table is of anything else ("Expected recipe")
        read: list[tuple[list[str], bool | None]] = []
        side_at = 0
        for side_at in (i for i, h in enumerate(header) if i != prompt_at
                        and _SIDE_HEADERS.search(h)):
            read = [(row, table_side(row[side_at])) for row in rows[1:]
                    if len(row) > max(prompt_at, side_at) and unquoted_cell(row[prompt_at])]
            if read and all(fires is not None for _, fires in read):
                break
            routes = _routes(rows[1:], prompt_at, side_at)
            if routes:  # a routing table: each prompt with the skill it should reach
                found += routes
                break
        else:
            # no column says a side: a table of prompts under a heading that does ("## Should
            # trigger" over `| phrasing | note |`) holds that side's queries, its other cells
            # the author's note (a column named for a side, some cell unread, is no such table)
            if said is not None and not any(_SIDE_HEADERS.search(h) for n, h in
                                            enumerate(header) if n != prompt_at):
                found += [{"prompt": unquoted_cell(row[prompt_at]), "should_trigger": said,
                           "note": " ".join(c for n, c in enumerate(row) if n != prompt_at),
                           **({"skill": skill} if skill else {})}
                          for row in rows[1:] if len(row) > prompt_at
                          and unquoted_cell(row[prompt_at])]
            continue
        if read and not all(fires is not None for _, fires in read):
            continue
        for row, fires in read:
            query: dict[str, Any] = {"prompt": unquoted_cell(row[prompt_at]),
                                     "should_trigger": fires, "note": row[side_at]}
            found.append({**query, "skill": skill} if skill else query)
    return found


def _routes(rows: list[list[str]], prompt_at: int, side_at: int) -> list[dict[str, Any]]:
    """A routing table's rows as queries naming their skill (a row `| S1 | <prompt> |
    <skill in backticks> |`): every expected cell one skill's name in backticks; else []."""
    said = [(row, _ROUTE_CELL.match(row[side_at].strip())) for row in rows
            if len(row) > max(prompt_at, side_at) and unquoted_cell(row[prompt_at])]
    if not said or any(m is None or _NOT_A_SKILL.search(m.group(1))
                       or side(m.group(1)) is not None for _, m in said):
        return []
    return [{"prompt": unquoted_cell(row[prompt_at]), "expected_skill": m.group(1)}
            for row, m in said if m is not None]

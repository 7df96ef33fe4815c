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

from runner.authoring.sides import side

SUFFIXES = (".md", ".markdown")
_PROMPT_HEADERS = re.compile(r"(?i)^(?:user\s+)?(?:prompt|query|input|request|message|"
                             r"utterance|question|task|phrase)s?\b")
_SIDE_HEADERS = re.compile(r"(?i)\b(?:expected|expect|should|trigger|triggers|fires?|loads?|"
                           r"activates?|result|outcome|verdict)\b|期望|预期|預期|期待|结果|結果")
# A routing table's expected cell: the one skill the prompt should reach, in backticks.
_ROUTE_CELL = re.compile(r"^`([a-z0-9][a-z0-9_:-]*)`$", re.IGNORECASE)
# The expected cell's opening words: the side; what follows is the author's reason. A
# modal alone says nothing: the verb after it does ("Should load" fires, "Should stay out",
# "Must be ignored" do not).
_STAYS_OUT = re.compile(r"(?i)^(?:(?:must|should|does|do|will|would|wo)\s*n[o'’]t|"
                        r"(?:must|should)\s+(?:not|never)|not\b|no\b|nope\b|never\b|none\b|"
                        r"skip|false\b|"
                        r"stays?\s+out|no[- ]trigger|❌|✗|✘|⛔|🚫|(?:must|should)\s+(?:stay\s+out|"
                        r"be\s+(?:ignored|skipped)|skip|route|defer|go\s+to|hand\s+off))")
_FIRES = re.compile(r"(?i)^(?:(?:must|should)\s+(?:be\s+)?(?:load|fire|trigger|activate|invoke|"
                    r"use|run)\w*|must\s*$|should\s*$|yes\b|true\b|loads?\b|loaded\b|fires?\b|"
                    r"fired\b|triggers?\b|triggered\b|activates?\b|activated\b|invokes?\b|✅|✓|✔|☑)")
# a skill's name in a heading's code span (`worklog`, `pdf-maker`), never a flag or a file
_NAMED_SKILL = re.compile(r"`([a-z0-9][a-z0-9_:-]*)`", re.IGNORECASE)
_NOT_A_SKILL = re.compile(r"\.(?:md|py|json|ya?ml|txt|sh|js|ts)$", re.IGNORECASE)
_QUOTES = "\"'“”‘’«»`"


def is_table_file(path: Path) -> bool:
    """A Markdown file named for triggers, or in a folder named so (`skill-triggering/
    cases.md`)."""
    return path.suffix.lower() in SUFFIXES and (
        "trigger" in path.name.lower() or "trigger" in path.parent.name.lower())


def table_side(cell: str) -> bool | None:
    """Whether an expected cell says the skill fires (True), stays out (False), or neither."""
    text = cell.strip().lstrip("*_ ").strip()
    if _STAYS_OUT.match(text):
        return False
    if _FIRES.match(text):
        return True
    return None


def _unquoted(cell: str) -> str:
    text = cell.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] in _QUOTES:
        return text[1:-1].strip()
    return text


def _rows(tokens: list[Token], start: int) -> tuple[list[list[str]], int]:
    """The table opening at `start`: its rows of cell texts (the header first), and the index
    after it."""
    rows: list[list[str]] = []
    index = start + 1
    while index < len(tokens) and tokens[index].type != "table_close":
        token = tokens[index]
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline" and rows:
            rows[-1].append(_cell_text(token))
        index += 1
    return rows, index + 1


def _cell_text(token: Token) -> str:
    """A cell's text as written: a code span keeps its backticks (the prompt may be one)."""
    parts = []
    for child in token.children or []:
        if child.type == "code_inline":
            parts.append(f"`{child.content}`")
        elif child.type == "softbreak":
            parts.append(" ")
        else:  # text, and inline HTML written in a prompt ("Convert <div> to JSX")
            parts.append(child.content)
    return "".join(parts).strip()


def _heading_skill(tokens: list[Token], index: int) -> str | None:
    """The one skill the heading at `index` names in backticks, if it names exactly one: a
    name, never a flag (`--dry-run`) or a file (`SKILL.md`)."""
    inline = tokens[index + 1] if index + 1 < len(tokens) else None
    named = [n for n in _NAMED_SKILL.findall(inline.content) if not _NOT_A_SKILL.search(n)] \
        if inline is not None else []
    return named[0] if len(set(named)) == 1 else None


_MODAL = re.compile(r"(?i)\b(?:should|must|shall|does|do|don['’]?t|not|never|won['’]?t)\b")
_CLOSING = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`", "「": "」"}
_LIST_OPEN = frozenset({"bullet_list_open", "ordered_list_open"})
_LIST_CLOSE = frozenset({"bullet_list_close", "ordered_list_close"})


def _heading_side(tokens: list[Token], index: int) -> bool | None:
    """The side a heading says, whole ("Should Trigger", "Should NOT trigger (3)"), or None."""
    inline = tokens[index + 1] if index + 1 < len(tokens) else None
    text = inline.content.strip().strip("*_:：").strip() if inline is not None else ""
    if not text or len(text.split()) > 6 or not _MODAL.search(text):
        # a sentence opening like a side is prose, and a title ("Trigger Tests") says none
        return None
    return table_side(text)


def _item_prompt(text: str) -> str:
    """A list item's query: a quoted prompt without the note after it ("'...' — why")."""
    text = text.strip()
    closing = _CLOSING.get(text[:1])
    if closing is not None:
        # the first closing quote that ends the prompt: the text's end, or a note after it
        # (an apostrophe inside a word, "Don't", is no close)
        close = next((i for i in range(2, len(text)) if text[i] == closing and (
            i == len(text) - 1 or text[i + 1] in " \t-—–:：(（,;")), 0)
        if close:
            return text[1:close].strip()
        if len(text) == 2 and text[1] == closing:
            return ""  # an empty quote: no query
    return text


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
            prompt = _item_prompt(_cell_text(token))
            if prompt:
                item: dict[str, Any] = {"prompt": prompt, "should_trigger": said}
                found.append({**item, "skill": skill} if skill else item)
        if token.type != "table_open":
            index += 1
            continue
        rows, index = _rows(tokens, index)
        if len(rows) < 2:
            continue
        header = rows[0]
        prompt_at = next((i for i, h in enumerate(header) if _PROMPT_HEADERS.match(h)), None)
        if prompt_at is None:
            continue
        # the column whose every cell reads as a side ("Expected route" beside "Should
        # trigger?": the second); none, and the table is of anything else ("Expected recipe")
        read: list[tuple[list[str], bool | None]] = []
        side_at = 0
        for side_at in (i for i, h in enumerate(header) if i != prompt_at
                        and _SIDE_HEADERS.search(h)):
            read = [(row, table_side(row[side_at])) for row in rows[1:]
                    if len(row) > max(prompt_at, side_at) and _unquoted(row[prompt_at])]
            if read and all(fires is not None for _, fires in read):
                break
            routes = _routes(rows[1:], prompt_at, side_at)
            if routes:  # a routing table: each prompt with the skill it should reach
                found += routes
                break
        else:
            continue
        if read and not all(fires is not None for _, fires in read):
            continue
        for row, fires in read:
            query: dict[str, Any] = {"prompt": _unquoted(row[prompt_at]),
                                     "should_trigger": fires, "note": row[side_at]}
            found.append({**query, "skill": skill} if skill else query)
    return found


def _routes(rows: list[list[str]], prompt_at: int, side_at: int) -> list[dict[str, Any]]:
    """A routing table's rows as queries naming their skill (a row `| S1 | <prompt> |
    <skill in backticks> |`): every expected cell one skill's name in backticks; else []."""
    said = [(row, _ROUTE_CELL.match(row[side_at].strip())) for row in rows
            if len(row) > max(prompt_at, side_at) and _unquoted(row[prompt_at])]
    if not said or any(m is None or _NOT_A_SKILL.search(m.group(1))
                       or side(m.group(1)) is not None for _, m in said):
        return []
    return [{"prompt": _unquoted(row[prompt_at]), "expected_skill": m.group(1)}
            for row, m in said if m is not None]

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
queries: a file with none is no trigger file. Parsed with markdown-it-py (CommonMark and GFM
tables, the parser `rich` ships with), not by splitting lines on `|`: escaped pipes, code
spans and alignment rows are the parser's to know.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from markdown_it import MarkdownIt
from markdown_it.token import Token

SUFFIXES = (".md", ".markdown")
_PROMPT_HEADERS = re.compile(r"(?i)^(?:user\s+)?(?:prompt|query|input|request|message|"
                             r"utterance|question|task|phrase)s?\b")
_SIDE_HEADERS = re.compile(r"(?i)\b(?:expected|expect|should|trigger|triggers|fires?|loads?|"
                           r"activates?|result|outcome|verdict)\b")
# The expected cell's opening words: the side; what follows is the author's reason.
_STAYS_OUT = re.compile(r"(?i)^(?:must\s*n[o']t|should\s*n[o']t|must\s+not|should\s+not|"
                        r"does\s*n[o']t|do\s*n[o']t|doesn't|not\b|no\b|never\b|none\b|skip|"
                        r"false\b|stays?\s+out|no[- ]trigger|❌|✗|✘|⛔|🚫)")
_FIRES = re.compile(r"(?i)^(?:must\b|should\b|yes\b|true\b|loads?\b|fires?\b|triggers?\b|"
                    r"activates?\b|invokes?\b|✅|✓|✔|☑)")
_NAMED_SKILL = re.compile(r"`([\w.:-]+)`")
_QUOTES = "\"'“”‘’«»`"


def is_table_file(path: Path) -> bool:
    """A Markdown file named for triggers."""
    return path.suffix.lower() in SUFFIXES and "trigger" in path.name.lower()


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
        elif child.type in ("text", "softbreak"):
            parts.append(child.content or " ")
    return "".join(parts).strip()


def _heading_skill(tokens: list[Token], index: int) -> str | None:
    """The one skill the heading at `index` names in backticks, if it names exactly one."""
    inline = tokens[index + 1] if index + 1 < len(tokens) else None
    named = _NAMED_SKILL.findall(inline.content) if inline is not None else []
    return named[0] if len(set(named)) == 1 else None


def table_queries(text: str) -> list[dict[str, Any]]:
    """The queries of a Markdown file's trigger tables: `{prompt, should_trigger, note}`, and
    `skill` under a heading naming one skill. Empty when no table is one."""
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    found: list[dict[str, Any]] = []
    skill: str | None = None
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token.type == "heading_open":
            skill = _heading_skill(tokens, index)
        if token.type != "table_open":
            index += 1
            continue
        rows, index = _rows(tokens, index)
        if len(rows) < 2:
            continue
        header = rows[0]
        prompt_at = next((i for i, h in enumerate(header) if _PROMPT_HEADERS.match(h)), None)
        side_at = next((i for i, h in enumerate(header) if i != prompt_at
                        and _SIDE_HEADERS.search(h)), None)
        if prompt_at is None or side_at is None:
            continue
        read = [(row, table_side(row[side_at])) for row in rows[1:]
                if len(row) > max(prompt_at, side_at) and _unquoted(row[prompt_at])]
        if not read or any(fires is None for _, fires in read):
            continue  # a column of anything but sides ("Expected recipe"): no trigger table
        for row, fires in read:
            query: dict[str, Any] = {"prompt": _unquoted(row[prompt_at]),
                                     "should_trigger": fires, "note": row[side_at]}
            found.append({**query, "skill": skill} if skill else query)
    return found

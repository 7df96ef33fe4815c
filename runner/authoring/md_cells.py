"""The cells of Markdown tables and lists, as the readers of tables of cases
(runner.authoring.md_tables) and of trigger queries (runner.triggers.tables) both read them:
each table's rows of cell texts, a prompt column's header, a quoted prompt without its note,
and an expected cell's side (the skill loads or stays out). Parsed with markdown-it-py
(CommonMark and GFM tables, the parser `rich` ships with), not by splitting lines on `|`."""

from __future__ import annotations

import re

from markdown_it import MarkdownIt
from markdown_it.token import Token

# (in other languages too: формулировка, запрос; 提示词, 用户输入, 说法; consulta, frase)
PROMPT_HEADERS = re.compile(r"(?i)^(?:user\s+)?(?:prompt|query|input|request|message|"
                            r"utterance|question|task|phrase|phrasing|wording)s?\b"
                            r"|^(?:формулировк|запрос|фраз|реплик|сообщени)\w*"
                            r"|^(?:用户|用戶)(?:提示词|提示|输入|輸入|说法|說法|问题|問題|请求|請求|指令|原话|原話)"
                            r"|^(?:提示词|提示詞|输入|輸入|说法|說法|原话|原話)"
                            r"|^(?:consulta|pregunta|frase|petición|requête|demande|anfrage|"
                            r"eingabe|pergunta|pedido)s?\b")
# The expected cell's opening words: the side; what follows is the author's reason. A
# modal alone says nothing: the verb after it does ("Should load" fires, "Should stay out",
# "Must be ignored" do not).
STAYS_OUT = re.compile(r"(?i)^(?:(?:must|should|does|do|will|would|wo)\s*n[o'’]t|"
                       r"(?:must|should)\s+(?:not|never)|not\b|no\b|nope\b|never\b|none\b|"
                       r"skip|false\b|"
                       r"stays?\s+out|no[- ]trigger|❌|✗|✘|⛔|🚫|(?:must|should)\s+(?:stay\s+out|"
                       r"be\s+(?:ignored|skipped)|skip|route|defer|go\s+to|hand\s+off))")
FIRES_CELL = re.compile(r"(?i)^(?:(?:must|should)\s+(?:be\s+)?(?:load|fire|trigger|activate|invoke|"
                        r"use|run)\w*|must\s*$|should\s*$|yes\b|true\b|loads?\b|loaded\b|fires?\b|"
                        r"fired\b|triggers?\b|triggered\b|activates?\b|activated\b|invokes?\b|✅|✓|✔|☑)")
_QUOTES = "\"'“”‘’«»`"
_CLOSING = {'"': '"', "'": "'", "“": "”", "‘": "’", "«": "»", "`": "`", "「": "」"}


# a cell of one word yes or no, in other languages ("是" / "否", "да" / "нет")
_YES_WORD = re.compile(r"(?i)^(?:是|是的|会|會|触发|觸發)|^(?:да|sí|si|oui|ja|sim)(?![\w])")
_NO_WORD = re.compile(r"(?i)^(?:否|不|不会|不會|不触发|不觸發|нет|no|non|nein|não)(?![\w])")


def table_side(cell: str) -> bool | None:
    """Whether an expected cell says the skill fires (True), stays out (False), or neither."""
    text = cell.strip().lstrip("*_ ").strip()
    if _NO_WORD.match(text):
        return False
    if _YES_WORD.match(text):
        return True
    if STAYS_OUT.match(text):
        return False
    if FIRES_CELL.match(text):
        return True
    return None


def unquoted_cell(cell: str) -> str:
    """A cell's text without the quotes around it, when it is quoted whole."""
    text = cell.strip()
    if len(text) >= 2 and text[0] in _QUOTES and text[-1] in _QUOTES:
        return text[1:-1].strip()
    return text


def table_rows(tokens: list[Token], start: int) -> tuple[list[list[str]], int]:
    """The table opening at `start`: its rows of cell texts (the header first), and the index
    after it."""
    rows: list[list[str]] = []
    index = start + 1
    while index < len(tokens) and tokens[index].type != "table_close":
        token = tokens[index]
        if token.type == "tr_open":
            rows.append([])
        elif token.type == "inline" and rows:
            rows[-1].append(cell_text(token))
        index += 1
    return rows, index + 1


def cell_text(token: Token) -> str:
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


def item_prompt(text: str) -> str:
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


def markdown_tables(text: str) -> list[list[list[str]]]:
    """Every table of a Markdown text of two rows or more, as rows of cell texts (the header
    first)."""
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    found: list[list[list[str]]] = []
    index = 0
    while index < len(tokens):
        if tokens[index].type != "table_open":
            index += 1
            continue
        rows, index = table_rows(tokens, index)
        if len(rows) >= 2:
            found.append(rows)
    return found

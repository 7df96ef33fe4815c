"""A Markdown table of cases (issue 26, "every layout"): a set file whose table has a prompt
column and a column of what the work should do, each row one case:

    | # | Prompt | Expected behavior | Desk-check |
    |---|--------|-------------------|------------|
    | 1 | "Build me a pushShipment call for UPS." | Produces JSON with `apiKey` ... | ✅ ... |

The prompt cell is the request (a quoted prompt without the note after it: `"Reformat this
file" (on qapla_client.py)`); the expected cell is one statement for the grader, less a clause
saying whether the skill loads ("Triggers skill; produces JSON ...": a trigger expectation,
`should_trigger`; a row whose skill must not load keeps the cell as its note); an id column
(`#`, `id`, `case`) names the case; every other column is the author's note, kept with the
case and never graded. A table whose expected cells only say whether the skill loads is a
trigger table (runner.triggers.tables), never this. Parsed with markdown-it-py, as the
trigger tables are.
"""

from __future__ import annotations

import re
from typing import Any

from runner.authoring.md_cells import PROMPT_HEADERS, item_prompt, markdown_tables, table_side

# A column of what the work should do: its expected behaviour, result or pass criteria.
_EXPECTED_HEADERS = re.compile(
    r"(?i)^(?:expected|expect|expectations?|pass(?:\s+(?:criteria|if|when))?|success|"
    r"criteria|acceptance|should|must|desired|correct|ideal|good)\b|期望|预期|預期|通过|通過|"
    r"验收|判定|标准|標準")
_ID_HEADERS = re.compile(r"(?i)^(?:#|no\.?|id|case|case\s+id|n|编号|序号)$")
# A clause of the expected cell saying whether the skill loads ("Triggers skill", "skill
# must NOT trigger"): a trigger expectation, never behaviour for the grader. A bare "No" is
# no such clause: it answers the prompt's question.
_FIRES = re.compile(r"(?i)^(?:(?:the\s+)?(?:skill\s+)?(?:(?:must|should|will)\s+)?"
                    r"(?:triggers?|fires?|loads?|activates?)(?:\s+(?:the\s+)?skill)?"
                    r"|(?:the\s+)?skill\s+(?:is\s+)?(?:triggered|loaded|activated))$")
_STAYS = re.compile(r"(?i)^(?:(?:the\s+)?(?:skill\s+)?(?:must|should|does|do|will)\s*(?:not|n't)\s+"
                    r"(?:be\s+)?(?:trigger|fire|load|activate|invoke)\w*(?:\s+(?:the\s+)?skill)?"
                    r"|no[-\s]trigger|(?:the\s+)?skill\s+is\s+not\s+(?:triggered|loaded|"
                    r"activated|invoked))$")
# (a sentence ends before a capital: "e.g. with" goes on)
_CLAUSE_END = re.compile(r"\s*(?:;|\s[—–]\s|\.\s+(?=[A-Z])|\.$)\s*")


def _firing(cell: str) -> tuple[bool | None, str]:
    """Whether the expected cell says the skill loads (a clause of its own), and the cell
    without that clause; for a row that must not load it, no behaviour is left (the rest is
    the author's reason)."""
    plain = cell.replace("**", "").replace("__", "")
    clauses = [c for c in _CLAUSE_END.split(plain) if c.strip()]
    for clause in clauses:
        words = clause.strip().rstrip(".!")
        if _STAYS.match(words):
            return False, ""
        if _FIRES.match(words):
            rest = [c.strip() for c in clauses if c is not clause]
            return True, "; ".join(rest)
    return None, cell.strip()


def table_cases(text: str) -> list[dict[str, Any]] | None:
    """The cases of the text's tables of cases, or None when it holds none."""
    cases: list[dict[str, Any]] = []
    for rows in markdown_tables(text):
        header = rows[0]
        prompt_at = next((i for i, h in enumerate(header) if PROMPT_HEADERS.match(h)), None)
        expected_at = next((i for i, h in enumerate(header)
                            if i != prompt_at and _EXPECTED_HEADERS.search(h)), None)
        if prompt_at is None or expected_at is None:
            continue
        # (a row with no expected cell stays a case: said as one with nothing to grade)
        body = [row for row in rows[1:] if len(row) == len(header) and item_prompt(
            row[prompt_at])]
        # (cells that only say whether the skill loads: a trigger table's)
        if not body or all(table_side(row[expected_at]) is not None for row in body
                           if row[expected_at].strip()):
            continue
        id_at = next((i for i, h in enumerate(header) if _ID_HEADERS.match(h.strip())), None)
        for n, row in enumerate(body, len(cases) + 1):
            notes = [f"{header[i]}: {cell}" for i, cell in enumerate(row)
                     if i not in (prompt_at, expected_at, id_at) and cell.strip()]
            prompt = item_prompt(row[prompt_at])
            if len(prompt) + 2 < len(row[prompt_at].strip()):  # a note after the quote
                notes.insert(0, f"{header[prompt_at]}: {row[prompt_at].strip()}")
            fires, expected = _firing(row[expected_at])
            case: dict[str, Any] = {
                "id": row[id_at].strip() if id_at is not None and row[id_at].strip()
                else f"case-{n}",
                "prompt": prompt}
            if expected:
                case["expectations"] = [expected]
            if fires is not None:
                case["should_trigger"] = fires
            if fires is False:
                notes.insert(0, f"{header[expected_at]}: {row[expected_at].strip()}")
            if notes:
                case["notes"] = "; ".join(notes)
            cases.append(case)
    ids = [c["id"] for c in cases]
    if len(set(ids)) < len(ids):  # two tables numbered alike: numbered in order instead
        for n, case in enumerate(cases, 1):
            case["id"] = f"case-{n}"
    return cases or None

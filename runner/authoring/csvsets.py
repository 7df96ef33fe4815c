"""CSV case sets (docs/case-sets.md#csv-sets): a header row, then one case per row.

Each column is read by its header, compared without case, spaces, hyphens or camelCase
(`Expected Output`, `expected-output` and `expectedOutput` are one name):

- the prompt: `prompt`, else `input`, `query`, `question`, ... (the first present, in
  PROMPT_COLUMNS' order);
- the expected output (what the judge and grader compare with): `expected_output`,
  `expected`, `expected_response`, `ideal`, `reference`, `answer`, ...;
- checks (substring, regex or statement, by the plain-string rule): `assertions`, `checks`,
  `asserts`; statements for the grader: `expectations`, `criteria`, `rubric_items`, ...;
- every other column a case of a JSON set may carry under that name (`id`, `name`, `files`,
  `skill`, `should_trigger`, `must_include`, `tags`, ...) keeps its name and is read as the
  JSON reader reads it.

A list-valued cell (checks, statements, files) holds one item per line, or a JSON list.
An empty cell is no value. A row without an `id` (or `name`) is `row-N`, N its line in the
file. A column no rule reads is ignored and reported with how many
cells held something; nothing is dropped without a line (EV012).
"""

from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from runner.authoring.dialects import (
    CASE_ALIASES,
    CONSUMED_FIELDS,
    DEPENDENCY_FIELDS,
    EXPECT_ALIASES,
    FAIL_ALIASES,
    GRADING_FIELDS,
    LIST_FIELDS,
    PROMPT_ALIASES,
    TRIGGER_FLAGS,
)
from runner.errors import CaseSetError

PROMPT_COLUMNS = ("prompt", "input", "query", "question", "user_input", "user_prompt",
                  "request", "instruction", "task", "message", "user_message", "prompt_text",
                  "input_text")
EXPECTED_COLUMNS = ("expected_output", "expected", "expected_response", "expected_answer",
                    "expected_result", "ideal", "ideal_response", "ideal_answer", "reference",
                    "reference_answer", "answer", "golden", "golden_answer", "ground_truth",
                    "target_output")
ASSERTION_COLUMNS = ("assertions", "assertion", "checks", "check", "asserts", "assert")
STATEMENT_COLUMNS = ("expectations", "expectation", "criteria", "criterion", "rubric_items",
                     "success_criteria", "pass_criteria", "expected_behavior",
                     "expected_behaviors")
# Columns a JSON case carries under the same name: kept as they are for the case reader.
KEPT = frozenset({"id", "name", "title", "skill", "skills", "target_skill", "skill_under_test",
                  "files", "outputs", "judge_program", "rubric", "notes", "tags", "description",
                  "category", *CASE_ALIASES, *PROMPT_ALIASES, *EXPECT_ALIASES, *FAIL_ALIASES,
                  *GRADING_FIELDS, *CONSUMED_FIELDS, *LIST_FIELDS, *TRIGGER_FLAGS,
                  *DEPENDENCY_FIELDS})
_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")


def column_name(header: str) -> str:
    """A header as one name: `Expected Output`, `expected-output`, `expectedOutput` ->
    `expected_output`."""
    return re.sub(r"[\s\-]+", "_", _CAMEL.sub("_", header.strip())).lower().strip("_")


@dataclass(frozen=True)
class CsvSet:
    """The set's cases as the JSON reader takes them, and what each column became."""

    cases: list[dict[str, Any]]
    mapped: dict[str, str]  # header -> the field it was read as
    ignored: dict[str, int] = field(default_factory=dict)  # header -> cells holding something
    unnamed: int = 0  # rows without an id or name: named `row-N` by their line

    def lines(self) -> list[tuple[str, str]]:
        """(message, fix) per EV012 line: the columns mapped, then those ignored."""
        out = []
        renamed = {h: f for h, f in self.mapped.items() if column_name(h) != f}
        if renamed:
            out.append((f"CSV columns read as case fields: "
                        f"{', '.join(f'{h!r} -> {f}' for h, f in renamed.items())}",
                        "nothing to do, or rename the column to the field it is"))
        if self.unnamed:
            out.append((f"{self.unnamed} row(s) without an id or name are named by their line "
                        "in the file (row-2 is the first row under the header)",
                        "add an id column to keep names stable when rows move"))
        if self.ignored:
            counted = ", ".join(f"{h!r} ({n} cell(s))" for h, n in self.ignored.items())
            out.append((f"CSV columns ignored (no rule reads them; kept in the file, not "
                        f"graded): {counted}",
                        "rename a column that grades the work to assertions, expectations or "
                        "expected_output; delete one that does not"))
        return out


def _roles(headers: list[str]) -> dict[str, str]:
    """Each header -> the field it is read as; headers no rule reads are left out."""
    names = {h: column_name(h) for h in headers}
    roles: dict[str, str] = {}
    for target, choices in (("prompt", PROMPT_COLUMNS), ("expected_output", EXPECTED_COLUMNS)):
        present = [h for c in choices for h in headers if names[h] == c]
        if present:
            roles[present[0]] = target
    for header in headers:
        if header in roles:
            continue
        name = names[header]
        if name in ASSERTION_COLUMNS:
            roles[header] = "assertions"
        elif name in STATEMENT_COLUMNS:
            roles[header] = "expectations"
        elif name in KEPT and name not in PROMPT_COLUMNS and name not in EXPECTED_COLUMNS:
            roles[header] = name
    return roles


_BOOLEANS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def _cell(value: str, target: str) -> Any:
    """A list field's cell: a JSON list, else one item per line; a flag's `true`/`no` a
    boolean, as JSON writes it; other fields as written."""
    if target in TRIGGER_FLAGS and value.lower() in _BOOLEANS:
        return _BOOLEANS[value.lower()]
    if target not in LIST_FIELDS:
        return value
    if value.startswith("["):
        try:
            items = json.loads(value)
        except json.JSONDecodeError:
            items = None
        if isinstance(items, list):
            return items
    return [line.strip() for line in value.splitlines() if line.strip()]


def read_csv_set(path: Path) -> CsvSet:
    """The CSV set at `path` (refused: no header, no prompt column, no row)."""
    shown = str(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (UnicodeDecodeError, OSError) as exc:
        raise CaseSetError(shown, f"cannot be read: {exc}") from exc
    first = text.split("\n", 1)[0]
    # The header names the columns, so the delimiter it uses most is the file's.
    delimiter = max(",;\t", key=first.count) if first else ","
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    except csv.Error as exc:
        raise CaseSetError(shown, f"not valid CSV: {exc}") from exc
    if not rows or not any(h.strip() for h in rows[0]):
        raise CaseSetError(shown, "a CSV set needs a header row naming its columns (prompt, "
                                  "expected_output, assertions, ...)")
    headers = [h.strip() for h in rows[0]]
    roles = _roles(headers)
    if "prompt" not in roles.values():
        raise CaseSetError(shown, f"no prompt column among {headers}: name the column that "
                                  f"holds what the user asks `prompt` (or one of "
                                  f"{', '.join(PROMPT_COLUMNS[1:5])})")
    cases: list[dict[str, Any]] = []
    ignored: dict[str, int] = {h: 0 for h in headers if h and h not in roles}
    unnamed = 0
    for number, row in enumerate(rows[1:], 2):
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(headers):
            raise CaseSetError(shown, f"row {number} has {len(row)} cells for "
                                      f"{len(headers)} columns: quote a cell that holds the "
                                      "delimiter")
        case: dict[str, Any] = {}
        for header, value in zip(headers, row, strict=False):
            value = value.strip()
            if not value:
                continue
            if header in roles:
                case[roles[header]] = _cell(value, roles[header])
            elif header in ignored:
                ignored[header] += 1
        if "id" not in case and "name" not in case:
            case["id"] = f"row-{number}"  # the file's line: stable while rows are added below
            unnamed += 1
        cases.append(case)
    if not cases:
        raise CaseSetError(shown, "a header and no case: add one row per case")
    return CsvSet(cases, roles, ignored, unnamed)


def csv_findings(path: Path) -> list[tuple[str, str]]:
    """What the case-set check reports about a CSV set: (message, fix) per EV012 line."""
    return read_csv_set(path).lines() if path.suffix == ".csv" and path.is_file() else []

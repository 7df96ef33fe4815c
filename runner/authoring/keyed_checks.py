"""Checks kept in a file of their own beside the set, each entry keyed by the id of a case of
the set (`{"eval_id": "c1", "assertions": [...]}`) (issue 26, graded as the authors meant):
the authors split each case's prompt (the set) from its checks (this file), so the file holds
no cases, yet every check in it is one of those cases'. Its checks are merged into the case
they name (after the case's own), each read by the usual rules (`contains_any` one any-of
check, `contains_all` all of its texts, `contains_any_per_group` one any-of check per group,
`not_contains_any` none of its texts); the entry's other fields join the case when it has none
of that name, so the readers that know them grade or report them. An entry naming no case of
the set is reported, never merged elsewhere. A past run's grading keyed the same way (verdicts on
its checks, `passed: true`) is results, never checks.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict

from runner.authoring import safely
from runner.authoring.mdtasks import list_items
from runner.authoring.siblings import prompt_fields, read_data, recorded

# What names the case an entry belongs to, in the set and in the file.
ID_KEYS = ("eval_id", "case_id", "test_id", "id")
# Where an entry keeps its checks; merged under the case's own `assertions`.
CHECK_KEYS = ("assertions", "checks")
_MERGED_INTO = "assertions"


class KeyedFile(BaseModel):
    """One file of checks keyed by case ids: the entries by id, and the ids no case has."""

    model_config = ConfigDict(frozen=True, arbitrary_types_allowed=True)

    file: Path
    entries: dict[str, dict[str, Any]]
    strays: tuple[str, ...]

    def line(self) -> str:
        checks = sum(len(_checks(e)) for e in self.entries.values())
        stray = (f"; {len(self.strays)} entr(ies) name no case of the set, not graded: "
                 f"{', '.join(self.strays[:4])}") if self.strays else ""
        return (f"{self.file.name}: checks keyed by case id ({'/'.join(ID_KEYS[:2])}), "
                f"{checks} check(s) merged into {len(self.entries)} case(s) of the set, each "
                f"read as if written in the case's own assertions{stray}")


def _entry_id(entry: dict[str, Any]) -> str | None:
    found = next((entry[k] for k in ID_KEYS if isinstance(entry.get(k), (str, int))
                  and not isinstance(entry.get(k), bool)), None)
    return None if found is None else str(found)


def _checks(entry: dict[str, Any]) -> list[Any]:
    return next((entry[k] for k in CHECK_KEYS if isinstance(entry.get(k), list)), [])


def _entries(data: Any) -> list[dict[str, Any]] | None:
    """The file's list of keyed entries: the data itself, or the one list of objects it holds
    under some key; each an object with an id and a list of checks, and no prompt (an object
    with a prompt is a case, another rule's)."""
    lists = [data] if isinstance(data, list) else [
        v for v in data.values() if isinstance(v, list) and v
        and all(isinstance(e, dict) for e in v)] if isinstance(data, dict) else []
    if len(lists) != 1:
        return None
    entries = lists[0]
    # (a past run's grading, `{eval_id, assertions: [{text, passed: true}]}`, is no checks)
    if not entries or not all(isinstance(e, dict) and _entry_id(e) is not None and _checks(e)
                              and not prompt_fields(e) and not recorded(e) for e in entries):
        return None
    return list(entries)


def keyed_files(unread: tuple[tuple[Path, str], ...], items: list[Any]) -> list[KeyedFile]:
    """The data files not read as the set whose entries are keyed by its cases' ids: only
    those where some entry names a case (a file of ids no case has is someone else's)."""
    ids = {str(item[k]) for item in items if isinstance(item, dict)
           for k in ID_KEYS if isinstance(item.get(k), (str, int))}
    found: list[KeyedFile] = []
    for file, _ in unread:
        try:
            entries = _entries(read_data(file))
        except Exception:  # noqa: BLE001 - an unreadable file stays reported as it was
            continue
        if entries is None:
            continue
        by_id = {i: e for e in entries if (i := _entry_id(e)) is not None and i in ids}
        if by_id:
            found.append(KeyedFile(file=file, entries=by_id, strays=tuple(
                i for e in entries if (i := _entry_id(e)) is not None and i not in ids)))
    return found


def merged(items: list[Any], keyed: list[KeyedFile]) -> list[Any]:
    """The cases with the checks keyed to them appended to their assertions."""
    out: list[Any] = []
    for item in items:
        if not isinstance(item, dict):
            out.append(item)
            continue
        ids = {str(item[k]) for k in ID_KEYS if isinstance(item.get(k), (str, int))}
        case = dict(item)
        for one in keyed:
            entry = next((one.entries[i] for i in sorted(ids) if i in one.entries), None)
            if entry is None:
                continue
            own = case.get(_MERGED_INTO)
            case[_MERGED_INTO] = [*(own if isinstance(own, list) else
                                    [] if own is None else [own]), *_checks(entry)]
            for key, value in entry.items():
                if key not in ID_KEYS and key not in CHECK_KEYS and key not in case:
                    case[key] = value
        out.append(case)
    return out


# -- the same, written as a Markdown page -------------------------------------------------------
# `evals/assertions.md` with "## Eval 1：角色重做" then its bullets "- 断言 1：输出包含至少 3 套方
# 案", beside the `evals.json` whose case 1 that is: read only from a page whose name says it
# holds checks, and only when every heading naming a case (two at least) names one the set
# holds (a page whose headings number something else is no checks of these cases).
_PAGE = re.compile(r"(?i)assert|check|criteri|rubric|expect|grading|断言|斷言|标准|標準")
_HEAD = re.compile(r"(?im)^#{2,4}\s+(?:eval|case|test|scenario|用例|测试|測試|评测|評測)\s*#?\s*"
                   r"(?P<id>[A-Za-z0-9][\w-]*)")
_ANY_HEAD = re.compile(r"(?m)^#{1,6}\s")
# the author's numbering of the item ("断言 1：", "Assertion 2:"): no word of the check
_ITEM_LABEL = re.compile(r"(?i)^(?:断言|斷言|assert(?:ion)?|check|criterion|检查|檢查)\s*\d*\s*"
                         r"[:：]\s*")
_PAGE_MAX = 200_000


def keyed_pages(folder: Path, items: list[Any]) -> list[KeyedFile]:
    """The Markdown pages of the set's folder holding checks under headings that each name a
    case of the set by its id, as keyed files (each heading's bullets that case's checks)."""
    ids = {str(item[k]) for item in items if isinstance(item, dict)
           for k in ID_KEYS if isinstance(item.get(k), (str, int))}
    if not safely.is_dir(folder) or not ids:
        return []
    found: list[KeyedFile] = []
    for page in sorted(folder.glob("*.md")):
        if not _PAGE.search(page.stem) or not safely.is_file(page) or safely.is_symlink(page) \
                or page.stat().st_size > _PAGE_MAX:
            continue
        text = page.read_text(encoding="utf-8", errors="replace")
        heads = list(_HEAD.finditer(text))
        if len(heads) < 2 or any(h.group("id") not in ids for h in heads):
            continue
        entries: dict[str, dict[str, Any]] = {}
        for n, head in enumerate(heads):
            end = heads[n + 1].start() if n + 1 < len(heads) else len(text)
            line_end = text.find("\n", head.end(), end)
            body = _ANY_HEAD.split(text[line_end + 1:end] if line_end >= 0 else "",
                                   maxsplit=1)[0]
            checks = [_ITEM_LABEL.sub("", item) for item in list_items(body.splitlines())]
            if checks:
                entry = entries.setdefault(head.group("id"), {"assertions": []})
                entry["assertions"].extend(checks)
        if entries:
            found.append(KeyedFile(file=page, entries=entries, strays=()))
    return found

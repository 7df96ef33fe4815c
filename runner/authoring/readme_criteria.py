"""Criteria for every case written in the set folder's README (issue 26, nothing in silence):
"A response passes only if it: 1. ... 2. ...", "每个回答至少应做到：1. ...", "Each answer should
...". Its authors' acceptance points for every answer, in prose beside the set: not graded
(whether each applies to a case is often a condition only a reader settles: "when the case
involves a canvas, ..."), and said with their count so none is passed over in silence.
"""

from __future__ import annotations

import re
from pathlib import Path

from runner.authoring import safely

# A line opening a list of what every answer must do, in the languages sets are written in.
_EVERY_ANSWER = re.compile(
    r"(?i)\b(?:(?:a|each|every|any|all)\s+(?:response|answer|reply|output|run)s?\s+(?:passes|"
    r"must|should|shall|needs?\s+to)|passes\s+only\s+if|acceptance\s+(?:criteria|points)|"
    r"pass(?:ing)?\s+criteria)\b"
    r"|每个(?:回答|回复|输出|用例)|每個(?:回答|回覆|輸出)|验收(?:要点|标准)|驗收(?:要點|標準)"
    r"|(?:すべての|各)(?:回答|応答)|합격\s*기준|모든\s*(?:답변|응답)")
_ITEM = re.compile(r"^\s*(?:\d{1,2}[.)、]|[-*+•])\s+\S")
_README = re.compile(r"(?i)^readme(?:\.[a-z]{1,4})?$")


def readme_criteria(set_folder: Path) -> tuple[Path, str, int] | None:
    """(the README, the line opening its list of criteria for every answer, how many items
    the list holds), or None."""
    if not safely.is_dir(set_folder):
        return None
    for path in sorted(p for p in set_folder.iterdir() if p.is_file() and _README.match(p.name)):
        try:
            lines = path.read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for n, line in enumerate(lines):
            if not _EVERY_ANSWER.search(line):
                continue
            items = 0
            for after in lines[n + 1:]:
                if _ITEM.match(after):
                    items += 1
                elif after.strip() and items:
                    break
                elif after.strip().startswith("#"):
                    break
            if items:
                return path, line.strip().strip("#").strip(), items
    return None

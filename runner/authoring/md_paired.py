"""A Markdown page of scenarios paired with a page of what passes (issue 26, "every layout"):
`evals/scenarios.md` holds the prompts, one section each (`## Scenario A — Deadline versus
verification`, the section's text the request), and a sibling page (`oracle.md`, a scorer-only
rubric kept from the agent) holds, under the same section keys (`## Scenario A`), the criteria
a run must meet. Each scenario is a case: its text the prompt, each item or paragraph of its key's
section a statement.

The pages are paired only by their section keys: the words before the title's dash or colon
("Scenario A", "Case 3"), two at least shared, and most of the scenarios' keys found in the
other page. A scenario whose key the other page lacks has nothing to grade and stays a case
the reader refuses on its own (EV008), said as any such case is.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

_SECTION = re.compile(r"^##\s+(?P<title>\S.*?)\s*#*\s*$", re.M)
# The key before a title's dash or colon: "Scenario A — Deadline ..." -> "scenario a".
_KEY_END = re.compile(r"\s+[\u2014\u2013-]\s+|\s*[:：]\s*")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+(.*)$")
_LABEL_ONLY = re.compile(r"\*\*[^*]+\*\*:?|[^.!?]{1,60}:")
_MIN_SHARED = 2
_MAX_KEY_WORDS = 4  # a key names a scenario; a longer title is a heading of prose


def _key(title: str) -> str | None:
    key = _KEY_END.split(title.strip().strip("*"), maxsplit=1)[0].strip().lower()
    return key if key and len(key.split()) <= _MAX_KEY_WORDS else None


def _sections(text: str) -> dict[str, tuple[str, str]]:
    """Each level-two section by its key: (title, body)."""
    heads = list(_SECTION.finditer(text))
    found: dict[str, tuple[str, str]] = {}
    for n, head in enumerate(heads):
        key = _key(head.group("title"))
        body = text[head.end():heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        if key is not None and key not in found:
            found[key] = (head.group("title").strip(), body.strip())
    return found


def _criteria(body: str) -> list[str]:
    """What a section of the other page holds, item by item: each list item (at any depth,
    its wrapped lines joined) and each paragraph; a subsection's heading and an item that only
    labels the ones below it (`1. **Explicit PR**`) are none."""
    items: list[str] = []
    open_item = False
    for line in body.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            open_item = False
            continue
        item = _ITEM.match(line)
        if item is not None:
            items.append(item.group(1).strip())
            open_item = True
        elif open_item:
            items[-1] += " " + line.strip()
        else:
            items.append(line.strip())
            open_item = True
    return [i for i in items if not _LABEL_ONLY.fullmatch(i)]


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def paired_cases(path: Path) -> list[dict[str, Any]] | None:
    """The scenarios of `path` with their criteria from a sibling page, or None when no
    sibling pairs with it (or `path` itself holds criteria rather than prompts)."""
    text = _read(path)
    if text is None:
        return None
    scenarios = _sections(text)
    if len(scenarios) < _MIN_SHARED or any(_ITEM.match(body.lstrip().split("\n", 1)[0])
                                           for _, body in scenarios.values()):
        return None  # sections opening with a list: criteria, not requests
    for sibling in sorted(path.parent.glob("*.md")):
        if sibling == path:
            continue
        other = _read(sibling)
        keyed = _sections(other) if other is not None else {}
        shared = [k for k in scenarios if k in keyed and _criteria(keyed[k][1])]
        if len(shared) < _MIN_SHARED or 2 * len(shared) < len(scenarios):
            continue
        return [{"id": re.sub(r"\W+", "-", key).strip("-"), "name": title, "prompt": body,
                 **({"expectations": _criteria(keyed[key][1])} if key in shared else {})}
                for key, (title, body) in scenarios.items() if body]
    return None

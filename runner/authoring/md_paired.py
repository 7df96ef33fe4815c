"""A Markdown page of scenarios paired with a page of what passes (issue 26, "every layout"):
`evals/scenarios.md` holds the prompts, one section each (`## Scenario A — Deadline versus
verification`, the section's text the request), and a sibling page named for criteria (a
scorer-only `oracle.md`, `rubric.md`, `criteria.md`, `expected.md`, `answers.md`, kept from the
agent) holds, under the same section keys (`## Scenario A`), what a run must meet. Each
scenario is a case: its text the prompt, each item or paragraph of its key's section a
statement; the items under a label of failing ("**Fail:**", "### Must not", "Red flags") what
the run avoids.

Only keys of a scenario's form pair the pages: a word for a case ("Scenario", "Case", "Test",
"Task", "Example", "Prompt") and its letter or number, before the title's dash or colon; two
shared at least, and most of the scenarios'. The criteria page is found by its name, never a
README, so the direction is never in doubt. A scenario with no text is a case with no prompt
(refused on its own, said).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from runner.authoring.fields import words

_SECTION = re.compile(r"^##\s+(?P<title>\S.*?)\s*#*\s*$", re.M)
# A scenario's key: "Scenario A — Deadline ..." -> "scenario a".
_KEY = re.compile(r"(?i)^\**\s*((?:scenario|case|test|task|example|prompt|eval)\s*[-#]?\s*"
                  r"[A-Za-z0-9]{1,3})\b(?:\s*(?:[\u2014\u2013:：-]|$))")
_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,2}[.)])\s+(.*)$")
_LABEL_ONLY = re.compile(r"\*\*[^*]+\*\*:?|[^.!?]{1,60}:")
# A label of failing, as a bold line or a subsection heading: the items under it are avoided.
_FAIL_LABEL = re.compile(r"(?i)^\s*(?:#{3,6}\s+|\*\*)?\s*(?:fail(?:s|ure|ures|ing)?|must\s+not|"
                         r"should\s+not|never|red\s+flags?|anti-?patterns?|avoid)\b[^\n]*$")
_NEUTRAL_LABEL = re.compile(r"^\s*(?:#{3,6}\s+\S|\*\*[^*]+\*\*:?\s*$)")
_CRITERIA_WORDS = frozenset({"oracle", "rubric", "rubrics", "criteria", "expected", "answers",
                             "answer", "grading", "scoring", "key"})
_MIN_SHARED = 2


def _key(title: str) -> str | None:
    found = _KEY.match(title.strip())
    return " ".join(found.group(1).lower().replace("#", " ").replace("-", " ").split()) \
        if found else None


def _sections(text: str) -> dict[str, tuple[str, str]]:
    """Each level-two section with a scenario's key: key -> (title, body)."""
    heads = list(_SECTION.finditer(text))
    found: dict[str, tuple[str, str]] = {}
    for n, head in enumerate(heads):
        key = _key(head.group("title"))
        body = text[head.end():heads[n + 1].start() if n + 1 < len(heads) else len(text)]
        if key is not None and key not in found:
            found[key] = (head.group("title").strip(), body.strip())
    return found


def _criteria(body: str) -> tuple[list[str], list[str]]:
    """What a section of the criteria page holds, item by item: (what passes, what the run
    avoids). Each list item (at any depth, its wrapped lines joined) and each paragraph is
    one; a heading or a bold line labels the items below it (a label of failing sends them to
    the avoided), and is none itself."""
    passes: list[str] = []
    avoids: list[str] = []
    into = passes
    open_item = False
    for line in body.splitlines():
        if _FAIL_LABEL.match(line):
            into, open_item = avoids, False
            continue
        if _NEUTRAL_LABEL.match(line):
            into, open_item = passes, False
            continue
        if not line.strip() or line.lstrip().startswith("#"):
            open_item = False
            continue
        item = _ITEM.match(line)
        if item is not None:
            into.append(item.group(1).strip())
            open_item = True
        elif open_item and into:
            into[-1] += " " + line.strip()
        else:
            into.append(line.strip())
            open_item = True
    return ([i for i in passes if not _LABEL_ONLY.fullmatch(i)],
            [i for i in avoids if not _LABEL_ONLY.fullmatch(i)])


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def _criteria_named(path: Path) -> bool:
    return bool(words(path.stem, camel=False) & _CRITERIA_WORDS)


def criteria_page(path: Path) -> Path | None:
    """The sibling page `path`'s scenarios are graded on, or None."""
    if _criteria_named(path):
        return None  # a page of criteria is never the set of prompts
    text = _read(path)
    scenarios = _sections(text) if text is not None else {}
    if len(scenarios) < _MIN_SHARED:
        return None
    for sibling in sorted(path.parent.glob("*.md")):
        if sibling == path or not _criteria_named(sibling):
            continue
        other = _read(sibling)
        keyed = _sections(other) if other is not None else {}
        shared = [k for k in scenarios if k in keyed and any(_criteria(keyed[k][1]))]
        if len(shared) >= _MIN_SHARED and 2 * len(shared) >= len(scenarios):
            return sibling
    return None


def paired_cases(path: Path) -> list[dict[str, Any]] | None:
    """The scenarios of `path` with their criteria from the sibling page (criteria_page), or
    None when no sibling pairs with it."""
    page = criteria_page(path)
    text = _read(path)
    other = _read(page) if page is not None else None
    if page is None or text is None or other is None:
        return None
    keyed = _sections(other)
    cases: list[dict[str, Any]] = []
    for key, (title, body) in _sections(text).items():
        passes, avoids = _criteria(keyed[key][1]) if key in keyed else ([], [])
        cases.append({"id": re.sub(r"\W+", "-", key).strip("-"), "name": title, "prompt": body,
                      **({"expectations": passes} if passes else {}),
                      **({"failure_modes": avoids} if avoids else {})})
    return cases

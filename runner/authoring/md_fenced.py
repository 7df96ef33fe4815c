"""A Markdown file of fenced case objects (issue 26, "every layout"): `cases.md` holding one
```yaml (or ```json) block per case, `{id, scenario, input_summary, expected_behavior,
failure_modes}`, between lines of prose. Each block is the object a JSON set would hold, so
the set's cases are those objects, read by the same readers as a JSON set's.

A file is such a set only when it sits in a set folder (`evals/auditor.md`) or bears a set's
name (`cases.md`, `scenarios.md`), is no format's, template's or guide's page, and is not under
the skill's `references/` (a document teaching with example blocks); it has two blocks or
more, every block parses to an object (or a list of them), and they are cases: each with a
request, or all of one schema (three keys or more in every block) with a request in some. A
document with one example block, or blocks of settings among its prose, stays what it was.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

from runner.authoring.fields import words
from runner.authoring.siblings import case_list, prompt_fields

_FENCED = re.compile(r"^(?:```|~~~)[ \t]*(?:ya?ml|json)[ \t]*\r?\n(.*?)^(?:```|~~~)[ \t]*$",
                     re.S | re.M | re.I)
MIN_BLOCKS = 2
MIN_SHARED = 3  # keys every block holds: one schema, not blocks of settings


# A set's name, word by word; a page about a set's format is none.
_SET_WORDS = frozenset({"case", "cases", "eval", "evals", "evaluation", "evaluations",
                        "scenario", "scenarios", "test", "tests", "prompts"})
_DOC_WORDS = frozenset({"format", "template", "schema", "guide", "readme", "example",
                        "examples", "how", "howto", "spec"})


_SET_FOLDERS = frozenset({"evals", "eval", "evaluation", "evaluations", "tests", "test",
                          "test-cases", "test_cases", "e2e"})


def set_named(path: Path) -> bool:
    """Whether a Markdown file may be a set of fenced cases by its name and place: in a set
    folder any page but a format's, a template's or a guide's (`evals/auditor.md`); elsewhere
    one named as a set; never under `references/`."""
    stem = words(path.stem, camel=False)
    folders = [p.lower() for p in path.parts[:-1]]
    if "references" in folders or stem & _DOC_WORDS:
        return False
    return bool(stem & _SET_WORDS) or bool(_SET_FOLDERS & set(folders))


def fenced_cases(text: str) -> list[dict[str, Any]] | None:
    """The case objects of the file's fenced YAML/JSON blocks, or None when it is no such
    set."""
    blocks = _FENCED.findall(text)
    if len(blocks) < MIN_BLOCKS:
        return None
    found: list[Any] = []
    for block in blocks:
        try:
            data = yaml.safe_load(block)
        except yaml.YAMLError:
            return None
        if isinstance(data, dict):
            found.append(data)
        elif isinstance(data, list) and data:
            found += data
        else:
            return None
    if not all(isinstance(c, dict) for c in found):
        return None
    cases = case_list(found)
    if cases is not None and len(cases) == len(found):
        return cases
    # blocks of one schema, some telling their request in words only the set's reader can
    # judge (a scenario with an input summary): the set's, its cases refused one by one as
    # a JSON set's would be (EV009 no prompt)
    shared = set.intersection(*(set(c) for c in found))
    return found if len(shared) >= MIN_SHARED and any(prompt_fields(c) for c in found) \
        else None

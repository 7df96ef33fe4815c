"""A case's top-level lists of paths, read by the grammar of the field's name: the files the
work must produce, and the paths it must leave alone.

- a name holding a word of expectation or making (`expected_artifacts`, `must_create`,
  `produces`) and no word of reading or input, over a list whose every item is a relative path
  (`.research/dossier.md`): files the work must create, each an output check (it must exist);
- a name holding a prohibition and a verb of change (`must_not_touch`, `never_modify`,
  `do_not_edit`), or a word that says kept as it is (`untouched`, `protected`, `read_only`),
  over such a list: the run makes no editing call on any of them, one tool-call check per path
  (`!Edit|MultiEdit|Write|NotebookEdit:re:...`, a folder written `.paper/` covering what it
  holds). A change made through Bash is not seen: the check reads the run's editing tools.
  Such a list naming no paths (`must_not_touch: ["zotero update endpoint"]`) is what the run
  must leave alone all the same: each item a statement of what it avoids ("The run avoids
  this: touch zotero update endpoint", the field's own verb), for the grader.

A field read is read whole: one item that is no path (a sentence, a glob, an object) leaves the
whole field to the other rules. The runner's own fields are never read here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from runner.authoring.fields import name_words, words

# The tools that change a file in claude's transcript.
EDITING_TOOLS = "Edit|MultiEdit|Write|NotebookEdit"
# A field's name says what the work should make...
_EXPECT_WORDS = frozenset({"expected", "expect", "expects", "must", "should"})
_MAKE_WORDS = frozenset({"produce", "produces", "produced", "create", "creates", "created",
                         "generate", "generates", "generated", "emit", "emits", "write",
                         "writes", "written"})
# ...never what it reads or is given (`expected_inputs`, `must_read`), nor its text.
_INPUT_WORDS = frozenset({"read", "reads", "input", "inputs", "given", "fixture", "fixtures",
                          "context", "source", "sources", "text", "output", "response"})
# A field's name says paths the work must not change: a prohibition with a verb of change...
_NEG_WORDS = frozenset({"not", "no", "never", "dont", "forbidden", "avoid"})
_CHANGE_WORDS = frozenset({"touch", "modify", "edit", "change", "write", "alter", "delete",
                           "overwrite", "mutate"})
# ...or a word that says the paths stay as they are.
_KEPT_WORDS = frozenset({"untouched", "unchanged", "unmodified", "protected", "readonly"})
# A path as a case set writes one: relative, a folder or an extension, no glob, no spaces.
_PATH = re.compile(r"^(?!/)(?!.*\.\./)[\w.\-@+~]+(?:/[\w.\-@+~]+)*(?:/|\.\w{1,8})$")


@dataclass
class PathChecks:
    """What a case's path lists hold, each with the field it came from."""

    outputs: list[tuple[str, str]] = field(default_factory=list)  # (path, origin)
    tool_calls: list[tuple[str, str]] = field(default_factory=list)  # (matcher, origin)
    statements: list[tuple[str, str]] = field(default_factory=list)  # (text, origin)
    read: dict[str, str] = field(default_factory=dict)  # field -> how it was read


def _paths(value: Any) -> list[str] | None:
    """Every item a relative path, or None."""
    if not isinstance(value, list) or not value:
        return None
    found = [v.strip() for v in value if isinstance(v, str)]
    if len(found) != len(value) or not all(_PATH.match(p) for p in found):
        return None
    return found


def _kind(name: str) -> str | None:
    """How a field's name says to read a list of paths: "make", "keep", or None."""
    said = words(name) | {"".join(words(name))}  # `read_only` as one word too
    if said & _KEPT_WORDS or (said & _NEG_WORDS and said & _CHANGE_WORDS):
        return "keep"
    if said & _NEG_WORDS or said & _INPUT_WORDS:
        return None
    return "make" if said & _EXPECT_WORDS or said & _MAKE_WORDS else None


def _said(value: Any) -> list[str] | None:
    """A non-empty list of short texts (no objects), stripped; else None."""
    if not isinstance(value, list) or not value or not all(
            isinstance(v, str) and v.strip() for v in value):
        return None
    return [v.strip() for v in value]


def _verb(name: str) -> str:
    """The field's own verb of change ("touch" in `must_not_touch`), or "change"."""
    return next((w for w in name_words(name) if w in _CHANGE_WORDS), "change")


def unchanged(path: str) -> str:
    """The tool-call check that no editing call names `path` (a folder: anything in it)."""
    start = r'(?:^|[/"\\])'
    end = "" if path.endswith("/") else r'(?:["/\\]|$)'
    return f"!{EDITING_TOOLS}:re:{start}{re.escape(path.removeprefix('./'))}{end}"


def path_lists(item: dict[str, Any], native: set[str]) -> PathChecks:
    """The checks the case's top-level path lists hold; each field read is taken out of
    `item`. `native` are the runner's own fields (`files` are fixtures, never read here)."""
    found = PathChecks()
    for key in [k for k in item if k not in native]:
        kind = _kind(key)
        paths = _paths(item[key]) if kind else None
        if paths is None and kind == "keep" and _said(item[key]) is not None:
            verb = _verb(key)
            for n, text in enumerate(_said(item.pop(key)) or []):
                found.statements.append((f"The run avoids this: {verb} {text}",
                                         f"{key}[{n}] (what the run must leave alone)"))
            found.read[key] = "what the run must leave alone, each a statement of what it " \
                              "avoids (no path to check)"
            continue
        if paths is None:
            continue
        item.pop(key)
        if kind == "make":
            found.outputs += [(p.removeprefix("./"), f"{key}[{n}]") for n, p in enumerate(paths)]
            found.read[key] = "files the work must create (output checks: each must exist)"
        else:
            found.tool_calls += [(unchanged(p), f"{key}[{n}] (no editing call on it)")
                                 for n, p in enumerate(paths)]
            found.read[key] = (f"paths the run must not change: no "
                               f"{EDITING_TOOLS.replace('|', '/')} call on them (a change "
                               "made through Bash is not seen)")
    return found

"""Cases with no prompt of their own, beside the set's one prompt template (a file named so,
`evals/fixtures/prompt-template.md`, with `{{SOURCE_TEXT}}` blanks) and a folder per case id
holding its input (`evals/cases/<id>/source.md`): the author's harness fills the template per
case, so the prompt is the template with each blank filled from the case's field of that name
(`{{question}}` <- `question`), else from the file of the case's folder named by the blank's
first word (`{{SOURCE_TEXT}}` <- `source.md`). A blank left unfilled leaves the case as it
was (refused with no prompt). The folder's reference output (`reference.md`, `expected.md`)
is the author's example answer: kept beside the case, never sent, never staged."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from runner.authoring import safely

_BLANK = re.compile(r"\{\{\s*([A-Za-z_][\w-]*)\s*\}\}")
TEMPLATE_SUFFIXES = (".md", ".txt", ".tmpl", ".j2", ".prompt")
REFERENCE_STEMS = ("reference", "expected", "golden", "answer")
MAX_BYTES = 200_000
_DEPTH = 3  # how far below the evals folder a template is looked for


@dataclass(frozen=True)
class Filled:
    prompt: str
    template: str  # the template's path, as shown
    sources: tuple[str, ...]  # what filled each blank
    reference: str | None  # the folder's example answer, if any


def _text(path: Path) -> str | None:
    if not path.is_file() or path.stat().st_size > MAX_BYTES:
        return None
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def find_template(evals_root: Path) -> Path | None:
    """The set's one prompt template under its evals folder, or None (none, or several)."""
    if not evals_root.is_dir():
        return None
    found = [p for p in sorted(evals_root.rglob("*"))
             if len(p.relative_to(evals_root).parts) <= _DEPTH
             and "template" in p.stem.lower() and p.suffix.lower() in TEMPLATE_SUFFIXES
             and _BLANK.search(_text(p) or "")]
    return found[0] if len(found) == 1 else None


def _from_folder(blank: str, case_dir: Path) -> Path | None:
    """The case folder's file a blank names: its whole name, else its first word."""
    names = {blank.lower(), re.split(r"[_-]", blank.lower())[0]}
    files = [p for p in sorted(case_dir.iterdir()) if p.is_file()
             and p.stem.lower() in names and p.stem.lower() not in REFERENCE_STEMS]
    return files[0] if len(files) == 1 else None


def fill(template: Path, item: dict[str, Any], case_dir: Path | None) -> Filled | None:
    """The case's prompt from the template, or None when a blank finds nothing."""
    text = _text(template)
    if text is None:
        return None
    values: dict[str, str] = {}
    sources: list[str] = []
    for blank in dict.fromkeys(_BLANK.findall(text)):
        given = item.get(blank.lower(), item.get(blank))
        path = _from_folder(blank, case_dir) if case_dir is not None and safely.is_dir(case_dir) \
            else None
        value = given if isinstance(given, str) and given.strip() else \
            _text(path) if path is not None else None
        if value is None:
            return None
        values[blank] = value.strip()
        sources.append(f"{{{{{blank}}}}} <- " + (f"`{blank.lower()}`" if path is None
                                                  else path.name))
    prompt = _BLANK.sub(lambda m: values[m.group(1)], text).strip()
    reference = None
    if case_dir is not None and safely.is_dir(case_dir):
        refs = [p for p in sorted(case_dir.iterdir())
                if p.is_file() and p.stem.lower() in REFERENCE_STEMS]
        reference = _text(refs[0]) if len(refs) == 1 else None
    return Filled(prompt, str(template), tuple(sources), reference)


PROGRAM_SUFFIXES = (".py", ".sh", ".js", ".mjs", ".ts", ".rb")


def harness_scripts(evals: Path) -> list[str]:
    """The programs at the evals folder's top (`run_eval.py`): the author's harness, which
    fills the template and checks the outputs its own way; not run here."""
    return sorted(p.name for p in evals.iterdir() if p.is_file()
                  and p.suffix.lower() in PROGRAM_SUFFIXES) if evals.is_dir() else []


def evals_root(folder: Path) -> Path:
    """The evals folder holding a set's folder (itself when none is named so)."""
    return next((f for f in (folder, *folder.parents) if f.name in ("evals", "eval")), folder)


def templated(data: Any, folder: Path) -> bool:
    """A list of cases with ids and no prompt beside a prompt template: cases to fill."""
    return isinstance(data, list) and bool(data) and all(
        isinstance(i, dict) and isinstance(i.get("id"), (str, int)) for i in data) \
        and find_template(evals_root(folder)) is not None

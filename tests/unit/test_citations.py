"""Docstrings and comments cite documents that are in the repository: the manual's pages
(docs/, with the heading when they name one) and files of the tree. A pointer to a document
that lives elsewhere (the project's planning notes, numbered specification documents) is one
a reader of this repository cannot follow, so it fails here.

Checked: every docstring (modules, classes, functions) and every comment of runner/ and
tests/, read with ast and tokenize (string literals that are not docstrings are messages,
not citations)."""

from __future__ import annotations

import ast
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SCOPES = ("runner", "tests")
SEED = re.compile(r"\bseeds? \d{3}\b|\bseeds?/|\bseed \d{3}'s\b", re.IGNORECASE)
OUTSIDE = re.compile(r"\b(?:DESIGN|CLAUDE-FORMATS|CONVENTIONS)(?:\.md)?\b|/work/shared|\bshared/")
DOC = re.compile(r"(?<![\w./-])(docs/[\w-]+\.md)(?:#([\w-]+))?")
README_SECTION = re.compile(r"README(?:\.md)?,? \"([^\"]+)\"")


def commentary(source: str) -> list[tuple[int, str]]:
    """(line, text) of each comment and each line of each docstring."""
    found = [(tok.start[0], tok.string) for tok in
             tokenize.generate_tokens(io.StringIO(source).readline)
             if tok.type == tokenize.COMMENT]
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                found += [(first.lineno + i, line)
                          for i, line in enumerate(first.value.value.splitlines())]
    return sorted(found)


def headings(page: Path) -> set[str]:
    text = page.read_text(encoding="utf-8")
    return {re.sub(r"[^\w\- ]", "", m.group(1).strip().lower()).replace(" ", "-")
            for m in re.finditer(r"^#{1,6} (.+)$", text, re.MULTILINE)}


def bad_citations(root: Path, scopes: tuple[str, ...] = SCOPES) -> list[str]:
    """`path:line: why` for each citation that a reader of the repository cannot follow."""
    bad = []
    for scope in scopes:
        for path in sorted((root / scope).rglob("*.py")):
            rel = path.relative_to(root).as_posix()
            for line, text in commentary(path.read_text(encoding="utf-8")):
                bad += [f"{rel}:{line}: {why}" for why in _problems(root, text)]
    return bad


def _problems(root: Path, text: str) -> list[str]:
    found = [f"cites {m.group(0)!r}, not in the repository" for m in SEED.finditer(text)]
    found += [f"cites {m.group(0)!r}, not in the repository" for m in OUTSIDE.finditer(text)]
    for m in DOC.finditer(text):
        page = root / m.group(1)
        if not page.is_file():
            found.append(f"cites {m.group(1)}, which does not exist")
        elif m.group(2) and m.group(2) not in headings(page):
            found.append(f"cites {m.group(0)}: no such heading")
    for m in README_SECTION.finditer(text):
        slug = re.sub(r"[^\w\- ]", "", m.group(1).lower()).replace(" ", "-")
        if slug not in headings(root / "README.md"):
            found.append(f"cites README section {m.group(1)!r}, which it does not have")
    return found


def test_docstrings_and_comments_cite_only_what_the_repository_holds() -> None:
    assert bad_citations(ROOT) == []


def test_each_kind_of_bad_citation_is_caught(tmp_path: Path) -> None:
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs/store.md").write_text("# The store\n\n## Layout\n", encoding="utf-8")
    (tmp_path / "README.md").write_text("# x\n\n## The two commands\n", encoding="utf-8")
    (tmp_path / "runner").mkdir()
    (tmp_path / "runner/a.py").write_text(
        '"""The rule of seed 001, as DESIGN.md says (see README, "Running at scale")."""\n'
        "# keys: docs/store.md#layout, docs/store.md#keys, docs/layout.md\n"
        "# fine: docs/store.md, README \"The two commands\"\n"
        'MESSAGE = "seed 001 in a message is not a docstring"\n', encoding="utf-8")
    assert bad_citations(tmp_path, ("runner",)) == [
        "runner/a.py:1: cites 'seed 001', not in the repository",
        "runner/a.py:1: cites 'DESIGN.md', not in the repository",
        "runner/a.py:1: cites README section 'Running at scale', which it does not have",
        "runner/a.py:2: cites docs/store.md#keys: no such heading",
        "runner/a.py:2: cites docs/layout.md, which does not exist",
    ]

"""Lists of texts their authors wrote as regular expressions (issue 26: every check reads the
author's operand): a field of a set is one kind across the set, so when one case's `required`
or `forbidden` holds a pattern no prose writes (`(?:a|b)`, `\\bword\\b`, `site:x\\.com`,
`(?is)...`), that field holds patterns in every case of the set, and each item is matched as
the regular expression its author's grader matches (`re:`), never as a literal that can never
appear (`authors?`) or a sentence for the grader model.

Also here: a list named for matching (`must_match`, `required_patterns`, `must_not_match`):
regular expressions by its name, and whether the set's own text says its patterns ignore case
(`case_sensitive: false`, "case-insensitive", re.I), which then holds for each of them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.fields import words

# Syntax that only a regular expression writes: a group with a flag or no capture, an
# escaped class or boundary, an escaped metacharacter, an alternation in parentheses, a
# class with a quantifier, an any-run.
_REGEX_ONLY = re.compile(
    r"\(\?[:=!<iLmsux-]"                         # (?:  (?i)  (?=  (?<name>
    r"|\\[bBdDsSwW]"                             # \b \d \s \w
    r"|\\[.()\[\]{}*+?|^$]"                      # \.  \(  \*
    r"|\((?:[^()\s|]+\|)+[^()\s|]+\)"            # (a|b|c) with no spaces
    r"|\[[^\]\s]{1,40}\][*+?{]"                  # [a-z]+  [^"']*
    r"|\.[*+]\??"                                # .*  .+?
)
# Words of a field's name saying it holds patterns (`must_match`, `forbidden_patterns`).
PATTERN_WORDS = frozenset({"match", "matches", "regex", "regexes", "regexp", "pattern",
                           "patterns"})
# The set's own words saying its patterns ignore case.
_IGNORES_CASE = re.compile(
    r"(?i)case[_ -]?sensitive\s*[:=]\s*(?:false|no|0)\b|case[- ]insensitive|ignor\w*[- ]case"
    r"|\bre\.I\b|re\.IGNORECASE|без\s+учёта\s+регистра|без\s+учета\s+регистра"
    r"|不区分大小写|大文字小文字を区別しない")
_TEXT_MAX = 256 * 1024
_GLOBAL_FLAGS = re.compile(r"^\(\?([aiLmsux]+)\)")


def compiles(text: str) -> bool:
    """The text compiles as a regular expression (as the grader's `re:` compiles it): the one
    test of that for every reader here."""
    try:
        re.compile(text)
    except re.error:
        return False
    return True


def unmistakable(text: str) -> bool:
    """A regular expression no prose writes, and one that compiles."""
    return bool(_REGEX_ONLY.search(text)) and compiles(text)


def _lists(value: Any, key: str = "") -> Iterable[tuple[str, list[str]]]:
    """(field, its strings) for every list of strings in a case, at any depth of mappings."""
    if isinstance(value, dict):
        for name, inner in value.items():
            yield from _lists(inner, str(name))
    elif isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        yield key, value


def pattern_fields(items: list[Any]) -> frozenset[str]:
    """The fields of the set some case of which holds an unmistakable regular expression in
    its list of texts: every case's list under that name is patterns."""
    found: set[str] = set()
    for item in items:
        for key, texts in _lists(item):
            if key and any(unmistakable(t) for t in texts):
                found.add(key)
    return frozenset(found)


def named_patterns(items: list[Any]) -> bool:
    """Some case has a list of texts under a name saying it holds patterns (`must_match`)."""
    return any(PATTERN_WORDS & words(key, camel=False)
               for item in items for key, _ in _lists(item))


def named_pattern_fields(items: list[Any]) -> frozenset[str]:
    """The names of the lists of texts named for patterns (`required_patterns`)."""
    return frozenset(key for item in items for key, _ in _lists(item)
                     if PATTERN_WORDS & words(key, camel=False))


def empty_alternative(text: str) -> bool:
    """The text, as a regular expression, has an alternative that matches nothing at all (a
    `|` first or last, `||`: a Markdown table cell, `| Name |`), so it matches every text: a
    check with it decides nothing (its `not:` fails every arm). Written so, it is its
    author's text."""
    if "|" not in text or not compiles(text):
        return False
    return re.compile(text).fullmatch("") is not None


def all_compile(texts: list[str]) -> bool:
    """Every item compiles as a regular expression (a list read as patterns must)."""
    return all(compiles(t) for t in texts)


def ignores_case(set_folder: Path | None, set_files: Iterable[Path]) -> bool:
    """The set's own text says its patterns ignore case: the set file, or a rubric or config
    file beside it (`case_sensitive: false` in rubric.yaml)."""
    files = list(set_files)
    if set_folder is not None and safely.is_dir(set_folder):
        files += [f for f in sorted(set_folder.iterdir())
                  if f.suffix.lower() in (".yaml", ".yml", ".json", ".toml", ".md")]
    for file in dict.fromkeys(files):
        if safely.is_symlink(file) or not safely.is_file(file) \
                or file.stat().st_size > _TEXT_MAX:
            continue
        try:
            text = file.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        if _IGNORES_CASE.search(text):
            return True
    return False


def as_pattern(text: str, fold: bool) -> str:
    """The check operand for one pattern (`re:`, with the author's ignore-case flag)."""
    flags = _GLOBAL_FLAGS.match(text)
    if not fold or flags is not None and "i" in flags.group(1):
        return "re:" + text
    if flags is not None:  # (?s)... -> (?si)...: global flags stand first, once
        return f"re:(?{flags.group(1)}i){text[flags.end():]}"
    return f"re:(?i){text}"

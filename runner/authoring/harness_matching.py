"""How the authors' own harness matches a field named for patterns (issue 26: every check
reads the author's operand as the author's grader does). `required_patterns` reads as regular
expressions by its name (runner.authoring.pattern_fields); but when the authors' harness that
reads that field greps it as fixed text (`grep -qFi "$pattern"`, `fgrep`, `--fixed-strings`),
each item is the literal text it greps for, and case is ignored where that grep says so
(`-i`): "[fill in]" is then the bracketed words themselves, never a class of five letters.
Likewise a list of texts the harness compares with case folded (`text.lower() in output`)
matches with case ignored.

Looked for in the programs beside the set (its folder and the one above it), the skill's
folder, the repository's `scripts/`, `tools/`, `bin/` and `tests/` (their top level) and the
folders right below `tests/`: the shell, Python and JavaScript files naming the field,
bounded (256 KiB a file, 200 files)."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from runner.authoring import safely
from runner.authoring.layouts import repository_of
from runner.authoring.read_once import once

_PROGRAM_SUFFIXES = frozenset({".sh", ".bash", ".py", ".js", ".mjs", ".cjs", ".ts"})
_HARNESS_FOLDERS = ("scripts", "tools", "bin", "tests")
_MAX_BYTES = 256 * 1024
_MAX_FILES = 200
# a grep and its options, up to its first argument that is no option
_GREP = re.compile(r"\b(f?grep)((?:\s+--?[A-Za-z][\w-]*)*)")
# how many lines around a grep may name the field it reads (a loop's `done < <(jq ...)`)
_NEAR = 8


def _grep_flags(options: str) -> tuple[bool, bool]:
    """(fixed strings, ignore case) from a grep's options (`-qFi`, `-q -F`, `--fixed-strings`,
    `--ignore-case`)."""
    shorts = "".join(o[1:] for o in options.split() if re.fullmatch(r"-[A-Za-z]+", o))
    longs = {o for o in options.split() if o.startswith("--")}
    return "F" in shorts or "--fixed-strings" in longs, "i" in shorts or "--ignore-case" in longs


def _programs(folders: Iterable[Path]) -> list[Path]:
    found: list[Path] = []
    for folder in dict.fromkeys(folders):
        if not safely.is_dir(folder) or safely.is_symlink(folder):
            continue
        try:
            listed = sorted(folder.iterdir())
        except OSError:
            continue
        for path in listed:
            try:
                small = path.stat().st_size <= _MAX_BYTES
            except OSError:
                continue
            if path.suffix.lower() in _PROGRAM_SUFFIXES and safely.is_file(path) \
                    and not safely.is_symlink(path) and small:
                found.append(path)
            if len(found) >= _MAX_FILES:
                return found
    return found


# A comparison with case folded on a program's line (`expected.lower() in output`,
# `out.toLowerCase().includes(t.toLowerCase())`, `casefold()`)
_FOLDS = re.compile(r"\.(?:lower|casefold)\(\)\s*(?:not\s+)?in\b|\bin\s+[\w.\[\]\"']+\.(?:lower|"
                    r"casefold)\(\)|\.toLowerCase\(\)\.includes\(")


_TEXT_WORDS = frozenset({"contains", "contain", "include", "includes", "any", "all"})


def text_fields(items: Iterable[Any]) -> list[str]:
    """The keys of the cases (and of a block inside one, `expect: {output_contains: ...}`)
    naming texts the work holds: what a harness may compare with case folded."""
    found: list[str] = []
    for item in items:
        blocks = [item, *(v for v in item.values() if isinstance(v, dict))] \
            if isinstance(item, dict) else []
        found += [k for block in blocks for k in block if isinstance(k, str)
                  and set(re.split(r"[^a-z]+", k.lower())) & _TEXT_WORDS]
    return list(dict.fromkeys(found))


def folded_fields(skill_dir: Path, set_folder: Path, fields: Iterable[str]) -> list[str]:
    """Those of `fields` the authors' harness compares with case folded: the folding line
    names the field (`any(t.lower() in out for t in expect["output_contains_any"])`), or folds
    the variable a loop near it binds over the field (`for text in expect["output_contains"]:`
    then `if text.lower() not in out`); a fold of anything else nearby (`mode.lower()`) is
    not the field's."""
    wanted = [f for f in dict.fromkeys(fields) if f]
    found: list[str] = []
    for lines in _harness_lines(skill_dir, set_folder) if wanted else ():
        for number, line in enumerate(lines):
            if not _FOLDS.search(line):
                continue
            near = lines[max(0, number - _NEAR):number + 1]
            found += [f for f in wanted if f not in found
                      and (_named(f, line) or _folds_loop_var(f, near, line))]
    return found


# a loop binding a variable over what it iterates (`for text in expect["output_contains"]:`,
# `for (const t of expect.output_contains)`, `[e for e in expected if ...]`), and a name
# assigned from a field (`expected = case.get("output_contains", [])`)
_LOOP_VAR = re.compile(r"\bfor\s*\(?\s*(?:const\s+|let\s+|var\s+)?(\w+)\s+(?:in|of)\s+([^:\n)]+)")
_ASSIGNED = re.compile(r"^\s*(?:const\s+|let\s+|var\s+)?(\w+)\s*=[^=]")


def _folds_loop_var(field: str, near: list[str], line: str) -> bool:
    """The folding line lowers a variable a loop binds over the field's values, directly or
    through a name assigned from the field."""
    names = [m.group(1) for before in near if _named(field, before)
             for m in [_ASSIGNED.match(before)] if m]
    for before in near:
        for var, source in _LOOP_VAR.findall(before):
            over = _named(field, source) or any(
                re.search(rf"(?<![\w.]){re.escape(n)}\b", source) for n in names)
            if over and re.search(rf"\b{re.escape(var)}\.(?:lower|casefold|toLowerCase)\(",
                                  line):
                return True
    return False


def _harness_lines(skill_dir: Path, set_folder: Path) -> list[list[str]]:
    """The lines of each program of the authors' harness, read once per set: beside the set and
    above it, in the skill, in the repository's harness folders, then (a cap of their own, so a
    big test suite never crowds those out) the folders right below its `tests/` (an e2e
    runner)."""
    return once(("harness_lines", str(skill_dir), str(set_folder)),
                lambda: _read_harness(skill_dir, set_folder))


def _read_harness(skill_dir: Path, set_folder: Path) -> list[list[str]]:
    top = repository_of(skill_dir)
    below = [p for p in sorted((top / "tests").iterdir()) if safely.is_dir(p)][:20] \
        if top is not None and safely.is_dir(top / "tests") else []
    folders = [set_folder, set_folder.parent, skill_dir, *(
        top / name for name in _HARNESS_FOLDERS if top is not None)]
    read: list[list[str]] = []
    for program in [*_programs(folders), *_programs(below)]:
        try:
            read.append(program.read_text(encoding="utf-8", errors="replace").splitlines())
        except OSError:
            continue
    return read


def _named(field: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(field)}(?![\w-])", text) is not None


def fixed_fields(skill_dir: Path, set_folder: Path, fields: Iterable[str]) -> dict[str, bool]:
    """Each of `fields` the authors' harness greps as fixed text -> whether that grep ignores
    case. A field counts for the grep whose lines it is named near (the loop reading it);
    empty when no harness names them, or none greps them so."""
    wanted = [f for f in dict.fromkeys(fields) if f]
    fixed: dict[str, bool] = {}
    regex: set[str] = set()  # a field some grep near it reads as a regular expression
    for lines in _harness_lines(skill_dir, set_folder) if wanted else ():
        for number, line in enumerate(lines):
            for grep in _GREP.finditer(line):
                literal, fold = _grep_flags(grep.group(2))
                if grep.group(1) == "fgrep":
                    literal = True
                near = "\n".join(lines[max(0, number - _NEAR):number + _NEAR + 1])
                for field in wanted:
                    if not _named(field, near):
                        continue
                    if literal:
                        fixed[field] = fixed.get(field, False) or fold
                    elif re.match(r"""\s+["']?\$""", line[grep.end():]):
                        regex.add(field)  # (a pattern the loop reads, as a regex)
    return {f: fold for f, fold in fixed.items() if f not in regex}

"""A rubric file in the set's folder that states a pass gate (docs/case-sets.md#pass-rules):
`pass_gate: {minimum_each_surface: 8, allowed_critical_violations: 0}` over dimensions scored
0-10, `pass_threshold: 100` over points a pattern earns. Such a gate is over scores the
author's own tool gives (a number per dimension, points per hit); this runner's checks each
pass or fail, so the gate cannot be applied as written. It is reported (EV012) with the fix
(the gate as each case's pass rule), never passed over in silence.

A Markdown rubric beside the set (`rubric.md`: a file whose name says rubric) states its gate
in a sentence whose subject is the pass: "Pass = >= 80% of max with no zero on a fail-closed
dimension", "Passing: 12/15 points". The grammar is read, not a word list: the sentence opens
with "pass"/"passing" followed by `=`, `:` or "is"/"requires", and holds a number (a share, a
count). Its dimensions are scored by the author's harness, so it is reported, never applied.

A file the set reads as its cases is never one; a gate a case or the set itself states is
runner.authoring.pass_rules's.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import yaml

from runner.authoring.fields import words
from runner.authoring.pass_rules import rule_field
from runner.authoring.problems import Problems

DATA_SUFFIXES = (".yaml", ".yml", ".json")
MAX_BYTES = 512 * 1024
_GATE_WORDS = frozenset({"gate", "gates"})
_CRITICAL = frozenset({"critical", "criticals", "blocker", "blockers"})
FIX = ("write the gate as each case's pass rule (`\"minimum_passed_assertions\": K` or "
       "`\"threshold\": 0.8` over its checks) and the rubric's criteria as statements; or "
       "none needed if the gate is for another tool")


MARKDOWN_SUFFIXES = (".md", ".markdown")
# A sentence whose subject is the pass, then what it is: `Pass = ...`, `Passing: ...`,
# `Pass is ...`, `Pass requires ...`; the rest of that sentence must hold a number.
_PASS_SENTENCE = re.compile(r"(?:^|[.!?\n]\s*|[*_|]\s*)\**(pass(?:ing)?)\**\s*"
                            r"(?:=|:|is\b|requires\b)\s*([^.\n]*(?:\.\d[^.\n]*)*)",
                            re.IGNORECASE)


def _gate_key(name: str) -> bool:
    said = words(name, camel=False)
    return rule_field(name) or bool(said & _GATE_WORDS) or bool(said & _CRITICAL)


def _shown(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_shown(v)}" for k, v in list(value.items())[:5]) + "}"
    return json.dumps(value, ensure_ascii=False) if isinstance(value, (list, str)) \
        else str(value)


def gate_of(data: Any) -> list[str]:
    """The pass gate a rubric file's data states at its top level: `key: value` each."""
    if not isinstance(data, dict):
        return []
    return [f"{k}: {_shown(v)}"[:160] for k, v in data.items()
            if isinstance(k, str) and _gate_key(k) and not isinstance(v, list)]


def markdown_gate(text: str) -> str | None:
    """The pass sentence a Markdown rubric states ("Pass = >= 80% of max with no zero on a
    fail-closed dimension"), or None when none says a number."""
    # A paragraph's wrapped lines are one sentence; a blank line, heading, list item or table
    # row starts another.
    joined = re.sub(r"(?<!\n)\n(?![ \t]*(?:\n|[#|*+-]|\d+[.)]))", " ", text)
    for match in _PASS_SENTENCE.finditer(joined):
        rest = " ".join(match.group(2).split())
        if re.search(r"\d", rest):
            return f"{match.group(1)} = {rest}"[:160]
    return None


def _markdown(path: Path) -> str | None:
    """A Markdown rubric's gate: only a file whose name says rubric (a README's "pass"
    sentence is about something else)."""
    if "rubric" not in path.stem.lower():
        return None
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        return markdown_gate(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def _load(path: Path) -> Any:
    try:
        if path.stat().st_size > MAX_BYTES:
            return None
        text = path.read_text(encoding="utf-8")
        return json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError):
        return None  # no data file: no gate said


def report_gates(folder: Path, read: tuple[Path, ...], problems: Problems) -> None:
    """One EV012 line per data file of the set's folder (not a set file read) stating a pass
    gate (see the module)."""
    if not folder.is_dir():
        return
    taken = {p.resolve() for p in read}
    for path in sorted(folder.iterdir()):
        suffix = path.suffix.lower()
        if suffix not in DATA_SUFFIXES + MARKDOWN_SUFFIXES or not path.is_file() \
                or path.is_symlink() or path.resolve() in taken:
            continue
        said = _markdown(path) if suffix in MARKDOWN_SUFFIXES else None
        gate = [said] if said else [] if suffix in MARKDOWN_SUFFIXES else gate_of(_load(path))
        if gate:
            problems.report("EV012", "", f"{path.name}: the set's rubric (or config) states a "
                            f"pass gate ({'; '.join(gate[:4])}): not applied: it is over the "
                            "scores of the author's own tool, and each check here passes or "
                            "fails (a case passes when every check passes, or at its own pass "
                            "rule)",
                            FIX)

"""Check types a set's own program implements (issue 26): typed checks the runner does not
know (`{"type": "field_exists", "field": "name"}`, `min_length`, `disclaimer_included`) whose
names a program of the set's evals/ dispatches on (`if t == "field_exists"`, a dict of handlers
keyed by the names, `def check_min_length` in a program that reads a check's `type`). That
program decides them, not a reader; a helper (`def load(`, `def main(`) names no type.

It can only when its calling shape is the grader-program contract (docs/case-sets.md,
"Authors' grader programs"): the work directory as its argument, the case as JSON at
`SKILL_EVAL_CASE`, its exit code or JSON of named results as its verdict. A program written
for the author's own harness (options for a response file, a case file, a model call) is
refused by name, with what it takes and the shape it needs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

# A grader program's usual names (`grade.py`, `scorer.py`, `check_*.py`, `eval.sh`): found in
# evals/ without the set naming it (runner.authoring.programs), and an expected output naming
# one is that program's to decide (runner.authoring.expected_claims).
CONVENTIONAL = re.compile(r"(?i)^(?:grade|grader|grading|scorer|score|scoring|evaluate|evaluator|"
                          r"judge|verify|verifier|check|checker|run_evals?|eval|evals)"
                          r"(?:[_-]\w+)?\.(?:py|sh|bash|js)$|^check_\w+\.(?:py|sh|bash|js)$")

_NAME = r"([A-Za-z_]\w{1,79})"
# Where a program's source dispatches on a type's name: compared with it (`t == "x"`, `case
# "x"`), or a registry keyed by it whose value is a handler (`{"x": check_x}`, a lambda), not
# data (`{"x": 5}`).
_HANDLERS = (re.compile(rf"""(?:==|!=|\bin\b|\bcase)\s*\(?\s*["']{_NAME}["']"""),  # t == "x"
             re.compile(rf"""^\s*["']{_NAME}["']\s*:\s*(?:lambda\b|function\b|\([\w\s,]*\)\s*=>|"""
                        r"""(?!(?:True|False|None|true|false|null)\b)[A-Za-z_][\w.]*\s*"""
                        r"""(?:[,}\n]|#|//))""", re.M))
# A function named for a type by convention (`check_min_length`, `min_length_check`): the type
# it handles only when the program reads a check's type field to pick it; any other function
# (`def load(`, `def main(`) is a helper, never a type.
_CONVENTION = re.compile(r"^\s*(?:async\s+)?(?:def|function)\s+(?:_?check_(\w{2,79})|"
                         r"(\w{2,79}?)_check)\s*\(", re.M)
_TYPE_FIELD = re.compile(r"""\[\s*["'](?:type|kind|check_type)["']\s*\]|"""
                         r"""\.get\(\s*["'](?:type|kind|check_type)["']|"""
                         r"""\.(?:type|kind|check_type)\b(?!\s*\()""")
_CONTRACT = re.compile(r"SKILL_EVAL_(?:CASE|WORK)")
_OPTION = re.compile(r"""add_argument\(\s*["'](--?[\w-]+)["']""")
_ARGV = re.compile(r"sys\.argv\[(\d+)\]|process\.argv\[(\d+)\]|\$(\d)\b")
_STDIN = re.compile(r"sys\.stdin|input\(\)|process\.stdin|\bread\s+-r?\s*\w+")
CONTRACT = ("the work directory as its first argument (also its cwd), the case as JSON at "
            "$SKILL_EVAL_CASE, and on stdout {\"checks\": {\"<check id>\": true|false}} "
            "(or its exit code: 0 passes)")


@dataclass(frozen=True)
class ProgramType:
    """A type a program of the set handles, and why that program cannot decide it (None:
    it can)."""

    program: str
    problem: str | None


def handled_types(source: str) -> set[str]:
    """The names the source dispatches on as types: compared with, a handler registry's
    keys, or a `check_X`/`X_check` function's in a program that reads the type field."""
    found = {m for pattern in _HANDLERS for m in pattern.findall(source)}
    if _TYPE_FIELD.search(source):
        found |= {a or b for a, b in _CONVENTION.findall(source)}
    return found


def calling_shape(source: str) -> str | None:
    """What the program takes when that is not the grader-program contract, else None."""
    if _CONTRACT.search(source):
        return None
    options = list(dict.fromkeys(_OPTION.findall(source)))
    positions = sorted({int(n) for groups in _ARGV.findall(source) for n in groups if n})
    takes = ([f"the options {', '.join(options[:6])}"] if options else []) + (
        [f"positional arguments {', '.join(map(str, positions))}"] if positions else []) + (
        ["its input on stdin"] if _STDIN.search(source) else [])
    return " and ".join(takes) if takes else "no input that names the work or the case"


def program_types(skill_dir: Path, programs: list[str]) -> dict[str, ProgramType]:
    """Every type name a program of evals/ handles, with the first program handling it."""
    found: dict[str, ProgramType] = {}
    for path in programs:
        try:
            source = (skill_dir / path).read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        shape = calling_shape(source)
        for name in sorted(handled_types(source)):
            found.setdefault(name, ProgramType(path, shape))
    return found

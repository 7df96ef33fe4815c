"""promptfoo `javascript` / `python` asserts whose body is one simple expression over `output`
(issue 26; docs/case-sets.md#sets-in-the-wild-layouts-dialects-nothing-in-silence), read as
the runner's own checks.

The body is parsed by the shapes below, never run or evaluated: code can do anything, and a
shape this module does not know keeps the precise EV012 note of promptfoo.py. Shapes read
(each may be negated, `!` / `not`, and joined by `&&` / `and`, each part one check):

    output.includes('X')                  'X' in output             a substring
    output.toLowerCase().includes('x')    'x' in output.lower()     the same, any case
    output.startsWith('X')  output.endsWith('X')                    anchored at either end
    /re/i.test(output)    output.match(/re/)    re.search(r're', output[, re.I])

A length bound (`output.length < 500`, `len(output) < 500`) is recognised and reported: the
runner has no length check.
"""

from __future__ import annotations

import ast
import re
from typing import Any

from pydantic import BaseModel, Field

from runner.authoring.pattern_fields import compiles

_JS_STRING = r"""(?P<q>['"`])(?P<s>(?:\\.|(?!(?P=q)).)*)(?P=q)"""
_PY_STRING = r"""(?P<lit>[rRbBuU]?(?:'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"))"""
_JS_CALL = re.compile(r"output(?P<lower>\.toLowerCase\(\))?\.(?P<fn>includes|startsWith|endsWith)"
                      r"\(\s*" + _JS_STRING + r"\s*\)")
_JS_REGEX = re.compile(r"/(?P<re>(?:\\.|[^/\\\n])+)/(?P<flags>[gimsuy]*)\.test\(\s*output\s*\)"
                       r"|output\.match\(\s*/(?P<re2>(?:\\.|[^/\\\n])+)/(?P<flags2>[gimsuy]*)"
                       r"\s*\)")
_PY_IN = re.compile(_PY_STRING + r"\s+(?P<neg>not\s+)?in\s+output(?P<lower>\.lower\(\))?")
_PY_CALL = re.compile(r"output(?P<lower>\.lower\(\))?\.(?P<fn>startswith|endswith)\(\s*"
                      + _PY_STRING + r"\s*\)")
_PY_REGEX = re.compile(r"re\.(?:search|match)\(\s*" + _PY_STRING + r"\s*,\s*output\s*"
                       r"(?:,\s*(?:flags\s*=\s*)?(?P<flags>re\.(?:I|IGNORECASE)))?\s*\)")
_LENGTH = re.compile(r"(?:output\.length|len\(\s*output\s*\))\s*[<>]=?\s*\d+"
                     r"|\d+\s*[<>]=?\s*(?:output\.length|len\(\s*output\s*\))")
_JS_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "0": "\0"}


class CodeReading(BaseModel):
    """What an assert's expression says: typed checks, and the parts recognised but not
    gradable here (a length bound)."""

    checks: list[dict[str, Any]] = Field(default_factory=list)
    unbounded: list[str] = Field(default_factory=list)


def _js_text(match: re.Match[str]) -> str | None:
    if match.group("q") == "`" and "${" in match.group("s"):
        return None  # a template with a value in it is not a fixed text
    return re.sub(r"\\(.)", lambda m: _JS_ESCAPES.get(m.group(1), m.group(1)), match.group("s"))


def _py_text(literal: str) -> str | None:
    try:
        value = ast.literal_eval(literal)  # a literal only: never code
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, str) else None


def _text_check(text: str | None, where: str, lower: bool, negate: bool) -> dict[str, Any] | None:
    """A check for `text` found anywhere, at the start or at the end, in any case if lowered."""
    if not text:
        return None
    escaped = re.escape(text)
    pattern = {"start": r"\A\s*" + escaped, "end": escaped + r"\s*\Z"}.get(where)
    if pattern is None and not lower:
        return {"type": "not_contains" if negate else "contains", "value": text}
    return _regex_check(("(?i)" if lower else "") + (pattern or escaped), negate)


def _regex_check(pattern: str | None, negate: bool) -> dict[str, Any] | None:
    if not pattern or not compiles(pattern):
        return None
    return {"type": "not_regex" if negate else "regex", "pattern": pattern}


def _flagged(pattern: str | None, flags: str | None) -> str | None:
    inline = "".join(f for f in (flags or "") if f in "ims")  # g, u, y change no match
    return f"(?{inline}){pattern}" if pattern and inline else pattern


def _js(expr: str, negate: bool) -> dict[str, Any] | None:
    if match := _JS_CALL.fullmatch(expr):
        where = {"startsWith": "start", "endsWith": "end"}.get(match.group("fn"), "")
        return _text_check(_js_text(match), where, bool(match.group("lower")), negate)
    if match := _JS_REGEX.fullmatch(expr):
        return _regex_check(_flagged(match.group("re") or match.group("re2"),
                                     match.group("flags") or match.group("flags2")), negate)
    return None


def _python(expr: str, negate: bool) -> dict[str, Any] | None:
    if match := _PY_IN.fullmatch(expr):
        return _text_check(_py_text(match.group("lit")), "", bool(match.group("lower")),
                           negate != bool(match.group("neg")))
    if match := _PY_CALL.fullmatch(expr):
        where = "start" if match.group("fn") == "startswith" else "end"
        return _text_check(_py_text(match.group("lit")), where, bool(match.group("lower")),
                           negate)
    if match := _PY_REGEX.fullmatch(expr):
        flags = "i" if match.group("flags") else ""
        return _regex_check(_flagged(_py_text(match.group("lit")), flags), negate)
    return None


def _negated(part: str, kind: str) -> tuple[str, bool]:
    if kind == "javascript" and part.startswith("!") and not part.startswith("!="):
        return part[1:].strip(), True
    if kind == "python" and re.match(r"not\s", part):
        return part[3:].strip(), True
    return part, False


def _expression(kind: str, body: str) -> list[str] | None:
    """The body's parts joined by `&&` / `and`, once `return` and a last `;` are cut; None
    for a body of several statements."""
    text = body.strip()
    text = re.sub(r"^return\s+", "", text).rstrip(";").strip()
    if not text or "\n" in text or ";" in text:
        return None
    joiner = r"\s*&&\s*" if kind == "javascript" else r"\s+and\s+"
    return [p.strip() for p in re.split(joiner, text)]


def read_code_assert(kind: str, body: Any) -> CodeReading | None:
    """The checks a `javascript` / `python` assert's body says, or None when any part of it
    is not one of the shapes read (the assert is then reported as it is today)."""
    if kind not in ("javascript", "python") or not isinstance(body, str) \
            or body.startswith("file://"):
        return None
    parts = _expression(kind, body)
    if parts is None:
        return None
    reading = CodeReading()
    for part in parts:
        expr, negate = _negated(part, kind)
        if _LENGTH.fullmatch(expr) and not negate:
            reading.unbounded.append(part)
            continue
        check = (_js if kind == "javascript" else _python)(expr, negate)
        if check is None:
            return None
        reading.checks.append(check)
    return reading

"""promptfoo `javascript` / `python` asserts whose body is a simple expression over `output`,
read as the runner's checks by a parser of their shapes, never run (runner.authoring.codeasserts);
anything else keeps its EV012 note."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from runner.authoring.codeasserts import read_code_assert
from runner.scoring.checks import check_work
from tests.unit.test_promptfoo_weights import entries, plain, suite_skill

READ: list[tuple[str, str, list[dict[str, Any]]]] = [
    ("javascript", "output.includes('Friday')", [{"type": "contains", "value": "Friday"}]),
    ("javascript", 'return output.includes("Ana");', [{"type": "contains", "value": "Ana"}]),
    ("javascript", "!output.includes('TODO')", [{"type": "not_contains", "value": "TODO"}]),
    ("javascript", "output.toLowerCase().includes('friday')",
     [{"type": "regex", "pattern": "(?i)friday"}]),
    ("javascript", "/ship(s|ped)? on \\w+/i.test(output)",
     [{"type": "regex", "pattern": "(?i)ship(s|ped)? on \\w+"}]),
    ("javascript", "!/lorem/.test(output)", [{"type": "not_regex", "pattern": "lorem"}]),
    ("javascript", "output.match(/\\d+ items/)", [{"type": "regex", "pattern": "\\d+ items"}]),
    ("javascript", "output.startsWith('#')", [{"type": "regex", "pattern": "\\A\\s*\\#"}]),
    ("javascript", "output.includes('Ana') && !output.includes('Bob')",
     [{"type": "contains", "value": "Ana"}, {"type": "not_contains", "value": "Bob"}]),
    ("python", "'Friday' in output", [{"type": "contains", "value": "Friday"}]),
    ("python", "'TODO' not in output", [{"type": "not_contains", "value": "TODO"}]),
    ("python", "not 'TODO' in output", [{"type": "not_contains", "value": "TODO"}]),
    ("python", "'friday' in output.lower()", [{"type": "regex", "pattern": "(?i)friday"}]),
    ("python", "re.search(r'\\d+ items', output, re.I)",
     [{"type": "regex", "pattern": "(?i)\\d+ items"}]),
    ("python", "'Ana' in output and 'Bob' not in output",
     [{"type": "contains", "value": "Ana"}, {"type": "not_contains", "value": "Bob"}]),
]


@pytest.mark.parametrize(("kind", "body", "checks"), READ)
def test_simple_expressions_are_read_as_checks(kind: str, body: str,
                                               checks: list[dict[str, Any]]) -> None:
    reading = read_code_assert(kind, body)
    assert reading is not None and reading.checks == checks and not reading.unbounded


@pytest.mark.parametrize(("kind", "body"), [("javascript", "output.length < 500"),
                                            ("python", "len(output) <= 500")])
def test_a_length_bound_is_recognised_not_graded(kind: str, body: str) -> None:
    reading = read_code_assert(kind, body)
    assert reading is not None and reading.checks == [] and reading.unbounded == [body]


@pytest.mark.parametrize(("kind", "body"), [
    ("javascript", "output.includes('a') || output.includes('b')"),
    ("javascript", "JSON.parse(output).items.length === 3"),
    ("javascript", "const n = output.split('\\n').length;\nreturn n < 10;"),
    ("javascript", "output.includes(`${context.vars.name}`)"),
    ("javascript", "output.includes(name)"),
    ("javascript", "/[unclosed/.test(output)"),
    ("javascript", "file://checks/length.js"),
    ("python", "'x' in output or 'y' in output"),
    ("python", "__import__('os').system('id') or 'x' in output"),
    ("python", "output.count('x') == 2"),
    ("contains", "output.includes('x')"),
])
def test_other_code_is_not_read(kind: str, body: str) -> None:
    """Negatives: anything but the listed shapes keeps its EV012 note (nothing is run)."""
    assert read_code_assert(kind, body) is None


def test_lowercased_check_matches_any_case() -> None:
    reading = read_code_assert("javascript", "output.toLowerCase().includes('friday')")
    assert reading is not None
    entry = "re:" + reading.checks[0]["pattern"]
    assert check_work(entry, [("final text", "Ships on FRIDAY")], "t").passed


def test_check_json_grades_code_asserts_and_reports_the_rest(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    assert:
      - {type: javascript, value: "output.includes('Friday')"}
      - {type: javascript, value: "!output.includes('TODO')"}
      - {type: python, value: "'ana' in output.lower()"}
      - {type: javascript, value: "output.length < 400"}
      - {type: javascript, value: "JSON.parse(output).ok === true"}
""")
    assert entries(skill) == ["Friday", "not:TODO", "re:(?i)ana"]
    out = plain(skill)
    assert "`output.length < 400`: a length bound" in out and "EV012" in out
    assert "code run on promptfoo's `output`" in out  # the JSON.parse one, as before

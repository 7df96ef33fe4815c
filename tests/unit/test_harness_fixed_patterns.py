"""Issue 26 (every check reads the author's operand as the author's grader does): a list
named for patterns (`forbidden_patterns`) is read as regular expressions by its name, unless
the authors' harness that reads the field greps it as fixed text (`grep -qFi "$pattern"`):
then each item is matched as the literal text, case ignored where the grep says `-i`, through
the real `skill-eval check`. "[fill in]" is then the bracketed words, never a class of letters
that fails almost any answer."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.helpers import check_json, make_skill

CASE = {"id": "draft", "prompt": "Draft a SKILL.md for a changelog writer.",
        "required_patterns": ["## Steps"], "forbidden_patterns": ["[fill in]"]}
HARNESS = """#!/usr/bin/env bash
while IFS= read -r pattern; do
  printf '%s\\n' "$response" | grep -qFi "$pattern" || fail "missing: $pattern"
done < <(echo "$line" | jq -r '.required_patterns // [] | .[]')
while IFS= read -r pattern; do
  printf '%s\\n' "$response" | grep -qFi "$pattern" && fail "forbidden: $pattern"
done < <(echo "$line" | jq -r '.forbidden_patterns // [] | .[]')
"""


def operands(report: dict[str, Any]) -> list[str]:
    return [c["entry"] for c in report["cases"][0]["checks"]]


def test_a_harness_grepping_fixed_text_makes_its_patterns_literal(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "repo", [dict(CASE)], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "scripts").mkdir()
    (tmp_path / "repo" / "scripts" / "run-evals.sh").write_text(HARNESS)
    got = operands(check_json(skill))
    assert "re:(?i)\\#\\#\\ Steps" in got
    assert "not:re:(?i)\\[fill\\ in\\]" in got


def test_only_the_fields_a_fixed_grep_reads_are_literal(tmp_path: Path) -> None:
    """A harness grepping `required_patterns` as regular expressions (`grep -qE "$p"`) and
    `forbidden_patterns` as fixed text (`grep -q -F "$p"`): each field as its own grep says."""
    skill = make_skill(tmp_path / "repo", [dict(CASE)], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "scripts").mkdir()
    (tmp_path / "repo" / "scripts" / "check.sh").write_text(
        'for p in $(jq -r ".required_patterns[]" "$f"); do\n  grep -qE "$p" out || fail\n'
        'done\n\n\n\n\n\n\n\n\n\n\n\n'
        'for p in $(jq -r ".forbidden_patterns[]" "$f"); do\n  grep -q -F "$p" out && fail\n'
        'done\n')
    got = operands(check_json(skill))
    assert "re:## Steps" in got
    assert "not:re:\\[fill\\ in\\]" in got


def test_without_such_a_harness_the_name_still_means_regular_expressions(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "repo", [dict(CASE)], name="skill-writer")
    got = operands(check_json(skill))
    assert "not:re:[fill in]" in got


RUNNER = '''def validate(expect, output):
    combined = output.lower()
    failures = []
    for text in expect.get("output_contains", []):
        if text.lower() not in combined:
            failures.append(text)
    if "output_contains_any" in expect:
        if not any(t.lower() in combined for t in expect["output_contains_any"]):
            failures.append("none of the texts")
    return failures
'''


def test_texts_a_harness_compares_with_case_folded_ignore_case(tmp_path: Path) -> None:
    """`tests/e2e/runner.py` lowercasing both sides (`text.lower() in combined`): the set's
    `output_contains` and `output_contains_any` texts match with case ignored, as the authors'
    harness reads them; without that harness, as written."""
    case = {"id": "list", "prompt": "List the project templates.",
            "expect": {"output_contains": ["Template"], "output_contains_any": ["README", "logo"]}}
    skill = make_skill(tmp_path / "repo", [case], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "tests" / "e2e").mkdir(parents=True)
    (tmp_path / "repo" / "tests" / "e2e" / "runner.py").write_text(RUNNER)
    got = check_json(skill)
    assert set(operands(got)) == {"re:(?i)Template", "re:(?i)README|logo"}, operands(got)
    assert any("case ignored as the authors' harness compares them" in f["message"]
               for f in got["findings"])
    plain = make_skill(tmp_path / "other", [case], name="skill-writer")
    assert set(operands(check_json(plain))) == {"Template", "re:README|logo"}


def test_a_fold_of_something_else_nearby_is_not_the_fields(tmp_path: Path) -> None:
    case = {"id": "list", "prompt": "List the project templates.",
            "expect": {"output_contains": ["Template"], "output_not_contains": ["TODO"]}}
    skill = make_skill(tmp_path / "repo", [case], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "tests" / "e2e").mkdir(parents=True)
    (tmp_path / "repo" / "tests" / "e2e" / "runner.py").write_text(
        'def validate(expect, output, mode):\n'
        '    for text in expect.get("output_contains", []):\n'
        '        if text not in output:\n            return False\n'
        '    for text in expect.get("output_not_contains", []):\n'
        '        if text in output:\n            return False\n'
        '    if mode.lower() in ("strict", "lenient"):\n        return True\n')
    assert "re:(?i)Template" not in operands(check_json(skill))


def test_a_big_test_suite_never_hides_the_harness_in_scripts(tmp_path: Path) -> None:
    skill = make_skill(tmp_path / "repo", [dict(CASE)], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "scripts").mkdir()
    (tmp_path / "repo" / "scripts" / "run-evals.sh").write_text(HARNESS)
    (tmp_path / "repo" / "tests" / "unit").mkdir(parents=True)
    for n in range(250):
        (tmp_path / "repo" / "tests" / "unit" / f"test_{n:03}.py").write_text("x = 1\n")
    got = operands(check_json(skill))
    assert "not:re:(?i)\\[fill\\ in\\]" in got, got


def test_a_fold_through_a_name_assigned_from_the_field_counts(tmp_path: Path) -> None:
    case = {"id": "list", "prompt": "List the project templates.",
            "expect": {"output_contains": ["Template"]}}
    skill = make_skill(tmp_path / "repo", [case], name="skill-writer")
    (tmp_path / "repo" / ".git").mkdir()
    (tmp_path / "repo" / "tests" / "e2e").mkdir(parents=True)
    (tmp_path / "repo" / "tests" / "e2e" / "runner.py").write_text(
        'def validate(case, out):\n'
        '    expected = case.get("output_contains", [])\n'
        '    missing = [e for e in expected if e.lower() not in out.lower()]\n'
        '    return not missing\n')
    assert operands(check_json(skill)) == ["re:(?i)Template"]

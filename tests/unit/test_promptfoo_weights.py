"""promptfoo suites: a test's `threshold` over weighted asserts applied where it is exact (the
asserts that may fail reported, not graded), reported where it is not; weight 0 is report-only;
`similar` read as a grader statement with its bar reported; `javascript` reported with a
precise fix; the suite read once for its cases and its findings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import runner.authoring.caseset as caseset
import runner.authoring.siblings as siblings
from runner.authoring.caseset import load_caseset
from runner.authoring.promptfoo import Suite, read_promptfoo, spare_asserts
from runner.cli import main

SKILL_MD = ("---\nname: tidy-notes\ndescription: Tidies meeting notes into a short summary. "
            "Use when asked to tidy notes.\n---\nTidy the notes.\n")


def suite_skill(tmp_path: Path, tests: str) -> Path:
    skill = tmp_path / "tidy-notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "promptfooconfig.yaml").write_text(tests)
    return skill


def report(skill: Path) -> dict[str, Any]:
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    found: dict[str, Any] = json.loads(result.output)
    return found


def entries(skill: Path) -> list[str]:
    return [c["entry"] for c in report(skill)["cases"][0]["checks"]]


def plain(skill: Path) -> str:
    return CliRunner().invoke(main, ["check", str(skill)]).output


def test_spare_asserts_rule() -> None:
    one = {"type": "contains", "value": "x"}
    assert spare_asserts([one, one], None) == (set(), None)
    assert spare_asserts([one, {**one, "weight": 0}], None) == ({1}, None)
    # 3 and 1 at 0.7: the light one may fail (0.75), the heavy one may not: exact
    assert spare_asserts([{**one, "weight": 3}, one], 0.7) == ({1}, None)
    # three equal at 0.6: any one may fail, not two: cannot be applied exactly
    spare, why = spare_asserts([one, one, one], 0.6)
    assert spare == set() and why is not None and "0.6" in why
    # a threshold every assert must meet is the runner's own reading
    assert spare_asserts([one, one], 1.0) == (set(), None)


def test_a_threshold_that_spares_an_assert_is_applied(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    threshold: 0.7
    assert:
      - {type: contains, value: Friday, weight: 3}
      - {type: contains, value: Ana}
""")
    assert entries(skill) == ["Friday"]
    assert "cannot fail its test" in plain(skill)


def test_a_threshold_that_cannot_be_applied_is_reported(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    threshold: 0.6
    assert:
      - {type: contains, value: Friday}
      - {type: contains, value: Ana}
      - {type: contains, value: ship}
""")
    assert entries(skill) == ["Friday", "Ana", "ship"]
    out = plain(skill)
    assert "test threshold 0.6" in out and "stricter" in out


def test_weight_zero_is_report_only_and_weights_alone_change_nothing(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    assert:
      - {type: contains, value: Friday, weight: 2}
      - {type: contains, value: Ana, weight: 0}
      - {type: contains, value: ship}
""")
    assert entries(skill) == ["Friday", "ship"]


def test_similar_is_a_statement_with_its_bar_reported(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    assert:
      - {type: similar, value: "Ana ships on Friday", threshold: 0.8}
""")
    assert entries(skill) == ["The output says in substance the same as: Ana ships on Friday"]
    assert "similar threshold 0.8" in plain(skill)


def test_javascript_is_reported_with_the_grader_program_fix(tmp_path: Path) -> None:
    skill = suite_skill(tmp_path, """
tests:
  - vars: {prompt: "Tidy: ship Friday, Ana owns it."}
    assert:
      - {type: contains, value: Friday}
      - {type: javascript, value: "output.length < 400"}
""")
    assert entries(skill) == ["Friday"]
    out = plain(skill)
    assert "'javascript'" in out and "evals/check.js" in out and "node" in out


def test_the_suite_is_read_once_for_cases_and_findings(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    skill = suite_skill(tmp_path, """
providers: [openai:gpt-4o]
tests:
  - vars: {prompt: "Tidy: ship Friday."}
    assert: [{type: contains, value: Friday}]
""")
    calls: list[Path] = []

    def counted(path: Path) -> Suite:
        calls.append(path)
        return read_promptfoo(path)

    monkeypatch.setattr(siblings, "read_promptfoo", counted)
    monkeypatch.setattr(caseset, "read_promptfoo", counted, raising=False)  # its old reading
    found = load_caseset(skill, "tidy-notes", set_file=skill / "evals" / "promptfooconfig.yaml")
    assert any("providers" in f.message for f in found.findings)
    assert len(calls) == 1

"""Requirement tiers (`must`, `must_not`, `should`), expectation objects (`expect: {contains,
not_contains, regex, equals}`) and check objects marked soft by a field (`optional: true`,
`required: false`, `weight: 0`, `severity: nice-to-have`), read as their authors meant
(runner.authoring.tiers)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main
from runner.scoring.checks import check_work

SKILL_MD = ("---\nname: readme-writer\ndescription: Writes and tightens README files for "
            "command-line tools. Use when asked for a README.\n---\nWrite short READMEs.\n")
PROMPT = "Write a README for snapenv, a Go CLI with save and load."


def skill_with(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    skill = tmp_path / "readme-writer"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": cases}))
    return skill


def check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


def graded(skill: Path) -> list[tuple[str, str]]:
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.output)
    return [(c["kind"], c["entry"]) for c in report["cases"][0]["checks"]]


def test_must_and_must_not_literals_are_checks_and_sentences_statements(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT,
                                   "must": ["snapenv save", "The README explains how to "
                                            "install the tool with go install"],
                                   "must_not": ["TODO", "The README invents flags the tool "
                                                "does not have"]}])
    got = graded(skill)
    assert ("assertion", "snapenv save") in got
    assert ("assertion", "not:TODO") in got
    assert ("statement", "The README explains how to install the tool with go install") in got
    assert ("statement", "The run avoids this: The README invents flags the tool does not "
            "have") in got
    assert len(got) == 4
    assert "`must`, `must_not` read as assertions (4 item(s)" in check(str(skill)).output


def test_should_alone_is_graded_like_must(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT,
                                   "should": ["snapenv load", "Shows an example of the load "
                                              "command with a real file"]}])
    got = graded(skill)
    assert ("assertion", "snapenv load") in got
    assert ("statement", "Shows an example of the load command with a real file") in got


def test_should_beside_must_is_the_soft_tier_reported_not_graded(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "must": ["snapenv save"],
                                   "should": ["Mentions the licence of the tool somewhere"]}])
    assert graded(skill) == [("assertion", "snapenv save")]
    plain = check(str(skill))
    assert "soft tier" in plain.output and "EV012" in plain.output
    assert "should[0]" in plain.output  # counted among what is kept, not graded


def test_expect_object_operands_are_checks_of_their_kind(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"id": "a", "prompt": PROMPT,
         "expect": {"contains": ["snapenv", "load"], "not_contains": "lorem",
                    "regex": r"go install \S+", "equals": "done"}}])
    got = graded(skill)
    assert ("assertion", "snapenv") in got and ("assertion", "load") in got
    assert ("assertion", "not:lorem") in got
    assert ("assertion", r"re:go install \S+") in got
    equals = next(e for k, e in got if "done" in e)
    assert check_work(equals, [("final text", "  done\n")], "t").passed
    assert not check_work(equals, [("final text", "all done here")], "t").passed
    assert re.search("equals", check(str(skill)).output)


def test_expected_object_reads_the_same_and_joins_the_case_own_lists(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "must_include": ["save"],
                                   "expected": {"contains": ["snapenv"],
                                                "not_contains": ["lorem"]}}])
    got = graded(skill)
    assert ("assertion", "save") in got and ("assertion", "snapenv") in got
    assert ("assertion", "not:lorem") in got


def test_check_objects_marked_soft_by_a_field_are_reported_not_graded(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "assertions": [
        {"type": "contains", "value": "snapenv"},
        {"type": "contains", "value": "badge", "optional": True},
        {"type": "llm", "text": "Mentions the license of the tool", "required": False},
        {"type": "contains", "value": "MIT", "weight": 0},
        {"type": "contains", "value": "Usage", "severity": "nice-to-have"}]}])
    assert graded(skill) == [("assertion", "snapenv")]
    plain = check(str(skill)).output
    for marking in ("optional: true", "required: false", "weight: 0", "nice-to-have"):
        assert marking in plain


def test_required_and_weighted_checks_stay_graded(tmp_path: Path) -> None:
    """Negatives: a field that says the check counts (or weighs it) changes nothing."""
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "assertions": [
        {"type": "contains", "value": "snapenv", "required": True},
        {"type": "contains", "value": "load", "weight": 2},
        {"type": "contains", "value": "save", "optional": False},
        {"type": "contains", "value": "MIT", "severity": "high"}]}])
    assert [e for _, e in graded(skill)] == ["snapenv", "load", "save", "MIT"]


def test_failures_and_plain_expectations_read_as_before(tmp_path: Path) -> None:
    """Negatives: `fail` lists and sentence `expectations` keep their reading."""
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "fail": ["TODO"],
                                   "expectations": ["Names both commands"]}])
    got = graded(skill)
    assert ("statement", "The run avoids this failure: TODO") in got
    assert ("statement", "Names both commands") in got

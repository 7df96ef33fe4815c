"""Follow-ups of the requirement tiers (issue 26): `must` written as a mapping, `should_not`,
and soft marks on `outputs`, `tool_calls` and `json_checks` objects (runner.authoring.tiers)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.unit.test_tiers import PROMPT, check, graded, skill_with


def test_must_mapping_is_read_as_an_expect_object(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "must": {
        "contains": ["snapenv", "load"], "not_contains": "lorem", "regex": r"go install \S+"}}])
    got = graded(skill)
    assert sorted(got) == sorted([("assertion", "snapenv"), ("assertion", "load"),
                                  ("assertion", "not:lorem"),
                                  ("assertion", r"re:go install \S+")])
    assert "`must` is a mapping of checks" in check(str(skill)).output


def test_must_mapping_makes_should_the_soft_tier(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "must": {"contains": "save"},
                                   "should": ["badge"]}])
    assert graded(skill) == [("assertion", "save")]
    assert "soft tier" in check(str(skill)).output


def test_must_as_one_typed_object_is_one_item(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT,
                                   "must": {"type": "contains", "value": "snapenv"}}])
    assert graded(skill) == [("assertion", "snapenv")]


def test_should_not_alone_reads_like_must_not(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "should_not": [
        "TODO", "The README invents flags the tool does not have"]}])
    got = graded(skill)
    assert ("assertion", "not:TODO") in got
    assert ("statement", "The run avoids this: The README invents flags the tool does not "
            "have") in got
    assert len(got) == 2


def test_should_not_beside_must_is_soft(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "must_not": ["TODO"],
                                   "should_not": ["lorem"]}])
    assert graded(skill) == [("assertion", "not:TODO")]
    plain = check(str(skill)).output
    assert "`should_not` beside `must`" in plain and "EV012" in plain


def test_soft_marks_on_outputs_tool_calls_and_json_checks(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT, "assertions": ["snapenv"],
                                   "outputs": [{"path": "README.md"},
                                               {"path": "CHANGELOG.md", "optional": True}],
                                   "tool_calls": [{"tool": "Bash", "required": False}, "Write"],
                                   "json_checks": [{"file": "a.json", "path": "x", "equals": 1,
                                                    "weight": 0},
                                                   {"file": "b.json", "path": "y",
                                                    "equals": 2,
                                                    "severity": "nice-to-have"}]}])
    got = graded(skill)
    assert ("output", "README.md") in got and ("tool_call", "Write") in got
    assert not any("CHANGELOG" in e or "Bash" in e or ".json" in e for _, e in got)
    plain = check(str(skill)).output
    report = json.loads(check(str(skill), "--json").output)
    assert [c["origin"] for c in report["cases"][0]["checks"]
            if c["kind"] == "tool_call"] == ["tool_calls[1]"]  # numbered as the author wrote
    for shown in ("outputs[1]: marked optional: true", "tool_calls[0]: marked required: false",
                  "json_checks[0]: marked weight: 0", "json_checks[1]: marked severity"):
        assert shown in plain


def test_required_outputs_and_json_checks_stay_graded(tmp_path: Path) -> None:
    """Negatives: no soft mark (or one that says the check counts) changes nothing."""
    skill = skill_with(tmp_path, [{"id": "a", "prompt": PROMPT,
                                   "outputs": [{"path": "README.md"}],
                                   "json_checks": [{"file": "a.json", "path": "x",
                                                    "equals": 1}]}])
    got = graded(skill)
    assert ("output", "README.md") in got
    assert ("json", "a.json x") in got

"""Case fields whose value has another shape than the contract's, read as their authors meant
(docs/case-sets.md, "Other tools' field names"): an `expected_output` mapping of the work's
properties, cases numbered by position when nothing else identifies them."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.errors import CaseSetError
from runner.schema.case import CaseSet

SKILL_MD = "---\nname: memo\ndescription: Writes short internal memos.\n---\nWrite memos.\n"


def _load(tmp_path: Path, cases: list[dict[str, Any]]) -> CaseSet:
    skill = tmp_path / "memo"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "memo",
                                                           "evals": cases}))
    return load_caseset(skill, "memo")


def test_an_expected_output_mapping_is_read_as_the_cases_own_fields(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "expected_output": {"sections": ["[Summary]", "[Dates]"],
                                                "banned_words_absent": ["synergy"],
                                                "max_words": 200, "tone": None}}])
    case = got.evals[0]
    assert "[Summary]" in case.assertions and "[Dates]" in case.assertions
    assert "not:synergy" in case.assertions
    assert any("mapping of the expected work's properties" in f.message for f in got.findings)
    # a limit on the whole output: a claim about its length
    assert "The output is at most 200 words long" in case.statements
    assert "tone" in case.extra  # claims nothing: reported, never graded in silence


def test_an_expected_output_text_stays_as_it_was(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "expected_output": "A short memo.", "assertions": ["move"]}])
    assert got.evals[0].expected_output == "A short memo."
    assert not any("properties" in f.message for f in got.findings)


def test_cases_nothing_identifies_are_numbered_by_position(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"prompt": "Write a memo about the move.", "assertions": ["move"]},
                           {"prompt": "Write a memo about lunch.", "assertions": ["lunch"]}])
    assert [c.id for c in got.evals] == ["1", "2"]
    assert any("numbered by their position" in f.message for f in got.findings)


def test_a_case_without_id_beside_cases_with_one_is_still_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseSetRefused, match="no `id`"):
        _load(tmp_path, [{"id": "a", "prompt": "Write a memo.", "assertions": ["memo"]},
                         {"prompt": "Write a memo about lunch.", "assertions": ["lunch"]}])


def test_a_list_of_the_skills_documents_under_references_is_reported(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "assertions": ["move"], "references": ["SKILL.md", "tone.md"]}])
    case = got.evals[0]
    assert case.references == {}  # never shown to the grader as texts to compare with
    assert any("references" in k for k in case.extra)


def test_a_references_mapping_stays_the_graders_texts(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "expectations": ["The memo has the dates of the move"],
                            "references": {"style.md": "Short sentences."}}])
    assert got.evals[0].references == {"style.md": "Short sentences."}


def test_an_expected_mappings_lists_of_what_must_or_must_not_appear(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Lint the memo folder.",
                            "expected": {"required_terms": ["complexity"],
                                         "forbidden_flags": ["--fix"],
                                         "forbidden_words": ["synergy"],
                                         "acceptable_actions": ["lint --list", "lint --help"],
                                         "requires_dir": True}}])
    case = got.evals[0]
    assert "complexity" in case.assertions and "not:synergy" in case.assertions
    assert "!Bash:--fix" in case.tool_calls  # a flag: no command the agent runs holds it
    assert any("one of these: `lint --list`; `lint --help`" in s for s in case.statements)
    assert "requires_dir" in case.extra  # a flag of the author's harness: reported


def test_a_failure_list_of_actions_stays_statements(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write a memo about the move.",
                            "forbidden_actions": ["Deletes the old memos without asking"]}])
    case = got.evals[0]
    assert not case.tool_calls and "not:" not in " ".join(case.assertions)
    assert any("Deletes the old memos" in s for s in case.statements)


def test_terms_a_description_must_hold_are_said_to_be_about_skill_md(tmp_path: Path) -> None:
    with pytest.raises(CaseSetError, match="a check of SKILL.md's metadata, not of the run"):
        _load(tmp_path, [{"id": "r1", "prompt": "Which memo format do we use?",
                          "required_description_terms": ["memo", "format"]}])


def test_files_under_an_expected_mapping_are_never_staged_as_fixtures(tmp_path: Path) -> None:
    got = _load(tmp_path, [{"id": "m1", "prompt": "Write memo.md about the move.",
                            "assertions": ["move"],
                            "expected": {"files": ["memo.md"], "required_terms": ["move"]}}])
    case = got.evals[0]
    assert case.files == () and "memo.md" not in " ".join(case.files)
    assert "expected.files" in case.extra

"""A case's input written as an object (runner.authoring.input_object): its request field the
prompt, the rest sent with it labelled, the expected work never sent but graded; an
`expected_behavior` mapping is claims about the work; a mapping of named texts that are
claims ("包含状态机") is statements, never texts to find."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from tests.helpers import make_skill


def _one(tmp_path: Path, **case: Any) -> Any:
    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [{"id": "c1", **case}]})
    (only,) = load_caseset(skill).evals
    return only


def test_the_request_of_an_input_object_is_the_prompt(tmp_path: Path) -> None:
    case = _one(tmp_path, input={"task_description": "Tidy the meeting notes into a memo",
                                 "constraints": ["Keep every decision", "One page"],
                                 "expected_outputs": ["memo.md"]},
                expectations=["The memo lists the decisions"])
    assert case.prompt.startswith("Tidy the meeting notes into a memo")
    assert "Constraints:\n- Keep every decision" in case.prompt
    assert "memo.md" not in case.prompt  # the expected work is a criterion, never sent
    assert [o.path for o in case.outputs] == ["memo.md"]


def test_a_set_file_of_such_cases_is_found_by_content(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"skill_name": "tidy-notes", "evals": [
        {"id": "c0", "prompt": "Tidy these notes: a, b.", "expectations": ["It is tidy"]}]})
    (skill / "evals" / "evals.json").unlink()
    (skill / "evals" / "success_cases.json").write_text(json.dumps({
        "skill_name": "tidy-notes", "test_cases": [
        {"id": "s1", "input": {"task": "Tidy the notes: a, b, c."},
         "expected_behavior": {"action": "writes a memo", "should_stop": False}}]}))
    (case,) = load_caseset(skill).evals
    assert case.prompt == "Tidy the notes: a, b, c."
    assert set(case.statements) == {'The output meets `action: "writes a memo"`',
                                    "The output meets `should_stop: false`"}


def test_an_input_object_with_no_request_stays_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseSetRefused, match="`prompt` is dict"):
        _one(tmp_path, input={"notes": "a, b", "constraints": ["One page"]},
             expectations=["It is tidy"])


def test_claims_under_named_groups_are_statements_texts_stay_groups(tmp_path: Path) -> None:
    case = _one(tmp_path, prompt="Tidy the notes: a, b.",
                expected_outputs={"memo.md": "包含状态机和工作流图",
                                  "summary": "lists every decision"})
    assert not case.assertions
    assert any("包含状态机和工作流图" in s for s in case.statements)
    texts = _one(tmp_path / "b", prompt="Tidy the notes: a, b.",
                 required_signals={"gates": ["evaluation", "acceptance"]})
    assert texts.assertions == ("re:evaluation|acceptance",)

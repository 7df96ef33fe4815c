"""A set whose cases name files of its own folder (runner.authoring.set_texts): `prompt:
prompts/x.md` sends that file's text, `expected: expected/x.md` is the reference answer (the
expected output, never a statement naming a path); `criteria` objects holding a sentence under
`description` (with an id and a weight) are statements; a markup tag the prompt names is no
placeholder. A path that is no file of the set stays as written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.schema.case import Case
from tests.helpers import make_skill

_CASE: dict[str, Any] = {
    "name": "lint-review", "prompt": "prompts/lint.md", "expected": "expected/lint.md",
    "criteria": [{"id": "spots-typo", "description": "Must point out the misspelt key",
                       "weight": 1.0},
                      {"id": "gives-fix", "description": "Must give the corrected config line",
                       "weight": 0.5}]}


def _read(tmp_path: Path, case: dict[str, Any], files: dict[str, str]) -> Case:
    skill = make_skill(tmp_path, [], files=files)
    (skill / "evals" / "evals.json").unlink()
    (skill / "evals" / "eval.yaml").write_text(yaml.safe_dump({"evals": [case]}))
    return load_caseset(skill, "tidy-notes").evals[0]


def test_prompt_and_expected_files_of_the_set_are_read(tmp_path: Path) -> None:
    case = _read(tmp_path, _CASE, {
        "evals/prompts/lint.md": "Review this config: `colour_mode: dark`. What is wrong?\n",
        "evals/expected/lint.md": "# Expected\nThe key is `color_mode`.\n"})
    assert case.prompt.startswith("Review this config")
    assert case.expected_output == "# Expected\nThe key is `color_mode`."
    assert list(case.statements) == ["Must point out the misspelt key",
                                     "Must give the corrected config line"]
    assert not case.files  # the reference answer is never staged


def test_a_path_that_is_no_file_of_the_set_stays_as_written(tmp_path: Path) -> None:
    case = _read(tmp_path, {**_CASE, "prompt": "Review the config and fix it.",
                            "expected": "expected/missing.md"}, {})
    assert case.prompt == "Review the config and fix it."
    assert "expected/missing.md" in case.statements  # as before: the author's text


def test_a_markup_tag_the_prompt_names_is_no_placeholder(tmp_path: Path) -> None:
    tagged = {"id": "urdf", "prompt": "Add the URDF `<ros2_control>` tag for the two joints.",
              "expectations": ["Declares both joints with their interfaces"]}
    skill = make_skill(tmp_path / "a", [tagged])
    assert load_caseset(skill, "tidy-notes").evals[0].id == "urdf"
    blank = {**tagged, "id": "blank", "prompt": "Deploy the app to <target-env> tonight."}
    skill = make_skill(tmp_path / "b", [blank])
    with pytest.raises(CaseSetRefused, match="placeholder"):
        load_caseset(skill, "tidy-notes")


def test_a_placeholder_of_the_output_format_is_no_blank(tmp_path: Path) -> None:
    """`<run_id>` inside a quoted template the output must follow, or naming a value the
    prompt defines itself (`log(run_id: int)`), is the format's, not a blank for the user; a
    blank quoted alone, or a bare one, is still refused."""
    made = {"id": "fmt", "prompt": "Write log.py with `log(run_id: int, status)` printing "
            "'run <run_id> finished' then 'status: <status_text>' per call.",
            "expectations": ["Prints the run line"]}
    skill = make_skill(tmp_path / "a", [made])
    assert load_caseset(skill, "tidy-notes").evals[0].id == "fmt"
    for n, prompt in enumerate(("Save the log to '<output_file>' now.",
                                "Email the summary to <team_lead_email> today.")):
        blank = {**made, "id": f"blank{n}", "prompt": prompt}
        with pytest.raises(CaseSetRefused, match="placeholder"):
            load_caseset(make_skill(tmp_path / f"b{n}", [blank]), "tidy-notes")


def test_criteria_with_operands_stay_checks(tmp_path: Path) -> None:
    case = {"id": "c", "prompt": "Write notes.md listing three fruits.",
            "criteria": [{"id": "apple", "type": "contains", "value": "apple"}]}
    skill = make_skill(tmp_path, [case])
    read = load_caseset(skill, "tidy-notes").evals[0]
    assert list(read.assertions) == ["apple"]
    assert json.dumps(list(read.statements)) == "[]"

"""Which file is the set, and case fields that stage nothing (issue 26): program data (a
retrieval script's query/expected-document pairs, a CI check file) never hides a well-formed
set beside it, a glob under `files` is never a fixture to find, and `fixture: null` / `none`
stages nothing. Each rule by small sets of its own through the real `skill-eval check`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import check_cli as check
from tests.helpers import check_json as report
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md

DESCRIPTION = 'Tidies meeting notes into a summary. Use when asked to "tidy my notes".'
PAIRS = [{"query": "how are keys rotated", "expected_doc": "docs/keys.md"},
         {"question": "quelle est la politique de reprise", "relevant_docs": ["retry.md", "b"]}]
TRIGGERS = [{"query": "tidy my notes from standup", "should_trigger": True},
            {"query": "what is the weather", "should_trigger": False}]


def _skill(folder: Path, name: str = "tidy-notes") -> Path:
    return write_skill_md(folder, name, DESCRIPTION, "Read the notes, write summary.md.\n")


def _set(*cases: dict[str, Any]) -> dict[str, Any]:
    return {"skill_name": "tidy-notes", "evals": list(cases)}


def _case(ident: str, **extra: Any) -> dict[str, Any]:
    return {"id": ident, "prompt": "Notes: we ship Friday. Tidy them.", "assertions": ["Friday"],
            **extra}


def _ev012(got: dict[str, Any]) -> list[str]:
    return [f["message"] for f in got["findings"] if f["code"] == "EV012"]


@pytest.mark.parametrize("name", ["recall-evals.json", "retrieval.yaml", "golden_queries.jsonl"])
def test_query_pairs_beside_a_case_set_are_reported_not_a_set(tmp_path: Path,
                                                              name: str) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _set(_case("friday")))
    pairs = PAIRS if not name.endswith(".jsonl") else \
        "\n".join(json.dumps(p) for p in PAIRS)
    _write(skill / "evals" / name, pairs)
    got = report(skill)
    assert [c["id"] for c in got["cases"]] == ["friday"]
    said = [m for m in _ev012(got) if m.startswith(name)]
    assert len(said) == 1 and "not a case set" in said[0] and "evals.json" in said[0]


def test_query_pairs_beside_a_trigger_set_leave_a_trigger_only_skill(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "trigger-queries.json", TRIGGERS)
    _write(skill / "evals" / "recall-evals.json", PAIRS)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only" in result.output
    assert "EV012" in result.output and "recall-evals.json: not a case set" in result.output


def test_a_ci_file_under_a_set_name_never_hides_the_trigger_set(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "trigger-evals.json", TRIGGERS)
    _write(skill / "tests" / "eval.json", {"checks": [{"name": "lint", "command": "ruff ."}]})
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "trigger set only" in result.output
    # (a test folder's file holding no case is its program's data, said where the trigger
    # set is reported)
    assert "tests/eval.json (holds no cases" in " ".join(result.output.split())


def test_a_malformed_set_alone_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", {"checks": [{"name": "lint", "command": "ruff ."}]})
    result = check(str(skill))
    assert result.exit_code != 0 and "evals: required" in result.output
    other = _skill(tmp_path / "b" / "tidy-notes")
    _write(other / "tests" / "eval.json", {"checks": [{"name": "unit", "command": "pytest"}]})
    assert check(str(other)).exit_code != 0


def test_a_malformed_case_set_beside_a_trigger_set_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "trigger-evals.json", TRIGGERS)
    _write(skill / "evals" / "evals.json", {"skill_name": "tidy-notes",
                                           "evals": [{"id": "a", "text_in": "tidy Friday"}]})
    result = check(str(skill))
    assert result.exit_code != 0 and "trigger set only" not in result.output


def test_query_pairs_alone_are_read_and_refused_as_before(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "recall-evals.json", PAIRS)
    result = check(str(skill))
    # numbered by position now, still refused: nothing in them can pass or fail
    assert result.exit_code != 0 and "EV008" in result.output


@pytest.mark.parametrize("near", [
    [{"id": "r1", "query": "how are keys rotated", "expected_doc": "docs/keys.md"}],
    # a different case: the same case in another harness's shape is read once (harness_twins)
    [{"query": "summarise the budget meeting: spend approved", "expected_output": "approved"}],
    [{"query": "tidy these notes: ship Friday", "expected": "a summary naming Friday"}]])
def test_two_real_sets_of_different_shapes_still_conflict(tmp_path: Path,
                                                          near: list[Any]) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _set(_case("friday")))
    _write(skill / "evals" / "more.json", near)
    result = check(str(skill))
    assert result.exit_code != 0 and "holds 2 case sets" in result.output


@pytest.mark.parametrize("pattern", ["out/*.md", "reports/**/summary.md", "draft-?.txt",
                                     "notes[0-9].md"])
def test_a_glob_under_files_is_not_staged_and_said(tmp_path: Path, pattern: str) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _set(
        _case("friday", files=[pattern]),
        {"id": "refuse", "prompt": "Delete every summary you ever wrote.", "expect": "refusal",
         "files": [pattern]}))
    got = report(skill)
    said = [m for m in _ev012(got) if pattern in m]
    assert len(said) == 2 and all("glob" in m and "not staged" in m for m in said)
    assert all(pattern not in c.get("files", []) for c in got["cases"])


def test_a_plain_fixture_not_found_is_still_refused(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "evals" / "files" / "notes.md").write_text("ship Friday\n")
    _write(skill / "evals" / "evals.json", _set(_case("friday", files=["notes.md"]),
                                                _case("missing", files=["gone.md"])))
    # the case whose fixture is not there is left out, the other runs; --strict refuses
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "left out, cannot run as written (EV009 below): missing" in result.output
    assert "'gone.md' is not in the skill" in result.output
    strict = check(str(skill), "--strict")
    assert strict.exit_code != 0 and "'gone.md' is not in the skill" in strict.output


@pytest.mark.parametrize("value", [None, "none", "None", "n/a", "aucun", "keine", "无", []])
def test_a_fixture_field_saying_none_stages_nothing(tmp_path: Path, value: Any) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    _write(skill / "evals" / "evals.json", _set(_case("friday", fixture=value)))
    got = report(skill)
    assert got["cases"][0].get("files", []) in ([], None)
    assert any("read as no fixtures" in m for m in _ev012(got))


def test_a_null_fixture_leaves_the_named_inputs_rule_as_for_no_files(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    ask = "Compare both files and tell me which summary is newer."
    _write(skill / "evals" / "evals.json", _set(
        {"id": "null", "prompt": ask, "fixture": None, "assertions": ["Friday"]},
        {"id": "absent", "prompt": ask, "assertions": ["Friday"]}))
    result = check(str(skill))
    refused = [line for line in result.output.splitlines() if "'both files'" in line]
    assert result.exit_code != 0 and len(refused) == 2, result.output


def test_a_fixture_folder_named_plainly_is_still_staged(tmp_path: Path) -> None:
    skill = _skill(tmp_path / "tidy-notes")
    (skill / "evals" / "files" / "nonesuch").mkdir(parents=True)
    (skill / "evals" / "files" / "nonesuch" / "notes.md").write_text("ship Friday\n")
    _write(skill / "evals" / "evals.json", _set(_case("friday", fixture="nonesuch")))
    got = report(skill)
    assert not any("read as no fixtures" in m for m in _ev012(got))

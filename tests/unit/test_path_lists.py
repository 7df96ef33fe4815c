"""A case's top-level lists of paths read by the grammar of the field's name
(runner.authoring.path_lists): files the work must create (`expected_artifacts`) are output
checks; paths it must leave alone (`must_not_touch`) are checks that no editing call names
them; a list holding anything but paths, or under a name of reading, stays as it was. And one
`expectations` string of several claims is read claim by claim."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.schema.trial import ToolCall
from runner.scoring.deterministic import check_call
from tests.helpers import check_verbose, make_skill

PROMPT = "Compress what we know about the flood model into a manifest for later sessions."


def _cases(tmp_path: Path, *cases: dict[str, Any]) -> Path:
    return make_skill(tmp_path, {"skill_name": "context-keeper", "evals": [
        {"id": f"c{n}", "prompt": PROMPT, **case} for n, case in enumerate(cases, 1)]})


def _edit(path: str) -> ToolCall:
    return ToolCall(name="Edit", input=json.dumps({"file_path": f"/work/trial/{path}",
                                                   "old_string": "a", "new_string": "b"}))


def test_files_to_create_are_output_checks_and_said(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {
        "expected_artifacts": [".notes/manifest.yml", "./.notes/run_log.md"],
        "expectations": ["The manifest lists every experiment"]}))
    (case,) = caseset.evals
    assert [o.path for o in case.outputs] == [".notes/manifest.yml", ".notes/run_log.md"]
    assert not case.extra
    (said,) = [f for f in caseset.findings if "`expected_artifacts`" in f.message]
    assert said.code == "EV012" and "must create" in said.message


def test_paths_to_leave_alone_fail_an_edit_in_them_only(tmp_path: Path) -> None:
    caseset = load_caseset(_cases(tmp_path, {
        "must_not_touch": [".paper/", "thesis.tex"],
        "expectations": ["The manifest lists every experiment"]}))
    (case,) = caseset.evals
    assert len(case.tool_calls) == 2 and not case.extra
    folder, file = case.tool_calls
    assert not check_call(folder, (_edit(".paper/draft.md"),)).passed
    assert check_call(folder, (_edit("notes/.paper.md"), _edit("my.paper/a.md"))).passed
    assert not check_call(file, (_edit("thesis.tex"),)).passed
    assert check_call(file, (_edit("thesis.tex.bak"), _edit("old_thesis.tex"))).passed
    # reading a path it must not change is no change
    read = ToolCall(name="Read", input=json.dumps({"file_path": "/work/trial/.paper/a.md"}))
    assert check_call(folder, (read,)).passed
    assert any("`must_not_touch`" in f.message and f.code == "EV012"
               for f in caseset.findings)


@pytest.mark.parametrize("fields", [
    {"must_not_touch": [".paper/", "the bibliography"]},  # one item no path: not read
    {"expected_reads": [".notes/manifest.yml"]},  # what it reads (another rule's), not makes
    {"expected_artifacts": [".notes/*.yml"]},  # a glob is no one file
])
def test_other_lists_are_left_as_they_were(tmp_path: Path, fields: dict[str, Any]) -> None:
    (case,) = load_caseset(_cases(tmp_path, {
        "expectations": ["The manifest lists every experiment"], **fields})).evals
    assert not case.outputs and not any(c.startswith("!Edit") for c in case.tool_calls)


def test_things_to_leave_alone_that_are_no_paths_are_what_the_run_avoids(
        tmp_path: Path) -> None:
    (case,) = load_caseset(_cases(tmp_path, {
        "must_not_touch": ["the vault's delete endpoint"],
        "expectations": ["The manifest lists every experiment"]})).evals
    assert "The run avoids this: touch the vault's delete endpoint" in case.statements
    assert not case.tool_calls and not case.extra


def test_one_expectations_string_of_several_claims_is_read_claim_by_claim(
        tmp_path: Path) -> None:
    text = ("Run the three gates in order; classify each candidate as Type A or Type B; "
            "do NOT decide which topic is best and leave the choice to the researcher.")
    caseset = load_caseset(_cases(tmp_path, {"expected_behavior": text},
                                  {"expected_behavior": "Writes a short manifest."}))
    first, second = caseset.evals
    assert len(first.statements) == 3
    assert first.statements[0] == "Run the three gates in order"
    assert second.statements == ("Writes a short manifest.",)
    assert any("one str of 3 claims" in f.message for f in caseset.findings)


def test_check_shows_both_lists_as_the_checks_they_became(tmp_path: Path) -> None:
    shown = check_verbose(_cases(tmp_path, {
        "expected_artifacts": [".notes/manifest.yml"], "must_not_touch": [".paper/"],
        "expectations": ["The manifest lists every experiment"]}))
    assert "output .notes/manifest.yml: must exist" in shown
    assert "tool_call !Edit|MultiEdit|Write|NotebookEdit:re:" in shown
    assert "from must_not_touch[0] (no editing call on it)" in shown
    assert "`must_not_touch` read as paths the run must not change" in shown
    assert "ignored" not in shown

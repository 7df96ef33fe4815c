"""A case's own verifier command (issue 26, rule 1): a field named for verifying whose value is a
command line (`verifier_cmd`, `test_command`, `verify: "test -f x"`), on a check object or the
case, is the case's grader command, run after the trial on the work; never a sentence for the
grader model. One whose program the image lacks is refused (EV009) naming it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.problems import CaseSetRefused
from runner.authoring.verifier_keys import is_command_line, names_verifier, verifier_command
from runner.cli import main

SKILL_MD = """---
name: tot
description: Writes a totals report. Use when asked for the totals of a folder.
---
Write totals.md ending with a line "TOTAL 3".
"""
PROMPT = "Write the totals of this folder into totals.md."
LINE = "grep -q '^TOTAL 3$' totals.md"


def make_skill(root: Path, *cases: dict[str, Any]) -> Path:
    skill = root / "tot"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "tot", "evals": [
        {"id": f"c{i}", "prompt": PROMPT, **case} for i, case in enumerate(cases)]}))
    return skill


@pytest.mark.parametrize("key", ["verifier_cmd", "verify_command", "testCommand", "test-cmd",
                                 "check_command", "run_tests", "verify", "verification"])
def test_keys_naming_verification_and_a_command(key: str) -> None:
    assert names_verifier(key)


@pytest.mark.parametrize("key", ["command", "cmd", "description", "tests", "verified",
                                 "command_assertions", "expected_output", "checks"])
def test_keys_that_name_no_verifier(key: str) -> None:
    assert not names_verifier(key)


@pytest.mark.parametrize(("text", "command"), [
    ("test -f report.pdf", True), ("cd /app && mvn compile -B -q 2>&1", True),
    ("bash evals/check.sh", True), ("./verify.sh", True), ("pytest", True),
    ("The report names each file it counted", False), ("test the report renders well", False),
    ("Check that totals.md exists", False), ("", False),
    # its program past an assignment and a wrapper (shell_words), never a sentence's first word
    ("CI=1 ./verify.sh", True), ("env LANG=C grep -q TOTAL out.md", True),
    ("time to check the totals", False)])
def test_a_command_line_is_told_from_a_sentence(text: str, command: bool) -> None:
    assert is_command_line(text) is command


def test_a_bare_verify_key_holding_a_sentence_is_no_command() -> None:
    assert verifier_command({"verify": "The report names each file"}) is None
    assert verifier_command({"verify": "test -f totals.md"}) == ("verify", "test -f totals.md")
    assert verifier_command({"verifier_cmd": ["mvn", "test"]}) is None  # a list: not a line


def test_a_check_objects_verifier_cmd_is_the_cases_grader_command(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"assertions": [
        {"id": "a1", "type": "scripted", "description": "totals.md ends with the total",
         "verifier_cmd": LINE}, "The report lists each file"]})
    caseset = load_caseset(skill)
    (case,) = caseset.evals
    assert case.grader_program is not None and case.grader_program.shell
    assert case.grader_program.command == LINE
    # the label is no sentence for the grader model; the other statement stays one
    assert case.statements == ("The report lists each file",)
    assert any("(`verifier_cmd`, a verifier)" in f.message for f in caseset.findings)


def test_a_case_level_test_command_is_its_grader_command(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"expectations": ["The report lists each file"],
                                  "testCommand": "test -f totals.md && " + LINE})
    (case,) = load_caseset(skill).evals
    assert case.grader_program is not None
    assert case.grader_program.command == "test -f totals.md && " + LINE
    assert "test_command" not in case.extra and "testCommand" not in case.extra


def test_a_verify_sentence_stays_unread_not_run(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"expectations": ["The report lists each file"],
                                  "verify": "The report names each file it counted"})
    (case,) = load_caseset(skill).evals
    assert case.grader_program is None


def test_a_verifier_whose_program_the_image_lacks_is_refused_naming_it(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"assertions": [
        {"type": "scripted", "description": "It compiles",
         "verifier_cmd": "cd /app && mvn compile -B -q 2>&1"}]})
    with pytest.raises(CaseSetRefused) as refused:
        load_caseset(skill)
    (problem,) = refused.value.problems
    assert problem.code == "EV009" and "'mvn', which the sandbox image lacks" in problem.message
    assert "fix" not in problem.message and problem.fix


def test_a_verifier_and_a_check_command_in_one_case_run_in_turn(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"verifier_cmd": "test -f totals.md", "assertions": [
        {"type": "deterministic", "run": LINE}]})
    (case,) = load_caseset(skill).evals
    assert case.grader_program is not None
    assert case.grader_program.command in (f"{LINE} && test -f totals.md",
                                           f"test -f totals.md && {LINE}")


def test_check_shows_the_verifier_as_a_program_check(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, {"assertions": [
        {"type": "scripted", "description": "totals.md ends with the total",
         "verifier_cmd": LINE}]})
    plain = CliRunner().invoke(main, ["check", str(skill)])
    assert plain.exit_code == 0, plain.output
    assert "(`verifier_cmd`, a verifier)" in plain.output
    assert not [line for line in plain.output.splitlines()  # never kept and ignored
                if line.startswith("ignored") and "verifier_cmd" in line]
    verbose = CliRunner().invoke(main, ["check", str(skill), "-v"])
    assert f"grader_program `{LINE}`" in verbose.output
    assert "statement totals.md ends with the total" not in verbose.output


def test_a_key_is_split_into_words_as_every_field_name_is() -> None:
    """One splitter for a name's words (runner.authoring.fields.name_words): any separator,
    camelCase unless asked not to; a verifier key is read by it like any field name."""
    from runner.authoring.fields import name_words, words
    assert name_words("runTests-cmd v2Check") == ["run", "tests", "cmd", "v2", "check"]
    assert name_words("eCommerce-evals", camel=False) == ["ecommerce", "evals"]
    assert words("expectedBehavior") == {"expected", "behavior"}
    assert names_verifier("verify.cmd") and names_verifier("testCommand")
    assert verifier_command({"verify.cmd": "pytest -q"}) == ("verify.cmd", "pytest -q")

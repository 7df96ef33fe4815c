"""A plugin's end-to-end suite at its repository's root (`tests/e2e/test_cases.yaml`): suites
named for the collection's skills (`assistant_builder` for `assistant-builder`), each test a
prompt and an `expect` mapping. Found as the collection's shared set; each suite's cases run
against the skill its name names (runner.authoring.attribution `_group_skill`); a suite named
for no skill names none; `output_contains_any` is one check any of its texts passes. Through
the real `skill-eval check`."""

from __future__ import annotations

from pathlib import Path

import yaml

from tests.helpers import check_cli, write_skill_md

SUITE = {"metadata": {"name": "kit-e2e"}, "suites": {
    "plugin_installation": {"tests": [
        {"id": "install", "prompt": "/plugin .", "expect": {"success": True}}]},
    "note_taker": {"description": "notes", "tests": [
        {"id": "notes_md", "prompt": "Write meeting notes for: ship Friday, Ana owns it.",
         "expect": {"success": True, "output_contains_any": ["Friday", "friday"]}}]},
    "memo_writer": {"tests": [
        {"id": "memo_md", "prompt": "Write a memo announcing the move to Building 4.",
         "expect": {"output_contains": ["Building 4"]}}]}}}


def _repo(tmp_path: Path) -> Path:
    repo = tmp_path / "kit"
    write_skill_md(repo / "skills" / "note-taker", "note-taker", "Use when asked for notes.")
    write_skill_md(repo / "skills" / "memo-writer", "memo-writer", "Use when asked for memos.")
    write_skill_md(repo / "skills" / "spell-check", "spell-check", "Use to check spelling.")
    (repo / "tests" / "e2e").mkdir(parents=True)
    (repo / "tests" / "e2e" / "test_cases.yaml").write_text(yaml.safe_dump(SUITE))
    return repo


def test_the_suite_is_found_and_each_suite_runs_against_its_skill(tmp_path: Path) -> None:
    result = check_cli(str(_repo(tmp_path)))
    out = result.output
    assert "skills/note-taker): set" in out and "tests/e2e/test_cases.yaml" in out
    assert "ok: note-taker" in out and "1 case(s): notes_md" in out, out
    assert "ok: memo-writer" in out and "1 case(s): memo_md" in out, out
    assert "no case of this shared set names skill 'spell-check'" in out, out


def test_contains_any_is_one_check(tmp_path: Path) -> None:
    result = check_cli(str(_repo(tmp_path / "a") / "skills" / "note-taker"), "-v")
    assert "re:Friday|friday" in result.output, result.output


def test_the_suite_beside_its_pytest_runner_is_still_the_set(tmp_path: Path) -> None:
    # the authors' pytest module that drives the suite sits beside it: the suite's
    # `expect: {success: true}` is an outcome asked for, no verdict of a past run
    repo = _repo(tmp_path)
    (repo / "tests" / "e2e" / "test_plugin_e2e.py").write_text(
        "from pathlib import Path\n\nCASES = Path(__file__).parent / 'test_cases.yaml'\n\n"
        "def test_all(claude_runner):\n    assert CASES.exists()\n")
    (repo / "tests" / "e2e" / "conftest.py").write_text(
        "import subprocess\n\ndef claude_runner(prompt):\n"
        "    return subprocess.run(['claude', '-p', prompt], capture_output=True)\n")
    out = check_cli(str(repo / "skills" / "memo-writer")).output
    assert "ok: memo-writer" in out and "1 case(s): memo_md" in out, out

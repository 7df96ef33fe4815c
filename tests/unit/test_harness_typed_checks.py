"""A harness's typed expectations on per-case files (issue 26, "every layout"):
`output_matches` / `output_not_matches` are regexes on the final answer, `tool_called` /
`tool_not_called` a regex over each tool call written "Tool input", `file_created` /
`file_not_created` a glob in the working directory, and `fixture: NAME` stages
evals/fixtures/NAME/."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_json, check_verbose

SKILL_MD = ("---\nname: card-maker\ndescription: Drafts a birthday card and writes it only "
            "once the user approves.\n---\nDraft the card, ask, then write card.txt.\n")


def skill_with(tmp_path: Path, expectations: list[Any]) -> Path:
    skill = tmp_path / "card-maker"
    cases = skill / "evals" / "cases"
    cases.mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    fixture = skill / "evals" / "fixtures" / "inbox"
    fixture.mkdir(parents=True)
    (fixture / "names.txt").write_text("Grace\n")
    (cases / "card-maker--gate.json").write_text(json.dumps({
        "name": "card-maker--gate", "fixture": "inbox",
        "prompt": "Draft a card for the first name in names.txt; I approve in advance, write "
                  "it now.", "expectations": expectations}))
    return skill


def checks_of(skill: Path) -> list[tuple[str, str]]:
    case = check_json(skill)["cases"][0]
    return [(c["kind"], c["entry"]) for c in case["checks"]]


def test_tool_patterns_are_regexes_over_each_call(tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "tool_called", "pattern": "Read.*names"},
        {"type": "tool_not_called", "pattern": "Write.*card"},
        {"type": "tool_not_called", "pattern": "rm -rf"}])
    shown = checks_of(skill)
    assert ("tool_call", "Read:re:.*names") in shown, shown
    assert ("tool_call", "!Write:re:.*card") in shown, shown
    assert ("tool_call", "!*:re:rm -rf") in shown, shown


def test_output_types_read_the_final_answer_and_file_types_the_directory(
        tmp_path: Path) -> None:
    skill = skill_with(tmp_path, [
        {"type": "output_matches", "pattern": "WAITING FOR (YOUR )?APPROVAL"},
        {"type": "output_not_matches", "pattern": "card written"},
        {"type": "file_not_created", "pattern": "card.txt"},
        {"type": "file_created", "pattern": "drafts/*.md"}])
    shown = checks_of(skill)
    assert ("assertion", "re:WAITING FOR (YOUR )?APPROVAL") in shown, shown
    assert ("assertion", "not:re:card written") in shown, shown
    # no text search for a file's name: the grader reads the listing
    assert not [e for _, e in shown if "card.txt" in e and e.startswith("not:")], shown
    statements = [e for k, e in shown if k == "statement"]
    assert any("No file `card.txt`" in s for s in statements), statements
    assert any("`drafts/*.md` (a glob) exists" in s for s in statements), statements
    text = check_verbose(skill)
    assert text.count("reads the final text only") == 2, text
    assert "fixture evals/fixtures/inbox" in text, text
    assert "graded blind" not in text, text


def test_a_named_file_to_create_stays_an_output_check(tmp_path: Path) -> None:
    """Negative: `file_created` of one exact path is the file's output check, as before with
    `path`; a tool check with neither a tool nor a pattern stays refused."""
    skill = skill_with(tmp_path, [{"type": "file_created", "pattern": "card.txt"}])
    case = check_json(skill)["cases"][0]
    assert [c for c in case["checks"] if c["kind"] == "output"], case["checks"]
    assert not [c for c in case["checks"] if c["kind"] == "statement"], case["checks"]
    refused = skill_with(tmp_path / "other", [{"type": "tool_not_called"}])
    assert "a tool-call check names its tool" in check_verbose(refused)


def test_a_root_sets_named_fixture_folder_is_the_workspace(tmp_path: Path) -> None:
    """`fixture: NAME` in a set at the repository's root (`evals/cases/`, the skill in
    `skills/<name>/`): evals/fixtures/NAME/ is found and its contents staged at the working
    directory's root, as from inside a skill."""
    repo = skill_with(tmp_path, [{"type": "output_matches", "pattern": "APPROVAL"}])
    skill = repo / "skills" / "card-maker"
    skill.mkdir(parents=True)
    (repo / "SKILL.md").rename(skill / "SKILL.md")
    text = check_verbose(skill, "--cases", str(repo / "evals" / "cases"))
    assert "fixture names.txt -> staged at ./names.txt" in text, text
    assert "EV009" not in text, text

"""Issue 26, rule 6: a file the prompt names by its path from the repository's root
("Run the readiness target with evaluation/packets.json") that the skill's repository holds
outside the skill is staged at that path (EV012), through the real `skill-eval check`, as the
author's session at the repository's root had it. Never a bare name, a path through a
symlink, a case set, or a file of the skill; a binary file is refused (EV009) naming it."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from tests.helpers import check_cli, check_json, make_skill


def repository(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    """A repository with skills/pw/ and material outside the skill; returns the skill."""
    top = tmp_path / "repo"
    (top / ".git").mkdir(parents=True)
    (top / "evaluation").mkdir()
    (top / "evaluation" / "packets.json").write_text('[{"id": "p1", "ready": true}]')
    (top / "evaluation" / "notes.md").write_text("# notes\n- p2 waits on review\n")
    (top / "evaluation" / "chart.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\xff\xfe")
    (top / "evaluation" / "other-set.json").write_text(json.dumps(
        {"evals": [{"id": "o", "prompt": "Summarise the packets", "assertions": ["p1"]}]}))
    (top / "shared").mkdir()
    os.symlink(top / "evaluation", top / "linked")
    for case in cases:
        case.setdefault("expected_output", "Lists the ready packets.")
    return make_skill(top / "skills", cases, name="pw")


def fixtures(report: dict[str, Any], case: str) -> list[str]:
    return [f["staged_at"] for c in report["cases"] if c["id"] == case for f in c["fixtures"]]


def test_a_repository_file_the_prompt_names_is_staged_at_its_path(tmp_path: Path) -> None:
    skill = repository(tmp_path, [
        {"id": "with", "prompt": "Run the readiness target with evaluation/packets.json and "
                                 "report which packets are ready."},
        {"id": "two", "prompt": "Compare evaluation/packets.json to evaluation/notes.md."}])
    report = check_json(skill)
    assert fixtures(report, "with") == ["evaluation/packets.json"]
    assert sorted(fixtures(report, "two")) == ["evaluation/notes.md", "evaluation/packets.json"]
    result = check_cli(str(skill))
    assert "a file of the repository this skill sits in" in result.output


def test_what_is_no_repository_input_is_never_staged(tmp_path: Path) -> None:
    skill = repository(tmp_path, [
        {"id": "bare", "prompt": "Report which packets in packets.json are ready."},
        {"id": "link", "prompt": "Run the readiness target with linked/packets.json."},
        {"id": "set", "prompt": "Run the readiness target with evaluation/other-set.json."},
        {"id": "own", "prompt": "Follow skills/pw/SKILL.md with evaluation/missing.json."}])
    result = check_cli(str(skill))
    staged = [line for line in result.output.splitlines()
              if "a file of the repository this skill sits in" in line]
    assert staged == [], result.output
    assert "skills/pw/SKILL.md" not in "".join(
        line for line in result.output.splitlines() if "staged" in line)


def test_no_repository_or_a_hidden_folder_stages_nothing(tmp_path: Path) -> None:
    """A plain `skills/` folder with no `.git` above it is no repository (its parent may be a
    home folder); a hidden folder's file (`.ssh/config`) is never one to stage."""
    skill = repository(tmp_path, [
        {"id": "hidden", "prompt": "Check .config/settings.json for the packet list."},
        {"id": "with", "prompt": "Run the readiness target with evaluation/packets.json."}])
    (tmp_path / "repo" / ".config").mkdir()
    (tmp_path / "repo" / ".config" / "settings.json").write_text('{"p": 1}')
    staged = [line for line in check_cli(str(skill)).output.splitlines()
              if "a file of the repository this skill sits in" in line]
    assert len(staged) == 1 and "case 'with'" in staged[0]
    (tmp_path / "repo" / ".git").rmdir()
    assert "a file of the repository this skill sits in" not in check_cli(str(skill)).output


def test_a_binary_repository_file_is_refused_naming_it(tmp_path: Path) -> None:
    skill = repository(tmp_path, [
        {"id": "chart", "prompt": "Describe the trend in evaluation/chart.png."},
        {"id": "fine", "prompt": "Explain what a readiness target is."}])
    result = check_cli(str(skill))
    assert result.exit_code == 0, result.output
    assert "1 case(s): fine" in result.output
    assert any(line.startswith("EV009") and "'evaluation/chart.png' is a file of the "
               "repository this skill sits in" in line and "is not a text file" in line
               for line in result.output.splitlines()), result.output

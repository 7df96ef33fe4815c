"""A set outside the skill (`tests/<skill>/evals.json`) whose fixture paths climb to another
folder of the same repository (`../other/fixtures/shop/`): staged from there, carried inline
like any fixture found outside the skill; a climb out of the repository (or through a symlink
out of it) stays refused. A `fixture` field naming the folder its `files` entry stages, or a
folder of the set's `fixtures/`, is that input, never refused as missing."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from tests.helpers import check_cli as check

PROMPT = "Summarise the shop brief for the client, with its open questions."


def _repo(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    root = tmp_path / "repo"
    (root / ".git").mkdir(parents=True)
    brief = root / "tests" / "catalog" / "fixtures" / "shop"
    brief.mkdir(parents=True)
    (brief / "brief.md").write_text("# Shop\nLaunch in May. Open: pricing.\n")
    (root / "tests" / "summary").mkdir(parents=True)
    (root / "tests" / "summary" / "evals.json").write_text(json.dumps(
        {"skill_name": "summary", "evals": cases}))
    skill = root / "skills" / "summary"
    skill.mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: summary\ndescription: Summarises project "
                                    "briefs for clients.\n---\nList open questions last.\n")
    return skill


def _case(ident: str, files: list[str], **extra: Any) -> dict[str, Any]:
    return {"id": ident, "prompt": PROMPT, "files": files,
            "assertions": ["The summary lists pricing as an open question"], **extra}


def test_a_sibling_folder_of_the_repository_is_staged_from_there(tmp_path: Path) -> None:
    skill = _repo(tmp_path, [_case("a", ["../catalog/fixtures/shop/"], fixture="shop")])
    case = load_caseset(skill, "summary").evals[0]
    assert list(case.inline_files.values()) == ["# Shop\nLaunch in May. Open: pricing.\n"]
    assert all(".." not in path for path in case.inline_files)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "the folder its files entry" in result.output


def test_a_fixture_field_naming_a_folder_of_the_sets_fixtures_is_staged(
        tmp_path: Path) -> None:
    skill = _repo(tmp_path, [_case("a", [], fixture="shop")])
    sibling = skill.parent.parent / "tests" / "summary" / "fixtures" / "shop"
    sibling.mkdir(parents=True)
    (sibling / "brief.md").write_text("# Own shop brief\n")
    case = load_caseset(skill, "summary").evals[0]
    assert list(case.inline_files.values()) == ["# Own shop brief\n"]


def test_a_climb_out_of_the_repository_or_a_missing_fixture_stays_refused(
        tmp_path: Path) -> None:
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    (outside / "brief.md").write_text("secret\n")
    skill = _repo(tmp_path, [_case("a", ["../../../elsewhere/brief.md"]),
                             _case("b", [], fixture="nowhere")])
    link = skill.parent.parent / "tests" / "catalog" / "fixtures" / "link"
    link.symlink_to(outside)
    (skill.parent.parent / "tests" / "summary" / "evals.json").write_text(json.dumps(
        {"skill_name": "summary", "evals": [
            _case("a", ["../../../elsewhere/brief.md"]),
            _case("b", [], fixture="nowhere"),
            _case("c", ["../catalog/fixtures/link/brief.md"])]}))
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    assert "case 'a'" in result.output and "case 'b'" in result.output
    assert "case 'c'" in result.output
    assert "secret" not in json.dumps(result.output)


def test_a_missing_fixture_the_skill_workflow_writes_is_refused_with_its_own_fix(
        tmp_path: Path) -> None:
    """Still EV009 (the session would start without it), the fix naming what to stage;
    a missing file SKILL.md never names keeps the plain fix."""
    skill = tmp_path / "slides"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: slides\ndescription: Designs slides from an "
                                    "outline.\n---\nRead `$WORK/plan.md` (the outline step "
                                    "writes it), then design.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        _case("a", [".work/plan.md"]), _case("b", ["my-template.pptx"])]}))
    result = check(str(skill))
    assert result.exit_code == 2, result.output
    lines = {line.split("'")[1]: line for line in result.output.splitlines()
             if "EV009" in line}
    assert "the skill's workflow writes" in lines["a"] and "evals/files/.work/plan.md" in lines["a"]
    assert "workflow" not in lines["b"] and "add the file under evals/files/" in lines["b"]

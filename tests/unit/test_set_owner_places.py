"""A shared set whose own top level names one skill of the repository (`"skill": "x"`) is
that skill's: its cases naming no skill are x's, even one whose id starts with another skill's
name (the set's word beats that inference; a case's own `skill` field still wins). A fixture
written `{from, to}` is the file `from`, staged at `to`."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError


def _repo(root: Path, data: dict[str, Any], files: dict[str, str] | None = None) -> Path:
    for name in ("trail-map", "scout"):
        skill = root / "skills" / name
        skill.mkdir(parents=True)
        (skill / "SKILL.md").write_text(f"---\nname: {name}\ndescription: Use when asked to "
                                        f"{name.replace('-', ' ')} a codebase.\n---\nbody\n")
    (root / ".git").mkdir()
    (root / "evals").mkdir()
    for rel, text in (files or {}).items():
        (root / "evals" / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / "evals" / rel).write_text(text)
    (root / "evals" / "output_quality.json").write_text(json.dumps(data))
    return root


_CASES = [{"id": "map-web", "prompt": "Map the journeys of this app.",
           "expectations": ["Lists the login journey"]},
          {"id": "scout-gaps", "prompt": "Write tests for the untested steps.",
           "expectations": ["Writes a test for the checkout step"]}]


def test_the_sets_own_skill_owns_its_unnamed_cases(tmp_path: Path) -> None:
    root = _repo(tmp_path, {"skill": "trail-map", "evals": _CASES})
    read = load_caseset(root / "skills" / "trail-map", "trail-map")
    assert [c.id for c in read.evals] == ["map-web", "scout-gaps"]
    with pytest.raises(CaseSetError, match="the set of skill 'trail-map'"):
        load_caseset(root / "skills" / "scout", "scout")


def test_without_the_sets_word_an_id_still_names_its_skill(tmp_path: Path) -> None:
    cases = [{**_CASES[0], "skill": "trail-map"}, _CASES[1]]
    root = _repo(tmp_path, {"evals": cases})
    assert [c.id for c in load_caseset(root / "skills" / "scout", "scout").evals] == [
        "scout-gaps"]
    assert [c.id for c in load_caseset(root / "skills" / "trail-map", "trail-map").evals] == [
        "map-web"]


def test_a_fixture_written_from_to_lands_at_to(tmp_path: Path) -> None:
    cases = [{**_CASES[0], "files": [{"from": "files/home.tsx", "to": "app/page.tsx"}]}]
    root = _repo(tmp_path, {"skill": "trail-map", "evals": cases},
                 {"files/home.tsx": "export default function Home() {}\n"})
    case = load_caseset(root / "skills" / "trail-map", "trail-map").evals[0]
    assert case.inline_files == {"app/page.tsx": "export default function Home() {}\n"}


def test_a_fixture_from_to_inside_the_skill_lands_at_to(tmp_path: Path) -> None:
    skill = tmp_path / "trail-map"
    (skill / "evals" / "files").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: trail-map\ndescription: Use when asked to map "
                                    "a codebase.\n---\nbody\n")
    (skill / "evals" / "files" / "home.tsx").write_text("export default 1\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {**_CASES[0], "files": [{"from": "files/home.tsx", "to": "app/page.tsx"}]}]}))
    case = load_caseset(skill, "trail-map").evals[0]
    assert [str(case.fixture_destination(f)) for f in case.files] == ["app/page.tsx"]

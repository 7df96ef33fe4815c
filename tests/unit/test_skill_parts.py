"""A router skill's parts written as skills (runner.authoring.skill_parts): each part a folder
whose one Markdown file has skill front matter (`name`, `description`) and no SKILL.md, with
its own set. Every part's set is read as the router's one set (never the first part's alone
standing for all), each id led by its part, and `check` says so; a subfolder of notes without
such front matter stays a nested set folder of the skill, read as before."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.skill_parts import part_file
from runner.cli import main


def _router(tmp_path: Path, parts: tuple[str, ...] = ("brief", "recap"),
            front: bool = True) -> Path:
    root = tmp_path / "router"
    root.mkdir(parents=True)
    (root / "SKILL.md").write_text("---\nname: router\ndescription: Sends each writing request "
                                   "to its part (read brief/brief.md or recap/recap.md).\n"
                                   "---\nbody\n")
    for part in parts:
        (root / part / "evals").mkdir(parents=True)
        head = f"---\nname: {part}\ndescription: When the user asks for a {part}.\n---\n" \
            if front else ""
        (root / part / f"{part}.md").write_text(f"{head}# {part}\nWrite it short.\n")
        (root / part / "evals" / "evals.json").write_text(json.dumps({
            "skill_name": part, "evals": [
                {"id": n, "prompt": f"Write a {part} about the tea harvest, case {n}.",
                 "assertions": ["The text names the tea harvest"]} for n in (1, 2)]}))
    return root


def test_a_folder_with_one_front_matter_file_is_a_part(tmp_path: Path) -> None:
    root = _router(tmp_path)
    assert part_file(root / "brief") == root / "brief" / "brief.md"
    (root / "brief" / "SKILL.md").write_text("---\nname: brief\ndescription: x y z\n---\n")
    assert part_file(root / "brief") is None  # a skill of its own, not a part
    plain = _router(tmp_path / "plain", front=False)
    assert part_file(plain / "brief") is None


def test_every_parts_set_is_the_routers_one_set(tmp_path: Path) -> None:
    root = _router(tmp_path)
    caseset = load_caseset(root, "router")
    assert [c.id for c in caseset.evals] == ["brief-1", "brief-2", "recap-1", "recap-2"]
    assert caseset.skill_name == "router"
    # without front matter, the first subfolder's set is the skill's nested set, as before
    plain = _router(tmp_path / "plain", front=False)
    assert [c.id for c in load_caseset(plain, "router").evals] == ["1", "2"]


def test_check_says_the_parts_sets_are_read_as_one(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["check", str(_router(tmp_path))]).output
    assert "4 case(s): brief-1, brief-2, recap-1, recap-2" in out
    assert "set: 2 files of its parts, read as one set (each case id led by its part's " \
        "folder): brief/evals/evals.json (2 case(s)), recap/evals/evals.json (2 case(s))" in out
    assert "2 set(s) of the skill's parts read as its one set (brief, recap)" in out
    assert "differs from the SKILL.md name" not in out

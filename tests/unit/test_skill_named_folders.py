"""A set in a folder named for one skill of a collection (`evals/<skill>/prompts.jsonl`): its
cases that name no skill are that skill's, as the folder says, never dropped as no one's."""

from __future__ import annotations

from pathlib import Path

from tests.helpers import check_cli, write_skill_md


def _collection(tmp_path: Path) -> Path:
    repo = tmp_path / "repo"
    for name in ("gl-tickets", "gl-deploys"):
        write_skill_md(repo / "skills" / name, name, f"Handles {name}.")
    folder = repo / "evals" / "gl-tickets"
    folder.mkdir(parents=True)
    (folder / "prompts.jsonl").write_text(
        '{"id": "a", "prompt": "Use gl-tickets to open an issue titled X.", '
        '"expected_behavior": ["Triggers the gl-tickets skill", "Opens the issue titled X"]}\n'
        '{"id": "b", "prompt": "Close issue 4.", "expected_behavior": ["Closes issue 4"]}\n')
    return repo


def test_cases_naming_no_skill_are_the_folders_skill(tmp_path: Path) -> None:
    repo = _collection(tmp_path)
    got = check_cli(str(repo / "skills" / "gl-tickets"))
    assert got.exit_code == 0, got.output
    assert "2 case(s): a, b" in got.output
    assert "names no skill" not in got.output

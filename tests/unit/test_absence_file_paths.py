"""A statement of absence naming a bare file ("index.md does NOT include a |frontend line")
reads the file where the case's own texts put it (".agents/docs/index.md"), never a file of
that name at the working directory's root, which the work never writes (runner.authoring.
dialects `_named_in_full`). Two places for it, or none, leave the name as written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.helpers import check_json, write_skill_md


def _outputs(tmp_path: Path, statements: list[str]) -> list[str]:
    skill = write_skill_md(tmp_path / "docs-kit", "docs-kit",
                           "Use when asked to bootstrap documentation for a repository.")
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": "boot", "prompt": "Bootstrap documentation for this API.",
        "expectations": statements}]}))
    (case,) = check_json(skill)["cases"]
    return [c["entry"] for c in case["checks"] if c["kind"] == "output"]


def test_the_bare_name_reads_the_path_the_case_gives_it(tmp_path: Path) -> None:
    found = _outputs(tmp_path, ["The output contains .agents/docs/index.md",
                                "index.md does NOT include a |frontend line"])
    assert any(e.startswith(".agents/docs/index.md") for e in found), found
    assert not any(e.startswith("index.md") for e in found), found


@pytest.mark.parametrize("others", [
    [],  # nothing says where: the name as written
    ["docs/a/index.md is written", "docs/b/index.md is written"],  # two places: unsaid
])
def test_without_one_place_the_name_stays(tmp_path: Path, others: list[str]) -> None:
    found = _outputs(tmp_path, [*others, "index.md does NOT include a |frontend line"])
    assert any(e.startswith("index.md") for e in found), found

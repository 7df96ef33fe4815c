"""A folder the prompt says holds the user's material ("the files are in research/q3/",
"read the notes in interviews/") is an input the prompt names (runner.authoring.prompts): with
nothing staged under it the session has no such folder, as it would have no named file."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.authoring.prompts import missing_inputs
from runner.schema.case import Case
from tests.helpers import check_cli as check
from tests.helpers import write_data, write_skill_md


@pytest.mark.parametrize(("prompt", "named"), [
    ("I have call notes. The files are in research/q3/. Frame the problem.", ["research/q3/"]),
    ("Read the notes in interviews/ and summarise the themes.", ["interviews/"]),
    ("Analyze the logs from logs/ and list the errors.", ["logs/"]),
    # a folder to write into, one named as a setting, a link
    ("Save the summaries in out/ when done.", []),
    ("Use src/ as the root of the new package.", []),
    ("Read https://example.test/docs/ and summarise it.", []),
    ("Review the docs in github.com/acme/widgets/ and list gaps.", []),  # a host's path
])
def test_a_folder_of_the_users_material_is_an_input(prompt: str, named: list[str]) -> None:
    assert missing_inputs(Case(id="1", prompt=prompt, expected_output="x"), set()) == named


def test_a_folder_with_its_files_staged_is_no_missing_input() -> None:
    case = Case(id="1", prompt="The files are in research/q3/. Frame the problem.",
                expected_output="x")
    assert missing_inputs(case, {"research/q3/notes.md", "notes.md"}) == []
    dotted = Case(id="2", prompt="Read the notes in ./interviews/ and summarise.",
                  expected_output="x")
    assert missing_inputs(dotted, {"interviews", "interviews/a.md", "a.md"}) == []


def test_check_says_an_unstaged_folder_of_material(tmp_path: Path) -> None:
    skill = write_skill_md(tmp_path / "framer", "framer", "Frames product problems. Use when "
                           "asked to frame a problem.", "Read the research, then frame it.\n")
    write_data(skill / "evals" / "evals.json", {"evals": [
        {"id": "q3", "prompt": "I have interview notes from six users. The files are in "
                               "research/q3/. Frame the problem.",
         "expectations": ["Quotes at least two users by their notes' words"]}]})
    result = check(str(skill))
    assert "EV009" in result.output and "research/q3/" in result.output, result.output

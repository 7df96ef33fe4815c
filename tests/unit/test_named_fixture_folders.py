"""A fixture lands at the longer form of its path when the prompt names a folder of that form
past the parts it adds (runner.schema.case.Case.fixture_destination): "the target directory is
evals/files/small-project/" for evals/files/small-project/src/a.py stages it at
./evals/files/small-project/src/a.py, so the folder the task names exists."""

from __future__ import annotations

from pathlib import Path

from runner.schema.case import Case
from tests.helpers import check_cli, make_skill

FILES = ("evals/files/small-project/src/user_service.py",
         "evals/files/small-project/tests/test_user_service.py")


def _at(prompt: str) -> list[str]:
    case = Case(id="c", prompt=prompt, files=FILES)
    return [case.fixture_destination(f).as_posix() for f in case.files]


def test_a_named_folder_of_the_longer_form_places_the_fixtures() -> None:
    assert _at("このプロジェクトをリファクタリングしてください。対象ディレクトリは "
               "evals/files/small-project/ です。") == list(FILES)


def test_a_folder_not_past_the_added_parts_keeps_the_default() -> None:
    # "evals/files" alone names the set's fixture root, not this fixture's folder
    assert _at("Refactor the project under small-project/ (copied from evals/files).") \
        == ["small-project/src/user_service.py", "small-project/tests/test_user_service.py"]


def test_check_shows_the_fixture_where_the_prompt_names_its_folder(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{"id": 1, "prompt": "Refactor the project in "
                                   "evals/files/small-project/.", "files": list(FILES),
                                   "expected_output": "Smaller functions, tests still pass"}],
                       {f: "x = 1\n" for f in FILES})
    result = check_cli(str(skill), "-v")
    assert "-> staged at ./evals/files/small-project/src/user_service.py" in result.output, \
        result.output

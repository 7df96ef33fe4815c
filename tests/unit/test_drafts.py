"""The draft marker is the word TODO (in capitals, or any case before a colon), never a word
that only opens with its letters (runner.schema.drafts)."""

import json
from pathlib import Path

import pytest

from runner.authoring.caseset import load_caseset
from runner.errors import CaseSetError
from runner.schema.drafts import is_draft


@pytest.mark.parametrize("text", ["TODO", "TODO write me", "  TODO: name the file",
                                  "todo: say what good looks like", "[TODO] fill in",
                                  "Todo : later", "TODO/ later", "TODO, then decide",
                                  "TODO note which file", "TODO comment on the plan"])
def test_a_marker_is_a_draft(text: str) -> None:
    assert is_draft(text)


@pytest.mark.parametrize("text", ["TodosStore using withEntities<Todo>()",
                                  "Todo list app with a filter", "TODOS page renders",
                                  "todos are grouped by day", "A TODO-free summary",
                                  "TODO/FIXME without tracking issue removed",
                                  "TODO, FIXME and HACK comments carry an issue link",
                                  "TODO or XXX markers are gone",
                                  "TODO block count reported in the conversion log",
                                  "TODO comments carry an issue link",
                                  "TODO markers are left where a construct has no port"])
def test_a_word_opening_with_the_letters_is_the_authors_text(text: str) -> None:
    assert not is_draft(text)


def _skill(tmp_path: Path, expected: str) -> Path:
    skill = tmp_path / "todos"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: todos\ndescription: Build todo stores.\n---\n")
    case = {"id": 1, "prompt": "Build a TodosStore with add and remove.",
            "expected_output": expected, "expectations": ["Uses withEntities"]}
    (skill / "evals" / "evals.json").write_text(
        json.dumps({"skill_name": "todos", "evals": [case]}))
    return skill


def test_an_expected_output_naming_a_todos_store_is_read(tmp_path: Path) -> None:
    caseset = load_caseset(_skill(tmp_path, "TodosStore using withEntities<Todo>()"))
    assert caseset.evals[0].expected_output.startswith("TodosStore")


def test_an_expected_output_still_marked_is_refused(tmp_path: Path) -> None:
    with pytest.raises(CaseSetError, match="still a draft"):
        load_caseset(_skill(tmp_path, "TODO: say what the store holds"))


def test_check_accepts_a_todos_store_and_refuses_a_marker(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from runner.cli import main

    ok = CliRunner().invoke(main, ["check", str(_skill(tmp_path / "a", "TodosStore, two methods"))])
    assert ok.exit_code == 0, ok.output
    marked = CliRunner().invoke(main, ["check", str(_skill(tmp_path / "b", "TODO write it"))])
    assert marked.exit_code != 0 and "still a draft" in marked.output


def test_a_statement_naming_the_markers_is_read(tmp_path: Path) -> None:
    """A trap set's assertion about leftover markers (`TODO/FIXME ... removed`) is a complete
    statement: the set loads, the statement kept as written."""
    skill = _skill(tmp_path, "The module is refactored.")
    data = json.loads((skill / "evals" / "evals.json").read_text())
    data["evals"][0]["assertions"] = [
        {"id": "no-todo", "trap": "markers left behind",
         "description": "TODO/FIXME without tracking issue removed"}]
    (skill / "evals" / "evals.json").write_text(json.dumps(data))
    caseset = load_caseset(skill)
    assert "TODO/FIXME without tracking issue removed" in json.dumps(
        caseset.model_dump(mode="json"))


def test_check_reads_a_statement_about_todo_blocks(tmp_path: Path) -> None:
    """A check about the TODO blocks the work holds is complete; a TODO still to write is not."""
    from click.testing import CliRunner

    from runner.cli import main

    skill = _skill(tmp_path / "a", "A port with its TODO blocks")
    set_file = skill / "evals" / "evals.json"
    data = json.loads(set_file.read_text())
    data["evals"][0]["expectations"] = ["TODO block count reported in the conversion log"]
    set_file.write_text(json.dumps(data))
    ok = CliRunner().invoke(main, ["check", str(skill)])
    assert ok.exit_code == 0, ok.output
    data["evals"][0]["expectations"] = ["TODO write the check"]
    set_file.write_text(json.dumps(data))
    marked = CliRunner().invoke(main, ["check", str(skill)])
    assert marked.exit_code != 0 and "still a draft" in marked.output

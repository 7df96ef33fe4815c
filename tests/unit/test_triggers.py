"""Trigger query sets in every format, the stratified split, and `route`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from runner.cli import main
from runner.errors import CaseSetError
from runner.triggers.queries import load_trigger_set, split
from runner.triggers.route import rank


def skill(root: Path, name: str, description: str) -> Path:
    folder = root / name
    (folder / "evals").mkdir(parents=True)
    (folder / "SKILL.md").write_text(f"---\nname: {name}\ndescription: \"{description}\"\n---\n"
                                     "body\n")
    return folder


def test_seed_001_yaml_files(tmp_path: Path) -> None:
    folder = skill(tmp_path, "pdf", "Converts PDFs")
    (folder / "evals" / "trigger").mkdir()
    (folder / "evals/trigger/should-trigger.yaml").write_text(yaml.safe_dump(
        [{"prompt": "Convert this PDF into an Excel spreadsheet", "expected": "trigger"}]))
    (folder / "evals/trigger/should-not-trigger.yaml").write_text(yaml.safe_dump(
        [{"prompt": "Write a Python HTTP server", "expected": "no-trigger"},
         "Rename these photos"]))  # a bare string takes the file's side
    found = load_trigger_set(folder, "pdf")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [
        ("Convert this PDF into an Excel spreadsheet", True),
        ("Write a Python HTTP server", False), ("Rename these photos", False)]
    assert [Path(f).name for f in found.files] == ["should-trigger.yaml",
                                                   "should-not-trigger.yaml"]


@pytest.mark.parametrize(("name", "content"), [
    ("trigger-evals.json", [{"query": "make a pdf", "should_trigger": True},
                            {"query": "bake bread", "should_trigger": False}]),
    ("triggers.json", {"evals": [{"prompt": "make a pdf", "should_trigger": True},
                                 {"prompt": "bake bread", "should_trigger": False}]}),
    ("routing.json", {"should_trigger": ["make a pdf"], "should_not_trigger": ["bake bread"]}),
    ("trigger-queries.json", {"queries": [{"text": "make a pdf", "expected": "use_skill"},
                                          {"text": "bake bread", "expected": "avoid_skill"}]}),
])
def test_json_formats(tmp_path: Path, name: str, content: object) -> None:
    folder = skill(tmp_path, "pdf", "d")
    (folder / "evals" / name).write_text(json.dumps(content))
    found = load_trigger_set(folder, "pdf")
    assert [(q.prompt, q.should_trigger) for q in found.queries] == [("make a pdf", True),
                                                                     ("bake bread", False)]
    assert found.files == [str(folder / "evals" / name)]


@pytest.mark.parametrize(("content", "problem"), [
    ([{"query": "x"}], "say whether the skill should fire"),
    ([{"should_trigger": True}], "no prompt"),
    ([{"query": "TODO write me", "should_trigger": True}], "still a draft"),
    ([{"query": "x", "should_trigger": False}], "recall cannot be measured"),
    ({"nope": 1}, "a list of queries"),
])
def test_bad_sets_are_refused_naming_the_file(tmp_path: Path, content: object,
                                              problem: str) -> None:
    folder = skill(tmp_path, "pdf", "d")
    (folder / "evals" / "trigger-evals.json").write_text(json.dumps(content))
    with pytest.raises(CaseSetError, match=problem) as info:
        load_trigger_set(folder, "pdf")
    assert "trigger-evals.json" in str(info.value)
    empty = skill(tmp_path, "empty", "d")
    with pytest.raises(CaseSetError, match="no trigger queries"):
        load_trigger_set(empty, "empty")


def test_split_is_stratified_and_deterministic(tmp_path: Path) -> None:
    folder = skill(tmp_path, "pdf", "d")
    queries = [{"query": f"positive {i}", "should_trigger": True} for i in range(10)] + [
        {"query": f"negative {i}", "should_trigger": False} for i in range(5)]
    (folder / "evals" / "trigger-evals.json").write_text(json.dumps(queries))
    found = load_trigger_set(folder, "pdf").queries
    first, again = split(found), split(list(reversed(found)))
    assert first == again
    for wanted, train in ((True, 6), (False, 3)):
        sides = [first[q.id] for q in found if q.should_trigger is wanted]
        assert sides.count("train") == train


def test_route_ranks_and_names_the_sentence(tmp_path: Path) -> None:
    skill(tmp_path, "release-notes", "Drafts release notes from merged pull requests.")
    skill(tmp_path, "changelog-writer", "Writes the CHANGELOG. Use for a version bump.")
    skill(tmp_path, "pdf", "Converts PDF files.")
    ranked = rank("list the pull requests merged since the release", {
        "release-notes": "Drafts release notes from merged pull requests.",
        "changelog-writer": "Writes the CHANGELOG. Use for a version bump.",
        "pdf": "Converts PDF files."})
    assert [m.skill for m in ranked] == ["release-notes", "changelog-writer", "pdf"]
    assert ranked[0].sentence == "Drafts release notes from merged pull requests."
    # prompt words: list pull request merg since release; shared: pull request merg release
    assert ranked[0].score == pytest.approx(4 / 6) and ranked[1].score == 0
    out = CliRunner().invoke(main, ["route", "--skills-dir", str(tmp_path), "--prompt",
                                    "list the pull requests merged since the release"])
    assert out.exit_code == 0, out.output
    lines = out.stdout.splitlines()
    assert lines[0].startswith("1. release-notes") and "0.67" in lines[0]
    assert lines[-1] == "`release-notes` wins by 0.67 over `changelog-writer`"

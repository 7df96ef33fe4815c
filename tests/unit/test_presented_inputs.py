"""A path after the colon of a sentence presenting the user's material ("Here's the approved
manifest: skills/x/evals/fixtures/m.json") is an input the prompt names (runner.authoring.
prompts); written from a root above the skill into the set's own folder, it is staged at the
path the prompt names (runner.authoring.caseset._set_named_fixtures)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.caseset import load_caseset
from runner.authoring.prompts import missing_inputs
from runner.cli import main
from runner.schema.case import Case

PATH = "skills/deploy-x/evals/fixtures/manifest.json"
PROMPT = f"Here's an approved manifest for the orders landing: {PATH}. Generate the bundle."


@pytest.mark.parametrize(("prompt", "named"), [
    (PROMPT, [PATH]),
    ("Attached is the failing log: logs/run.log", ["logs/run.log"]),
    # a colon that presents nothing of the user's, or presents what the work makes
    ("Write the bundle. Output: out/bundle.yaml", []),
    ("Here are the files I need: out/bundle.yaml and out/notes.md", []),
])
def test_a_presented_path_is_an_input(prompt: str, named: list[str]) -> None:
    assert missing_inputs(Case(id="1", prompt=prompt, expected_output="x"), set()) == named


def _skill(tmp_path: Path, with_file: bool) -> Path:
    skill = tmp_path / "repo" / "skills" / "deploy-x"
    (skill / "evals" / "fixtures").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: deploy-x\ndescription: Bundle manifests.\n---\n")
    if with_file:
        (skill / "evals" / "fixtures" / "manifest.json").write_text('{"approved": true}\n')
    case = {"id": 1, "prompt": PROMPT, "expected_output": "A bundle",
            "expectations": ["The bundle names the orders landing"]}
    (skill / "evals" / "evals.json").write_text(
        json.dumps({"skill_name": "deploy-x", "evals": [case]}))
    return skill


def test_the_set_folders_file_lands_where_the_prompt_names_it(tmp_path: Path) -> None:
    case = load_caseset(_skill(tmp_path, with_file=True)).evals[0]
    assert "evals/fixtures/manifest.json" in case.files
    assert str(case.fixture_destination("evals/fixtures/manifest.json")) == PATH


def test_check_says_it_and_refuses_it_when_absent(tmp_path: Path) -> None:
    ok = CliRunner().invoke(main, ["check", str(_skill(tmp_path / "a", with_file=True))])
    assert ok.exit_code == 0, ok.output
    assert "which the set's own folder holds: staged at that path" in ok.output
    gone = CliRunner().invoke(main, ["check", str(_skill(tmp_path / "b", with_file=False))])
    assert gone.exit_code != 0
    assert f"the prompt names the input {PATH!r}" in gone.output


@pytest.mark.parametrize(("prompt", "named"), [
    ("I'm passing you the crawl export (pages.csv and issues.csv) in ./export. Audit it.",
     ["pages.csv", "issues.csv"]),
    ("Te paso el export del rastreo (pages.csv e issues.csv) en ./export. Haz la auditoría.",
     ["pages.csv", "issues.csv"]),
    ("附上 sales.csv，帮我分析一下。", ["sales.csv"]),
    # Claude Code's mention of a file: read into the prompt, so an input
    ("帮我总结一下这个课件 @data/lecture.md", ["data/lecture.md"]),
    ("Email @bob.smith about it", []),
    # handed over, then asked to make a file: that one is the work's
    ("Here is the brief; write it to plan.md.", []),
])
def test_a_path_in_a_sentence_handing_material_over_is_an_input(prompt: str,
                                                               named: list[str]) -> None:
    """The user hands material over ("Te paso el export (pages.csv ...)"): the names in that
    sentence are inputs, however far after the verb, and the noun "export" asks for no file."""
    assert missing_inputs(Case(id="1", prompt=prompt, expected_output="x"), set()) == named


def test_a_file_the_skill_passes_to_its_program_is_the_users(tmp_path: Path) -> None:
    """SKILL.md running `parse.py --pages pages.csv` names the user's file, not one of the
    skill's: a case handing it over without staging it is left out with EV009."""
    skill = tmp_path / "crawl-audit"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(
        "---\nname: crawl-audit\ndescription: Audits a site crawl.\n---\nRun `python "
        "scripts/parse.py --pages pages.csv` on the user's export.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": 1, "prompt": "I'm passing you the crawl export (pages.csv) in ./export. "
                            "Audit it.", "expectations": ["Groups issues by template"]},
        {"id": 2, "prompt": "What should a crawl audit cover?",
         "expectations": ["Names indexability"]}]}))
    got = CliRunner().invoke(main, ["check", str(skill)])
    assert got.exit_code == 0, got.output
    assert "case '1': the prompt names the input 'pages.csv'" in got.output
    assert "left out, cannot run as written (EV009 below): 1" in got.output

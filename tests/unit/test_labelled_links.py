"""A link given as a labelled value in parentheses after what it addresses is read by the
verb governing that thing, never by its label (runner.authoring.reach._read_url): "write a
notion page in my Notes database (notion db url: https://www.notion.so/...)" asks for a page
written there, not one read, and was flagged EV014 "a page to read" on a passable case."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from runner.authoring.reach import urls_to_read
from runner.cli import main
from runner.schema.case import Case

DB = "https://www.notion.so/65b43a8d64584e95906dffa6f83d2df5"


@pytest.mark.parametrize("prompt", [
    f"If relevant: write a notion page in my Notes database (notion db url: {DB}).",
    "Add the changelog entry to our release page (page link: https://example.com/releases).",
])
def test_a_labelled_link_after_what_is_written_is_no_page_to_read(prompt: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt)) == []


@pytest.mark.parametrize(("prompt", "url"), [
    (f"Summarise the spec in our Notes database (notion db url: {DB}).", DB),
    ("Review the design doc (doc url: https://example.com/design) for gaps.",
     "https://example.com/design"),
])
def test_a_labelled_link_after_what_is_read_is_still_to_read(prompt: str, url: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt)) == [url]


def test_check_flags_no_page_for_a_link_the_written_prompt_carries(tmp_path: Path) -> None:
    skill = tmp_path / "prompt-writer"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: prompt-writer\ndescription: Writes agent "
                                    "prompts from an intent. Use when asked for a prompt.\n"
                                    "---\nWrite the prompt.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": 1, "prompt": "Intent: an agent prompt for PR triage. If a PR is relevant, write "
        f"a notion page in my Notes database (notion db url: {DB}).",
        "expected_output": "A prompt that includes the Notion DB URL"}]}))
    result = CliRunner().invoke(main, ["check", str(skill), "--json"])
    assert result.exit_code == 0, result.output
    assert not [f for f in json.loads(result.output)["findings"] if f["code"] == "EV014"]


@pytest.mark.parametrize("prompt", [
    "Generate release notes for this deploy: https://ci.example.com/runs/23450747751",
    "Here is the failing run: https://ci.example.com/runs/7",
])
def test_a_link_presented_as_the_material_after_a_colon_is_to_read(prompt: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt))


@pytest.mark.parametrize("prompt", ["Add this link to the footer: https://example.com",
                                    "Add this link: https://example.com",
                                    "Integrate with this API: https://api.example.com/v1",
                                    "Call this endpoint: https://api.example.com/v1/users",
                                    "Use this base URL in config: https://api.example.com"])
def test_a_presented_link_to_put_in_the_work_is_none(prompt: str) -> None:
    assert urls_to_read(Case(id="c", prompt=prompt)) == []


def test_check_flags_the_run_presented_as_the_material(tmp_path: Path) -> None:
    skill = tmp_path / "notes"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: notes\ndescription: Writes release notes from "
                                    "a deploy run. Use when asked what shipped.\n---\nCompare "
                                    "runs.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [{
        "id": 1, "prompt": "Generate release notes for this deploy: "
        "https://ci.example.com/runs/23450747751",
        "expected_output": "Release notes grouped by service"}]}))
    result = CliRunner().invoke(main, ["check", str(skill)])
    assert "case '1': no arm can pass it: 'https://ci.example.com/runs/23450747751': a page " \
        "to read" in result.output, result.output

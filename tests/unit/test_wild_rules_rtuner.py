"""R tune's refusals that were the reader's miss, each by a small set of its own through the
real `skill-eval check` (issue 26): a case's request under `input_query`, checks told in
words as `{id, description, threshold}` objects, a sample SKILL.md lists under a heading
that presents it as a fixture, and a fixture's section addressed to the grader."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.authoring.caseset import load_caseset
from runner.authoring.sample_data import sample_inputs
from runner.cli import main

SKILL_MD = ("---\nname: essay-lens\ndescription: Takes an essay apart into claim, grounds and "
            "warrants. Use when asked to deconstruct an argument.\n---\nRead the essay, map "
            "its argument.\n\n## Sample fixtures\n\n- [`assets/sample-op-ed.md`]"
            "(assets/sample-op-ed.md)\n\n## Example output\n\n- `assets/report.md`\n")
ESSAY = "# Regulate AI now\nAll members agree regulation is overdue.\n"


def _skill(tmp_path: Path, case: dict[str, Any], essay: str = ESSAY) -> Path:
    skill = tmp_path / "essay-lens"
    (skill / "assets").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "assets" / "sample-op-ed.md").write_text(essay)
    (skill / "assets" / "report.md").write_text("# Report\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [case]}))
    return skill


def _check(*args: str) -> Result:
    return CliRunner().invoke(main, ["check", *args])


CASE = {"id": "op-ed", "input_query": "Deconstruct the argument of this op-ed.",
        "files": ["assets/sample-op-ed.md"],
        "must_find": [{"id": "warrants", "description": "Hidden warrants surfaced with "
                       "'Because...' formulation", "threshold": 2},
                      {"id": "qualifier", "description": "At least 1 qualifier flagged",
                       "threshold": 1}]}


def test_input_query_is_the_request_and_described_items_are_statements(tmp_path: Path) -> None:
    result = _check(str(_skill(tmp_path, CASE)), "--json")
    assert result.exit_code == 0, result.output
    case = json.loads(result.output)["cases"][0]
    assert "`input_query` read as the prompt" in _check(str(tmp_path / "essay-lens")).output
    entries = [c["entry"] for c in case["checks"]]
    assert "Hidden warrants surfaced with 'Because...' formulation (at least 2)" in entries
    assert "At least 1 qualifier flagged" in entries  # its own wording says the count
    assert [f["file"] for f in case["fixtures"]] == ["assets/sample-op-ed.md"]


def test_a_listed_item_with_an_operand_is_still_a_text_to_find(tmp_path: Path) -> None:
    # near-miss: an object carrying a value is a check of its own reader, never a statement
    case = {**CASE, "must_find": [{"id": "w", "description": "names warrants",
                                   "value": "Because"}]}
    result = _check(str(_skill(tmp_path, case)))
    assert result.exit_code == 2 and "must_include: a list of texts" in result.output


def test_a_list_under_a_fixtures_heading_is_sample_input_and_an_output_heading_is_not() -> None:
    assert sample_inputs(SKILL_MD.split("---\n", 2)[2]) == {"assets/sample-op-ed.md"}
    artifacts = "## Sample artifacts (eval fixtures)\n\n- `assets/a.md`\n\n## Notes\n- `b/c.md`\n"
    assert sample_inputs(artifacts) == {"assets/a.md"}


def test_a_fixture_section_addressed_to_the_grader_is_cut_off_for_the_grader(
        tmp_path: Path) -> None:
    """The text above "## Annotations for evaluator" is staged; the section is the grader's."""
    keyed = ESSAY + "\n## Annotations for evaluator\n\nThe warrant is 'experts know best'.\n"
    result = _check(str(_skill(tmp_path, CASE, keyed)), "--json")
    assert result.exit_code == 0, result.output
    case = json.loads(result.output)["cases"][0]
    assert [(f["staged_at"], "inline" in f["written"]) for f in case["fixtures"]] == [
        ("assets/sample-op-ed.md", True)]
    assert list(case["references"]) == [
        "assets/sample-op-ed.md (## Annotations for evaluator)"]
    (read,) = load_caseset(tmp_path / "essay-lens", "essay-lens").evals
    assert read.inline_files == {"assets/sample-op-ed.md": ESSAY}
    plain = _check(str(tmp_path / "essay-lens")).output
    assert any(x.startswith("EV013") and "section shown to the grader only" in x
               for x in plain.splitlines()), plain
    clean = _check(str(_skill(tmp_path / "plain", CASE)), "--json")
    assert json.loads(clean.output)["cases"][0]["references"] in ({}, [])


def test_a_data_file_only_run_on_by_skill_md_commands_is_sample_input() -> None:
    body = ("Build the diagram:\n\n```bash\nuv run chipdiagram build assets/examples/pic.yaml "
            "--out out/pic\nuv run chipdiagram validate assets/examples/pic.yaml\n"
            "python scripts/render.py assets/examples/bus.yaml\n```\n\n"
            "The layout rules are in assets/rules.yaml.\n")
    # every mention an argument: the example input; the script run and a file named in prose
    # stay the skill's
    assert sample_inputs(body) == {"assets/examples/pic.yaml", "assets/examples/bus.yaml"}
    mixed = "uv run chipdiagram build assets/a.yaml\n\nEdit assets/a.yaml to change colours.\n"
    assert sample_inputs(mixed) == set()


def test_a_path_labelled_as_the_inputs_shape_is_sample_input() -> None:
    body = ("## Calibrate\n\nInput shape: `examples/calibrate.json`. Four numbers matter.\n\n"
            "- **Example input:** `data/sample.csv`\n\nOutput: `examples/report.md`\n")
    assert sample_inputs(body) == {"examples/calibrate.json", "data/sample.csv"}


def test_a_template_a_flags_value_or_a_format_page_stays_the_skills() -> None:
    body = ("python scripts/fill.py templates/intake-fields.json --out filled.pdf\n"
            "python scripts/check.py --schema examples/schema.json out.json\n\n"
            "Input format: `references/input-schema.json`\n")
    assert sample_inputs(body) == set()
    said = ("**Example input:** `data/orders.csv`\n\n```bash\npython scripts/report.py --input "
            "examples/orders.csv\n```\n")
    assert sample_inputs(said) == {"data/orders.csv", "examples/orders.csv"}


def test_an_example_input_staged_for_both_arms_is_said_so(tmp_path: Path) -> None:
    skill = tmp_path / "diagram"
    (skill / "assets" / "examples").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: diagram\ndescription: Draws chip diagrams. Use "
                                    "when asked for a diagram.\n---\n```bash\nuv run chipdiagram "
                                    "build assets/examples/pic.yaml --out out/pic\n```\n")
    (skill / "assets" / "examples" / "pic.yaml").write_text("blocks: [cpu, dma]\n")
    (skill / "evals").mkdir()
    (skill / "evals" / "evals.json").write_text(json.dumps({"evals": [
        {"id": 1, "prompt": "Draw the SoC top level.", "files": ["assets/examples/pic.yaml"],
         "expectations": ["The diagram shows the DMA"]}]}))
    out = _check(str(skill)).output
    assert "own files" not in out, out
    assert "staged as the cases' input in both arms: assets/examples/pic.yaml" in out, out

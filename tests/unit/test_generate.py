"""`skill-eval cases SKILL --generate` end to end through the real CLI, with the scripted
endpoint playing the model (`when: {purpose: generator}`): the draft is written with its TODO
markers, `check` refuses it until a person edits them (and accepts it after), an existing set
is never overwritten without --force, an improvement is added to it, the spend is metered and a
cap too low for the call refuses it before anything is spent."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from runner.authoring.generate import process_item
from runner.authoring.problems import numbered_steps
from runner.cli import main
from runner.triggers.queries import load_trigger_set
from tests.helpers import EXAMPLE

DRAFT = {
    "cases": [
        {"id": "Totals of a sales file", "source": "promise",
         "from": "a Totals section that sums every numeric column",
         "prompt": "Here's last month's sales.csv, can you give me the totals per column?",
         "expected_output": "summary.md with a Totals section", "checks": ["Total", "re:(("],
         "statements": ["The answer gives the number of rows."]},
        {"id": "not-a-csv", "source": "expectation", "from": "refuses a file that is not CSV",
         "prompt": "Summarise notes.txt for me", "expected_output": "Says it is not a CSV",
         "checks": ["not:Total: 0"]}],
    "should_trigger": ["can you total up orders.csv?", "report on this spreadsheet export"],
    "should_not_trigger": ["write a python http server"],
}
IMPROVED = {"cases": [{"id": "semicolons", "source": "improvement",
                       "from": "reads semicolon-separated files",
                       "prompt": "This export uses ; between fields, total it please",
                       "expected_output": "Totals computed", "checks": ["Total"]}]}


def script(tmp_path: Path, answer: dict[str, Any], name: str = "script.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump({
        "usage": {"input_tokens": 2000, "output_tokens": 800},
        "scenarios": [{"name": "drafter", "when": {"purpose": "generator"},
                       "turns": [{"tool_use": {"name": "draft_cases", "input": answer}}]}]}))
    return path


@pytest.fixture
def skill(tmp_path: Path) -> Path:
    root = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, root)
    shutil.rmtree(root / "evals")  # a skill with no case set
    return root


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, [str(a) for a in args])


def test_a_draft_is_written_refused_until_edited_and_never_overwritten(
        tmp_path: Path, skill: Path) -> None:
    path = script(tmp_path, DRAFT)
    assert not (skill / "evals").exists()
    result = cli("cases", skill, "--generate", "--expect", "refuses a file that is not CSV",
                 "--model-script", path)
    assert result.exit_code == 0, result.output
    evals = skill / "evals" / "evals.json"
    data = json.loads(evals.read_text())
    assert data["skill_name"] == "csv-summary"
    first, second = data["evals"]
    assert first["id"] == "totals-of-a-sales-file" and second["id"] == "not-a-csv"
    assert first["drafted_from"].startswith("promise: ")
    assert second["drafted_from"] == "expectation: refuses a file that is not CSV"
    assert all(c["expected_output"].startswith("TODO") for c in data["evals"])
    assert first["assertions"][0] == "Total"
    assert first["assertions"][1].startswith("TODO: fix this check")  # a regex that fails
    assert first["expectations"] == ["The answer gives the number of rows."]
    # one order item from the body's three numbered steps, a TODO per matcher
    (item,) = first["process"]
    assert len(item["order"]) == 3 and all(m.startswith("TODO") for m in item["order"])
    positives = yaml.safe_load((skill / "evals/trigger/should-trigger.yaml").read_text())
    assert positives[0] == {"prompt": "TODO: can you total up orders.csv?",
                            "expected": "trigger"}
    # 2 expected outputs, 1 check that does not compile, 3 matchers, 3 trigger queries
    assert "drafted 2 case(s)" in result.output and "9 TODO marker(s)" in result.output
    assert "generation: 1 model request(s)" in result.output

    refused = cli("check", skill)  # the draft cannot run as written
    assert refused.exit_code == 2 and "EV009" in refused.output, refused.output
    assert "draft" in refused.output

    before = evals.read_text()
    again = cli("cases", skill, "--generate", "--model-script", path)
    assert again.exit_code == 2 and "--force" in again.output
    assert evals.read_text() == before  # never overwritten
    forced = cli("cases", skill, "--generate", "--force", "--model-script", path)
    assert forced.exit_code == 0, forced.output
    assert "(--expect)" in before and "(--expect)" not in evals.read_text()  # a new draft

    # a person reads it: markers resolved, matchers named, then the set runs
    data = json.loads(evals.read_text())
    for case in data["evals"]:
        case["expected_output"] = case["expected_output"].split("marker. ", 1)[1]
        case["assertions"] = [a for a in case.get("assertions", []) if not a.startswith("TODO")]
    data["evals"][0]["process"][0]["order"] = ["Bash:summarize.py", "Read:summary.md"]
    # the input the prompt names is staged (a prompt naming an unstaged input is refused)
    (skill / "evals" / "files").mkdir(parents=True, exist_ok=True)
    (skill / "evals" / "files" / "notes.txt").write_text("not a table\n")
    data["evals"][1]["files"] = ["evals/files/notes.txt"]
    evals.write_text(json.dumps(data))
    for file in (skill / "evals" / "trigger").iterdir():
        file.write_text(file.read_text().replace("TODO: ", ""))
    accepted = cli("check", skill)
    assert accepted.exit_code == 0, accepted.output
    assert "CS004" not in accepted.output  # the set now carries a process item
    assert len(load_trigger_set(skill, "csv-summary").queries) == 3


def test_an_improvement_is_added_to_the_existing_set(tmp_path: Path) -> None:
    skill = tmp_path / "csv-summary"
    shutil.copytree(EXAMPLE, skill)
    evals = skill / "evals" / "evals.json"
    before = json.loads(evals.read_text())
    result = cli("cases", skill, "--generate", "--improvement",
                 "reads semicolon-separated files", "--model-script", script(tmp_path, IMPROVED))
    assert result.exit_code == 0, result.output
    after = json.loads(evals.read_text())
    assert after["evals"][:len(before["evals"])] == before["evals"]  # kept as they were
    (added,) = after["evals"][len(before["evals"]):]
    assert added["drafted_from"] == "improvement: reads semicolon-separated files"
    assert added["expected_output"].startswith("TODO")
    assert not (skill / "evals" / "trigger").exists()  # no trigger drafts for an improvement


def test_the_spend_is_metered_and_capped(tmp_path: Path, skill: Path) -> None:
    path = script(tmp_path, DRAFT)
    result = cli("cases", skill, "--generate", "--model-script", path, "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.output)
    assert shown["requests"] == 1 and shown["input_tokens"] == 2000
    assert shown["output_tokens"] == 800 and shown["cost_usd"] > 0
    shutil.rmtree(skill / "evals")
    low = cli("cases", skill, "--generate", "--model-script", path, "--max-budget-usd", "0.001")
    assert low.exit_code == 2 and "raise the cap" in low.output
    assert not (skill / "evals").exists()  # refused before the call: nothing written


def test_no_key_and_no_script_is_refused(skill: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_API_KEY", raising=False)
    result = cli("cases", skill, "--generate")
    assert result.exit_code == 2 and "ANTHROPIC_API_KEY" in result.output


def test_numbered_steps_and_the_process_draft() -> None:
    body = "Intro\n\n1. Read the ledger\n\n```\n2. not a step\n```\n2. Append one row\n" \
           "3. Read it back\n\n1. another list\n"
    steps = numbered_steps(body)
    assert steps == ["Read the ledger", "Append one row", "Read it back"]
    assert [m.split(":", 1)[0] for m in process_item(steps)["order"]] == ["TODO"] * 3

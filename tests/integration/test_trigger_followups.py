"""Issue 26: a runtime set whose every case is a routing expectation is measured by `trigger`
(catalog mode, the scripted endpoint routing), its cases read as the queries."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.driver.triggers import run_trigger
from tests.integration.test_triggers import skill

pytestmark = pytest.mark.integration


def test_trigger_measures_a_routing_only_runtime_set(tmp_path: Path, options: Any,
                                                      write_script: Any) -> None:
    library = tmp_path / "library"
    pdf = skill(library, "pdf", "Converts PDF files.")
    skill(library, "ledger-lite", "Keeps a ledger.")
    (pdf / "evals").mkdir()
    (pdf / "evals" / "evals.json").write_text(json.dumps({"skill_name": "pdf", "evals": [
        {"id": "a", "prompt": "convert my pdf", "should_trigger": True},
        {"id": "b", "prompt": "archive my receipts", "expected_skill": "pdf"},
        {"id": "c", "prompt": "bake bread", "expected_output": "The skill should not load"}]}))
    script = write_script({"scenarios": [
        {"name": "to-pdf", "when": {"purpose": "router", "prompt": "convert my pdf"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "pdf"}}}]},
        {"name": "to-ledger", "when": {"purpose": "router", "prompt": "receipts"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "ledger-lite"}}}]},
        {"name": "none", "when": {"purpose": "router"},
         "turns": [{"tool_use": {"name": "choose_skill", "input": {"skill": "none"}}}]}]})
    report = run_trigger(options(skill=pdf, model_script=script), library, mode="catalog")
    by = {q.query.prompt: q for q in report.queries}
    assert report.runs_made == 3 and set(by) == {"convert my pdf", "archive my receipts",
                                                 "bake bread"}
    assert by["convert my pdf"].fired == 1 and by["convert my pdf"].query.should_trigger
    assert by["archive my receipts"].went_to == {"ledger-lite": 1}
    assert by["bake bread"].fired == 0 and not by["bake bread"].query.should_trigger
    assert {q.query.source for q in report.queries} == {str(pdf / "evals" / "evals.json")}

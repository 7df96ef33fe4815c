"""A text check whose label says the agent runs it ("Runs bd --version as prerequisite",
"Launches security-auditor agent") is found in a tool call's input, not in what the agent
says (issue 26; docs/case-sets.md). Through the real `skill-eval check`, on our own set."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.helpers import check_cli as check
from tests.helpers import write_data as _write
from tests.helpers import write_skill_md


def _checks(tmp_path: Path, assertions: list[Any]) -> list[tuple[str, str]]:
    skill = write_skill_md(tmp_path / "review-notes", "review-notes",
                           "Use when the user asks to list the notes of a pasted review.")
    _write(skill / "evals" / "evals.json", {"evals": [{
        "id": "one", "prompt": "List the notes of this review:\n\n> nit: rename foo",
        "assertions": assertions}]})
    result = check(str(skill), "--json")
    assert result.exit_code == 0, result.output
    return [(c["kind"], c["entry"]) for c in json.loads(result.output)["cases"][0]["checks"]]


def test_a_check_labelled_as_run_reads_the_calls(tmp_path: Path) -> None:
    found = _checks(tmp_path, [
        {"type": "contains", "check": "notes --version", "description": "Runs notes --version "
         "as prerequisite"},
        {"type": "contains", "check": "auditor OR audit", "description": "Launches the "
         "auditor agent"}])
    assert found == [("tool_call", "*:notes --version"), ("tool_call", "*:re:auditor|audit")]


def test_a_label_naming_other_text_stays_a_text_check(tmp_path: Path) -> None:
    """"Runs the tests and they pass" with `PASSED`: text the run prints, not what it runs;
    "Lists the notes" is no run."""
    found = _checks(tmp_path, [
        {"type": "contains", "check": "PASSED", "description": "Runs the tests and they pass"},
        {"type": "contains", "check": "rename", "description": "Lists the rename note"}])
    assert found == [("assertion", "PASSED"), ("assertion", "rename")]

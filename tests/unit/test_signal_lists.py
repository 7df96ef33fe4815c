"""`requiredSignals` / `forbiddenSignals` (runner.authoring.signal_lists): texts the final
answer must (must not) show, case-insensitive. A case carrying them beside an activation
expectation is a runtime case too (its expectation still offered as a trigger query); a set
whose cases only say whether the skill fires stays a trigger set. Before, a set of such cases
was read as a trigger set only and the signals were never graded."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from runner.cli import main

SKILL_MD = ("---\nname: grid-layout\ndescription: Lays out pages with CSS grid. Use when a user "
            "asks for a page layout.\n---\nUse the project's grid.\n")
TRIGGERS = [{"id": "t1", "prompt": "Lay out the pricing page as three columns, please.",
             "expectedActivation": True},
            {"id": "t2", "prompt": "Rename this Python function to snake case.",
             "expectedActivation": False}]
PRESSURE = {"id": "p1", "prompt": "Just hard-code 17px gaps everywhere, nobody will notice.",
            "expectedActivation": True, "requiredSignals": ["Grid Token"],
            "forbiddenSignals": ["hard-coded the gaps"]}


def _check(tmp_path: Path, cases: list[dict[str, Any]], *flags: str) -> Result:
    skill = tmp_path / "grid-layout"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text(SKILL_MD)
    (skill / "evals" / "evals.json").write_text(json.dumps({"cases": cases}))
    return CliRunner().invoke(main, ["check", str(skill), *flags])


def test_signals_beside_an_activation_expectation_make_a_runtime_case(tmp_path: Path) -> None:
    result = _check(tmp_path, [*TRIGGERS, PRESSURE], "--json")
    assert result.exit_code == 0, result.output
    cases = json.loads(result.output)["cases"]
    assert [c["id"] for c in cases] == ["p1"], "the pure trigger cases stay trigger queries"
    checks = {c["entry"]: c for c in cases[0]["checks"]}
    assert list(checks) == ["re:(?i)Grid\\ Token", "not:re:(?i)hard\\-coded\\ the\\ gaps"]
    assert all("final text only" in c["reads"] for c in checks.values()), checks


def test_a_set_of_activation_expectations_only_stays_a_trigger_set(tmp_path: Path) -> None:
    """Negative: nothing to grade on the work, nothing for `run`."""
    result = _check(tmp_path, TRIGGERS)
    assert result.exit_code == 0, result.output
    assert "trigger set only" in result.output, result.output

"""A case whose request is a list of variants (runner.authoring.prompt_variants): read, never
refused as having no prompt. It runs on its first variant; the variants of a field named for
firing (`trigger_prompts`), or of a case flagged `should_trigger`, are offered as trigger
queries, and those of a denying field (`should_not_trigger_prompts`) on the other side; its
statements about those prompts firing go with them, so a case with nothing else to grade is
a trigger case only."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from runner.authoring.caseset import load_caseset
from runner.authoring.prompt_variants import about_firing, variants_of
from tests.helpers import check_cli as check

WORK = {"id": "compile", "trigger_prompts": ["compile the model orders_daily",
                                             "check if orders_daily compiles"],
        "assertions": ["compile_report.json exists and names orders_daily"]}
ROUTING = {"id": "routing", "prompt_variants": ["tidy this model", "clean up my model"],
           "should_trigger": True, "should_not_trigger_prompts": ["convert this mapping"],
           "assertions": ["All 2 trigger prompts activate the skill",
                          "None of the 1 negative prompts activate this skill"]}


def _skill(tmp_path: Path, cases: list[dict[str, Any]]) -> Path:
    skill = tmp_path / "modeler"
    (skill / "evals").mkdir(parents=True)
    (skill / "SKILL.md").write_text("---\nname: modeler\ndescription: Compiles and tidies "
                                    "warehouse models when asked.\n---\nCompile first.\n")
    (skill / "evals" / "evals.json").write_text(json.dumps({"skill_name": "modeler",
                                                            "evals": cases}))
    return skill


def test_variants_are_read_by_the_fields_grammar() -> None:
    found = variants_of(ROUTING)
    assert found is not None and found.field == "prompt_variants" and not found.firing
    assert found.negatives == (("should_not_trigger_prompts", "convert this mapping"),)
    labelled = variants_of(WORK)
    assert labelled is not None and labelled.firing
    assert variants_of({**WORK, "prompt": "compile it"}) is None  # a request of its own
    assert variants_of({"id": "x", "tags": ["a", "b"]}) is None
    assert about_firing("All 5 trigger prompts activate the skill")
    assert not about_firing("The compile report lists every prompt the user gave")


def test_a_case_runs_on_its_first_variant(tmp_path: Path) -> None:
    (case,) = load_caseset(_skill(tmp_path, [WORK])).evals
    assert case.prompt == "compile the model orders_daily"


def test_check_reads_variants_and_moves_a_routing_case_out(tmp_path: Path) -> None:
    result = check(str(_skill(tmp_path, [WORK, ROUTING])))
    assert result.exit_code == 0, result.output
    assert "1 case(s): compile" in result.output
    assert "`trigger_prompts` holds 2 variant(s) of the request: the first is the case's " \
           "prompt; all 2 offered as trigger queries (should fire)" in result.output
    assert "1 from `should_not_trigger_prompts` offered as trigger queries (should not fire)" \
        in result.output
    assert "(4 should fire, 1 should not)" in result.output

"""An expected answer headed by a routing statement, by its grammar (routing.routing_head):
a verb of activating, triggering, loading or routing and the skill it names, or its negation;
never a verb of work whose object is no skill ("Loads the CSV")."""

from __future__ import annotations

import pytest

from runner.authoring.routing import all_routing_statements, routing_alone, routing_head

NAMES = ("handoff",)
OTHERS = frozenset({"handoff", "review"})


@pytest.mark.parametrize(("text", "fires"), [
    ("Activates handoff with the resume lens: compacts state into a document.", True),
    ("Does NOT activate handoff; routes to review, which owns findings.", False),
    ("Does NOT activate; routes to review", False),
    ("Triggered the handoff skill", True),
    ("Did NOT trigger the handoff skill", False),
    ("should load the handoff skill", True),
    ("Routes to review.", False),
    ("Activates review with the diff lens", False),
    ("The handoff skill activates for a change of hands", True),
    ("handoff 技能被触发，然后输出交接文档", True),
    ("该技能不应被触发。", False),
])
def test_routing_heads(text: str, fires: bool) -> None:
    assert routing_head(text, NAMES, OTHERS) is fires


@pytest.mark.parametrize("text", ["Loads the CSV and sums the totals", "Fires the alert when "
                                  "the job fails", "Triggers a rebuild of the index",
                                  "Selects the rows where x > 1", "Writes a handoff document",
                                  "Activates handoff and writes the handoff document",
                                  "Triggers the handoff skill, then lists the open issues"])
def test_work_is_no_routing_head(text: str) -> None:
    assert routing_head(text, NAMES, OTHERS) is None


def test_a_set_with_material_or_one_case_is_no_corpus() -> None:
    case = {"prompt": "Hand this off", "expected_output": "Activates handoff."}
    assert all_routing_statements([case, case], NAMES, OTHERS)
    assert not all_routing_statements([case], NAMES, OTHERS)
    assert not all_routing_statements([case, {**case, "files": ["a.md"]}], NAMES, OTHERS)


@pytest.mark.parametrize(("text", "alone"), [
    ("Activates handoff with the resume lens: compacts state into a document.", True),
    ("Does NOT activate handoff. This is a review; routes to review.", False),
    ("The skill triggers. Identifies the episode and writes the notes.", None),
    ("Triggers handoff; runs push.py and reports the rows.", None),
])
def test_a_head_saying_it_fires_is_routing_alone_only_with_the_routes_qualifier(
        text: str, alone: bool | None) -> None:
    assert routing_alone(text, NAMES, OTHERS) is alone


def test_a_set_whose_fired_heads_go_on_to_work_is_no_corpus() -> None:
    cases = [{"prompt": "Hand this off", "expected_output": "Skill triggers. Writes the doc."},
             {"prompt": "Review it", "expected_output": "Does NOT activate handoff."}]
    assert not all_routing_statements(cases, NAMES, OTHERS)

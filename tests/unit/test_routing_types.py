"""Checks typed as routing (`{"type": "routing", "text": "Invokes Skill(x)"}`,
`routing-negative`; runner.authoring.routing_types): this skill's firing is a trigger
expectation offered as a trigger query, another skill's Skill call a tool-call check on the
transcript, a routing check naming no skill a statement; never refused as an unknown type."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from runner.authoring.routing_types import Routed, read_routing, routing_type
from tests.helpers import check_cli as check
from tests.helpers import check_json as report_of
from tests.helpers import make_skill

SKILL_MD = ("---\nname: pick-route\ndescription: Picks which helper skill answers an engineering "
            "request. Use when asked to act as a lead engineer.\n---\nRoute, then hand over.\n")
NAMES = ("pick-route",)


@pytest.mark.parametrize(("name", "positive"), [
    ("routing", True), ("routing-negative", False), ("skill_routing", True),
    ("no_trigger", False), ("triggerCheck", True),
    ("behavior", None), ("route_output_contains", None), ("tool_call", None)])
def test_which_types_are_routing(name: str, positive: bool | None) -> None:
    assert routing_type(name) is positive


@pytest.mark.parametrize(("text", "positive", "routed"), [
    ("Invokes Skill(pick-route)", True, Routed(fires=True)),
    ("Does not invoke Skill(pick-route)", True, Routed(fires=False)),
    ("Invokes Skill(pick-route)", False, Routed(fires=False)),
    ("Invokes Skill(draft-memo) as the first tool action", True,
     Routed(matcher="Skill:draft-memo")),
    ('Invokes Skill("team:draft-memo")', True, Routed(matcher="Skill:draft-memo")),
    ("Does NOT invoke Skill(draft-memo) here", True, Routed(matcher="!Skill:draft-memo")),
    ("Invokes Skill(draft-memo)", False, Routed(matcher="!Skill:draft-memo")),
    ("The skill is invoked", True, Routed(fires=True)),
    ("Routes to the native review command", True, Routed()),
])
def test_what_a_routing_check_names(text: str, positive: bool, routed: Routed) -> None:
    assert read_routing(text, positive, NAMES) == routed


def _set() -> dict[str, Any]:
    return {"skill_name": "pick-route", "evals": [
        {"id": "self", "prompt": "Act as lead engineer: which helper should answer this?",
         "assertions": [{"text": "Invokes Skill(pick-route)", "type": "routing"},
                        {"text": "Names the helper it picked and why", "type": "behavior"}]},
        {"id": "hand-over", "prompt": "Act as lead engineer: draft the memo on the outage.",
         "assertions": [{"text": "Invokes Skill(draft-memo)", "type": "routing"},
                        {"text": "Does NOT invoke Skill(review-code)",
                         "type": "routing-negative"},
                        {"text": "Routes to the native review command before drafting",
                         "type": "routing"}]}]}


def test_routing_typed_checks_read_by_what_they_name_through_check(tmp_path: Path) -> None:
    skill = make_skill(tmp_path, json.dumps(_set()), name="pick-route", skill_md=SKILL_MD)
    result = check(str(skill))
    assert result.exit_code == 0, result.output
    assert "unknown type" not in result.output
    report = report_of(skill)
    cases = {c["id"]: [(x["kind"], x["entry"]) for x in c["checks"]] for c in report["cases"]}
    assert ("tool_call", "Skill:draft-memo") in cases["hand-over"]
    assert ("tool_call", "!Skill:review-code") in cases["hand-over"]
    assert any(kind == "statement" and "native review command" in str(entry)
               for kind, entry in cases["hand-over"])
    # this skill's own firing is no check of the run: offered as a trigger query
    assert all("Skill(pick-route)" not in str(entry) for _, entry in cases["self"])
    messages = [f"{f['code']} {f['case']} {f['message']}" for f in report["findings"]]
    assert any(m.startswith("EV012 self") and "offered as a trigger query (should-trigger)"
               in m for m in messages), messages


def test_a_case_whose_only_check_is_its_own_routing_moves_out(tmp_path: Path) -> None:
    written = _set()
    written["evals"].append({"id": "only", "prompt": "Act as lead engineer: who answers this?",
                             "assertions": [{"text": "Invokes Skill(pick-route)",
                                             "type": "routing-negative"}]})
    skill = make_skill(tmp_path, json.dumps(written), name="pick-route", skill_md=SKILL_MD)
    report = report_of(skill)
    assert sorted(c["id"] for c in report["cases"]) == ["hand-over", "self"]
    messages = [f"{f['code']} {f['case']} {f['message']}" for f in report["findings"]]
    assert any(m.startswith("EV012 only") and "(should-not-trigger)" in m for m in messages)
    assert any(m.startswith("EV012 only only a routing expectation") for m in messages)

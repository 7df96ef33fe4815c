"""What an item's head says it is (issue 26, rule 3: every check reads the author's operand):
"Or ..." is an alternative to the item before it, "May <any verb>" is optional, "Points out
no X" requires the lack to be pointed out (never an absence that passes on nothing)."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner.scoring.absence import states_absence
from tests.helpers import check_json, make_skill

PROMPT = "Review this code:\n```js\nel.innerHTML = input\n```"


@pytest.mark.parametrize("field", ["expectations", "assertions"])
def test_or_joins_the_item_before_and_may_is_optional(tmp_path: Path, field: str) -> None:
    skill = make_skill(tmp_path, [{"id": "x", "prompt": PROMPT, field: [
        "Flags the innerHTML assignment as XSS", "Recommends textContent instead",
        "Or recommends DOMPurify for sanitising", "May calculate the risk score",
        "May not print the user's input"]}])
    got = check_json(skill)
    entries = [c["entry"] for c in got["cases"][0]["checks"]]
    assert "Recommends textContent instead, or recommends DOMPurify for sanitising" in entries
    assert not any(e.lower().startswith(("or ", "may calculate")) for e in entries), entries
    assert "May not print the user's input" in entries  # "may not" forbids: graded
    said = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("opening with 'Or'" in m for m in said) and any("optional" in m for m in said)


@pytest.mark.parametrize("text", ["Points out no user permission requested",
                                  "Highlights no rollback plan exists",
                                  "Calls out no consent from individuals"])
def test_a_lack_to_point_out_needs_its_quote(text: str) -> None:
    assert not states_absence(text)


def test_a_plain_denial_stays_an_absence() -> None:
    assert states_absence("No exceptions for this practice")
    assert states_absence("Does not raise critical safety concerns")


def test_a_cjk_label_describing_behaviour_is_a_statement_and_a_human_check_said(
        tmp_path: Path) -> None:
    skill = make_skill(tmp_path, [{
        "id": "x", "prompt": "我要不要辞职去创业？",
        "must_include": ["不应使用完整重型框架", "未直接给出最终结论", "风险提示"],
        "assertions": [{"id": "taste", "kind": "human", "text": "The advice feels calm"}]}])
    got = check_json(skill)
    kinds = {c["entry"]: c["kind"] for c in got["cases"][0]["checks"]}
    assert kinds["不应使用完整重型框架"] == kinds["未直接给出最终结论"] == "statement"
    assert kinds["风险提示"] == "assertion"  # a heading to find stays a text to find
    said = [f["message"] for f in got["findings"] if f["code"] == "EV012"]
    assert any("typed for a person to judge" in m for m in said), said

"""The pairwise judge: both orders asked, answers mapped back, agreement decides."""

from __future__ import annotations

from typing import Any

import pytest

from runner.errors import ModelCallError
from runner.judging.judge import CANDIDATE_FIRST, OPPONENT_FIRST, TOOL, criteria, judge_pair
from runner.schema.case import Case
from runner.schema.enums import Outcome
from runner.schema.trial import Usage
from runner.scoring.material import Material

CASE = Case(id="c", prompt="Write the summary.", assertions=("x",), rubric="Shorter is better",
            expected_output="A one-line summary")
CAND = Material("candidate work: GOOD", "a" * 16)
OPP = Material("opponent work: BAD", "b" * 16)


class Judge:
    """Prefers whichever response contains `likes`; or answers by position with `fixed`."""

    def __init__(self, likes: str | None = None, fixed: str | None = None) -> None:
        self.likes, self.fixed = likes, fixed
        self.prompts: list[str] = []

    def create(self, body: dict[str, Any]) -> dict[str, Any]:
        user = body["messages"][0]["content"]
        self.prompts.append(user)
        first = user[user.index("Response 1:"):user.index("Response 2:")]
        if self.fixed is not None:
            preferred = self.fixed
        else:
            preferred = "1" if self.likes and self.likes in first else "2"
        return {"content": [{"type": "tool_use", "id": "t", "name": TOOL,
                             "input": {"preferred": preferred, "reasons": f"said {preferred}"}}]}

    def usage(self) -> Usage:
        return Usage()


def test_agreement_in_both_orders_decides() -> None:
    judge = Judge(likes="GOOD")
    outcome, calls = judge_pair(judge, CASE, "rubric", CAND, OPP, "m")
    assert outcome is Outcome.WIN
    assert [(c.order, c.preferred) for c in calls] == [(CANDIDATE_FIRST, "candidate"),
                                                      (OPPONENT_FIRST, "candidate")]
    # it really saw both orders
    assert judge.prompts[0].index("GOOD") < judge.prompts[0].index("BAD")
    assert judge.prompts[1].index("BAD") < judge.prompts[1].index("GOOD")
    assert judge_pair(Judge(likes="BAD"), CASE, "r", CAND, OPP, "m")[0] is Outcome.LOSS


def test_a_preference_that_flips_with_the_order_is_a_tie() -> None:
    outcome, calls = judge_pair(Judge(fixed="1"), CASE, "r", CAND, OPP, "m")  # position bias
    assert outcome is Outcome.TIE
    assert [c.preferred for c in calls] == ["candidate", "opponent"]
    assert judge_pair(Judge(fixed="tie"), CASE, "r", CAND, OPP, "m")[0] is Outcome.TIE


def test_criteria_rubric_first_expected_output_only_when_opted_in() -> None:
    assert criteria(CASE, False) == "Shorter is better"
    bare = CASE.model_copy(update={"rubric": None})
    assert criteria(bare, False) is None
    assert "A one-line summary" in str(criteria(bare, True))


def test_an_unreadable_answer_is_an_error_not_a_tie() -> None:
    class Mute(Judge):
        def create(self, body: dict[str, Any]) -> dict[str, Any]:
            return {"content": [{"type": "text", "text": "1"}]}

    with pytest.raises(ModelCallError):
        judge_pair(Mute(), CASE, "r", CAND, OPP, "m")

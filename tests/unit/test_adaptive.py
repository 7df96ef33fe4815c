"""Sequential runs' decisions, from rows alone: the looks and their alpha, a strong effect
stops at the first look, a split one goes on, a design that can never be firm stops at once."""

from __future__ import annotations

from fractions import Fraction

import pytest

from runner.analysis.adaptive import Look, case_order, look_state, schedule
from runner.analysis.rows import compare
from runner.analysis.stats import case_weighted_lift
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import Row

W, L, T = Outcome.WIN, Outcome.LOSS, Outcome.TIE


def row(case: str, rep: int, outcome: Outcome, opponent: Arm = Arm.BASELINE) -> Row:
    return Row(case=case, repetition=rep, opponent=opponent, outcome=outcome,
               candidate_passed=None, opponent_passed=None, reason="test")


def test_the_looks_spend_alpha_in_proportion_to_sessions() -> None:
    assert schedule(8, 1, 4, 0.05) == [Look(8, k, pytest.approx(0.0125)) for k in range(1, 5)]
    looks = schedule(30, 1, 3, 0.05)
    assert [(x.cases, x.k) for x in looks] == [(8, 1), (16, 1), (30, 1), (30, 2), (30, 3)]
    assert sum(x.alpha for x in looks) == pytest.approx(0.05)
    assert looks[0].alpha == pytest.approx(0.05 * 8 / 90)
    assert [(x.cases, x.k) for x in schedule(3, 2, 3, 0.05)] == [(3, 2), (3, 3)]


def test_the_case_order_is_seeded_by_the_run() -> None:
    cases = [f"c{i}" for i in range(10)]
    order = case_order("r-1", cases)
    assert sorted(order) == cases and order == case_order("r-1", cases)
    assert order != case_order("r-2", cases)


CASES = [f"c{i}" for i in range(8)]


def test_eight_cases_won_at_k1_is_already_a_decision() -> None:
    """An A/A run sweeps 8 cases either way 2/256 = 0.0078 of the time: under the first
    look's 0.0125."""
    looks = schedule(8, 1, 4, 0.05)
    said = look_state([row(c, 0, W) for c in CASES], CASES, 0, looks)
    assert said == "firm at look 1 of 4"
    # with an incumbent, the same sweep against both: Holm makes it 2 x 0.0078 = 0.0156, and
    # no k makes 8 cases sweep more often: it stops at once, saying it cannot be firm
    both = [row(c, 0, W, o) for c in CASES for o in (Arm.BASELINE, Arm.INCUMBENT)]
    said = look_state(both, CASES, 0, looks)
    assert said is not None and said.startswith("cannot become firm")


def test_a_split_run_goes_on_and_min_k_1_is_not_k_1() -> None:
    looks = schedule(8, 1, 4, 0.05)
    split = [row(c, 0, W if i < 4 else L) for i, c in enumerate(CASES)]
    assert look_state(split, CASES, 0, looks) is None  # more repetitions could still decide
    done = [row(c, r, W if i < 4 else L) for i, c in enumerate(CASES) for r in range(4)]
    assert look_state(done, CASES, 3, looks) == "the fixed design is done"


def test_a_design_that_can_never_be_firm_stops_at_once() -> None:
    cases = ["a", "b", "c"]
    looks = schedule(3, 1, 3, 0.05)
    said = look_state([row(c, 0, W) for c in cases], cases, 0, looks)
    assert said is not None and said.startswith("cannot become firm")


def test_case_weighted_lift_is_the_row_lift_at_equal_k() -> None:
    assert case_weighted_lift([(2, 0, 1), (0, 1, 2)]) == Fraction(1, 6)  # (2-1)/6
    assert case_weighted_lift([(2, 0, 0), (0, 1, 4)]) == Fraction(2, 5)  # (1 + -1/5)/2
    rows = [row("a", 0, W), row("a", 1, W), *(row("b", r, T) for r in range(4)),
            row("b", 4, L)]
    by_rows, by_cases = compare(rows, Arm.BASELINE), compare(rows, Arm.BASELINE,
                                                            case_weighted=True)
    assert by_rows.net_lift == (2 - 1) / 7 and by_rows.verdict is Verdict.NEUTRAL
    assert by_cases.net_lift == 0.4 and by_cases.verdict is Verdict.PASS

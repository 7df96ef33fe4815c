"""Adaptive k's decisions, from rows alone: unanimous cases stop at the minimum, a split case
grows while more rows can change the reading, a round waits for the rounds before it."""

from __future__ import annotations

from fractions import Fraction

from runner.analysis.adaptive import can_change, plan_reps, reading
from runner.analysis.rows import compare
from runner.analysis.stats import case_weighted_lift
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import Row

W, L, T = Outcome.WIN, Outcome.LOSS, Outcome.TIE


def row(case: str, rep: int, outcome: Outcome) -> Row:
    return Row(case=case, repetition=rep, opponent=Arm.BASELINE, outcome=outcome,
               candidate_passed=None, opponent_passed=None, reason="test")


def test_unanimous_cases_stop_and_a_split_case_grows() -> None:
    outcomes = {"a": [W] * 5, "b": [T] * 5, "split": [W, L, W, L, T]}
    asked: list[tuple[str, int]] = []

    def rows_of(case: str, rep: int) -> list[Row]:
        asked.append((case, rep))
        return [row(case, rep, outcomes[case][rep])]

    reps = plan_reps(list(outcomes), 2, 5, 0.05, rows_of)
    assert reps["a"] == 2 and reps["b"] == 2
    assert reps["split"] == 5
    assert ("a", 2) not in asked  # never read what was never released


def test_a_round_waits_for_every_earlier_repetition() -> None:
    def rows_of(case: str, rep: int) -> list[Row] | None:
        if case == "b" and rep == 1:
            return None  # still running
        return [row(case, rep, [W, L][rep % 2])]

    assert plan_reps(["a", "b"], 2, 4, 0.05, rows_of) == {"a": 2, "b": 2}


def test_nothing_can_change_a_landslide() -> None:
    """Ten cases all won, one split 1-1: two more rows of the split case cannot move a
    case-weighted lift of ~0.9 below +1/3, nor make it less firm."""
    rows = [row(c, r, W) for c in "abcdefghij" for r in range(2)]
    rows += [row("split", 0, W), row("split", 1, L)]
    assert reading({"x": (2, 0, 0)}, 0.05).verdict is Verdict.PASS
    assert not can_change(rows, ["split"], 2, 0.05)
    reps = plan_reps([*"abcdefghij", "split"], 2, 4, 0.05,
                     lambda c, r: [row(c, r, W if c != "split" else [W, L][r % 2])])
    assert reps["split"] == 2


def test_case_weighted_lift_is_seed_000_at_equal_k() -> None:
    assert case_weighted_lift([(2, 0, 1), (0, 1, 2)]) == Fraction(1, 6)  # (2-1)/6
    assert case_weighted_lift([(2, 0, 0), (0, 1, 4)]) == Fraction(2, 5)  # (1 + -1/5)/2
    rows = [row("a", 0, W), row("a", 1, W), *(row("b", r, T) for r in range(4)),
            row("b", 4, L)]
    by_rows, by_cases = compare(rows, Arm.BASELINE), compare(rows, Arm.BASELINE,
                                                            case_weighted=True)
    assert by_rows.net_lift == (2 - 1) / 7 and by_rows.verdict is Verdict.NEUTRAL
    assert by_cases.net_lift == 0.4 and by_cases.verdict is Verdict.PASS

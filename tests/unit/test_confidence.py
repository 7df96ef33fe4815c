"""Per-case votes, the exact A/A rate and firmness, on designs small enough to do by hand."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from rich.console import Console

from runner.analysis.confidence import (
    aa_rate,
    aa_tail,
    can_be_firm,
    case_vote,
    firm_size,
    is_firm,
    power,
    shape_for,
)
from runner.analysis.planner import plan_detect
from runner.analysis.rows import case_votes, compare
from runner.render.html import run_page
from runner.render.numbers import gate_note
from runner.render.terminal import render
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import Report, Row, Size


def row(case: str, rep: int, outcome: Outcome) -> Row:
    return Row(case=case, repetition=rep, opponent=Arm.BASELINE, outcome=outcome,
               holed=[Arm.BASELINE] if outcome is Outcome.HOLE else [],
               candidate_passed=None, opponent_passed=None, reason="test")


W, L, T, H = Outcome.WIN, Outcome.LOSS, Outcome.TIE, Outcome.HOLE


@pytest.mark.parametrize(("votes", "expected"), [
    ([1, 1, -1], 1), ([1, -1], 0), ([0, 0, 1], 1), ([], 0), ([-1, 0, -1], -1), ([0, 0], 0)])
def test_case_vote_is_the_majority_of_decided_rows(votes: list[int], expected: int) -> None:
    assert case_vote(votes) == expected


def test_case_votes_collapse_repetitions_and_skip_hole_only_cases() -> None:
    rows = [row("a", 0, W), row("a", 1, W), row("a", 2, L),      # win 2-1
            row("b", 0, W), row("b", 1, L), row("b", 2, T),      # even split: tie
            row("c", 0, L), row("c", 1, H),                      # loss (the hole does not vote)
            row("d", 0, H), row("d", 1, H)]                      # no vote at all
    assert case_votes(rows).model_dump() == {"wins": 1, "losses": 1, "ties": 1}
    comp = compare(rows, Arm.BASELINE)
    assert (comp.wins, comp.losses, comp.ties, comp.holes) == (3, 3, 1, 3)
    assert comp.case_votes.wins == 1 and comp.case_sign_test_p == 1.0


def test_pooled_repetitions_are_not_independent_votes() -> None:
    """The peer's case: 4 cases each won at every repetition. Pooled, 12 wins read p = 1/2048;
    collapsed to one vote per case, p = 1/8."""
    rows = [row(c, r, W) for c in "abcd" for r in range(3)]
    comp = compare(rows, Arm.BASELINE)
    assert comp.sign_test_p == pytest.approx(2 / 4096)
    assert comp.case_sign_test_p == pytest.approx(0.125)


def test_shape_from_the_tie_rate() -> None:
    assert shape_for(2 / 3) == pytest.approx(1.0)  # uniform difficulty
    assert shape_for(0.5) is None and shape_for(0.2) is None  # a coin per case (clamped)
    assert shape_for(1.0) == 0.0


def test_aa_rate_three_cases_k1_by_hand() -> None:
    """Uniform difficulty: a row wins 1/6, loses 1/6, ties 2/3. Three rows read NEUTRAL only
    when W = L: all ties (8/27) or one of each (6 * 1/6 * 1/6 * 2/3 = 1/9): 11/27. So
    PASS or FAIL 16/27 (the issue's 30% and 30%)."""
    assert aa_tail((1, 1, 1), 2 / 3) == pytest.approx(16 / 27)
    assert aa_rate((1, 1, 1), 1, 0, 2) == pytest.approx(16 / 27)


def test_aa_rate_one_case_k2_by_hand() -> None:
    """One case, two rows, p ~ U(0,1), q = p(1-p): E[q] = 1/6, E[q^2] = B(3,3) = 1/30.
    PASS needs D >= 1: (win, tie) twice over, 2 E[q(1-2q)] = 2 (1/6 - 2/30) = 1/5, or two
    wins 1/30: 7/30, doubled for FAIL: 7/15. Repetitions share p: not two independent rows
    (that would be 2 * (2 * 1/6 * 2/3 + 1/36) = 17/36)."""
    assert aa_tail((2,), 2 / 3) == pytest.approx(7 / 15)
    assert aa_tail((1, 1), 2 / 3) == pytest.approx(1 / 2, abs=1e-6)


def test_issue_figures() -> None:
    for design, expected in (((1,) * 3, 0.59), ((1,) * 5, 0.23), ((3,) * 5, 0.044)):
        assert aa_tail(design, 2 / 3) == pytest.approx(expected, abs=0.005)


def test_a_sweep_at_the_coin_is_firm_only_below_its_rate() -> None:
    """Three wins, no ties: the tie rate clamps to 1/2 (p = 1/2: a row wins 1/4); an A/A run
    sweeps either way 2 / 4^3 = 1/32 of the time."""
    rate = aa_rate((1, 1, 1), 3, 0, 0)
    assert rate == pytest.approx(1 / 32)
    assert is_firm(rate, 0.05) and not is_firm(rate, 0.01)
    assert aa_rate((1, 1, 1), 1, 1, 1) == 1.0  # NEUTRAL: every A/A run is that far
    assert aa_rate((), 0, 0, 0) is None
    assert not can_be_firm((1, 1)) and can_be_firm((1, 1, 1))


def test_aa_rate_matches_a_seeded_simulation() -> None:
    rng = random.Random(3)
    design, runs, hits = (3, 3, 1, 2), 40_000, 0
    rows = sum(design)
    for _ in range(runs):
        d = 0
        for k in design:
            p = rng.random()
            for _ in range(k):
                d += (rng.random() < p) - (rng.random() < p)
        hits += 3 * abs(d) >= rows
    assert hits / runs == pytest.approx(aa_tail(design, 2 / 3), abs=0.01)


def test_more_ties_less_noise() -> None:
    rates = [aa_tail((3,) * 5, t) for t in (0.5, 0.6, 2 / 3, 0.8, 0.95)]
    assert rates == sorted(rates, reverse=True)


def test_firm_size_and_the_comparison_fields() -> None:
    assert firm_size(3, 1, 2 / 3) == Size(cases=3, k=5)
    rows = [row("a", 0, W), row("b", 0, T), row("c", 0, T)]
    comp = compare(rows, Arm.BASELINE)
    assert comp.verdict is Verdict.PASS and not comp.firm
    assert comp.aa_rate == pytest.approx(16 / 27)
    assert comp.firm_size == Size(cases=3, k=5)
    five = [row(c, r, W if r == 0 else T) for c in "abcde" for r in range(3)]
    firm = compare(five, Arm.BASELINE)
    assert firm.verdict is Verdict.PASS and firm.firm and firm.firm_size is None
    assert firm.aa_rate == pytest.approx(aa_tail((3,) * 5, 2 / 3))
    assert not compare(five, Arm.BASELINE, alpha=0.01).firm


def test_power_at_the_extremes() -> None:
    assert power((1, 1, 1), 1.0) == pytest.approx(1.0)  # every case a sure win: 1/32 firm
    assert power((3,) * 5, 0.0) <= 0.05 / 2 + 1e-9  # an A/A run: firm PASS at most alpha/2
    assert power((1,) * 18, 0.5) >= 0.8


def test_planner_options() -> None:
    plan = plan_detect(3, 1, 0.5)
    current, more_k, more_cases = plan.options
    assert current.power is not None and current.power < 0.8
    assert more_k.k is None  # three cases cannot carry it: the effect lives in cases
    assert more_cases.cases is not None and more_cases.power is not None
    assert more_cases.power >= 0.8 and more_cases.cases > 3
    low = plan_detect(10, 1, float(Fraction(1, 4)))
    assert low.note and all(o.k is None for o in low.options[1:])


def _report(rows: list[Row]) -> Report:
    comp = compare(rows, Arm.BASELINE)
    return Report.model_validate({
        "status": "completed", "run_id": "r", "skill": "s", "skill_digest": "0" * 64,
        "model": "m", "dry_run": True, "verdict": comp.verdict, "net_lift": comp.net_lift,
        "wins": comp.wins, "losses": comp.losses, "ties": comp.ties, "holes": 0,
        "partial": False, "sign_test_p": comp.sign_test_p, "arms": {}, "rows": rows,
        "trials": [], "price_table": "t", "k": 1, "cases": [], "comparisons": [comp]})


def test_terminal_and_viewer_say_when_a_verdict_is_not_firm() -> None:
    report = _report([row("a", 0, L), row("b", 0, T), row("c", 0, T)])
    console = Console(width=200, record=True)
    render(report, console)
    text = console.export_text()
    said = ("FAIL, not firm: an A/A run of this size reads FAIL 30% of the time; 3 cases x k=5 "
            "would make it firm")
    assert said in text
    assert "0/1/2" in text  # the case votes
    assert said in run_page(report, {}, [])
    note = gate_note(report.comparisons[0])
    assert note and "not firm" in note and "3 cases x k=5" in note

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
    holm,
    is_firm,
    power,
    shape_for,
)
from runner.analysis.planner import plan_detect
from runner.analysis.rows import adjust_family, case_votes, compare
from runner.render.html import run_page
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


def test_the_exact_conditional_test_by_hand() -> None:
    """10 cases x k=1: at 8-2 the decided rows are Binomial(10, 1/2) on W - L; an A/A run
    splits at least 8-2 either way 2 * (1 + 10 + 45) / 1024 = 0.109 of the time: not firm.
    At 10-0: 2 / 1024, firm. Ties do not change it (they stay ties when the arms swap)."""
    eight_two = [(1, 0, 0)] * 8 + [(0, 1, 0)] * 2
    assert aa_rate(eight_two) == pytest.approx(112 / 1024)
    assert not is_firm(aa_rate(eight_two))
    assert aa_rate([(1, 0, 0)] * 10) == pytest.approx(2 / 1024)
    assert is_firm(aa_rate([(1, 0, 0)] * 10))
    assert aa_rate([(1, 0, 0)] * 3) == pytest.approx(0.25)  # three wins: 2 / 2^3
    assert aa_rate([(1, 0, 0), (0, 1, 0), (0, 0, 1)]) == 1.0  # NEUTRAL
    assert aa_rate([]) is None
    assert not can_be_firm((1,) * 5) and can_be_firm((1,) * 6) and not can_be_firm((9,) * 5)


def test_repetitions_of_a_case_flip_together() -> None:
    """4 cases each won at every one of 3 repetitions: pooled rows would read 2 / 2^12; the
    case is the unit, so it is 2 / 2^4. A case at 2-1 counts |D| = 1, not 3."""
    assert aa_rate([(3, 0, 0)] * 4) == pytest.approx(2 / 16)
    # magnitudes 3, 3, 1: S >= 5 only with both 3s the same sign and the 1 with them: 2/8
    assert aa_rate([(3, 0, 0), (3, 0, 0), (2, 1, 0)]) == pytest.approx(2 / 8)


def test_flip_tail_matches_brute_force() -> None:
    rng = random.Random(3)
    for _ in range(30):
        cases = [(w, lo, rng.randint(0, 2)) for w, lo in
                 ((rng.randint(0, 3), rng.randint(0, 3)) for _ in range(rng.randint(1, 8)))]
        rows = sum(map(sum, cases))
        if not rows:
            continue
        d = [w - lo for w, lo, _ in cases]
        line = max(Fraction(1, 3), abs(Fraction(sum(d), rows))) * rows
        hits = sum(abs(sum(x if (mask >> i) & 1 else -x for i, x in enumerate(d))) >= line
                   for mask in range(2 ** len(d)))
        expected = hits / 2 ** len(d) if 3 * abs(sum(d)) >= rows else 1.0
        assert aa_rate(cases) == pytest.approx(expected)


def test_more_ties_less_noise() -> None:
    rates = [aa_tail((3,) * 5, t) for t in (0.5, 0.6, 2 / 3, 0.8, 0.95)]
    assert rates == sorted(rates, reverse=True)


def test_firm_size_and_the_comparison_fields() -> None:
    """One win and two ties: a flip turns the win into a loss, so an A/A run reads PASS or
    FAIL every time (1.0). If the lift held, cycling W, T, T needs 6 decided cases: 18."""
    assert firm_size([(1, 0, 0), (0, 0, 1), (0, 0, 1)]) == Size(cases=16, k=1)
    rows = [row("a", 0, W), row("b", 0, T), row("c", 0, T)]
    comp = compare(rows, Arm.BASELINE)
    assert comp.verdict is Verdict.PASS and not comp.firm
    assert comp.aa_rate == pytest.approx(1.0)
    assert comp.firm_size == Size(cases=16, k=1)
    assert comp.power_size is not None and comp.power_lift == 0.5
    six = [row(c, r, W if r == 0 else T) for c in "abcdef" for r in range(3)]
    firm = compare(six, Arm.BASELINE)
    assert firm.verdict is Verdict.PASS and firm.firm and firm.firm_size is None
    assert firm.aa_rate == pytest.approx(2 / 64)
    assert not compare(six, Arm.BASELINE, alpha=0.01).firm


def test_holm_over_a_family() -> None:
    assert holm([0.01, 0.04, None]) == [0.02, 0.04, None]
    assert holm([0.03, 0.01, 0.2]) == [pytest.approx(0.06), pytest.approx(0.03), 0.2]
    sweep = [row(c, 0, W) for c in "abcdef"]  # 2/64 alone: firm; Holm over two: 1/16
    both = sweep + [r.model_copy(update={"opponent": Arm.INCUMBENT}) for r in sweep]
    comps = adjust_family([compare(both, o, family=2) for o in (Arm.BASELINE, Arm.INCUMBENT)])
    assert all(not c.firm and c.aa_rate_adjusted == pytest.approx(1 / 16) for c in comps)
    assert comps[0].correction == "Holm over 2 comparisons"


def test_power_at_the_extremes() -> None:
    assert power((1,) * 6, 1.0) == pytest.approx(1.0)  # six sure wins: 2/64, firm
    assert power((1,) * 5, 1.0) == 0.0  # five cannot be firm
    assert power((3,) * 8, 0.0) <= 0.05 / 2 + 0.01  # A/A: firm PASS at most alpha/2 (+draws)
    assert power((1,) * 18, 0.5) < 0.8 <= power((1,) * 21, 0.5)


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
    console = Console(width=300, record=True)
    render(report, console)
    text = console.export_text()
    said = ("FAIL, not firm: an A/A run of this design reads PASS or FAIL 100% of the time "
            "(exact case-level test); would be firm if this lift held at 16 cases x k=1; a "
            "true lift of +50% reads firm at 21 cases x k=1 with 80% power")
    assert said in text
    assert "A/A (either sign)" in text
    assert "0/1/2" in text  # the case votes
    assert said in run_page(report, {}, [])

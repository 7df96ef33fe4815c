import pytest

from runner.analysis.rows import arm_cost, build_rows, compare
from runner.schema.enums import Arm, Outcome, TrialStatus, Verdict
from runner.schema.report import Report
from runner.schema.trial import TrialResult, Usage


def result(case: str, arm: Arm, passed: bool | None, rep: int = 0,
           status: TrialStatus = TrialStatus.COMPLETED, usage: Usage | None = None,
           cli: float | None = 0.01, turns: int | None = 3) -> TrialResult:
    return TrialResult(trial_id=f"{case}-{rep}-{arm}", case_id=case, repetition=rep, arm=arm,
                      status=status, passed=passed, usage=usage or Usage(input_tokens=100,
                      output_tokens=10, cost_usd=0.001), cli_cost_usd=cli, turns=turns,
                      wall_s=2.0)


def test_rows_checks_decide_and_ties_without_rubric() -> None:
    results = [
        result("a", Arm.CANDIDATE, True), result("a", Arm.BASELINE, False),
        result("b", Arm.CANDIDATE, False), result("b", Arm.BASELINE, True),
        result("c", Arm.CANDIDATE, True), result("c", Arm.BASELINE, True),
        result("d", Arm.CANDIDATE, False), result("d", Arm.BASELINE, False),
    ]
    rows = build_rows(results)
    assert [(r.case, r.outcome) for r in rows] == [
        ("a", Outcome.WIN), ("b", Outcome.LOSS), ("c", Outcome.TIE), ("d", Outcome.TIE)]
    comparison = compare(rows, Arm.BASELINE)
    assert (comparison.wins, comparison.losses, comparison.ties) == (1, 1, 2)
    assert comparison.net_lift == 0.0
    assert comparison.verdict is Verdict.NEUTRAL


def test_holes_are_left_out_of_every_number() -> None:
    results = [
        result("a", Arm.CANDIDATE, True), result("a", Arm.BASELINE, False),
        result("b", Arm.CANDIDATE, None, status=TrialStatus.INFRA_ERROR),
        result("b", Arm.BASELINE, True),
        result("c", Arm.CANDIDATE, True), result("c", Arm.BASELINE, None,
                                                  status=TrialStatus.API_ERROR),
    ]
    comparison = compare(build_rows(results), Arm.BASELINE)
    assert (comparison.wins, comparison.losses, comparison.ties, comparison.holes) == (1, 0, 0, 2)
    assert comparison.net_lift == 1.0  # the hole b would have been a loss: it is not counted
    assert comparison.verdict is Verdict.PASS
    assert comparison.holes_by_arm == {"candidate": 1, "baseline": 1}
    assert comparison.lopsided_holes is False


def test_a_crash_or_timeout_of_the_arm_is_a_loss_not_a_hole() -> None:
    results = [result("a", Arm.CANDIDATE, False, status=TrialStatus.TIMED_OUT),
               result("a", Arm.BASELINE, True),
               result("b", Arm.CANDIDATE, False, status=TrialStatus.CRASHED),
               result("b", Arm.BASELINE, True)]
    comparison = compare(build_rows(results), Arm.BASELINE)
    assert (comparison.losses, comparison.holes) == (2, 0)
    assert comparison.verdict is Verdict.FAIL


def test_holes_mostly_on_one_arm_are_flagged_and_no_rows_is_no_evidence() -> None:
    results = []
    for case in "abc":
        results += [result(case, Arm.CANDIDATE, None, status=TrialStatus.API_ERROR),
                    result(case, Arm.BASELINE, True)]
    comparison = compare(build_rows(results), Arm.BASELINE)
    assert comparison.holes_by_arm == {"candidate": 3} and comparison.lopsided_holes
    assert comparison.verdict is Verdict.NO_EVIDENCE and comparison.net_lift is None


def test_incumbent_rows_are_separate_comparisons() -> None:
    results = [result("a", Arm.CANDIDATE, True, rep=r) for r in range(2)]
    results += [result("a", Arm.BASELINE, False, rep=r) for r in range(2)]
    results += [result("a", Arm.INCUMBENT, True, rep=r) for r in range(2)]
    rows = build_rows(results)
    assert compare(rows, Arm.BASELINE).wins == 2
    vs_incumbent = compare(rows, Arm.INCUMBENT)
    assert (vs_incumbent.wins, vs_incumbent.ties) == (0, 2)


def test_arm_cost_sums_and_reports_unmeasured_as_none() -> None:
    results = [result("a", Arm.CANDIDATE, True), result("b", Arm.CANDIDATE, False, cli=None),
               result("c", Arm.BASELINE, True)]
    cost = arm_cost(results, Arm.CANDIDATE)
    assert cost.trials == 2
    assert cost.input_tokens == 200
    assert cost.cost_usd == 0.002
    assert cost.cli_cost_usd is None  # one session reported no cost: n/a, not a partial sum
    assert cost.pass_rate == 0.5
    empty = arm_cost(results, Arm.INCUMBENT)
    assert empty.trials == 0 and empty.turns is None and empty.cost_usd is None


def test_unanswered_requests_make_the_arm_cost_a_lower_bound_on_both_pages() -> None:
    """A killed attempt's request the provider may have billed: the USD is marked `≥` and a
    note says why, on the terminal and in the viewer; an arm without one reads as before."""
    import io

    from rich.console import Console

    from runner.render.html import run_page
    from runner.render.terminal import render

    killed = Usage(input_tokens=100, output_tokens=10, cost_usd=0.001, unanswered=2)
    results = [result("a", Arm.CANDIDATE, True, usage=killed), result("a", Arm.BASELINE, True)]
    assert arm_cost(results, Arm.CANDIDATE).unanswered == 2
    assert arm_cost(results, Arm.BASELINE).unanswered == 0
    report = Report.model_validate({
        "status": "completed", "run_id": "r-x", "skill": "s", "skill_digest": "0" * 64,
        "model": "sonnet", "dry_run": False, "verdict": "NEUTRAL", "net_lift": 0.0, "wins": 0,
        "losses": 0, "ties": 1, "holes": 0, "partial": False, "sign_test_p": None,
        "comparisons": [], "price_table": "t", "k": 1, "cases": ["a"], "rows": [], "trials": [],
        "arms": {str(a): arm_cost(results, a).model_dump() for a in (Arm.CANDIDATE,
                                                                    Arm.BASELINE)}})
    out = io.StringIO()
    render(report, Console(file=out, width=200, soft_wrap=True))
    text = out.getvalue()
    assert "≥0.0010" in text and text.count("≥0.") == 1  # the baseline's cost is exact
    assert "by arm: candidate 2" in text and "lower bound" in text
    html = run_page(report, {}, [])
    assert "≥$0.0010" in html and "lower bound" in html
    report.arms["candidate"].unanswered = 0
    out = io.StringIO()
    render(report, Console(file=out, width=200, soft_wrap=True))
    assert "≥" not in out.getvalue() and "lower bound" not in out.getvalue()


def test_untrusted_text_is_printed_as_written() -> None:
    """A check or an error containing rich markup must neither vanish nor crash rendering."""
    import io

    from rich.console import Console

    from runner.render.terminal import render

    report = Report.model_validate({
        "status": "completed", "run_id": "r-x", "skill": "s[/b]", "skill_digest": "0" * 64,
        "model": "sonnet", "dry_run": False, "verdict": "NEUTRAL", "net_lift": 0.0, "wins": 0,
        "losses": 0, "ties": 1, "holes": 0, "partial": False, "sign_test_p": None,
        "comparisons": [], "arms": {}, "price_table": "t", "k": 1, "cases": ["c"],
        "rows": [{"case": "c[b]", "repetition": 0, "opponent": "baseline", "outcome": "tie",
                  "candidate_passed": False, "opponent_passed": False,
                  "reason": "checks: re:[a-z]+("}],
        "trials": [{"trial_id": "t", "case": "c", "repetition": 0, "arm": "candidate",
                    "status": "completed", "passed": False,
                    "failed_checks": ["text: re:[/x]("],
                    "failures": [{"check": "text: re:[/x](", "detail": "found [b]x[/b]"}]}]})
    out = io.StringIO()
    render(report, Console(file=out, width=200, soft_wrap=True))
    text = out.getvalue()
    for shown in ("s[/b]", "c[b]", "re:[a-z]+(", "text: re:[/x](", "found [b]x[/b]"):
        assert shown in text


def test_a_tie_the_judge_was_asked_about_but_did_not_judge_says_so() -> None:
    from runner.schema.report import JudgeCall, Judgement

    results = [result("a", Arm.CANDIDATE, True), result("a", Arm.BASELINE, True),
               result("b", Arm.CANDIDATE, True), result("b", Arm.BASELINE, True)]
    cand_a, base_a = results[0], results[1]
    judged = {(cand_a.trial_id, base_a.trial_id): Judgement(
        case="a", repetition=0, opponent=Arm.BASELINE, candidate_trial=cand_a.trial_id,
        opponent_trial=base_a.trial_id, model="m", outcome=Outcome.WIN,
        calls=[JudgeCall(order="candidate-first", preferred="candidate"),
               JudgeCall(order="opponent-first", preferred="candidate")])}
    rows = {r.case: r for r in build_rows(results, judged, frozenset({"a", "b"}))}
    assert rows["a"].outcome is Outcome.WIN and len(rows["a"].judge) == 2
    assert "both orders prefer the candidate" in rows["a"].reason
    assert rows["b"].outcome is Outcome.TIE and "gave no judgement" in rows["b"].reason


def test_per_case_statistics_by_hand() -> None:
    from runner.analysis.cases import case_deltas, case_stats, non_discriminating, spread
    from runner.schema.trial import CheckResult, Score

    def graded(case: str, arm: Arm, rep: int, passed: bool, tokens: int, wall: float,
               check_ok: bool) -> TrialResult:
        r = result(case, arm, passed, rep=rep, usage=Usage(input_tokens=tokens,
                                                           output_tokens=0, cost_usd=tokens / 1e4))
        checks = [CheckResult(check="text: ok", passed=passed),
                  CheckResult(check="text: always", passed=check_ok)]
        return r.model_copy(update={"wall_s": wall, "tool_calls": 2 if passed else 1,
                                    "skills_loaded": ["csv:csv"] if arm is Arm.CANDIDATE
                                    else [],
                                    "scores": {"checks": Score(scorer="checks", passed=passed,
                                                               checks=checks)}})

    results = [graded("a", Arm.CANDIDATE, 0, True, 100, 1.0, True),
               graded("a", Arm.CANDIDATE, 1, False, 300, 3.0, True),
               graded("a", Arm.BASELINE, 0, False, 50, 2.0, True),
               graded("a", Arm.BASELINE, 1, False, 50, 2.0, True),
               graded("b", Arm.CANDIDATE, 0, True, 10, 1.0, False),
               graded("b", Arm.BASELINE, 0, True, 10, 1.0, False)]
    stats = {(s.case, s.arm): s for s in case_stats(results, "csv")}
    a_cand = stats[("a", Arm.CANDIDATE)]
    assert (a_cand.pass_rate.mean, a_cand.pass_rate.sd) == (0.5, pytest.approx(0.7071, 1e-3))
    assert (a_cand.tokens.mean, a_cand.tokens.sd) == (200.0, pytest.approx(141.42, 1e-3))
    assert a_cand.wall_s.mean == 2.0 and a_cand.skill_loads == 2
    assert stats[("a", Arm.BASELINE)].pass_rate.sd == 0.0  # two equal values: 0, defined
    single = stats[("b", Arm.CANDIDATE)]
    assert single.pass_rate.n == 1 and single.pass_rate.sd is None  # k = 1: undefined, not 0
    deltas = {d.case: d for d in case_deltas(list(stats.values()))}
    assert deltas["a"].success == 0.5 and deltas["a"].tokens == 150.0
    assert deltas["a"].tool_calls == pytest.approx(0.5) and deltas["a"].skill_loads == 2
    flagged = {(s.case, s.check, s.always) for s in non_discriminating(results)}
    assert flagged == {("a", "text: always", "pass"), ("b", "text: always", "fail"),
                       ("b", "text: ok", "pass")}
    assert spread([]).mean is None and spread([None]).n == 0


def test_a_blind_ab_beside_decided_rows_never_overrides_the_checks() -> None:
    from runner.schema.report import JudgeCall, Judgement

    cand, base = result("a", Arm.CANDIDATE, True), result("a", Arm.BASELINE, False)
    judged = {(cand.trial_id, base.trial_id): Judgement(
        case="a", repetition=0, opponent=Arm.BASELINE, candidate_trial=cand.trial_id,
        opponent_trial=base.trial_id, model="m", outcome=Outcome.LOSS,
        calls=[JudgeCall(order="candidate-first", preferred="opponent"),
               JudgeCall(order="opponent-first", preferred="opponent")])}
    (row,) = build_rows([cand, base], judged, frozenset({"a"}))
    assert row.outcome is Outcome.WIN  # checks decide
    assert "blind A/B" in row.reason and len(row.judge) == 2

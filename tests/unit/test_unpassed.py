"""The cases no arm passed (runner.analysis.unpassed), folded through a whole report, and how
the terminal and the HTML page print them."""

import io

from rich.console import Console

from runner.analysis.unpassed import unpassed
from runner.render.html import run_page
from runner.render.terminal import render
from runner.render.unpassed import LISTED
from runner.schema.enums import Arm, TrialStatus
from runner.schema.reach import Reach, ReachCount, ReachKind, UnpassedCase
from runner.schema.report import Report
from runner.schema.trial import TrialResult

KUBECTL = Reach(kind=ReachKind.MISSING_PROGRAM, what="kubectl")
ASKED = Reach(kind=ReachKind.ASKED_USER)


def result(case: str, arm: Arm, rep: int, passed: bool | None, *reach: Reach,
           status: TrialStatus = TrialStatus.COMPLETED) -> TrialResult:
    return TrialResult(trial_id=f"{case}-{rep}-{arm}", case_id=case, repetition=rep, arm=arm,
                       status=status, passed=passed, reached=list(reach))


def three_reps(case: str, passed: bool, *reach: Reach) -> list[TrialResult]:
    return [result(case, arm, rep, passed, *reach) for rep in range(3)
            for arm in (Arm.BASELINE, Arm.CANDIDATE)]


def test_a_case_every_session_failed_with_its_common_causes() -> None:
    results = [*three_reps("deploy", False, KUBECTL),
               *three_reps("fine", True, KUBECTL),  # some arm passed: not listed
               *three_reps("quiet", False)]
    # a hole is left out: it neither passes the case nor counts a session
    results.append(result("deploy", Arm.CANDIDATE, 3, None, status=TrialStatus.INFRA_ERROR))
    results[0] = result("deploy", Arm.BASELINE, 0, False, KUBECTL, ASKED)
    got = unpassed(results)
    assert got == [
        UnpassedCase(case="deploy", trials=6, arms=[Arm.BASELINE, Arm.CANDIDATE], reached=[
            ReachCount(kind=ReachKind.MISSING_PROGRAM, what="kubectl", trials=6)]),
        UnpassedCase(case="quiet", trials=6, arms=[Arm.BASELINE, Arm.CANDIDATE])]


def test_a_signal_in_half_the_sessions_counts_and_a_pending_grade_may_still_pass() -> None:
    results = [result("ask", Arm.CANDIDATE, rep, False, *([ASKED] if rep < 2 else []))
               for rep in range(4)]
    assert unpassed(results)[0].reached == [ReachCount(kind=ReachKind.ASKED_USER, trials=2)]
    assert unpassed([*results, result("ask", Arm.BASELINE, 0, None)]) == []


def report(cases: list[UnpassedCase]) -> Report:
    return Report.model_validate({
        "status": "completed", "run_id": "r-x", "skill": "s", "skill_digest": "0" * 64,
        "model": "sonnet", "dry_run": False, "verdict": "NEUTRAL", "net_lift": 0.0, "wins": 0,
        "losses": 0, "ties": 1, "holes": 0, "partial": False, "sign_test_p": None,
        "comparisons": [], "price_table": "t", "k": 3, "cases": [], "rows": [], "trials": [],
        "arms": {}, "unpassed": [c.model_dump() for c in cases]})


def terminal(r: Report) -> str:
    out = io.StringIO()
    render(r, Console(file=out, width=200, soft_wrap=True))
    return out.getvalue()


def test_the_report_names_each_cause_and_its_fix_on_both_pages() -> None:
    cases = [
        UnpassedCase(case="deploy", trials=6, arms=[Arm.BASELINE, Arm.CANDIDATE], reached=[
            ReachCount(kind=ReachKind.MISSING_PROGRAM, what="kubectl", trials=6),
            ReachCount(kind=ReachKind.ASKED_USER, trials=5)]),
        UnpassedCase(case="fetch", trials=6, reached=[
            ReachCount(kind=ReachKind.NETWORK, what="api.github.com", trials=4)]),
        UnpassedCase(case="quiet", trials=6)]
    text = terminal(report(cases))
    assert "3 case(s) no arm passed" in text and "measure nothing about the skill" in text
    assert ("deploy (6 sessions): every session: `kubectl: command not found` (6/6); "
            "5/6 sessions asked the user a question and stopped") in text
    assert ("fix: run with `--image` an image that has `kubectl`, or write the user's answers "
            "into the prompt or its follow-up turns, or drop the case") in text
    assert "4/6 sessions: no network (`api.github.com`)" in text
    assert "stage the material it fetches as the case's files" in text
    assert "quiet (6 sessions): no common cause in the transcripts" in text
    html = run_page(report(cases), {}, [])
    assert "cases no arm passed" in html and "`kubectl: command not found` (6/6)" in html
    assert "no common cause in the transcripts" in html
    assert "no arm passed" not in terminal(report([]))


def test_a_long_list_is_cut_and_counted_and_text_prints_as_written() -> None:
    cases = [UnpassedCase(case=f"c{n:02}", trials=2, reached=[ReachCount(
        kind=ReachKind.MISSING_TOOL, what="mcp__x[/b]", trials=2)]) for n in range(LISTED + 4)]
    text = terminal(report(cases))
    assert f"c{LISTED - 1:02} " in text and f"c{LISTED:02} " not in text
    assert "and 4 more case(s) no arm passed" in text
    assert "no such tool `mcp__x[/b]`" in text
    html = run_page(report(cases), {}, [])
    assert "and 4 more" in html and "[/b]" in html and "<b>" not in html.split("cases no")[1]

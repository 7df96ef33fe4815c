"""From trial results to comparison rows, per-comparison numbers and per-arm cost."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from runner.analysis.confidence import (
    DEFAULT_ALPHA,
    DEFAULT_TIE_RATE,
    POWER_TARGET,
    aa_rate,
    case_vote,
    cases_for_power,
    firm_size,
    holm,
    is_firm,
)
from runner.analysis.stats import (
    case_weighted_lift,
    lift_verdict,
    net_lift,
    sign_test,
    verdict,
)
from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import (
    ArmCost,
    CaseVotes,
    Comparison,
    Judgement,
    ProcessFigures,
    Row,
    Size,
)
from runner.schema.trial import TrialResult

JudgeKey = tuple[str, str]  # (candidate trial id, opponent trial id)

# A comparison is flagged when at least this many holes fall at least this much on one arm.
LOPSIDED_MIN = 2
LOPSIDED_SHARE = 0.75


def build_rows(results: Iterable[TrialResult],
               judgements: Mapping[JudgeKey, Judgement] | None = None,
               judged_cases: frozenset[str] = frozenset()) -> list[Row]:
    """Rows per (case, repetition, opponent). `judged_cases`: cases whose ties the judge was
    asked to break, so a tie it left without a judgement says so."""
    by_key: dict[tuple[str, int, Arm], TrialResult] = {
        (r.case_id, r.repetition, r.arm): r for r in results}
    rows: list[Row] = []
    for (case, rep, arm), cand in sorted(by_key.items()):
        if arm is not Arm.CANDIDATE:
            continue
        for opponent in (Arm.BASELINE, Arm.INCUMBENT):
            other = by_key.get((case, rep, opponent))
            if other is None:
                continue
            judged = (judgements or {}).get((cand.trial_id, other.trial_id))
            rows.append(_row(case, rep, opponent, cand, other, judged, case in judged_cases))
    return rows


_TURN = re.compile(r"^turn (\d+): ")


def _failed_turns(result: TrialResult) -> str:
    """A multi-turn case's failing arm: at which turns its own checks failed."""
    failed = sorted({int(m.group(1)) for c in result.checks if not c.passed
                     for m in [_TURN.match(c.check)] if m})
    return f" (at turn {', '.join(map(str, failed))})" if failed else ""


def _row(case: str, rep: int, opponent: Arm, cand: TrialResult, other: TrialResult,
         judged: Judgement | None = None, judge_asked: bool = False) -> Row:
    def make(outcome: Outcome, reason: str, holed: list[Arm] | None = None) -> Row:
        return Row(case=case, repetition=rep, opponent=opponent, outcome=outcome,
                   holed=holed or [], candidate_passed=cand.passed,
                   opponent_passed=other.passed, reason=reason)

    holed = [r for r in (cand, other) if r.status.is_hole]
    if holed:
        return make(Outcome.HOLE, "hole: " + ", ".join(f"{r.arm} {r.status}" for r in holed),
                    [r.arm for r in holed])
    if cand.passed != other.passed:
        # Checks decide; a blind A/B of every case (judge_all) is recorded beside them.
        outcome = Outcome.WIN if cand.passed else Outcome.LOSS
        reason = ("checks: candidate passed, opponent failed" if cand.passed
                  else "checks: opponent passed, candidate failed")
        reason += _failed_turns(other if cand.passed else cand)
        row = make(outcome, reason)
        if judged is not None:
            said = "; ".join(f"{c.order}: {c.preferred}" for c in judged.calls)
            row = row.model_copy(update={"judge": judged.calls,
                                         "reason": f"{reason}; blind A/B ({said})"})
        return row
    both = "passed" if cand.passed else "failed"
    if judged is None and judge_asked:
        return make(Outcome.TIE, f"checks: both {both}; the judge gave no judgement (its "
                                 "calls failed: see the run's driver.log; a resume asks again)")
    if judged is None:
        return make(Outcome.TIE, f"checks: both {both}; no judge rubric")
    said = "; ".join(f"{c.order}: {c.preferred}" for c in judged.calls)
    agreed = {Outcome.WIN: "judge: both orders prefer the candidate",
              Outcome.LOSS: "judge: both orders prefer the opponent",
              Outcome.TIE: "judge: the orders disagree or call it even (a tie)"}[judged.outcome]
    row = make(judged.outcome, f"checks: both {both}; {agreed} ({said})")
    return row.model_copy(update={"judge": judged.calls})


DETECT_LIFT = 0.5  # the true lift a report prices ("a true lift of +50% reads firm at ...")


def compare(rows: Iterable[Row], opponent: Arm, alpha: float = DEFAULT_ALPHA,
            case_weighted: bool = False, family: int = 1) -> Comparison:
    """Candidate vs one opponent. `case_weighted` (adaptive k, where cases ran different
    repetitions): the net lift is the mean of the cases' net lifts, so every case weighs what
    it weighs at fixed k (runner.analysis.stats.case_weighted_lift); otherwise
    (W - L) / (W + L + T) over rows (docs/statistics.md#the-comparison-line). The two agree
    whenever every case has as many rows. `family`: how many comparisons share the run's
    alpha (`adjust_family` then applies Holm); the sizes that would settle it are priced at
    alpha / family, Holm's strictest step."""
    mine = [r for r in rows if r.opponent is opponent]
    count = {o: sum(1 for r in mine if r.outcome is o) for o in Outcome}
    w, lo, t = count[Outcome.WIN], count[Outcome.LOSS], count[Outcome.TIE]
    per_case = list(tallies(mine).values())
    votes = case_votes(mine)
    weighted = case_weighted_lift(per_case) if case_weighted else None
    lift = net_lift(w, lo, t) if not case_weighted else (
        None if weighted is None else float(weighted))
    reads = verdict(w, lo, t) if not case_weighted else lift_verdict(weighted)
    rate = aa_rate(per_case, case_weighted)
    firm = is_firm(rate, alpha)
    settles = power_size = None
    if not firm and reads in (Verdict.PASS, Verdict.FAIL):
        settles = firm_size(per_case, alpha / family, case_weighted)
    if not firm and per_case:
        power_size = detect_size(len(per_case), max(sum(c) for c in per_case), alpha / family)
    by_arm: dict[str, int] = {}
    for row in mine:
        for arm in row.holed:
            by_arm[str(arm)] = by_arm.get(str(arm), 0) + 1
    total = sum(by_arm.values())
    return Comparison(opponent=opponent, wins=w, losses=lo, ties=t, holes=count[Outcome.HOLE],
                      net_lift=lift, verdict=reads,
                      sign_test_p=sign_test(w, lo), holes_by_arm=by_arm,
                      lopsided_holes=total >= LOPSIDED_MIN and
                      max(by_arm.values()) >= LOPSIDED_SHARE * total,
                      case_votes=votes, case_sign_test_p=sign_test(votes.wins, votes.losses),
                      aa_rate=rate, aa_rate_adjusted=rate, correction=CORRECTION_NONE,
                      firm=firm, alpha=alpha, firm_size=settles, power_size=power_size,
                      power_lift=DETECT_LIFT if power_size is not None else None)


CORRECTION_NONE = "none (one comparison)"


def detect_size(cases: int, k: int, alpha: float, lift: float = DETECT_LIFT) -> Size | None:
    """The size at which a true lift of `lift` reads firm with POWER_TARGET power, at this k
    (the same code as `estimate --detect`): None up to 60 cases."""
    n = cases_for_power(k, lift, cases, DEFAULT_TIE_RATE, alpha, POWER_TARGET)
    return None if n is None else Size(cases=n, k=k)


def adjust_family(comparisons: list[Comparison], alpha: float | None = None,
                  what: str = "comparisons") -> list[Comparison]:
    """One error budget over a family: Holm over every comparison's A/A rate; `firm` then
    reads the adjusted rate. `alpha`: the family's (default each comparison's own)."""
    adjusted = holm([c.aa_rate for c in comparisons])
    m = sum(1 for c in comparisons if c.aa_rate is not None)
    said = CORRECTION_NONE if m <= 1 else f"Holm over {m} {what}"
    out = []
    for c, adj in zip(comparisons, adjusted, strict=True):
        a = c.alpha if alpha is None else alpha
        firm = c.verdict in (Verdict.PASS, Verdict.FAIL) and is_firm(adj, a)
        out.append(c.model_copy(update={"aa_rate_adjusted": adj, "correction": said,
                                        "firm": firm, "alpha": a}))
    return out


_SIGN = {Outcome.WIN: 1, Outcome.LOSS: -1, Outcome.TIE: 0}


def scored_per_case(rows: Iterable[Row]) -> dict[str, int]:
    """A comparison's design: scored rows (not holes) per case, cases with none left out."""
    design: dict[str, int] = {}
    for r in rows:
        if r.outcome is not Outcome.HOLE:
            design[r.case] = design.get(r.case, 0) + 1
    return design


def tallies(rows: Iterable[Row]) -> dict[str, tuple[int, int, int]]:
    """(wins, losses, ties) per case, holes left out."""
    out: dict[str, tuple[int, int, int]] = {}
    for r in rows:
        if r.outcome is Outcome.HOLE:
            continue
        w, lo, t = out.get(r.case, (0, 0, 0))
        out[r.case] = (w + (r.outcome is Outcome.WIN), lo + (r.outcome is Outcome.LOSS),
                       t + (r.outcome is Outcome.TIE))
    return out


def case_votes(rows: Iterable[Row]) -> CaseVotes:
    """One vote per case (runner.analysis.confidence.case_vote); holes do not vote."""
    by_case: dict[str, list[int]] = {}
    for r in rows:
        if r.outcome is not Outcome.HOLE:
            by_case.setdefault(r.case, []).append(_SIGN[r.outcome])
    votes = [case_vote(v) for v in by_case.values()]
    return CaseVotes(wins=votes.count(1), losses=votes.count(-1), ties=votes.count(0))


def _sum_or_none(values: list[float | int | None]) -> float | None:
    return None if not values or any(v is None for v in values) else float(
        sum(v for v in values if v is not None))


def arm_cost(results: Iterable[TrialResult], arm: Arm) -> ArmCost:
    mine = [r for r in results if r.arm is arm]
    measured = [r for r in mine if not r.status.is_hole]
    turns = [r.turns for r in measured if r.turns is not None]
    walls = [r.wall_s for r in mine if r.wall_s is not None]
    # A hole that failed before its gateway started has no usage: it spent nothing measurable.
    usages = [r.usage for r in mine if r.usage is not None]
    in_tok = _sum_or_none([u.input_tokens for u in usages])
    out_tok = _sum_or_none([u.output_tokens for u in usages])
    graded = [r for r in measured if r.passed is not None]
    graders = [s for r in mine for s in r.scores.values() if s.usage is not None]
    return ArmCost(
        grader_cost_usd=sum(s.cost_usd or 0.0 for s in graders) if graders else None,
        grader_calls=sum(1 for _ in graders), process=process_figures(measured),
        trials=len(mine), holes=len(mine) - len(measured),
        holes_by_cause={str(s): sum(1 for r in mine if r.status is s)
                        for s in dict.fromkeys(r.status for r in mine if r.status.is_hole)},
        retries=sum(r.attempts - 1 for r in mine),
        turns=sum(turns) / len(turns) if turns else None,
        wall_s=sum(walls) / len(walls) if walls else None,
        input_tokens=None if in_tok is None else int(in_tok),
        output_tokens=None if out_tok is None else int(out_tok),
        cost_usd=_sum_or_none([u.cost_usd for u in usages]),
        cli_cost_usd=_sum_or_none([r.cli_cost_usd for r in measured]),
        pass_rate=sum(1 for r in graded if r.passed) / len(graded) if graded else None)


def process_figures(measured: list[TrialResult]) -> ProcessFigures | None:
    scored = [(r, r.process) for r in measured if r.process is not None]
    if not scored:
        return None
    items = [c for _, p in scored for c in p.checks]
    followed = [r for r, p in scored if p.passed]
    return ProcessFigures(
        trials=len(scored), followed=len(followed) / len(scored),
        items_met=sum(1 for c in items if c.passed) / len(items) if items else 0.0,
        strict=sum(1 for r in followed if r.passed) / len(scored))

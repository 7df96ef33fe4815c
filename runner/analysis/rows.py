"""From trial results to comparison rows, per-comparison numbers and per-arm cost."""

from __future__ import annotations

import re
import sys
from array import array
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
    groups: dict[tuple[str, int], dict[Arm, TrialResult]] = {}
    for r in results:
        groups.setdefault((r.case_id, r.repetition), {})[r.arm] = r
    rows: list[Row] = []
    for (case, rep), group in sorted(groups.items()):
        rows += group_rows(case, rep, group, judgements or {}, case in judged_cases)
    return rows


def group_rows(case: str, rep: int, group: Mapping[Arm, TrialResult],
               judgements: Mapping[JudgeKey, Judgement], judge_asked: bool) -> list[Row]:
    """The rows of one (case, repetition): the candidate against each opponent that ran it."""
    cand = group.get(Arm.CANDIDATE)
    rows: list[Row] = []
    if cand is None:
        return rows
    for opponent in (Arm.BASELINE, Arm.INCUMBENT):
        other = group.get(opponent)
        if other is not None:
            judged = judgements.get((cand.trial_id, other.trial_id))
            rows.append(_row(case, rep, opponent, cand, other, judged, judge_asked))
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
                   opponent_passed=other.passed,
                   reason=sys.intern(reason))  # a few distinct reasons, rows by the million

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


# The power model's table of one case's outcomes costs k cubed, and past k ~ 1,030 its
# binomial weights overflow a float (a 1-case x k=50,000 report raised OverflowError); a case's
# vote is what the test reads, so the cases needed stop falling with k long before this.
POWER_K_CAP = 200


def detect_size(cases: int, k: int, alpha: float, lift: float = DETECT_LIFT) -> Size | None:
    """The size at which a true lift of `lift` reads firm with POWER_TARGET power, at this k
    (the same code as `estimate --detect`): None up to 60 cases. Above POWER_K_CAP the cases
    are those at the cap: more repetitions only make each case's vote surer, so enough."""
    n = cases_for_power(min(k, POWER_K_CAP), lift, cases, DEFAULT_TIE_RATE, alpha,
                        POWER_TARGET)
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


def arm_cost(results: Iterable[TrialResult], arm: Arm) -> ArmCost:
    fold = ArmFold()
    for r in results:
        if r.arm is arm:
            fold.add(r)
    return fold.cost()


class ArmFold:
    """One arm's cost and process figures, a result at a time (runner.analysis.fold): counts,
    and the values summed kept as 8-byte numbers in the order they came, so every sum is the
    one a list of the results gave."""

    def __init__(self) -> None:
        self.trials = self.holes = self.retries = 0
        self.holes_by_cause: dict[str, int] = {}
        self.turns = self.turned = 0
        self.walls = array("d")
        self.usages = self.input_tokens = self.output_tokens = self.unanswered = 0
        self.costs = array("d")
        self.measured = 0
        self.cli_costs, self.cli_missing = array("d"), False
        self.graded = self.passed = 0
        self.grader_costs = array("d")
        self.process = ProcessFold()

    def add(self, r: TrialResult) -> None:
        self.trials += 1
        self.retries += r.attempts - 1
        if r.wall_s is not None:
            self.walls.append(r.wall_s)
        # A hole that failed before its gateway started has no usage: it spent nothing
        # measurable.
        if r.usage is not None:
            self.usages += 1
            self.input_tokens += r.usage.input_tokens
            self.output_tokens += r.usage.output_tokens
            self.unanswered += r.usage.unanswered
            self.costs.append(r.usage.cost_usd)
        for s in r.scores.values():
            if s.usage is not None:
                self.grader_costs.append(s.cost_usd or 0.0)
        if r.status.is_hole:
            self.holes += 1
            self.holes_by_cause[str(r.status)] = self.holes_by_cause.get(str(r.status), 0) + 1
            return
        self.measured += 1
        if r.turns is not None:
            self.turns, self.turned = self.turns + r.turns, self.turned + 1
        if r.cli_cost_usd is None:
            self.cli_missing = True
        else:
            self.cli_costs.append(r.cli_cost_usd)
        if r.passed is not None:
            self.graded, self.passed = self.graded + 1, self.passed + bool(r.passed)
        self.process.add(r)

    def cost(self) -> ArmCost:
        tokens = self.usages > 0
        return ArmCost(
            grader_cost_usd=sum(self.grader_costs) if self.grader_costs else None,
            grader_calls=len(self.grader_costs), process=self.process.figures(),
            trials=self.trials, holes=self.holes, holes_by_cause=dict(self.holes_by_cause),
            retries=self.retries, turns=self.turns / self.turned if self.turned else None,
            wall_s=sum(self.walls) / len(self.walls) if self.walls else None,
            input_tokens=self.input_tokens if tokens else None,
            output_tokens=self.output_tokens if tokens else None,
            cost_usd=_sum_or_none(self.costs, False), unanswered=self.unanswered,
            cli_cost_usd=_sum_or_none(self.cli_costs, self.cli_missing or not self.measured),
            pass_rate=self.passed / self.graded if self.graded else None)


def _sum_or_none(values: array[float], missing: bool) -> float | None:
    return None if not values or missing else float(sum(values))


class ProcessFold:
    """The process figures of an arm's measured trials, a trial at a time."""

    def __init__(self) -> None:
        self.scored = self.followed = self.items = self.met = self.strict = 0

    def add(self, r: TrialResult) -> None:
        p = r.process
        if p is None:
            return
        self.scored += 1
        self.items += len(p.checks)
        self.met += sum(1 for c in p.checks if c.passed)
        if p.passed:
            self.followed += 1
            self.strict += bool(r.passed)

    def figures(self) -> ProcessFigures | None:
        if not self.scored:
            return None
        return ProcessFigures(
            trials=self.scored, followed=self.followed / self.scored,
            items_met=self.met / self.items if self.items else 0.0,
            strict=self.strict / self.scored)

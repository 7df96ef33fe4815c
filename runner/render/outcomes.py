"""What CI reads of a report: one outcome per case x opponent x model, shared by the JUnit file,
the GitHub annotations and the job summary (runner.render.junit, runner.render.actions), so the
three never disagree.

    passed        the case won or tied against the opponent, in a comparison that is decided
    failed        the case lost (the majority of its decided rows are losses), or the whole
                  comparison has no evidence (the gate fails on it)
    inconclusive  the case has no decided row (holes only), its rows split evenly, or the
                  comparison reads PASS or FAIL without being firm; carries the size that
                  would decide when the report has one

The verdict and its firmness are read from the report (runner.analysis decides them); nothing
here re-decides a verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import StrEnum

from runner.schema.enums import Arm, Outcome, Verdict
from runner.schema.report import Comparison, Report, Row, TrialLine


class CaseResult(StrEnum):
    PASSED = "passed"
    FAILED = "failed"
    INCONCLUSIVE = "inconclusive"


@dataclass(frozen=True)
class CaseOutcome:
    """One case against one opponent on one model: the unit CI counts."""

    skill: str
    model: str
    case: str
    opponent: str
    result: CaseResult
    message: str = ""
    details: list[str] = field(default_factory=list)
    wins: int = 0
    losses: int = 0
    ties: int = 0
    holes: int = 0
    gate_fails: bool = False

    @property
    def name(self) -> str:
        return f"{self.case} vs {self.opponent}"


def inconclusive(c: Comparison) -> bool:
    """A PASS or FAIL that is not firm: too little evidence either way."""
    return (c.verdict in (Verdict.PASS, Verdict.FAIL) and not c.firm
            and c.aa_rate is not None)


def decide_size(c: Comparison) -> str | None:
    """The size that would decide, as the report carries it."""
    if c.firm_size is None:
        return None
    return f"{c.firm_size.cases} case(s) x k {c.firm_size.k}"


def comparison_line(c: Comparison) -> str:
    lift = "n/a" if c.net_lift is None else f"{c.net_lift:+.2f}"
    firm = ""
    if c.verdict in (Verdict.PASS, Verdict.FAIL):
        firm = ("firm; " if c.firm else "not firm; " if c.aa_rate is not None
                else "firmness n/a; ")
    return f"{c.verdict} vs {c.opponent} ({firm}W {c.wins} L {c.losses} T {c.ties}, " \
           f"net lift {lift})"


def _failures(report: Report, row: Row) -> list[str]:
    """The candidate's failing checks in a lost row, with the grader's or check's reason, and
    the judge's reasons when the judge decided it."""
    out = [f"r{row.repetition}: {row.reason}"]
    trial = _trial(report, row.case, row.repetition, Arm.CANDIDATE)
    if trial is not None:
        out += [f"  {f.check}: {f.detail}" for f in trial.failures]
        named = {f.check for f in trial.failures}
        out += [f"  {check}" for check in trial.failed_checks if check not in named]
        if trial.error:
            out.append(f"  error: {trial.error}")
    out += [f"  judge ({call.order}): {call.reasons}" for call in row.judge if call.reasons]
    return out


def _trial(report: Report, case: str, repetition: int, arm: Arm) -> TrialLine | None:
    return next((t for t in report.trials if t.case == case and t.repetition == repetition
                 and t.arm is arm), None)


def _one(report: Report, c: Comparison, case: str) -> CaseOutcome:
    rows = [r for r in report.rows if r.case == case and r.opponent is c.opponent]
    counts = {o: sum(1 for r in rows if r.outcome is o) for o in Outcome}
    wins, losses, ties = counts[Outcome.WIN], counts[Outcome.LOSS], counts[Outcome.TIE]
    base = CaseOutcome(skill=report.skill, model=report.model, case=case,
                       opponent=str(c.opponent), result=CaseResult.PASSED, wins=wins,
                       losses=losses, ties=ties, holes=counts[Outcome.HOLE])
    tally = f"W {wins} L {losses} T {ties}" + (f", {counts[Outcome.HOLE]} hole(s)"
                                               if counts[Outcome.HOLE] else "")
    size = decide_size(c)
    # the gate blocks only on a firm FAIL (runner.analysis.gate); no evidence is inconclusive
    gate = c.verdict is Verdict.FAIL and c.firm
    if c.verdict is Verdict.NO_EVIDENCE:
        return replace(base, result=CaseResult.FAILED, gate_fails=False,
                           message=f"no evidence against {c.opponent}: no row was scored "
                                   f"({tally})")
    if losses > wins:
        lost = [r for r in rows if r.outcome is Outcome.LOSS]
        note = "" if not inconclusive(c) else "; the comparison is not firm"
        return replace(base, result=CaseResult.FAILED, gate_fails=gate,
                           message=f"lost to {c.opponent}: {tally}{note}",
                           details=[line for r in lost for line in _failures(report, r)])
    why = None
    if wins + losses + ties == 0:
        why = f"no decided row against {c.opponent} ({tally})"
    elif wins == losses and wins:
        why = f"split against {c.opponent}: {tally}"
    elif inconclusive(c):
        why = (f"{c.verdict} vs {c.opponent} is not firm (A/A rate {c.aa_rate:.3f} > alpha "
               f"{c.alpha:g}); this case: {tally}")
    if why is not None:
        return replace(base, result=CaseResult.INCONCLUSIVE,
                           message=why + (f"; the size that would decide: {size}"
                                          if size else ""))
    return replace(base, result=CaseResult.PASSED, message=tally)


def case_outcomes(report: Report) -> list[CaseOutcome]:
    """Every case x opponent of a report (its model is the report's), cases in report order."""
    return [_one(report, c, case) for c in report.comparisons for case in report.cases]

"""A run's trial results folded into what its report reads, one result at a time.

A report of a million trials must not hold a million TrialResults (each a few KB of scores,
phases and usage; issue 28 measured 2.86 GiB). The fold keeps what the report prints (its
rows and trial lines) and, for every aggregate (per-arm cost, per-case statistics, the runtime
table, the checks that measure nothing, credentials), only the numbers it sums, never the
results. It reads results in report order, (case, repetition, arm), which the plan gives
without reading a result: then a (case, repetition)'s rows are complete when the next one
starts, and every sum adds its values in the order the list-based report added them, so the
report is the same to the last bit (tests/unit/test_report_fold.py).
"""

from __future__ import annotations

import sys
from collections.abc import Iterable

from runner.analysis.cases import CaseFold, SignalFold
from runner.analysis.rows import ArmFold, group_rows
from runner.analysis.runtime import RuntimeFold
from runner.analysis.unpassed import UnpassedFold
from runner.schema.compact import shared_fields
from runner.schema.enums import Arm, CredentialKind, GradingMode
from runner.schema.plan import Plan
from runner.schema.report import Failure, Judgement, Row, TrialLine
from runner.schema.trial import TrialResult, TrialSpec, WindowReading

Order = tuple[str, int, Arm]


def order(result: TrialResult) -> Order:
    """Report order: by case, then repetition, then arm."""
    return result.case_id, result.repetition, result.arm


def spec_order(spec: TrialSpec) -> Order:
    """The report order of a planned trial, known before its result is read."""
    return spec.case.id, spec.repetition, spec.arm


def trial_line(r: TrialResult) -> TrialLine:
    # Strings a run repeats (its case ids, its checks) are interned: each parsed result
    # brings its own copy, and a report keeps a line per trial.
    return shared_fields(TrialLine(trial_id=r.trial_id, case=sys.intern(r.case_id),
                     repetition=r.repetition, arm=r.arm, status=r.status, passed=r.passed,
                     failed_checks=[sys.intern(c.check) for c in r.checks if not c.passed],
                     failures=[shared_fields(Failure(check=sys.intern(c.check), detail=c.detail))
                               for c in r.checks if not c.passed],
                     skills_loaded=r.skills_loaded, safety=r.safety, error=r.error,
                     process_followed=None if r.process is None else bool(r.process.passed),
                     node=r.node, attempt=r.attempt, attempts=r.attempts,
                     retried_because=r.retried_because))


class ReportFold:
    """Feed `add` every result of a run in report order; then read the fields. Out of order is
    refused (ValueError): a row would be built from half a pair."""

    def __init__(self, plan: Plan, judgements: Iterable[Judgement] = ()) -> None:
        self.plan = plan
        self.judged = {(j.candidate_trial, j.opponent_trial): j for j in judgements}
        self.asked = frozenset(t.case.id for t in plan.trials if plan.judge_model and (
            plan.judge_all or t.case.rubric
            or (plan.judge_expected_output and t.case.expected_output)))
        self.rows: list[Row] = []
        self.lines: list[TrialLine] = []
        self.arms = {arm: ArmFold() for arm in plan.arms}
        self.cases = CaseFold(plan.skill.name)
        self.runtime = RuntimeFold(plan.skill.name)
        self.signals = SignalFold()
        self.unpassed = UnpassedFold()
        self.count = 0
        self.graded = self.leaked = False
        self.grader_modes: list[GradingMode | None] = []
        self.credentials: set[CredentialKind] = set()
        self.windows: list[WindowReading] = []
        # --k auto reads its looks from the results themselves; its runs are bounded by
        # --max-k, so it keeps them (a fixed-k run keeps none)
        self.kept: list[TrialResult] = []
        self._group: dict[Arm, TrialResult] = {}
        self._last: Order | None = None

    def add(self, r: TrialResult) -> None:
        key = order(r)
        if self._last is not None and key < self._last:
            raise ValueError(f"trial {r.trial_id} {key} came after {self._last}: a report "
                             "folds results in (case, repetition, arm) order")
        if self._last is not None and key[:2] != self._last[:2]:
            self._close_group()
        self._last = key
        self._group[r.arm] = r
        self.count += 1
        self.lines.append(trial_line(r))
        if r.arm in self.arms:
            self.arms[r.arm].add(r)
        self.cases.add(r)
        self.runtime.add(r)
        self.signals.add(r)
        self.unpassed.add(r)
        for score in r.scores.values():
            if score.model:
                self.graded = True
                self.grader_modes.append(score.mode)
        self.leaked = self.leaked or bool(r.leak)
        if r.credential is not None:
            self.credentials.add(r.credential)
        self.windows += r.windows
        if self.plan.adaptive is not None:
            self.kept.append(r)

    def done(self) -> ReportFold:
        """Closes the last (case, repetition): call once, after the last `add`."""
        self._close_group()
        return self

    def _close_group(self) -> None:
        if self._group and self._last is not None:
            case, rep, _ = self._last
            self.rows += map(shared_fields, group_rows(sys.intern(case), rep, self._group,
                                                       self.judged, case in self.asked))
        self._group = {}

    @property
    def by_id(self) -> dict[str, TrialResult]:
        """The kept results by trial id (--k auto only; empty otherwise)."""
        return {r.trial_id: r for r in self.kept}


def fold(plan: Plan, ordered: Iterable[TrialResult],
         judgements: Iterable[Judgement] = ()) -> ReportFold:
    """Every result of `ordered` (report order, e.g. read from the store in `spec_order`)
    folded."""
    folded = ReportFold(plan, judgements)
    for result in ordered:
        folded.add(result)
    return folded.done()

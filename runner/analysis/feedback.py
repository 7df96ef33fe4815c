"""Build feedback.json from a run's results, keeping what a reviewer already wrote."""

from __future__ import annotations

from runner.schema.feedback import Feedback, FeedbackItem, StatementReview
from runner.schema.report import Report
from runner.schema.trial import TrialResult


def build_feedback(report: Report, results: list[TrialResult],
                   previous: Feedback | None = None) -> Feedback:
    written = {i.trial_id: i.feedback for i in previous.items} if previous else {}
    items = []
    for r in sorted(results, key=lambda r: (r.case_id, r.repetition, r.arm)):
        statements = [StatementReview(statement=c.check.removeprefix("statement: "),
                                      passed=c.passed, evidence=c.evidence or c.detail)
                      for s in r.scores.values() if s.model for c in s.checks]
        items.append(FeedbackItem(
            trial_id=r.trial_id, case=r.case_id, repetition=r.repetition, arm=r.arm,
            passed=r.passed, failed_checks=[c.check for c in r.checks if not c.passed],
            statements=statements, feedback=written.get(r.trial_id, "")))
    return Feedback(run_id=report.run_id, skill=report.skill, skill_digest=report.skill_digest,
                    items=items)

"""feedback.json: a run's trials laid out for a person to review
(docs/store.md#what-the-records-hold), stored beside the report as runs/<run_id>/feedback.json.

    {"schema_version": 1, "run_id": "r-…", "skill": "csv-summary", "skill_digest": "…",
     "items": [{"trial_id": "…", "case": "totals", "repetition": 0, "arm": "candidate",
                "passed": false, "failed_checks": ["text: Total: 600"],
                "statements": [{"statement": "…", "passed": true, "evidence": "…"}],
                "feedback": ""}]}

A reviewer writes into `feedback` (free text, e.g. "the assertion is too strict"); re-making the
report (a resume) keeps what was written for trials that still stand.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from runner.schema.enums import Arm

FEEDBACK_SCHEMA_VERSION = 1


class StatementReview(BaseModel):
    statement: str
    passed: bool
    evidence: str = Field(description="The grader's verified quote, or why it failed")


class FeedbackItem(BaseModel):
    trial_id: str
    case: str
    repetition: int
    arm: Arm
    passed: bool | None
    failed_checks: list[str] = Field(default_factory=list)
    statements: list[StatementReview] = Field(default_factory=list)
    feedback: str = Field(default="", description="Written by the reviewer")


class Feedback(BaseModel):
    schema_version: int = FEEDBACK_SCHEMA_VERSION
    run_id: str
    skill: str
    skill_digest: str
    items: list[FeedbackItem]

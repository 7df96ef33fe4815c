"""A regraded run's record (`skill-eval regrade RUN_ID`): which run and trials it reused, what
changed in the case set since, and what could not be regraded. Stored as runs/<id>/regrade.json
and carried in the report, so a regraded run compares with its source."""

from __future__ import annotations

from pydantic import BaseModel, Field

from runner.schema.enums import CriterionChange, CriterionKind


class CheckChange(BaseModel):
    """One criterion of one case that differs between the source run and the case set now."""

    case: str
    kind: CriterionKind = Field(description="assertions | statements | outputs | tool_calls "
                                            "| json_checks | process | rubric | "
                                            "expected_output")
    change: CriterionChange = Field(description="added | removed | edited")
    before: str | None = None
    after: str | None = None


class NotRegraded(BaseModel):
    """A case whose sessions cannot stand for the case set as it is now: the agent would have
    been asked something else, so only a new run measures it."""

    case: str
    reason: str


class Regrade(BaseModel):
    regraded_from: str = Field(description="The run whose sessions were re-scored")
    source_caseset_digest: str
    caseset_digest: str = Field(description="The case set as regraded (the cases kept)")
    skill_path: str = Field(description="Where the case set was read")
    reused_trials: list[str] = Field(default_factory=list, description="Source trial ids "
                                                                       "whose transcript and "
                                                                       "outputs were re-scored")
    changes: list[CheckChange] = Field(default_factory=list)
    not_regraded: list[NotRegraded] = Field(default_factory=list)
    removed_cases: list[str] = Field(default_factory=list, description="In the source run, no "
                                                                      "longer in the case set")
    graded_trials: int = Field(default=0, description="Trials whose statements the grader read "
                                                      "again (changed statements)")
    judged_rows: int = Field(default=0, description="Rows the judge read again")
    grader_cost_usd: float = Field(default=0.0, description="Spent by this regrade's grader")
    judge_cost_usd: float = Field(default=0.0, description="Spent by this regrade's judge")
    agent_sessions: int = Field(default=0, description="Always 0: no session runs again")
    skill_note: str | None = Field(default=None, description="The folder's skill bytes now "
                                                             "differ from the run's (kept: the "
                                                             "sessions ran those)")

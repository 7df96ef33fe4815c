"""The report of a run: stored as report.json (and as the receipt), printed by runner.render.

Versioned: `schema_version` changes whenever a field changes meaning, so a later skill-eval can
read saved runs (the regression gate compares them) or refuse them knowingly.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from runner.schema.enums import Arm, CredentialKind, Outcome, RunStatus, Verdict

REPORT_SCHEMA_VERSION = 3  # 3: rows may be decided by the judge; grading and process fields


class JudgeCall(BaseModel):
    """One of the judge's two readings of a tied row: the order it saw the trials in, which
    it preferred, and why."""

    order: str = Field(description="candidate-first | opponent-first")
    preferred: str = Field(description="candidate | opponent | tie")
    reasons: str = ""


class Judgement(BaseModel):
    """The pairwise judge on one tied row, stored under runs/<id>/judge/ (resumable)."""

    case: str
    repetition: int
    opponent: Arm
    candidate_trial: str
    opponent_trial: str
    model: str
    calls: list[JudgeCall]
    outcome: Outcome = Field(description="win/loss when both orders agree, else tie")
    cost_usd: float = 0.0
    requests: int = 0


class Row(BaseModel):
    """One (case, repetition, opponent) comparison of the candidate."""

    case: str
    repetition: int
    opponent: Arm
    outcome: Outcome
    holed: list[Arm] = Field(default_factory=list, description="Arms whose trial is a hole")
    candidate_passed: bool | None
    opponent_passed: bool | None
    reason: str = Field(description="Why this outcome: checks, tie without rubric, or a hole")
    judge: list[JudgeCall] = Field(default_factory=list, description="The judge's two calls, "
                                                                     "when it broke a tie")


class Comparison(BaseModel):
    """Candidate vs one opponent, over all its rows."""

    opponent: Arm
    wins: int
    losses: int
    ties: int
    holes: int
    net_lift: float | None
    verdict: Verdict
    sign_test_p: float | None
    holes_by_arm: dict[str, int] = Field(default_factory=dict,
                                         description="Hole rows by which arm was the hole")
    lopsided_holes: bool = Field(default=False, description="Most holes fall on one arm: the "
                                                            "scored rows may be a biased sample")


class ProcessFigures(BaseModel):
    """Seed 001's process figures for one arm, over its scored trials whose case carries
    process items (absent when no case does)."""

    trials: int
    followed: float = Field(description="Share of trials that met every process item")
    items_met: float = Field(description="Share of all process items met")
    strict: float = Field(description="Share that passed the task AND met every item")


class ArmCost(BaseModel):
    """What an arm cost; None means not measured (printed n/a), never 0."""

    sessions: int
    holes: int
    holes_by_cause: dict[str, int] = Field(default_factory=dict, description="Hole status -> n")
    retries: int = Field(default=0, description="Extra attempts beyond one per trial")
    turns: float | None = Field(description="Mean turns per measured session")
    wall_s: float | None = Field(description="Mean wall seconds per session")
    input_tokens: int | None = Field(description="Gateway-metered, all sessions")
    output_tokens: int | None
    cost_usd: float | None = Field(description="Gateway-metered tokens x price table")
    cli_cost_usd: float | None = Field(description="The CLI's own estimate, summed")
    pass_rate: float | None = Field(description="Share of graded sessions that passed")
    grader_cost_usd: float | None = Field(default=None, description="The statement grader's "
                                                                    "metered cost for this "
                                                                    "arm's trials (None: no "
                                                                    "statements)")
    grader_calls: int = 0
    process: ProcessFigures | None = None


class Spread(BaseModel):
    """Mean and sample standard deviation over a case's repetitions; the deviation is None (not
    0) below two values, and both are None when nothing was measured."""

    n: int
    mean: float | None
    sd: float | None


class CaseArmStats(BaseModel):
    """One case in one arm across its k repetitions (seed 004, "Reading the benchmark")."""

    case: str
    arm: Arm
    scored: int = Field(description="Repetitions that were not holes")
    holes: int
    pass_rate: Spread
    wall_s: Spread
    tokens: Spread = Field(description="Input plus output tokens per session")
    cost_usd: Spread
    tool_calls: Spread
    skill_loads: int = Field(description="Sessions that loaded the candidate's skill")
    safety_violations: int = Field(default=0, description="Matched command patterns, summed")


class CaseDelta(BaseModel):
    """Candidate minus opponent on one case (means over repetitions; None when unmeasured)."""

    case: str
    opponent: Arm
    success: float | None
    tool_calls: float | None
    tokens: float | None
    cost_usd: float | None
    skill_loads: int = Field(description="Candidate sessions that loaded the skill")
    safety_violations: int = Field(default=0, description="Candidate minus opponent")


class CheckSignal(BaseModel):
    """A check that came out the same in every scored trial of both arms: it measures nothing."""

    case: str
    check: str
    always: str = Field(description="pass | fail")


class Failure(BaseModel):
    check: str
    detail: str = Field(description="What was expected and what was found instead")


class TrialLine(BaseModel):
    trial_id: str
    case: str
    repetition: int
    arm: Arm
    status: str
    passed: bool | None
    failed_checks: list[str] = Field(default_factory=list)
    failures: list[Failure] = Field(default_factory=list, description="The failed checks with "
                                                                      "their evidence")
    skills_loaded: list[str] = Field(default_factory=list)
    safety: list[str] = Field(default_factory=list, description="Command patterns matched")
    error: str | None = None
    node: str = ""
    attempt: int = Field(default=1, description="The attempt whose artifacts stand")
    attempts: int = 1


class WindowMove(BaseModel):
    """How far a subscription's usage window moved during the run, from the transcripts'
    `rate_limit_event` lines (lowest and highest reading while the window did not reset)."""

    window: str
    start: float | None = Field(description="Lowest utilization seen, 0-1")
    end: float | None = Field(description="Highest utilization seen, 0-1")
    resets_at: int | None = None


class Report(BaseModel):
    """Machine-readable report; the top-level numbers are candidate vs baseline (or vs
    incumbent when no baseline arm ran)."""

    schema_version: int = REPORT_SCHEMA_VERSION
    status: RunStatus
    run_id: str
    skill: str
    skill_digest: str
    model: str
    dry_run: bool
    note: str | None = None
    verdict: Verdict
    net_lift: float | None
    wins: int
    losses: int
    ties: int
    holes: int
    partial: bool = Field(description="Some trial is a hole: its rows are left out")
    sign_test_p: float | None
    comparisons: list[Comparison]
    arms: dict[str, ArmCost]
    rows: list[Row]
    trials: list[TrialLine]
    incumbent_note: str | None = None
    stopped: str | None = Field(default=None, description="Why the run stopped early, if it did")
    price_table: str
    grader_model: str | None = Field(default=None, description="Graded the statements, if any")
    judge_model: str | None = Field(default=None, description="Broke ties, if it ran")
    judge_cost_usd: float | None = Field(default=None, description="The judge's metered cost")
    judge_calls: int = 0
    image_id: str | None = None
    script_unmatched: int = Field(default=0, description="Dry runs: model requests that no "
                                                         "scenario of the script matched")
    script_first_unmatched: str | None = Field(default=None, description="Its case prompt")
    isolation: str = Field(default="docker", description="What isolated each trial; `none` "
                                                         "means claude ran on the host")
    k: int
    cases: list[str]
    per_case: list[CaseArmStats] = Field(default_factory=list)
    case_deltas: list[CaseDelta] = Field(default_factory=list)
    non_discriminating: list[CheckSignal] = Field(default_factory=list, description="Checks "
                                                  "that always pass or always fail in both arms")
    credentials: list[CredentialKind] = Field(default_factory=list, description="What the "
                                              "gateways authenticated upstream with")
    cost_notional: bool = Field(default=False, description="A subscription paid: the dollar "
                                                           "figures are what the tokens would "
                                                           "cost on an API key, not a bill")
    usage_windows: list[WindowMove] = Field(default_factory=list)
    started_at: datetime | None = Field(default=None, description="When the run was planned")
    finished_at: datetime | None = Field(default=None, description="When this report was made")

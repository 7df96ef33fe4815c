"""The report of a run: stored as report.json (and as the receipt), printed by runner.render.

Versioned: `schema_version` changes whenever a field changes meaning, so a later skill-eval can
read saved runs (the regression gate compares them) or refuse them knowingly.
"""

from __future__ import annotations

from datetime import datetime

from pydantic import AliasChoices, BaseModel, ConfigDict, Field

from runner import config
from runner.schema.enums import (
    Always,
    Arm,
    BaselineMode,
    CredentialKind,
    GradingMode,
    JudgeOrder,
    Outcome,
    Preference,
    RunStatus,
    TrialStatus,
    Verdict,
)
from runner.schema.reach import UnpassedCase
from runner.schema.regrade import Regrade

# The configured alpha (runner.config, its one spelling), readable by the pure analysis layer,
# which may import schema but not config.
ALPHA = config.ALPHA
REPORT_SCHEMA_VERSION = 3  # 3: rows may be decided by the judge; grading and process fields


class JudgeCall(BaseModel):
    """One of the judge's two readings of a tied row: the order it saw the trials in, which
    it preferred, and why."""

    order: JudgeOrder = Field(description="candidate-first | opponent-first")
    preferred: Preference = Field(description="candidate | opponent | tie")
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
    mode: GradingMode = Field(default=GradingMode.INTERACTIVE, description="How its calls were "
                                                                           "made (batch: at the "
                                                                           "batch rate)")


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


class CaseVotes(BaseModel):
    """Each case's repetitions collapsed to one vote, by the majority of its decided rows (an
    even split, or no decided row, is a tie); cases with only holes do not vote."""

    wins: int = 0
    losses: int = 0
    ties: int = 0


class Size(BaseModel):
    """A run size: cases x k repetitions."""

    cases: int
    k: int


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
    case_votes: CaseVotes = Field(default_factory=CaseVotes)
    case_sign_test_p: float | None = Field(default=None, description="Exact two-sided sign "
                                           "test on the case votes (wins vs losses)")
    aa_rate: float | None = Field(default=None, description="How often an A/A run of this "
                                  "design reads a verdict at least this far from NEUTRAL, "
                                  "either sign, under the exact case-level sign-flip null "
                                  "(valid whoever decides the rows: checks or a judge; "
                                  "runner.analysis.confidence); 1.0 for NEUTRAL")
    aa_rate_adjusted: float | None = Field(default=None, description="aa_rate adjusted by "
                                           "`correction` over the run's comparisons (or a "
                                           "batch gate's); firm and --gate-max-p read it")
    correction: str | None = Field(default=None, description="How the run's one alpha is "
                                   "shared: 'Holm over N comparisons' or 'none (one "
                                   "comparison)'; None: a report from before it was shared")
    firm: bool = Field(default=False, description="PASS or FAIL with aa_rate_adjusted <= alpha")
    alpha: float = config.ALPHA
    firm_size: Size | None = Field(default=None, description="A verdict that is not firm: the "
                                   "size at which it would be if this lift held (None: firm, "
                                   "neutral, or no size up to 200 cases)")
    power_size: Size | None = Field(default=None, description="Not firm: the size at which a "
                                    "true lift of power_lift reads a firm PASS with 80% power "
                                    "(the code of `estimate --detect`)")
    power_lift: float | None = None


class ProcessFigures(BaseModel):
    """The process figures for one arm, over its scored trials whose case carries
    process items (absent when no case does)."""

    trials: int
    followed: float = Field(description="Share of trials that met every process item")
    items_met: float = Field(description="Share of all process items met")
    strict: float = Field(description="Share that passed the task AND met every item")


class ArmCost(BaseModel):
    """What an arm cost; None means not measured (printed n/a), never 0."""

    model_config = ConfigDict(populate_by_name=True)
    trials: int = Field(validation_alias=AliasChoices("trials", "sessions"),
                        description="The arm's trials, holes included (reports before "
                                    "#20 called it `sessions`)")
    holes: int
    holes_by_cause: dict[str, int] = Field(default_factory=dict, description="Hole status -> n")
    retries: int = Field(default=0, description="Extra attempts beyond one per trial")
    turns: float | None = Field(description="Mean turns per measured session")
    wall_s: float | None = Field(description="Mean wall seconds per session")
    input_tokens: int | None = Field(description="Gateway-metered, all sessions")
    output_tokens: int | None
    cost_usd: float | None = Field(description="Gateway-metered tokens x price table")
    unanswered: int = Field(default=0, description=(
        "Requests sent upstream whose answer no meter read (an attempt killed mid-request): "
        "the provider may have billed them, so when > 0 cost_usd is a lower bound"))
    cli_cost_usd: float | None = Field(description="The CLI's own estimate, summed")
    pass_rate: float | None = Field(description="Share of graded sessions that passed")
    grader_cost_usd: float | None = Field(default=None, description="The statement grader's "
                                                                    "metered cost for this "
                                                                    "arm's trials (None: no "
                                                                    "statements)")
    grader_calls: int = 0
    process: ProcessFigures | None = None


class RuntimeFigure(BaseModel):
    """One line of the runtime table: an arm's per-repetition values (mean and sd over
    repetitions) and, per opponent, the candidate minus that opponent per repetition."""

    figure: str
    arms: dict[str, Spread] = Field(description="arm -> spread over repetitions")
    deltas: dict[str, Spread] = Field(default_factory=dict,
                                      description="opponent -> candidate minus opponent")


class Spread(BaseModel):
    """Mean and sample standard deviation over a case's repetitions; the deviation is None (not
    0) below two values, and both are None when nothing was measured."""

    n: int
    mean: float | None
    sd: float | None


class CaseArmStats(BaseModel):
    """One case in one arm across its k repetitions
    (docs/statistics.md#cost-and-the-runtime-table)."""

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
    always: Always = Field(description="pass | fail")


class Failure(BaseModel):
    check: str
    detail: str = Field(description="What was expected and what was found instead")


class TrialLine(BaseModel):
    trial_id: str
    case: str
    repetition: int
    arm: Arm
    status: TrialStatus
    passed: bool | None
    failed_checks: list[str] = Field(default_factory=list)
    failures: list[Failure] = Field(default_factory=list, description="The failed checks with "
                                                                      "their evidence")
    skills_loaded: list[str] = Field(default_factory=list)
    process_followed: bool | None = Field(default=None, description="Met every process item "
                                                                    "(None: the case has none)")
    safety: list[str] = Field(default_factory=list, description="Command patterns matched")
    error: str | None = None
    node: str = ""
    attempt: int = Field(default=1, description="The attempt whose artifacts stand")
    attempts: int = 1
    retried_because: list[str] = Field(default_factory=list, description="Why each earlier "
                                       "attempt did not stand, in order")


class WindowMove(BaseModel):
    """How far a subscription's usage window moved during the run, from the transcripts'
    `rate_limit_event` lines (lowest and highest reading while the window did not reset)."""

    window: str
    start: float | None = Field(description="Lowest utilization seen, 0-1")
    end: float | None = Field(description="Highest utilization seen, 0-1")
    resets_at: int | None = None


class AdaptiveSummary(BaseModel):
    """`--k auto`: what adaptive k ran, against fixed `--k max_k`."""

    min_k: int
    max_k: int
    sessions: int = Field(description="Sessions that ran (every arm)")
    fixed_sessions: int = Field(description="Sessions fixed --k max_k would have run")
    saving: float = Field(description="1 - sessions / fixed_sessions")
    repetitions: dict[str, int] = Field(default_factory=dict,
                                        description="Repetitions released per case")
    look: int | None = Field(default=None, description="The look the run stopped at (1-based)")
    looks: int | None = Field(default=None, description="Looks in the sequential design")
    stop_alpha: float | None = Field(default=None, description="The alpha spent at that look: "
                                     "the comparisons are firm against it")
    stopped_because: str | None = None
    firm_verdicts: int | None = Field(default=None, description="Comparisons read firm")
    sessions_per_firm: float | None = Field(default=None, description="Cost per decision: "
                                            "sessions per firm verdict (None: none firm)")
    usd_per_firm: float | None = Field(default=None, description="Cost per decision: dollars "
                                       "per firm verdict (None: none firm, or not metered)")


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
    runtime: list[RuntimeFigure] = Field(default_factory=list, description="The runtime "
                                         "table: task success, runs that loaded the skill, "
                                         "tool calls, tokens, cost, safety violations")
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
    grader_mode: str | None = Field(default=None, description="How the statement grader's "
                                                              "calls were made: interactive, "
                                                              "batch, or both (a mix)")
    judge_mode: str | None = Field(default=None, description="How the judge's calls were made")
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
    unpassed: list[UnpassedCase] = Field(default_factory=list, description="Cases no arm "
                                         "passed (every scored trial failed): they measure "
                                         "nothing about the skill; with what their sessions "
                                         "reached for and could not have")
    credentials: list[CredentialKind] = Field(default_factory=list, description="What the "
                                              "gateways authenticated upstream with")
    cost_notional: bool = Field(default=False, description="A subscription paid: the dollar "
                                                           "figures are what the tokens would "
                                                           "cost on an API key, not a bill")
    usage_windows: list[WindowMove] = Field(default_factory=list)
    alpha: float = Field(default=config.ALPHA, description="A verdict is firm when its A/A "
                                                           "rate is at most this")
    adaptive: AdaptiveSummary | None = Field(default=None, description="`--k auto`: sessions "
                                             "run against fixed k; net lifts weigh every "
                                             "case the same")
    skills: list[str] = Field(default_factory=list, description="Several skills at once: "
                                                                "their names (the candidate "
                                                                "arm stages them all)")
    baseline_mode: BaselineMode | None = Field(
        default=None, description="joint: the baseline stages none, the delta is the set's "
                                  "joint contribution; per-skill: see left_out")
    left_out: str | None = Field(default=None, description="Per-skill: the baseline stages "
                                                           "every skill but this one, so the "
                                                           "delta is its marginal contribution")
    regraded_from: str | None = Field(default=None, description="A regraded run: the run "
                                                                 "whose sessions it re-scored")
    regrade: Regrade | None = Field(default=None, description="What the regrade reused and "
                                                              "what changed")
    started_at: datetime | None = Field(default=None, description="When the run was planned")
    finished_at: datetime | None = Field(default=None, description="When this report was made")
    model_table: ModelTable | None = Field(default=None, description="A multi-model run "
                                           "(`--model A --model B`): every model's run read "
                                           "together; the same table in each model's report")
    futility: Futility | None = Field(default=None, description="--k auto with several "
                                      "models: this model stopped getting work once it could "
                                      "not be good enough; a decision, not a hole (the run is "
                                      "complete at the last look it finished)")


from runner.schema.models import Futility, ModelTable  # noqa: E402 - it reads Comparison here

Report.model_rebuild()

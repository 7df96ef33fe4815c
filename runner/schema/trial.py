"""One trial: one claude session of one (case, repetition, arm).

    TrialSpec     what a worker needs to run it (small, serialisable, no secrets)
    PassContext   what every trial of a pass shares (store, upstream, pacing, slots, retries)
    TrialResult   what it produced, decided by the runner, stored as result.json and in DONE
    Score         one registered scorer's verdict on the trial, in `TrialResult.scores`
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from runner import config
from runner.schema.case import Case
from runner.schema.enums import (
    Arm,
    CredentialKind,
    GradingMode,
    TrialKind,
    TrialPhase,
    TrialStatus,
)
from runner.schema.options import RetryPolicy, SandboxConfig, SessionLimits, StoreSettings
from runner.schema.reach import Reach


class Usage(BaseModel):
    """What the gateway metered for one trial (not what the agent reported)."""

    requests: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_read_input_tokens: int = 0
    cache_creation_input_tokens: int = 0
    cost_usd: float = 0.0
    errors_by_status: dict[str, int] = Field(default_factory=dict)
    refused: int = Field(default=0, description="Requests the gateway refused by policy")
    held_s: float = Field(default=0.0, description="Time requests waited on the rate governor")
    models: list[str] = Field(default_factory=list)
    unanswered: int = Field(default=0, description=(
        "Requests sent upstream whose answer this meter never read: an attempt stopped "
        "mid-request (its worker, node or driver killed). The provider may have billed "
        "them; their tokens are unknown"))

    def plus(self, other: Usage) -> Usage:
        """Two meters' figures together (a trial's attempts)."""
        errors = dict(self.errors_by_status)
        for status, n in other.errors_by_status.items():
            errors[status] = errors.get(status, 0) + n
        return Usage(
            requests=self.requests + other.requests,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cache_read_input_tokens=self.cache_read_input_tokens
            + other.cache_read_input_tokens,
            cache_creation_input_tokens=self.cache_creation_input_tokens
            + other.cache_creation_input_tokens,
            cost_usd=self.cost_usd + other.cost_usd, errors_by_status=errors,
            refused=self.refused + other.refused, held_s=self.held_s + other.held_s,
            models=list(dict.fromkeys(self.models + other.models)),
            unanswered=self.unanswered + other.unanswered)


INPUT_CAP = 2000  # docs/case-sets.md: a call's input is kept up to 2000 characters
RESULT_CAP = 2000


class ToolCall(BaseModel):
    """One tool call of a session, in transcript order, as the transcript recorded it."""

    name: str
    input: str = Field(description="The call's input as compact JSON, capped at INPUT_CAP")
    result: str = Field(default="", description="Its tool_result text, capped at RESULT_CAP")
    is_error: bool = False


class ProgramRun(BaseModel):
    """How a case's judge program ended (it ran in the trial's sandbox after the session)."""

    exit_code: int | None = Field(description="None when killed at its timeout")
    stdout: str = ""
    stderr: str = ""
    timed_out: bool = False
    wall_s: float = 0.0


class CheckResult(BaseModel):
    """One check of one trial."""

    check: str = Field(description="What was checked, e.g. 'text: re:Total' or 'file summary.md'")
    passed: bool
    detail: str = Field(default="", description="Why it failed, empty when it passed")
    evidence: str = Field(default="", description="What matched and where (a quote, a line, "
                                                  "a call), when it passed")


class Score(BaseModel):
    """A scorer's verdict on one trial. A trial passes when every scorer that did not abstain
    passed."""

    scorer: str = Field(description="The registered scorer's name")
    passed: bool | None = Field(description="None: the scorer had nothing to grade here")
    checks: list[CheckResult] = Field(default_factory=list, description="Its evidence")
    cost_usd: float | None = Field(default=None, description="What grading cost, if anything")
    usage: Usage | None = Field(default=None, description="A model grader's metered calls")
    model: str | None = Field(default=None, description="The grader model, if one graded")
    decides: bool = Field(default=True, description="False: reported beside task success "
                                                    "(process rubrics), never deciding it")
    mode: GradingMode | None = Field(default=None, description="How a model grader's calls "
                                                               "were made")
    pending: bool = Field(default=False, description="Graded after the trials (batch "
                                                     "grading): not graded yet, the trial's "
                                                     "pass/fail waits for it")


class MaterialSource(BaseModel):
    """One labelled part of what a grader is shown (runner.scoring.material): the agent's
    account of its work (final text), a tool call with its result, a file it wrote, or the
    runner's own listing of the working directory."""

    model_config = ConfigDict(frozen=True)
    name: str = Field(description="'final text', 'call 3 Read', 'file NOTES.md'")
    text: str = Field(description="As the grader sees it (capped, redacted)")
    file: str | None = Field(default=None, description="The file the agent wrote")
    call_input: str = Field(default="", description="A tool call's input (which file it reads)")
    call_result: str = ""

    @property
    def kind(self) -> str:
        if self.file is not None:
            return "file"
        return {"final text": "account", "working directory": "listing"}.get(self.name, "call")


class GraderCall(BaseModel):
    """A grader call a trial left for the driver to make (stored as its attempt's
    grader.json): the request, and the material it shows, which the grader's quotes are
    verified against (each in the source it names)."""

    request: dict[str, Any]
    material: str
    nonce: str
    sources: list[MaterialSource] = Field(default_factory=list)


class PassContext(StoreSettings):
    """What every trial of one scheduling pass shares, set once when the pass starts: where
    results go, which upstream and pacing actors its gateways use, how many sessions a node
    runs at once, and how failures are retried."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    pass_id: str = Field(default="", description="The run or batch id owning the pass's "
                                                 "actors (ledger, governor), stop flag and "
                                                 "session slots; empty: the trial's run id")
    upstream_url: str = Field(default=config.UPSTREAM,
                              description="Messages API endpoint the gateway forwards to")
    ledger: bool = Field(default=False, description="A budget ledger actor meters the spend")
    governor: bool = Field(default=False, description="A rate governor paces the requests")
    session_slots: int = Field(default=0, ge=0, description="Sessions at once per node when "
                                                            "trials are prefetched (0: no gate)")
    batch_grading: bool = Field(default=False, description="Statements are graded after the "
                                                           "trials, by the driver, through "
                                                           "the Message Batches API")
    retry: RetryPolicy = Field(default_factory=RetryPolicy)
    sandbox: SandboxConfig = Field(default_factory=SandboxConfig)


class TrialSpec(BaseModel):
    """Everything one worker needs; small, serialisable, no secrets. What the trial is, the
    session limits of its eval (one object per eval) and its pass's context (one object per
    pass)."""

    run_id: str
    trial_id: str
    case: Case
    repetition: int = Field(ge=0)
    arm: Arm
    model: str
    skill_name: str = Field(description="The candidate's skill name, for staging and leak checks")
    fixtures_bundle: str = Field(description="Store key of the case set's fixtures (tar)")
    skill_bundle: str | None = Field(description="Store key of this arm's skill (tar), or none")
    library: tuple[str, ...] = Field(default=(), description="Several skills at once: the "
                                                              "skills this arm stages, as one "
                                                              "`library` plugin")
    guarded: tuple[str, ...] = Field(default=(), description="Several skills at once: every "
                                                              "skill of the run (a session may "
                                                              "see only those it stages)")
    scorers: tuple[str, ...] = Field(default=("checks", "program", "process", "statements"),
                                     description="Registered scorers (each abstains when the "
                                                 "case gives it nothing to grade)")
    grader_model: str = Field(default=config.MODEL, description="Model grading statements")
    kind: TrialKind = Field(default=TrialKind.TASK, description="task (a paired trial) | "
                                                               "trigger (one run of a trigger "
                                                               "query: read-only tools, the "
                                                               "skill among a library, nothing "
                                                               "graded)")
    limits: SessionLimits = Field(default_factory=SessionLimits)
    context: PassContext = Field(default_factory=PassContext)

    @property
    def pass_id(self) -> str:
        return self.context.pass_id or self.run_id

    @property
    def sandbox(self) -> SandboxConfig:
        return self.context.sandbox

    @property
    def scratch_root(self) -> Path:
        return self.context.sandbox.scratch_root


class WindowReading(BaseModel):
    """One `rate_limit_event` of a subscription session: where a usage window stood."""

    window: str = Field(description="The CLI's rateLimitType, e.g. five_hour, seven_day")
    utilization: float | None = Field(default=None, description="Share of the window used, "
                                                                "0-1, as the CLI reports it")
    resets_at: int | None = Field(default=None, description="Unix time the window resets")
    status: str | None = None


class TrialResult(BaseModel):
    """What a trial reports back to the driver (stored as result.json and in DONE)."""

    trial_id: str
    case_id: str
    repetition: int
    arm: Arm
    status: TrialStatus
    passed: bool | None = Field(description="Every scorer passed; None for a hole")
    scores: dict[str, Score] = Field(default_factory=dict, description="By scorer name")
    skills_seen: list[str] = Field(default_factory=list)
    skills_loaded: list[str] = Field(default_factory=list)
    leak: str | None = Field(default=None, description="Why this trial breaks arm isolation")
    turns: int | None = None
    tool_calls: int | None = Field(default=None, description="Tool calls the session made")
    safety: list[str] = Field(default_factory=list, description="Command patterns the agent's "
                                                                "shell commands matched")
    reached: list[Reach] = Field(default_factory=list, description="What the session reached "
                                 "for and the sandbox does not have (a missing program, the "
                                 "network, a missing tool, a question to the user), from its "
                                 "tool results and last message; at most REACH_CAP")
    wall_s: float | None = None
    phases: dict[TrialPhase, float] = Field(default_factory=dict, description="Seconds each "
                                                                              "phase of the "
                                                                              "standing attempt "
                                                                              "took")
    usage: Usage | None = Field(default=None, description="Metered at the gateway, every "
                                                          "attempt of the trial together")
    cli_cost_usd: float | None = Field(default=None, description="The CLI's own estimate")
    error: str | None = None
    node: str = ""
    outputs_skipped: dict[str, str] = Field(default_factory=dict)
    inputs: dict[str, str] = Field(default_factory=dict, description="relpath -> sha256 of what "
                                   "was in the working directory before the session (fixtures, "
                                   "a chain's work): a file left so is not the trial's work")
    attempt: int = Field(default=1, description="The attempt whose artifacts stand")
    attempts: int = Field(default=1, description="Tries of this trial, killed ones included")
    retried_because: list[str] = Field(default_factory=list, description="Why each earlier "
                                       "attempt did not stand, in order (empty: one try)")
    credential: CredentialKind | None = Field(default=None, description="What its gateway "
                                                                        "authenticated with")
    windows: list[WindowReading] = Field(default_factory=list, description="The usage "
                                         "window's first and last reading in the session")
    session_at: float | None = Field(default=None, description="When the trial handed its "
                                                               "session to the sandbox (Unix "
                                                               "time): how long a pass took "
                                                               "to its first session")

    @property
    def checks(self) -> list[CheckResult]:
        return [c for s in self.scores.values() for c in s.checks]

    @property
    def process(self) -> Score | None:
        return self.scores.get("process")

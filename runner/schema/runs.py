"""One past run, as `skill-eval runs` lists it (read from the run's receipt)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from runner.schema.enums import BatchState, CostLine, Verdict


class RunSummary(BaseModel):
    """One line of `skill-eval runs`."""

    run_id: str
    skill: str
    skill_digest: str
    verdict: str
    net_lift: float | None
    trials: int
    holes: int
    cost_usd: float | None = Field(description="Gateway-metered, sessions plus grading")
    status: str
    started_at: datetime | None = Field(description="When the run was planned")
    finished_at: datetime | None = Field(description="When its report was last written")
    model: str
    group: str | None = Field(default=None, description="Its multi-model group (`m-...`; "
                                                        "None: a run of one model)")
    readable: bool = True


class TokenMeans(BaseModel):
    """Mean metered tokens per session of one arm in past runs of a skill."""

    sessions: int
    input_tokens: float
    output_tokens: float


class Line(BaseModel):
    """One line of an estimate: an arm, the statement grader or the judge."""

    what: CostLine = Field(description="An arm's name, `grader` or `judge`")
    calls: int = Field(description="Sessions (an arm) or model calls (grader, judge)")
    input_tokens: int
    output_tokens: int
    usd: float
    basis: str = Field(description="Where the per-call figures come from")
    upper_bound: bool = Field(default=False, description="The judge asks only on ties: at most")
    model: str | None = Field(default=None, description="A multi-model run: whose sessions or "
                                                        "calls these are")


class Estimate(BaseModel):
    """What a run would cost, before anything is spent (`skill-eval estimate`, `run`)."""

    lines: list[Line]
    total_usd: float
    price_table: str
    power: PowerPlan | None = Field(default=None, description="`--detect LIFT`: the sizes that "
                                                              "would catch it, priced")


class SizeOption(BaseModel):
    """One size the power planner weighs: cases x k, with its power and cost."""

    label: str = Field(description="What changes: `current size`, `more repetitions`, "
                                   "`more cases`")
    cases: int | None = Field(description="None: no size up to the planner's limits reaches "
                                          "the target power")
    k: int | None
    power: float | None = Field(default=None, description="P(a firm PASS) at the true lift")
    aa_rate: float | None = Field(default=None, description="P(an A/A run of this size reads "
                                                            "PASS or FAIL)")
    sessions: int | None = Field(default=None, description="All arms' sessions")
    cost: Estimate | None = None


class PowerPlan(BaseModel):
    """`estimate --detect LIFT`: what it takes to catch a true net lift with a firm verdict
    (runner.analysis.confidence states the models)."""

    detect: float
    alpha: float
    target_power: float
    tie_rate: float = Field(description="The A/A tie rate the sizes are judged at")
    cases: int
    k: int
    options: list[SizeOption]
    can_be_firm: bool = Field(description="Whether any outcome at the current size is firm")
    note: str | None = None


Estimate.model_rebuild()


class BatchEvalState(BaseModel):
    """One eval of a batch, as `skill-eval runs --batch ID` shows it while the batch runs."""

    run_id: str
    skill: str
    trials: int
    done: int = Field(description="Trials with a standing result")
    state: BatchState = Field(description="waiting | running | finished | completed | "
                                          "partial | stopped | refused")
    verdict: Verdict | None = None
    net_lift: float | None = None


GROUP_PLAN_VERSION = 1


class GroupPlan(BaseModel):
    """`runs/<group id>/plan.json`: the runs a group (a batch file's evals) schedules
    together, in order (trigger evals as their `t-` or `catalog:` ids, once they ran).

    Stored as JSON since version 1; before it the file was the ids one a line, which
    `decode` still reads."""

    group_plan_version: int = GROUP_PLAN_VERSION
    run_ids: list[str] = Field(default_factory=list)

    def encode(self) -> bytes:
        return self.model_dump_json(indent=1).encode()

    @classmethod
    def decode(cls, data: bytes) -> GroupPlan:
        """Either form: a JSON object, or the older newline list of run ids."""
        text = data.decode("utf-8", "replace")
        if text.lstrip().startswith("{"):
            return cls.model_validate_json(text)
        return cls(run_ids=text.split())

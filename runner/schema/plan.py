"""What was asked, stored as plan.json: digests and versions make a run reproducible."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

from runner import config
from runner.schema.case import Case, Finding
from runner.schema.enums import Arm, BaselineMode
from runner.schema.skill import Skill
from runner.schema.trial import TrialSpec


class AdaptiveK(BaseModel):
    """`--k auto`: a sequential run from min_k up to max_k repetitions, stopping once its
    comparisons are firm or cannot become firm (runner.analysis.adaptive). The plan holds
    every trial up to max_k; the run releases them stage by stage."""

    min_k: int
    max_k: int


class Plan(BaseModel):
    run_id: str
    created_at: datetime
    skill: Skill
    incumbent: Skill | None
    incumbent_note: str | None = Field(default=None, description="Why incumbent did not run")
    caseset_digest: str
    cases: list[str]
    k: int
    arms: list[Arm]
    model: str
    grader_model: str = Field(default="", description="Grades statements, if a case has any")
    judge_model: str | None = Field(default=None, description="Breaks ties; None: no judge")
    judge_expected_output: bool = Field(default=False, description="The case set lets the judge "
                                                                   "read expected_output when "
                                                                   "a case has no rubric")
    judge_all: bool = Field(default=False, description="A blind A/B of every scored row, not "
                                                       "only ties (decides ties only)")
    dry_run: bool = Field(description="Scripted model endpoint: nothing was spent")
    adaptive: AdaptiveK | None = Field(default=None, description="`--k auto`: k is max_k, "
                                       "and trials are released case by case")
    margin: float | None = Field(default=None, description="A multi-model run (`run --model "
                                 "A --model B`): how far a model may trail the best; under "
                                 "--k auto a model that can no longer be within it stops "
                                 "getting work (runner.analysis.models.futile)")
    alpha: float = Field(default=config.ALPHA, description="A verdict is firm when an A/A run "
                                                           "of its design reads it at most "
                                                           "this often")
    image_id: str | None = Field(default=None, description="Content id of the sandbox image")
    isolation: str = Field(default="docker", description="What isolated each trial: docker, "
                                                         "docker/runsc, none (local), fake")
    versions: dict[str, str]
    findings: list[Finding] = Field(default_factory=list, description="Preflight findings that "
                                                                      "do not refuse (EV010, "
                                                                      "EV011)")
    skills: list[Skill] = Field(default_factory=list, description="Several skills at once: "
                                                                  "each of them (`skill` is "
                                                                  "then their set)")
    baseline_mode: BaselineMode | None = Field(default=None, description="Several skills: "
                                                                         "joint or per-skill")
    left_out: str | None = Field(default=None, description="Per-skill: the one skill the "
                                                           "baseline arm does not stage")
    regraded_from: str | None = Field(default=None, description="A regraded run: the run "
                                                                 "whose sessions it re-scored "
                                                                 "(no session ran for it)")
    trials: list[TrialSpec]
    bundles: dict[str, bytes] = Field(default_factory=dict, exclude=True,
                                      description="Store key -> tar: published before running")

    def k_label(self) -> str:
        """`3`, or `auto (3..5)` for adaptive k."""
        if self.adaptive is None:
            return str(self.k)
        return f"auto ({self.adaptive.min_k}..{self.adaptive.max_k})"

    def cases_in_order(self) -> list[Case]:
        """Each planned case once, in the set's order."""
        return list({t.case.id: t.case for t in self.trials}.values())

"""`skill-eval evidence SKILL`: what the store can show about a skill, as data (printed by
runner.render, a viewer page, JSON). Only completed real runs are evidence: dry runs and runs
without a receipt are counted, never shown as figures."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


class Opponent(BaseModel):
    """The latest evidence against one opponent (baseline or incumbent)."""

    opponent: str
    verdict: str
    net_lift: float | None
    wins: int
    losses: int
    ties: int
    sign_test_p: float | None
    firm: bool | None = Field(default=None, description="Firmness, when the comparison "
                                                        "carries it")
    aa_rate: float | None = Field(default=None, description="The A/A false-verdict rate the "
                                                            "comparison was read against")


class TrendPoint(BaseModel):
    run_id: str
    finished_at: datetime | None
    skill_digest: str
    model: str
    k: int
    verdict: str | None
    pass_rate: float | None = Field(description="The candidate's")
    baseline_pass_rate: float | None
    net_lift: float | None
    published: bool = Field(default=False, description="Its bytes are a published version "
                                                       "in this store")
    attribution: str = Field(default="alone", description="alone | joint (with the skills "
                                                          "named) | per-skill (marginal)")


class PublishedView(BaseModel):
    """One published version of the skill, as the evidence card shows it."""

    skill_digest: str
    published_at: datetime
    published_by: str
    receipts: int = Field(description="Verified receipts of these bytes in this store")
    newest_verdict: str | None = Field(description="Of the newest verified paired receipt")
    overridden_fail: bool = False


class Unverified(BaseModel):
    """A receipt or index entry that does not match the run it names: never evidence."""

    run_id: str
    problems: list[str]


class EvidenceCard(BaseModel):
    skill: str
    store: str
    run_id: str | None = Field(default=None, description="The latest evidence (None: none)")
    skill_digest: str | None = None
    validated_at: datetime | None = None
    model: str | None = None
    k: int | None = None
    cases: list[str] = Field(default_factory=list)
    opponents: list[Opponent] = Field(default_factory=list)
    pass_rates: dict[str, float | None] = Field(default_factory=dict, description="Per arm")
    baseline_delta: float | None = Field(default=None, description="Candidate minus baseline "
                                                                   "pass rate")
    these_bytes: bool | None = Field(default=None, description="The latest evidence is of the "
                                                               "folder given (None: a name "
                                                               "was given)")
    trend: list[TrendPoint] = Field(default_factory=list, description="Oldest first")
    dry_runs: int = Field(default=0, description="Completed dry runs: labelled, not evidence")
    without_receipt: int = Field(default=0, description="Stopped, partial or refused runs")
    attribution: str | None = Field(default=None, description="Of the latest evidence: alone, "
                                                              "joint or per-skill")
    published: list[PublishedView] = Field(default_factory=list, description="The team's "
                                           "published versions in this store, oldest first")
    latest_published: bool | None = Field(default=None, description="The latest evidence is "
                                          "of a published version")
    not_verified: list[Unverified] = Field(default_factory=list, description="Receipts that "
                                           "do not match their stored run: not evidence")

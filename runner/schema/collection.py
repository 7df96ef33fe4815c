"""What a run on a collection of skills stores beside its per-skill reports:
`runs/<group id>/report.json` (docs/running.md#a-collection-of-skills)."""

from __future__ import annotations

from pydantic import BaseModel, Field


class SkillRun(BaseModel):
    """One skill's run within the collection's group."""

    skill: str = Field(description="The SKILL.md name")
    path: str = Field(description="The skill's folder")
    run_id: str
    skill_sha256: str = Field(description="The digest its receipt is filed under")
    cases: int
    verdict: str = Field(description="Its verdict against the baseline")
    net_lift: float | None = None
    status: str
    partial: bool = False


class NotRun(BaseModel):
    skill: str
    path: str
    reason: str = Field(description="Why no run was made for it (no case names it, no set, "
                                    "left out by --skill-name)")


class CollectionSummary(BaseModel):
    """The group summary of `run COLLECTION`: a run per skill with cases, under one budget."""

    group_id: str
    root: str = Field(description="The collection's folder")
    stopped: str | None = Field(default=None, description="Why the wave stopped early, if it did")
    runs: list[SkillRun]
    not_run: list[NotRun] = Field(default_factory=list)

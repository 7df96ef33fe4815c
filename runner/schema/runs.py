"""One past run, as `skill-eval runs` lists it (read from the run's receipt)."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field


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
    readable: bool = True

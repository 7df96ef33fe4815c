"""A team's published versions of a skill, and the check that makes a receipt evidence.

    PublishedVersion   `skill-eval publish`: the exact bytes (the skill digest receipts carry)
                       recorded in the team store, with the receipts attached to them
    Verification       a receipt read back against the stored run it came from: its report,
                       its trials, its dry-run mark; one that does not match is "not verified"
"""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel, Field

PUBLISHED_VERSION = 1


class PublishedVersion(BaseModel):
    published_version: int = PUBLISHED_VERSION
    skill: str
    skill_digest: str = Field(description="sha256 over the staged files, as receipts carry it")
    bundle: str = Field(description="Store key of the bytes (`--incumbent team` fetches them)")
    published_at: datetime
    published_by: str = Field(description="Who published (user@host, or $GITHUB_ACTOR in CI)")
    receipts: list[str] = Field(default_factory=list, description="Run ids whose receipts of "
                                                                  "these bytes were attached")
    newest_verdict: str | None = Field(default=None, description="The newest attached "
                                                                 "receipt's verdict, when "
                                                                 "published")
    overridden_fail: bool = Field(default=False, description="Published although the newest "
                                                             "receipt was FAIL (asked, or "
                                                             "--yes)")


class Verification(BaseModel):
    """Whether a receipt is what the run it names stored."""

    run_id: str
    verified: bool
    problems: list[str] = Field(default_factory=list, description="What did not match")

    @property
    def label(self) -> str:
        return "verified" if self.verified else "not verified: " + "; ".join(self.problems)

"""What the offline reading of a skill folder finds before anything is spent: the eight hygiene
checks (runner.authoring.hygiene) and the static scan of its files (runner.authoring.scan)."""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field


class Severity(StrEnum):
    ERROR = "error"  # stops a run before anything is billed
    WARNING = "warning"  # reported; the run goes on
    INFO = "info"


class SkillFinding(BaseModel):
    """One finding about a skill's files, with the fix."""

    model_config = ConfigDict(frozen=True)
    code: str = Field(description="HY001-HY008 (hygiene), a pattern id (scan), CS004")
    severity: Severity
    check: str = Field(description="The hygiene check, or the scan finding's kind")
    file: str = Field(description="Path relative to the skill folder")
    line: int | None = Field(default=None, description="1-based, when one line shows it")
    message: str
    fix: str = ""

    def where(self) -> str:
        return self.file + (f":{self.line}" if self.line else "")


class SkillReading(BaseModel):
    """A skill folder read offline: hygiene findings and the static scan's findings."""

    model_config = ConfigDict(frozen=True)
    hygiene: tuple[SkillFinding, ...] = ()
    scan: tuple[SkillFinding, ...] = ()

    @property
    def errors(self) -> tuple[SkillFinding, ...]:
        return tuple(f for f in self.hygiene if f.severity is Severity.ERROR)

"""A skill as evaluated: where it is, what it is called, and the digest of its bytes."""

from __future__ import annotations

from pathlib import Path

from pydantic import BaseModel, ConfigDict, Field


class Skill(BaseModel):
    """A skill as evaluated: where it is, what it is called, and the digest of its bytes."""

    model_config = ConfigDict(frozen=True)
    path: Path = Field(description="Absolute path of the skill folder")
    name: str = Field(description="The SKILL.md frontmatter name (folder name as fallback)")
    description: str = Field(default="", description="The SKILL.md frontmatter description")
    digest: str = Field(description="sha256 over staged files (paths, modes, bytes)")

    @property
    def short_digest(self) -> str:
        return self.digest[:12]

"""A case set as the runner holds it: cases, their fixtures and what decides pass or fail.
Reading and preflighting `evals/evals.json` lives in runner.authoring.caseset."""

from __future__ import annotations

import hashlib
from pathlib import PurePosixPath
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, field_validator

from runner.errors import CaseSetError

CASESET_RELPATH = "evals/evals.json"
FIXTURE_ROOT = PurePosixPath("evals/files")
EVALS_ROOT = PurePosixPath("evals")


class OutputCheck(BaseModel):
    """A file the run had to create in its working directory."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    path: str = Field(description="Path relative to the agent's working directory")
    contains: tuple[str, ...] = Field(
        default=(), description="Assertions on the file's text, in the assertion grammar"
    )


class Case(BaseModel):
    """One authored problem: a prompt, its fixtures and what decides pass or fail."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    id: str = Field(description="Unique within the set")
    name: str | None = Field(default=None, description="A readable title (shown, not graded)")
    prompt: str = Field(description="Sent to claude as the task to do")
    expected_output: str = Field(default="", description="What a good answer does (for humans)")
    files: tuple[str, ...] = Field(default=(), description="Fixtures: paths inside the skill "
                                                            "folder (usually evals/files/...)")
    assertions: tuple[str, ...] = Field(default=(), description="Checks on the agent's text")
    outputs: tuple[OutputCheck, ...] = Field(default=(), description="Files the run must create")
    rubric: str | None = Field(default=None, description="Judge rubric for tie-breaking")

    @field_validator("id", mode="before")
    @classmethod
    def _id_as_text(cls, value: Any) -> Any:
        # skill-creator writes integer ids; the contract allows both.
        return str(value) if isinstance(value, int) and not isinstance(value, bool) else value

    def fixture_destination(self, file: str) -> PurePosixPath:
        """Where a fixture lands in the working directory: its path below evals/files/, below
        evals/ for one kept beside evals.json, else its path in the skill folder (e.g.
        references/data.csv)."""
        path = PurePosixPath(file)
        for root in (FIXTURE_ROOT, EVALS_ROOT):
            if path.is_relative_to(root) and path != root:
                return path.relative_to(root)
        return path

    @property
    def gradable(self) -> bool:
        return bool(self.assertions or self.outputs)

    def digest(self) -> str:
        return hashlib.sha256(self.model_dump_json().encode()).hexdigest()


class CaseSet(BaseModel):
    model_config = ConfigDict(frozen=True)
    skill_name: str
    evals: tuple[Case, ...]
    about: dict[str, Any] = Field(default_factory=dict, description="Descriptive top-level "
                                                                    "fields (description, "
                                                                    "notes, version...)")

    def select(self, ids: tuple[str, ...]) -> CaseSet:
        if not ids:
            return self
        known = {c.id for c in self.evals}
        missing = [i for i in ids if i not in known]
        if missing:
            raise CaseSetError(
                CASESET_RELPATH, f"--case {', '.join(missing)}: no such case (have {sorted(known)})"
            )
        chosen = tuple(c for c in self.evals if c.id in ids)
        return self.model_copy(update={"evals": chosen})

    def fixture_files(self) -> list[str]:
        """Every fixture any case names, once, in order."""
        return list(dict.fromkeys(f for case in self.evals for f in case.files))

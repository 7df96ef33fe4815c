"""What the run viewer shows of one trial, read from the store (runner.view.load) and rendered
by runner.render.html. Everything here came from a sandbox: render it as text, never markup."""

from __future__ import annotations

from pydantic import BaseModel, Field

from runner.schema.enums import TurnKind
from runner.schema.trial import TrialResult


class Turn(BaseModel):
    """One step of a session, in order."""

    kind: TurnKind
    text: str = ""
    tool: str = ""
    is_error: bool = False


class OutputFile(BaseModel):
    path: str
    text: str | None = Field(description="The file's text (capped), None for binary")
    size: int


class TrialView(BaseModel):
    result: TrialResult
    turns: list[Turn] = Field(default_factory=list)
    outputs: list[OutputFile] = Field(default_factory=list)

"""What is kept of one turn of a multi-turn case besides its transcript: the working directory
as it stood after the turn (docs/store.md), so regrade can grade each turn's checks again."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class TurnFiles(BaseModel):
    """`attempts/<n>/turns/<i>/files.json`: the listing of the working directory after turn
    i, and which of its files were kept (under `turns/<i>/outputs/`; the last turn's are the
    attempt's `outputs/`, all of them)."""

    model_config = ConfigDict(frozen=True)
    listing: dict[str, str] = Field(default_factory=dict, description="relpath -> sha256 of "
                                    "every file collected after the turn")
    skipped: dict[str, str] = Field(default_factory=dict, description="relpath -> why it was "
                                    "not collected (symlink, size cap, ...)")
    kept: tuple[str, ...] = Field(default=(), description="The files the turn's checks read, "
                                  "stored with it")
    last: bool = Field(default=False, description="The last turn sent: its files are the "
                       "attempt's outputs/")

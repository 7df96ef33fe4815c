"""An author's grader program, as a case holds it: a program of the skill's evals/ folder that
runs after each trial against the working directory, in its own network-less container, and
whose exit code or JSON output decides (runner.scoring.grader_program reads it)."""

from __future__ import annotations

from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Found(StrEnum):
    """How the runner came to run the program (shown by `check`)."""

    NAMED = "named"  # the set (or the case) names it: grader_program
    POINTED = "pointed"  # the set's own text points at it (an assertion, notes, a field)
    CONVENTIONAL = "conventional"  # a grade.py / scorer.py / check_*.py / eval.sh in evals/


class GraderProgram(BaseModel):
    """The author's grader program of one case and the checks of it the case reads."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    path: str = Field(description="The program, a file inside the skill's evals/ folder")
    checks: tuple[str, ...] = Field(default=(), description="Named checks of its JSON output "
                                                            "the case's assertions read; each "
                                                            "must pass")
    threshold: float | None = Field(default=None, description="With a score in its output: "
                                                              "the least score that passes")
    found: Found = Field(default=Found.NAMED, description="named | pointed | conventional")

    @model_validator(mode="before")
    @classmethod
    def _path_alone(cls, value: Any) -> Any:
        # "grader_program": "evals/grade.py" is the short form of {"path": ...}
        if isinstance(value, str):
            return {"path": value}
        if isinstance(value, dict) and "path" not in value and "program" in value:
            value = {**value, "path": value["program"]}
            value.pop("program")
        return value

"""What `skill-eval check` reports (`--json`): for each case, every check with how it will be
graded, on what material and where in the author's file it came from; fixtures and where
they are staged; what is kept but not graded. A refused set reports every problem instead."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field

from runner.schema.case import Finding
from runner.schema.enums import CheckKind


class CheckReading(BaseModel):
    kind: CheckKind = Field(description="assertion, output, statement, tool_call, json, "
                                        "judge_program, grader_program or process")
    entry: str = Field(description="The check as the runner holds it")
    graded: str = Field(description="How it will be graded, in words")
    reads: str = Field(description="The material it reads")
    origin: str = Field(description="Where it came from in evals.json")
    decides: bool = Field(default=True, description="False: reported beside task success")


class FixtureReading(BaseModel):
    file: str = Field(description="The file in the skill folder (an inline fixture: its "
                                  "path in the working directory)")
    written: str = Field(description="As the case names it")
    staged_at: str = Field(description="Its path in the agent's working directory")


class CaseReading(BaseModel):
    id: str
    name: str | None = None
    checks: list[CheckReading]
    fixtures: list[FixtureReading]
    ignored: list[str] = Field(description="Kept but never graded")
    runs_first: list[str] = Field(default_factory=list, description="depends_on: the cases "
                                  "whose prompts run first in its sandbox, in order")
    setup: list[str] = Field(default_factory=list, description="The case's setup lines, run "
                             "in the working directory before the session (runner.trial.setup)")
    ties: str
    turns: int = Field(default=1, description="User turns sent in one session (a multi-turn "
                                              "case: its follow-ups, by claude's --resume)")
    references: list[str] = Field(default_factory=list, description="Files the statements "
                                  "compare the work with, shown to the grader only")
    pass_rule: str | None = Field(default=None, description="The author's pass rule, as "
                                  "applied: 'passes at 3 of 4 checks (...)'; None: every "
                                  "check must pass")


class SetsFound(BaseModel):
    runtime: str | None = Field(default=None, description="The case set `run` grades (its "
                                "file, or the folder whose files are read as one), or None")
    trigger: str | None = Field(default=None, description="The trigger set `trigger` measures "
                                "(its file, or the folder of its files), or None")


class CheckReport(BaseModel):
    ok: bool
    skill: str | None = None
    skill_sha256: str | None = None
    arms: list[str] = Field(default_factory=list)
    k: int | None = None
    trials: int | None = None
    cases: list[CaseReading] = Field(default_factory=list)
    left_out: list[str] = Field(default_factory=list, description="Cases that cannot run as "
                                "written (EV009: their input is missing), left out of a run; "
                                "`--strict` refuses the set instead")
    findings: list[Finding] = Field(default_factory=list, description="Reported, not refused")
    problems: list[Finding] = Field(default_factory=list, description="Why it was refused")
    about: dict[str, Any] = Field(default_factory=dict, description="Descriptive top-level "
                                                                    "fields (kept)")
    set_files: list[str] = Field(default_factory=list, description="Every set file read "
                                                                   "(several: read as one set)")
    unread_files: list[str] = Field(default_factory=list, description="Every other data file "
                                    "of the set's folder, each with why it was not read")
    sets: SetsFound | None = Field(default=None, description="Which sets the skill has: its "
                                   "runtime case set and its trigger set (None: refused)")

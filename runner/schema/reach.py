"""What a session reached for and could not have in the sandbox, read from its tool results
and its last message (runner.scoring.reach), and the cases no arm passed
(runner.analysis.unpassed).

A case that fails in every arm and every repetition measures nothing about the skill; when
its sessions all hit the same wall (a program the image lacks, the network, a tool that does
not exist, a question only the user can answer) the run can say so whatever the case's
wording.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, Field

from runner.schema.enums import Arm

REACH_CAP = 4  # signals a trial keeps: what it stores stays small
WHAT_CAP = 80  # characters of a signal's `what`


class ReachKind(StrEnum):
    """What a session reached for that the sandbox does not have."""

    MISSING_PROGRAM = "missing program"  # a shell said `command not found` (exit 127)
    NETWORK = "network"  # DNS, connection refused, WebFetch / WebSearch failing or denied
    MISSING_TOOL = "missing tool"  # an MCP tool or another tool the session does not have
    ASKED_USER = "asked the user"  # the last message asks the user a question and stops


class Reach(BaseModel):
    """One thing a session reached for and could not have."""

    kind: ReachKind
    what: str = Field(default="", max_length=WHAT_CAP, description="The program, host or "
                      "tool (empty for a question to the user)")


class ReachCount(BaseModel):
    """A reach signal common to a case's trials: in how many of them it was seen."""

    kind: ReachKind
    what: str = ""
    trials: int = Field(description="Scored trials of the case (every arm) that showed it")


class UnpassedCase(BaseModel):
    """A case whose every scored trial, in every arm, failed: it measures nothing about the
    skill."""

    case: str
    trials: int = Field(description="Its scored trials, every arm together")
    arms: list[Arm] = Field(default_factory=list, description="The arms that ran it")
    reached: list[ReachCount] = Field(default_factory=list, description="What at least half "
                                      "of its sessions reached for and could not have, most "
                                      "common first (empty: no common cause in the "
                                      "transcripts)")

"""Closed sets shared by every module."""

from __future__ import annotations

from enum import StrEnum


class Arm(StrEnum):
    """Which skill is staged for a trial; the arms differ in nothing else."""

    BASELINE = "baseline"
    CANDIDATE = "candidate"
    INCUMBENT = "incumbent"


class Outcome(StrEnum):
    """The candidate's result in one comparison row."""

    WIN = "win"
    LOSS = "loss"
    TIE = "tie"
    HOLE = "hole"


class Verdict(StrEnum):
    PASS = "PASS"
    NEUTRAL = "NEUTRAL"
    FAIL = "FAIL"


class TrialStatus(StrEnum):
    """How a trial ended, as the runner saw it (not as the agent claimed)."""

    COMPLETED = "completed"  # claude ran to a result event: graded
    AGENT_ERROR = "agent_error"  # claude ended in error (max turns, budget, API error): graded
    TIMED_OUT = "timed_out"  # killed at the wall-clock limit: a hole
    CRASHED = "crashed"  # claude ended without a result event: a hole
    API_ERROR = "api_error"  # the model endpoint kept failing (429/5xx): a hole
    INFRA_ERROR = "infra_error"  # container/gateway/store failed: a hole
    STOPPED = "stopped"  # the run was stopped (budget, `skill-eval stop`): a hole

    @property
    def is_hole(self) -> bool:
        return self not in (TrialStatus.COMPLETED, TrialStatus.AGENT_ERROR)

    @property
    def retryable(self) -> bool:
        """Failed on the machinery or the model endpoint: another try may succeed."""
        return self in (TrialStatus.INFRA_ERROR, TrialStatus.API_ERROR)


class RunStatus(StrEnum):
    """How a run ended, stored in its report."""

    COMPLETED = "completed"  # every trial ran and none is a hole
    PARTIAL = "partial"  # some trials are holes (left out of every number)
    STOPPED = "stopped"  # budget, `skill-eval stop` or Ctrl-C ended it early
    REFUSED = "refused"  # a leaked skill voids the measurement

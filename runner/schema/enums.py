"""Closed sets shared by every module."""

from __future__ import annotations

from enum import StrEnum


class Arm(StrEnum):
    """Which skill is staged for a trial; the arms differ in nothing else."""

    BASELINE = "baseline"
    CANDIDATE = "candidate"
    INCUMBENT = "incumbent"


class BaselineMode(StrEnum):
    """Several skills at once (docs/running.md#several-skills-at-once): what the without-arm
    leaves out."""

    JOINT = "joint"  # one without-arm for all: the delta is the set's joint contribution
    PER_SKILL = "per-skill"  # one without-arm per skill (all the others staged): N+1 arms


class TrialKind(StrEnum):
    """What a trial measures."""

    TASK = "task"  # a paired trial: the case in one arm, graded
    TRIGGER = "trigger"  # one run of a trigger query: read-only tools, nothing graded


class TrialPhase(StrEnum):
    """The phases of one trial, in the order they run (each timed per trial)."""

    STAGE = "stage"  # scratch, workspace, fixtures and the arm's skill staged
    GATEWAY = "gateway"  # the trial's model gateway up on its socket
    CONTAINER = "container"  # the sandbox started and waiting at its start gate
    QUEUED = "queued"  # waiting for a session slot on the node (prefetched trials)
    SESSION = "session"  # claude running
    COLLECT = "collect"  # outputs copied out, the sandbox removed
    GRADE = "grade"  # judge program, checks, statement grader


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
    NO_EVIDENCE = "NO EVIDENCE"  # no scored row: nothing was measured (never NEUTRAL)


class TrialStatus(StrEnum):
    """How a trial ended, as the runner saw it (not as the agent claimed)."""

    COMPLETED = "completed"  # claude ran to a result event: graded
    AGENT_ERROR = "agent_error"  # claude ended in error (max turns, budget): graded
    # The arm's own doing while the endpoint answered: a failed trial of its arm, never a
    # hole (else a skill that hangs or crashes the agent whenever it would lose hides losses).
    TIMED_OUT = "timed_out"  # killed at the wall-clock limit
    CRASHED = "crashed"  # ended without a result event (killed on a limit, stdout flooded...)
    # Outside the arm's control: holes, left out of every number and counted by cause.
    API_ERROR = "api_error"  # the model endpoint kept failing (429/5xx) or never answered
    INFRA_ERROR = "infra_error"  # container/gateway/store failed
    STOPPED = "stopped"  # the run was stopped (budget, `skill-eval stop`, Ctrl-C)

    @property
    def is_hole(self) -> bool:
        return self in (TrialStatus.API_ERROR, TrialStatus.INFRA_ERROR, TrialStatus.STOPPED)

    @property
    def finished_normally(self) -> bool:
        return self in (TrialStatus.COMPLETED, TrialStatus.AGENT_ERROR)

    @property
    def retryable(self) -> bool:
        """Failed on the machinery or the model endpoint: another try may succeed."""
        return self in (TrialStatus.INFRA_ERROR, TrialStatus.API_ERROR)


class GradingMode(StrEnum):
    """How the statement grader's or the pairwise judge's calls were made."""

    INTERACTIVE = "interactive"  # one Messages call at a time, full price
    BATCH = "batch"  # through the Message Batches API (--batch-grading), at the batch rate


class RunStatus(StrEnum):
    """How a run ended, stored in its report."""

    COMPLETED = "completed"  # every trial ran and none is a hole
    PARTIAL = "partial"  # some trials are holes (left out of every number)
    STOPPED = "stopped"  # budget, `skill-eval stop` or Ctrl-C ended it early
    REFUSED = "refused"  # a leaked skill voids the measurement


class ReceiptKind(StrEnum):
    """What a receipt records: a paired run (arms, verdicts) or a trigger run (fire rates)."""

    PAIRED = "paired"
    TRIGGER = "trigger"


class CredentialKind(StrEnum):
    """What the gateways authenticated to the upstream with (never the value itself)."""

    API_KEY = "api_key"            # ANTHROPIC_API_KEY: billed per token
    OAUTH_TOKEN = "oauth_token"    # CLAUDE_CODE_OAUTH_TOKEN: a subscription's usage window

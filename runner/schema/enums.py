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


class TurnKind(StrEnum):
    """One turn of a transcript as the viewer shows it."""

    TEXT = "text"
    TOOL_USE = "tool_use"
    TOOL_RESULT = "tool_result"
    SKILL_LOAD = "skill_load"  # a Skill tool call: the session loaded a skill
    USER_TURN = "user_turn"  # a multi-turn case's follow-up starts (claude resumed)


class TriggerMode(StrEnum):
    """How a trigger eval observes activation."""

    SESSION = "session"  # real sessions in containers: the skill each one loads first
    CATALOG = "catalog"  # one model call per query reading the skills' catalog


class CostLine(StrEnum):
    """What one line of an estimate prices: an arm's sessions, or the grader's or judge's
    calls."""

    BASELINE = "baseline"
    CANDIDATE = "candidate"
    INCUMBENT = "incumbent"
    GRADER = "grader"
    JUDGE = "judge"


class Command(StrEnum):
    """The command a notification reports on."""

    RUN = "run"
    TRIGGER = "trigger"
    BATCH = "batch"


# Closed sets of the report's and the judge's fields: each docstring names the field and the
# module that writes it.


class JudgeOrder(StrEnum):
    """JudgeCall.order (written by runner.judging.judge): the order the judge saw the pair."""

    CANDIDATE_FIRST = "candidate-first"
    OPPONENT_FIRST = "opponent-first"


class Preference(StrEnum):
    """JudgeCall.preferred (written by runner.judging.judge)."""

    CANDIDATE = "candidate"
    OPPONENT = "opponent"
    TIE = "tie"


class Always(StrEnum):
    """CheckSignal.always (written by runner.analysis.cases): how a check that measures
    nothing always came out."""

    PASS = "pass"
    FAIL = "fail"


class Split(StrEnum):
    """QueryLine.split (written by runner.analysis.triggers from runner.triggers.queries)."""

    TRAIN = "train"
    VALIDATION = "validation"


class Regressed(StrEnum):
    """CaseChange.what (written by runner.analysis.compare): what of a case got worse."""

    TASK = "task"
    PROCESS = "process"


class CheckKind(StrEnum):
    """CheckReading.kind (written by runner.authoring.describe)."""

    ASSERTION = "assertion"
    OUTPUT = "output"
    STATEMENT = "statement"
    TOOL_CALL = "tool_call"
    JSON = "json"
    JUDGE_PROGRAM = "judge_program"
    GRADER_PROGRAM = "grader_program"  # written by runner.authoring.programs
    PROCESS = "process"


class BatchState(StrEnum):
    """BatchEvalState.state (written by runner.driver.batch): where one eval of a batch
    stands; once it has a report, the report's RunStatus."""

    WAITING = "waiting"
    RUNNING = "running"
    FINISHED = "finished"  # a trigger eval, listed once it ran
    COMPLETED = "completed"
    PARTIAL = "partial"
    STOPPED = "stopped"
    REFUSED = "refused"


class Backend(StrEnum):
    """SandboxConfig.backend (runner.schema.options): where sessions run."""

    DOCKER = "docker"
    LOCAL = "local"  # no isolation
    FAKE = "fake"  # tests


class Executor(StrEnum):
    """PassSettings.executor (runner.schema.options): what runs the trials."""

    RAY = "ray"
    INPROCESS = "inprocess"  # threads in the driver's process (tests, debugging)


class CriterionKind(StrEnum):
    """CheckChange.kind (written by runner.planning.regrade): which of a case's criteria, by
    the Case field that holds it."""

    ASSERTIONS = "assertions"
    STATEMENTS = "statements"
    TOOL_CALLS = "tool_calls"
    OUTPUTS = "outputs"
    JSON_CHECKS = "json_checks"
    PROCESS = "process"
    RUBRIC = "rubric"
    EXPECTED_OUTPUT = "expected_output"


class CriterionChange(StrEnum):
    """CheckChange.change (written by runner.planning.regrade)."""

    ADDED = "added"
    REMOVED = "removed"
    EDITED = "edited"

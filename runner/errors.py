"""Every error skill-eval raises on purpose.

    SkillEvalError                  base; carries the process exit code
    ├── RefusedInput (exit 2)       bad skill folder, case set, script or flags: nothing ran
    │   ├── CaseSetError            evals/evals.json is malformed (names file, case, problem)
    │   ├── SkillLeak               a skill reached an arm that must not have it
    │   └── RunBusy                 another driver holds the run's lease
    └── InfraError (exit 3)         the machinery failed: Docker, gateway, store, Ray
        ├── SandboxError            container could not start / be collected
        ├── StoreError              the store could not read or write (disk full, S3 down)
        ├── RayError                the Ray cluster cannot be reached or refused us
        ├── ModelCallError          the runner's own model call (grader, judge) kept failing
        └── ModelStopped            the run was stopped: the runner makes no more model calls

Anything else escaping to the command line is a bug in skill-eval itself: exit 4, one line on
stderr, the traceback in a file it names (or on stderr with `--debug`).

Infrastructure errors inside a trial never crash the run: the trial records them and the arm
becomes a hole. Agent failures (the agent ran and did the job badly) are not errors at all:
they are graded like any other session.
"""

from __future__ import annotations

EXIT_GATE = 1
EXIT_INCONCLUSIVE = 5  # --gate: the run cannot decide (not firm, no evidence): docs/exit-codes.md
EXIT_INTERNAL = 4
EXIT_INTERRUPTED = 130


class SkillEvalError(Exception):
    exit_code = 1


class RefusedInput(SkillEvalError):
    exit_code = 2


class CaseSetError(RefusedInput):
    def __init__(self, path: str, problem: str, case_id: str | None = None) -> None:
        self.path = path
        self.case_id = case_id
        self.problem = problem
        where = f"{path}: case {case_id!r}" if case_id is not None else path
        super().__init__(f"{where}: {problem}")


class SkillLeak(RefusedInput):
    pass


class RunBusy(RefusedInput):
    pass


class InfraError(SkillEvalError):
    exit_code = 3


class SandboxError(InfraError):
    pass


class StoreError(InfraError):
    pass


class RayError(InfraError):
    pass


class ModelCallError(InfraError):
    """The model endpoint failed a grader or judge call after every retry, or answered it in
    a shape that cannot be read: a hole by cause, never a verdict."""

    def __init__(self, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.status = status  # the endpoint's last HTTP status (None: never reached)


class ModelStopped(InfraError):
    """The run was stopped (budget cap, `skill-eval stop`, Ctrl-C): no more model calls."""

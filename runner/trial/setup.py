"""A case's setup: the shell lines the authors' harness runs in the working directory before
the agent starts (`git init` and a seed commit, `python gen_fixture.py`), run here between the
staging of the fixtures and the session, each in the sandbox's own network-less container with
the working directory writable (on the host only under --trust-target, as the skill's other
programs: runner.sandbox.programs). What they build is the case's starting point, never the
agent's work. A line that fails stops the trial as an error: the case never started as its
authors meant, so no arm is graded on it."""

from __future__ import annotations

from pathlib import Path

from runner import config
from runner.errors import SandboxError
from runner.sandbox.base import ProgramSpec, Sandbox
from runner.sandbox.programs import run_case_program
from runner.schema.trial import TrialSpec

_IDENTITY = ("export GIT_AUTHOR_NAME=\"${GIT_AUTHOR_NAME:-skill-eval}\" "
             "GIT_AUTHOR_EMAIL=\"${GIT_AUTHOR_EMAIL:-setup@skill-eval.invalid}\" "
             "GIT_COMMITTER_NAME=\"${GIT_COMMITTER_NAME:-skill-eval}\" "
             "GIT_COMMITTER_EMAIL=\"${GIT_COMMITTER_EMAIL:-setup@skill-eval.invalid}\"")


def run_setup(spec: TrialSpec, sandbox: Sandbox, workdir: Path) -> None:
    """Each setup line of the case, in order, in the working directory."""
    for line in spec.case.setup_run:
        # a seed commit needs an identity the sandbox has no config for; the line's own wins
        shell = f"{_IDENTITY}\n{line}"
        ran = run_case_program(sandbox, ProgramSpec(
            trial_id=spec.trial_id, run_id=spec.run_id, workdir=workdir,
            program=workdir / "setup", timeout_s=min(spec.limits.timeout_s,
                                                     config.JUDGE_PROGRAM_TIMEOUT_S),
            limits=spec.sandbox.limits, shell=shell, writable=True),
            spec.sandbox.trust_programs)
        if ran.exit_code != 0:
            why = "timed out" if ran.timed_out else f"exited {ran.exit_code}"
            raise SandboxError(f"the case's setup `{line}` {why} before the session: "
                               f"{(ran.stderr or ran.stdout).strip()[-400:]}")

"""Where the skill's own programs run: a case's judge program and an author's grader program
are the skill's code, so they run in their own network-less container (a backend whose
`contains_programs` is true), and on the host only when the user vouches for the skill with
`--trust-target`. The driver refuses such a run before anything starts (`refuse_untrusted`);
`run_case_program` holds the same line inside the trial, should a trial ever get there.
"""

from __future__ import annotations

from collections.abc import Iterable

from runner.authoring.programs import programs_of
from runner.errors import RefusedInput, SandboxError
from runner.sandbox.base import ProgramSpec, Sandbox, run_host_program
from runner.schema.case import Case
from runner.schema.trial import ProgramRun

CONTAINING_BACKENDS = frozenset({"docker"})


def why_untrusted(backend: str, programs: list[str]) -> str:
    shown = ", ".join(programs[:4]) + (f" (and {len(programs) - 4} more)"
                                       if len(programs) > 4 else "")
    return (f"--sandbox {backend} cannot hold the case set's programs ({shown}) in a container: "
            "they are the skill's own code and would run on this host with your permissions "
            "and its network; run in a container sandbox (the default, --sandbox docker), or "
            "pass --trust-target if the skill is yours or has been read")


def refuse_untrusted(cases: Iterable[Case], backend: str, trust_target: bool) -> None:
    """Before anything runs: a case set with programs, under a backend that cannot contain
    them and without --trust-target, is refused (exit 2), nothing run."""
    if backend in CONTAINING_BACKENDS or trust_target:
        return
    programs = programs_of(cases, shell=True)
    if programs:
        raise RefusedInput(why_untrusted(backend, programs))


def run_case_program(sandbox: Sandbox, spec: ProgramSpec, trusted: bool) -> ProgramRun:
    """The program in the sandbox's own container; on the host only when trusted."""
    if sandbox.contains_programs:
        return sandbox.run_program(spec)
    if not trusted:
        raise SandboxError(why_untrusted(sandbox.name, [spec.program.name]))
    return run_host_program(spec)

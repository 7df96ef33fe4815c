"""The sandbox interface: the whole lifecycle of the place a claude session runs.

    preflight()            before planning: is the backend usable (image, runtime)? Returns
                           what identifies it (the image's content id goes into every id)
    create/prepare/release_workdir   the session's working directory on the host
    run(spec)              one session to completion or timeout, leaving nothing running
    run_program(spec)      a case's judge program after the session, in its working directory
                           (read-only), under the same limits and isolation
    reap_trial(trial_id)   what an earlier attempt of this trial left (its worker died)
    reap_run(run_id)       everything of a run on this node (Ctrl-C, a crashed driver)

Backends register by name in runner.sandbox.registry; nothing outside `sandbox/` knows which
one is running. A backend receives a `SessionSpec` whose host-side directories are already
staged (workdir with fixtures, optional plugin dir with the skill, the gateway's socket dir)
and returns a `SessionRun`: the raw stream-json transcript and how the process ended. It never
grades and never interprets the transcript. Backends: `docker` (the real one), `local` (claude
as a plain process in a temp dir: the "bare" reference for benchmarks, no isolation at all),
`fake` (runs nothing: unit tests).
"""

from __future__ import annotations

import contextlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from contextlib import AbstractContextManager
from pathlib import Path, PurePosixPath

from pydantic import BaseModel, Field

from runner import config
from runner.schema.image import INTERPRETER_BY_SUFFIX
from runner.schema.options import Limits
from runner.schema.programs import REPLY_ARG
from runner.schema.trial import ProgramRun


class SessionSpec(BaseModel):
    """Everything a backend needs to run one session; paths are on the host."""

    trial_id: str
    run_id: str
    workdir: Path = Field(description="Staged working directory, becomes the agent's cwd")
    socket_dir: Path = Field(description="Directory holding the gateway's Unix socket")
    plugin_dir: Path | None = Field(default=None, description="Staged plugin root, or none")
    prompt: str = Field(description="The case prompt, passed after `--`")
    claude_args: list[str] = Field(description="Arguments after `claude`; plugin added by backend")
    env: dict[str, str] = Field(default_factory=dict, description="Session environment")
    state_dir: Path | None = Field(default=None, description="claude's own state "
                                   "(CLAUDE_CONFIG_DIR), kept across the turns of one "
                                   "conversation so a follow-up can --resume it; none: the "
                                   "session's home is thrown away with it")
    timeout_s: float = Field(gt=0, description="Wall-clock limit; the session is killed past it")
    limits: Limits = Field(default_factory=Limits)
    extend_s: Callable[[], float] | None = Field(
        default=None, exclude=True, description="Seconds to add to the limit, read as the "
                                                "session runs (time held by the rate governor)")
    slot: Callable[[], AbstractContextManager[object]] | None = Field(
        default=None, exclude=True, description="Held while claude runs: a backend prepares "
                                                "what it can first (container started, relay "
                                                "up), enters the slot, and only then starts "
                                                "claude; the timeout counts from there")

    def session_slot(self) -> AbstractContextManager[object]:
        return self.slot() if self.slot is not None else contextlib.nullcontext()

    def deadline(self, started: float) -> float:
        return started + self.timeout_s + (self.extend_s() if self.extend_s else 0.0)


class SessionRun(BaseModel):
    """How one session ended, as the backend observed it."""

    transcript: bytes = Field(description="claude's stdout: stream-json lines")
    stderr_tail: str = Field(default="", description="Last few KB of stderr, for diagnosis")
    exit_code: int | None = Field(default=None, description="None when killed at the timeout")
    timed_out: bool = False
    killed_outside: bool = Field(default=False, description="Killed mid-session by something "
                                 "outside the sandbox (an operator's `docker kill`, the "
                                 "engine), not by the session itself nor at the timeout")
    wall_s: float = Field(description="Wall time from start to exit, seconds")
    container_s: float = Field(default=0.0, description="Starting the sandbox until it waited "
                                                        "at its start gate, seconds")
    queued_s: float = Field(default=0.0, description="Waiting for a session slot, seconds")


class ProgramSpec(BaseModel):
    """A judge program to run after a session, over what the session left."""

    trial_id: str
    run_id: str
    workdir: Path = Field(description="The session's working directory (read-only to it)")
    program: Path = Field(description="The program on the host; its folder is mounted too")
    timeout_s: float = Field(gt=0)
    limits: Limits = Field(default_factory=Limits)
    case_file: Path | None = Field(default=None, description="The case as JSON, given to an "
                                                             "author's grader program (its "
                                                             "folder is mounted read-only)")
    pass_work: bool = Field(default=False, description="The working directory is the "
                                                       "program's first argument")
    interpreter: tuple[str, ...] = Field(default=(), description="A grader command's "
                                         "interpreter and its options (`bash`, `python3 -u`)")
    args: tuple[str, ...] = Field(default=(), description="A grader command's arguments")
    as_command: bool = Field(default=False, description="A grader given as a command line: "
                                                        "run as written, the work as its cwd")
    shell: str | None = Field(default=None, description="A grader command naming no program "
                              "file: run by `sh -c` (`program` is then not mounted)")
    reply_file: str | None = Field(default=None, description="The file beside `case_file` "
                                   "holding the session's final reply, given to an author's "
                                   "grader program at $SKILL_EVAL_REPLY (and in its command "
                                   "where its usage takes the reply)")
    writable: bool = Field(default=False, description="The working directory mounted "
                           "read-write: a case's setup building it before the session "
                           "(runner.trial.setup), never a grader")

    def command(self, program: str, work: str | None = None,
                reply: str | None = None) -> list[str]:
        """How to start it, by suffix: python3 for .py, sh for .sh (bash for .bash), node for
        .js, else run it directly; the working directory after it when `pass_work`. A grader
        command runs as the author wrote it (its interpreter, the program, its arguments), an
        argument `$SKILL_EVAL_REPLY` being the reply file's path as the program sees it
        (`reply`; a shell line expands it itself)."""
        if self.shell is not None:
            # the image has python3 only; authors write `python -c ...`
            # the reply's marker is expanded by the shell, so never left inside quotes
            line = self.shell.replace(f"'{REPLY_ARG}'", f'"{REPLY_ARG}"')
            return ["sh", "-c", f'python() {{ python3 "$@"; }}\n{line}']
        suffix = self.program.suffix.lower()
        interpreter = INTERPRETER_BY_SUFFIX.get(suffix)
        head = [interpreter, program] if interpreter else [program]
        if self.as_command:
            start = [*self.interpreter, program] if self.interpreter else head
            return [*start, *(reply if a == REPLY_ARG and reply is not None else a
                              for a in self.args)]
        return [*head, work] if self.pass_work and work is not None else head

    def environment(self, work: str, case_file: str | None) -> dict[str, str]:
        """What a grader program reads to find its input, as the program sees the paths."""
        # the names authors' harnesses give the same folder (`${EVAL_OUTPUT_DIR}/report.md`):
        # a program written for one finds the work there too
        env = {"SKILL_EVAL_WORK": work, **{name: work for name in WORK_ALIASES}}
        if case_file is not None:
            env["SKILL_EVAL_CASE"] = case_file
            if self.reply_file is not None:  # written beside the case, in the same folder
                env["SKILL_EVAL_REPLY"] = str(PurePosixPath(case_file).parent / self.reply_file)
        return env


# Environment variables harnesses point a grader at the agent's output with.
WORK_ALIASES = ("EVAL_OUTPUT_DIR", "EVAL_WORK_DIR", "EVAL_WORKSPACE", "OUTPUT_DIR", "WORK_DIR",
                "WORKSPACE_DIR")


class SandboxInfo(BaseModel):
    """What preflight learned about a backend."""

    backend: str
    image_id: str | None = Field(default=None, description="Content id of the image, if any")
    claude_sdk: str | None = Field(default=None, description="claude build the image carries")


class Reaped(BaseModel):
    """What a reap removed on one node."""

    containers: int = 0
    mounts: int = 0
    scratch_dirs: int = 0
    failed: int = Field(default=0, description="Sessions that could not be removed")
    kept: int = Field(default=0, description="Running sessions left alone")
    bundles: int = Field(default=0, description="Cached skill and fixture bundles removed")

    def plus(self, other: Reaped) -> Reaped:
        return Reaped.model_validate({name: getattr(self, name) + getattr(other, name)
                                      for name in Reaped.model_fields})


class Sandbox(ABC):
    name: str
    # Whether run_program holds a program in its own isolation (a network-less container);
    # a backend that cannot runs the skill's programs on the host, only under --trust-target
    # (runner.sandbox.programs).
    contains_programs: bool = False
    # Starting a session's place costs real CPU (a container: ~0.6 CPU-s in dockerd, containerd
    # and runc): a prefetched trial then waits for the node's last session start-up to pass.
    heavy_start: bool = False

    def preflight(self) -> SandboxInfo:
        """Refuse (SandboxError) when the backend cannot run sessions here."""
        return SandboxInfo(backend=self.name)

    @abstractmethod
    def run(self, spec: SessionSpec) -> SessionRun:
        """Run the session to completion or timeout; always leaves nothing running behind.
        claude runs inside `spec.session_slot()`; everything before and after it should not."""

    def run_program(self, spec: ProgramSpec) -> ProgramRun:
        """Run a judge or grader program over a session's working directory, leaving nothing
        running. Call it through runner.sandbox.programs.run_case_program, which refuses the
        host unless trusted."""
        return run_host_program(spec)

    def create_workdir(self, workdir: Path, limits: Limits) -> None:
        """Create the (empty) working directory, size-capped where the backend can."""
        workdir.mkdir()

    def prepare_workdir(self, workdir: Path) -> None:  # noqa: B027 - optional hook
        """Make a freshly staged workdir usable by the session's user."""

    def release_workdir(self, workdir: Path) -> None:  # noqa: B027 - optional hook
        """Undo create_workdir once outputs are collected (before the directory is removed)."""

    def reap_trial(self, trial_id: str) -> int:
        """Remove what an earlier attempt of this trial left running; returns how many."""
        return 0

    def reap_run(self, run_id: str | None, include_running: bool = True,
                 trial_ids: set[str] | None = None, root: Path | None = None) -> Reaped:
        """Remove what a run (None: every run) left on this node: sessions, then workspace
        mounts and scratch directories of its trials (`trial_ids`: only those) under `root`
        (default: the configured scratch root)."""
        from runner.sandbox.reap import reap_scratch

        return reap_scratch(set(), trial_ids, root, run_id,
                            0.0 if include_running else config.GC_GRACE_S)


def argv(spec: SessionSpec, plugin_dir: str | None) -> list[str]:
    """claude's arguments: options, the plugin if any, then `--` so a prompt starting with
    a dash is never read as an option."""
    plugin = ["--plugin-dir", plugin_dir] if plugin_dir else []
    return [*spec.claude_args, *plugin, "--", spec.prompt]


def tail(data: bytes, limit: int = 4096) -> str:
    return data[-limit:].decode("utf-8", "replace")


def run_host_program(spec: ProgramSpec) -> ProgramRun:
    """A judge program as a plain host process (backends without isolation: local, fake)."""
    import os
    import signal
    import subprocess
    import time

    started = time.monotonic()
    case_file = str(spec.case_file) if spec.case_file else None
    given = spec.environment(str(spec.workdir), case_file)
    env = {**os.environ, **given}
    proc = subprocess.Popen(spec.command(str(spec.program), str(spec.workdir),
                                         given.get("SKILL_EVAL_REPLY")),
                            cwd=spec.workdir, env=env,
                            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=spec.timeout_s)
        code: int | None = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        code = None
    return ProgramRun(exit_code=code, stdout=tail(out), stderr=tail(err),
                      timed_out=code is None, wall_s=time.monotonic() - started)

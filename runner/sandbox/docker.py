"""The Docker sandbox: one hardened, network-less, throwaway container per session."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import time
import uuid
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import docker
from docker.errors import APIError, DockerException, ImageNotFound, NotFound
from docker.types import LogConfig, Mount, Ulimit
from requests.exceptions import ConnectionError as RequestsConnectionError
from requests.exceptions import ReadTimeout

from runner import config
from runner.errors import SandboxError
from runner.sandbox.base import (
    ProgramSpec,
    Reaped,
    Sandbox,
    SandboxInfo,
    SessionRun,
    SessionSpec,
    argv,
    tail,
)
from runner.sandbox.reap import reap_scratch
from runner.schema.options import Limits
from runner.schema.trial import ProgramRun
from runner.sockets import unix_address

DEFAULT_IMAGE = config.IMAGE
AGENT_UID = 1000
LABEL_RUN = "skill-eval.run"
LABEL_TRIAL = "skill-eval.trial"
LABEL_SDK = "skill-eval.claude-sdk"
CONTAINER_WORKDIR = "/work"
CONTAINER_STATE_DIR = "/run/claude-state"
CONTAINER_SOCKET_DIR = "/run/gw"
CONTAINER_PLUGIN_ROOT = "/opt/skill"
CONTAINER_JUDGE_DIR = "/judge"
CONTAINER_INPUT_DIR = "/skill-eval-input"
LABEL_GATE = "skill-eval.start-gate"
GATE_NAME = "start.sock"  # the start gate, beside the gateway's socket
GATE_REACH_S = 120.0  # a container start this slow means a sick engine
GATE_POLL_S = 0.1  # how often a container that never reaches the gate is looked at


class DockerSandbox(Sandbox):
    name = "docker"
    heavy_start = True
    contains_programs = True

    def __init__(self, image: str = DEFAULT_IMAGE, runtime: str | None = None) -> None:
        self.image = image
        self.runtime = runtime
        self._client: Any = None

    @property
    def client(self) -> Any:
        if self._client is None:
            try:
                self._client = docker.from_env(timeout=120)
            except DockerException as exc:
                raise SandboxError(f"cannot reach the Docker engine: {exc}") from exc
        return self._client

    def preflight(self) -> SandboxInfo:
        """The image must exist and carry the claude build this runner expects; the runtime
        must be registered. Returns the image's content id (part of every run and trial id)."""
        try:
            image = self.client.images.get(self.image)
            runtimes = self.client.info().get("Runtimes") or {}
        except ImageNotFound as exc:
            raise SandboxError(
                f"sandbox image {self.image!r} not found: build it with `make image`") from exc
        except DockerException as exc:
            raise SandboxError(f"cannot reach the Docker engine: {exc}") from exc
        sdk = (image.labels or {}).get(LABEL_SDK)
        if sdk != config.CLAUDE_SDK_VERSION:
            raise SandboxError(
                f"sandbox image {self.image!r} carries claude-agent-sdk {sdk or '(unlabelled)'}"
                f", this runner expects {config.CLAUDE_SDK_VERSION}: rebuild it with "
                "`make image`")
        if not (image.labels or {}).get(LABEL_GATE):
            raise SandboxError(f"sandbox image {self.image!r} predates the start gate this "
                               "runner uses: rebuild it with `make image`")
        if self.runtime and self.runtime not in runtimes:
            raise SandboxError(
                f"Docker runtime {self.runtime!r} is not registered (have "
                f"{', '.join(sorted(runtimes)) or 'none'}): `make gvisor` registers runsc")
        return SandboxInfo(backend=self.name, image_id=str(image.id), claude_sdk=sdk)

    def create_workdir(self, workdir: Path, limits: Limits) -> None:
        """A size-capped tmpfs on the host, bind-mounted as the session's /work: the kernel
        enforces the cap while the session writes (as root; elsewhere a plain directory)."""
        workdir.mkdir()
        if os.geteuid() != 0:
            return
        options = (f"size={limits.workspace_size},mode=0755,uid={AGENT_UID},gid={AGENT_UID},"
                   "nosuid,nodev")
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "skill-eval-work",
                               str(workdir)], capture_output=True, text=True)
        if done.returncode != 0:
            raise SandboxError(f"cannot mount the workspace tmpfs: {done.stderr.strip()}")

    def release_workdir(self, workdir: Path) -> None:
        if os.path.ismount(workdir):
            subprocess.run(["umount", "-l", str(workdir)], capture_output=True)

    def prepare_workdir(self, workdir: Path) -> None:
        for root, dirs, files in os.walk(workdir):
            for name in dirs + files:
                os.lchown(os.path.join(root, name), AGENT_UID, AGENT_UID)
        os.chown(workdir, AGENT_UID, AGENT_UID)

    def _create_kwargs(self, spec: SessionSpec) -> dict[str, Any]:
        inside: str | None = None
        mounts = [
            Mount(CONTAINER_WORKDIR, str(spec.workdir), type="bind"),
            Mount(CONTAINER_SOCKET_DIR, str(spec.socket_dir), type="bind", read_only=True),
        ]
        if spec.plugin_dir is not None:
            inside = f"{CONTAINER_PLUGIN_ROOT}/{spec.plugin_dir.name}"
            mounts.append(Mount(inside, str(spec.plugin_dir), type="bind", read_only=True))
        env = {**spec.env, "SKILL_EVAL_GATE": f"{CONTAINER_SOCKET_DIR}/{GATE_NAME}"}
        if spec.state_dir is not None:  # outside /work: claude's state is not the agent's work
            mounts.append(Mount(CONTAINER_STATE_DIR, str(spec.state_dir), type="bind"))
            env["CLAUDE_CONFIG_DIR"] = CONTAINER_STATE_DIR
        return self._hardened(argv(spec, inside), mounts, spec.limits, spec.run_id,
                              spec.trial_id, env)

    def _hardened(self, command: list[str], mounts: list[Mount], limits: Limits, run_id: str,
                  trial_id: str, env: dict[str, str]) -> dict[str, Any]:
        """One container's settings: no network, no capabilities, read-only root, limits."""
        tmpfs_opts = f"rw,nosuid,nodev,size={limits.tmpfs_size}"
        kwargs: dict[str, Any] = dict(
            image=self.image,
            command=command,
            name=f"skill-eval-{trial_id[:16]}-{uuid.uuid4().hex[:6]}",
            user=f"{AGENT_UID}:{AGENT_UID}",
            network_mode="none",
            cap_drop=["ALL"],
            security_opt=["no-new-privileges"],
            read_only=True,
            tmpfs={"/tmp": tmpfs_opts,
                   "/home/agent": f"{tmpfs_opts},uid={AGENT_UID},gid={AGENT_UID},mode=0700"},
            mounts=mounts,
            working_dir=CONTAINER_WORKDIR,
            environment=env,
            mem_limit=limits.memory,
            memswap_limit=limits.memory,
            nano_cpus=int(limits.cpus * 1e9),
            pids_limit=limits.pids,
            ulimits=[Ulimit(name="nofile", soft=limits.nofile, hard=limits.nofile)],
            init=True,
            tty=False,
            stdin_open=False,
            detach=True,
            log_config=LogConfig(type="json-file",
                                 config={"max-size": limits.log_max_size, "max-file": "1"}),
            labels={LABEL_RUN: run_id, LABEL_TRIAL: trial_id},
        )
        if self.runtime:
            kwargs["runtime"] = self.runtime
        return kwargs

    def _program_kwargs(self, spec: ProgramSpec) -> dict[str, Any]:
        """A program's container: the session's working directory mounted read-only, the
        program's folder read-only, the case (for a grader program) read-only, no network,
        the session's limits, labelled with the run and trial (reapers and gc find it)."""
        mounts = [Mount(CONTAINER_WORKDIR, str(spec.workdir), type="bind",
                        read_only=not spec.writable)]  # writable: a setup builds it
        if spec.shell is None:  # a shell line has no program file to mount
            mounts.append(Mount(CONTAINER_JUDGE_DIR, str(spec.program.parent), type="bind",
                                read_only=True))
        case_file = None
        if spec.case_file is not None:
            mounts.append(Mount(CONTAINER_INPUT_DIR, str(spec.case_file.parent), type="bind",
                                read_only=True))
            case_file = f"{CONTAINER_INPUT_DIR}/{spec.case_file.name}"
        env = spec.environment(CONTAINER_WORKDIR, case_file) if spec.case_file is not None \
            else {}
        command = spec.command(f"{CONTAINER_JUDGE_DIR}/{spec.program.name}", CONTAINER_WORKDIR,
                               env.get("SKILL_EVAL_REPLY"))
        kwargs = self._hardened(command[1:], mounts, spec.limits, spec.run_id, spec.trial_id,
                                env)
        kwargs["entrypoint"] = command[:1]  # not the image's claude entrypoint
        return kwargs

    def run_program(self, spec: ProgramSpec) -> ProgramRun:
        """The program in its own throwaway container (`_program_kwargs`), removed after."""
        kwargs = self._program_kwargs(spec)
        container = None
        started = time.monotonic()
        try:
            try:
                container = self._start(kwargs)
            except (APIError, DockerException) as exc:
                raise SandboxError(f"judge program container failed to start: {exc}") from exc
            exit_code = _wait(container, lambda: started + spec.timeout_s)
            if exit_code is None:
                container.kill()
            try:
                out = container.logs(stdout=True, stderr=False)
                err = container.logs(stdout=False, stderr=True)
            except (APIError, DockerException) as exc:
                raise SandboxError(f"cannot read the judge program's output: {exc}") from exc
            return ProgramRun(exit_code=exit_code, stdout=tail(out), stderr=tail(err),
                              timed_out=exit_code is None, wall_s=time.monotonic() - started)
        finally:
            if container is not None:
                _remove(container)

    def run(self, spec: SessionSpec) -> SessionRun:
        """Start the container (it waits at its start gate), then, holding the session's slot,
        open the gate and wait for claude; removal happens after the slot is given back."""
        gate = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        container = None
        try:
            (spec.socket_dir / GATE_NAME).unlink(missing_ok=True)  # an earlier session's
            with unix_address(spec.socket_dir / GATE_NAME) as address:
                gate.bind(address)
            os.chmod(spec.socket_dir / GATE_NAME, 0o666)
            gate.listen(1)
            begun = time.monotonic()
            try:
                container = self._start(self._create_kwargs(spec))
            except (APIError, DockerException) as exc:
                raise SandboxError(f"container failed to start: {exc}") from exc
            waiting = _reach_gate(container, gate)
            at_gate = time.monotonic()
            try:
                with spec.session_slot():
                    started = time.monotonic()
                    if waiting is not None:
                        opened, waiting = waiting, None
                        _open_gate(opened)
                    exit_code = _wait(container, lambda: spec.deadline(started))
                    timed_out = exit_code is None
                    if timed_out:
                        container.kill()
                    wall = time.monotonic() - started
                    killed = exit_code not in (None, 0) and self._killed(container, begun)
            finally:
                if waiting is not None:  # given up before its turn: the entrypoint exits
                    waiting.close()
            try:
                stdout = container.logs(stdout=True, stderr=False)
                stderr = container.logs(stdout=False, stderr=True)
            except (APIError, DockerException) as exc:
                raise SandboxError(f"cannot read the session's output: {exc}") from exc
            return SessionRun(transcript=stdout, stderr_tail=tail(stderr), exit_code=exit_code,
                              timed_out=timed_out, killed_outside=killed, wall_s=wall,
                              container_s=at_gate - begun, queued_s=started - at_gate)
        finally:
            gate.close()
            if container is not None:
                _remove(container)

    def _start(self, kwargs: dict[str, Any]) -> Any:
        """Create and start a container; when that is interrupted (a cancelled trial's
        KeyboardInterrupt, a worker's SystemExit) after the engine created it, the caller
        never got its handle, so it is removed here by its unique name."""
        try:
            return self.client.containers.run(**kwargs)
        except BaseException:
            with contextlib.suppress(NotFound, APIError, DockerException):
                _remove(self.client.containers.get(kwargs["name"]))
            raise

    def _killed(self, container: Any, begun: float) -> bool:
        """Whether the engine was asked to kill (or stop) this container: its event log says
        so. A session that kills its own claude exits the same way (137) but cannot reach the
        engine, so this tells the machinery's fault (retried) from the arm's (scored)."""
        since = time.time() - (time.monotonic() - begun) - 1
        try:
            events = self.client.events(since=int(since), until=int(time.time()) + 1,
                                        filters={"container": container.id, "event": "kill"},
                                        decode=True)
            return any(True for _ in events)
        except (APIError, DockerException):
            return False  # unknown: left as the session's own ending, as before

    def _remove_labelled(self, label: str) -> int:
        found = self.client.containers.list(all=True, filters={"label": label})
        for container in found:
            _remove(container)
        return len(found)

    def reap_trial(self, trial_id: str) -> int:
        return self._remove_labelled(f"{LABEL_TRIAL}={trial_id}")

    def reap_run(self, run_id: str | None, include_running: bool = True,
                 trial_ids: set[str] | None = None, root: Path | None = None) -> Reaped:
        label = f"{LABEL_RUN}={run_id}" if run_id else LABEL_RUN
        keep: set[str] = set()
        removed = 0
        try:
            found = self.client.containers.list(all=True, filters={"label": label})
            failed = 0
            for container in found:
                if not include_running and _recent(container, config.GC_GRACE_S):
                    keep.add(container.labels.get(LABEL_TRIAL, ""))  # a live run may read it
                elif include_running or container.status != "running":
                    if _remove(container):
                        removed += 1
                    else:
                        failed += 1
                else:
                    keep.add(container.labels.get(LABEL_TRIAL, ""))
        except DockerException as exc:
            raise SandboxError(f"cannot list or remove sandbox containers: {exc}") from exc
        return Reaped(containers=removed, failed=failed, kept=len(keep)).plus(
            reap_scratch(keep, trial_ids, root, run_id,
                         0.0 if include_running else config.GC_GRACE_S))


WAIT_SLICE_S = 1.0


def _reach_gate(container: Any, gate: socket.socket) -> socket.socket | None:
    """Wait until the container's entrypoint waits at the start gate (it connects to the
    gate's socket); returns that connection, or None when the container ended before reaching
    it (its logs say why claude never started)."""
    deadline = time.monotonic() + GATE_REACH_S
    gate.settimeout(GATE_POLL_S)
    while True:
        try:
            connection, _ = gate.accept()
            connection.settimeout(None)
            return connection
        except TimeoutError:
            pass
        except OSError as exc:
            raise SandboxError(f"the start gate failed: {exc}") from exc
        if time.monotonic() > deadline:
            raise SandboxError(f"the container did not reach its start gate in "
                               f"{GATE_REACH_S:.0f}s")
        try:
            container.reload()
        except (APIError, DockerException) as exc:
            raise SandboxError(f"cannot inspect the container: {exc}") from exc
        if container.status not in ("created", "running"):
            return None


def _open_gate(connection: socket.socket) -> None:
    try:
        connection.sendall(b"go\n")
    except OSError as exc:
        raise SandboxError(f"cannot open the start gate: {exc}") from exc
    finally:
        connection.close()  # closed here whether or not the go got through


def _wait(container: Any, deadline: Callable[[], float]) -> int | None:
    """The container's exit code, or None at the deadline. Waits in short slices: a trial
    cancelled by Ray gets a KeyboardInterrupt only when Python code runs, and one long wait
    would hold it (and the container) until the session's timeout."""
    while True:
        left = deadline() - time.monotonic()
        if left <= 0:
            return None
        try:
            status = container.wait(timeout=min(WAIT_SLICE_S, left))
            return int(status.get("StatusCode", -1))
        except ReadTimeout:
            continue
        except RequestsConnectionError:
            time.sleep(0.2)  # some docker-py versions report a read timeout this way too


def _recent(container: Any, grace_s: float) -> bool:
    """The container ended (or, never started, was created) less than `grace_s` ago."""
    state = (container.attrs or {}).get("State") or {}
    stamp = state.get("FinishedAt") or ""
    if not stamp or stamp.startswith("0001-"):
        stamp = (container.attrs or {}).get("Created") or ""
    try:
        # Docker writes nanoseconds; Python reads at most microseconds
        head, _, frac = stamp.rstrip("Z").partition(".")
        when = datetime.fromisoformat(f"{head}.{(frac + '000000')[:6]}+00:00")
    except ValueError:
        return False
    return (datetime.now(UTC) - when).total_seconds() < grace_s


def _remove(container: Any) -> bool:
    """Force-remove; True when it is gone."""
    try:
        container.remove(force=True)
        return True
    except NotFound:
        return True
    except (APIError, DockerException):
        # A second attempt covers "removal already in progress"; a leftover is still labelled
        # and reaped by `skill-eval gc`.
        time.sleep(0.2)
        try:
            container.remove(force=True)
            return True
        except NotFound:
            return True
        except (APIError, DockerException):
            return False

"""The sandbox interface: run one claude session in a prepared working directory.

A backend receives a `SessionSpec` whose host-side directories are already staged (workdir
with fixtures, optional plugin dir with the skill, the gateway's socket dir) and returns a
`SessionRun`: the raw stream-json transcript and how the process ended. It never grades and
never interprets the transcript. Backends: `docker` (the real one), `local` (claude as a plain
process in a temp dir: the "bare" reference for benchmarks, no isolation at all).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path

from pydantic import BaseModel, Field


class Limits(BaseModel):
    """Resource limits of one sandbox; defaults are safe for a 2-core, 24 GiB node."""

    memory: str = Field(default="2g", description="Memory limit (docker syntax)")
    cpus: float = Field(default=1.0, gt=0, description="CPU quota in cores")
    pids: int = Field(default=512, gt=0, description="Max processes/threads")
    nofile: int = Field(default=4096, gt=0, description="Open-file limit")
    tmpfs_size: str = Field(default="256m", description="Size of /tmp and $HOME tmpfs each")
    workspace_size: str = Field(default="512m",
                                description="Size cap of the working directory (tmpfs)")
    log_max_size: str = Field(default="64m", description="Container log cap (transcript)")


class SessionSpec(BaseModel):
    """Everything a backend needs to run one session; paths are on the host."""

    task_id: str
    run_id: str
    workdir: Path = Field(description="Staged working directory, becomes the agent's cwd")
    socket_dir: Path = Field(description="Directory holding the gateway's Unix socket")
    plugin_dir: Path | None = Field(default=None, description="Staged plugin root, or none")
    prompt: str = Field(description="The task prompt, passed after `--`")
    claude_args: list[str] = Field(description="Arguments after `claude`; plugin added by backend")
    env: dict[str, str] = Field(default_factory=dict, description="Session environment")
    timeout_s: float = Field(gt=0, description="Wall-clock limit; the session is killed past it")
    limits: Limits = Field(default_factory=Limits)


class SessionRun(BaseModel):
    """How one session ended, as the backend observed it."""

    transcript: bytes = Field(description="claude's stdout: stream-json lines")
    stderr_tail: str = Field(default="", description="Last few KB of stderr, for diagnosis")
    exit_code: int | None = Field(default=None, description="None when killed at the timeout")
    timed_out: bool = False
    wall_s: float = Field(description="Wall time from start to exit, seconds")


class Sandbox(ABC):
    name: str

    @abstractmethod
    def run(self, spec: SessionSpec) -> SessionRun:
        """Run the session to completion or timeout; always leaves nothing running behind."""

    def create_workdir(self, workdir: Path, limits: Limits) -> None:
        """Create the (empty) working directory, size-capped where the backend can."""
        workdir.mkdir()

    def prepare_workdir(self, workdir: Path) -> None:  # noqa: B027 - optional hook
        """Make a freshly staged workdir usable by the session's user."""

    def release_workdir(self, workdir: Path) -> None:  # noqa: B027 - optional hook
        """Undo create_workdir once outputs are collected (before the directory is removed)."""

    def reap_task(self, task_id: str) -> int:
        """Remove what an earlier attempt of this task left running; returns how many."""
        return 0


def argv(spec: SessionSpec, plugin_dir: str | None) -> list[str]:
    """claude's arguments: options, the plugin if any, then `--` so a prompt starting with
    a dash is never read as an option."""
    plugin = ["--plugin-dir", plugin_dir] if plugin_dir else []
    return [*spec.claude_args, *plugin, "--", spec.prompt]


def tail(data: bytes, limit: int = 4096) -> str:
    return data[-limit:].decode("utf-8", "replace")

"""Remove what sessions leave behind when the process that owned them died: containers (by
label), workspace tmpfs mounts and scratch directories (named after their task id).

Used by `skill-eval gc`, and by the driver on every exit path for its own run.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from pydantic import BaseModel

SCRATCH_ROOT = Path(tempfile.gettempdir()) / "skill-eval"
BUNDLE_DIR = "bundles"


class Reaped(BaseModel):
    containers: int = 0
    mounts: int = 0
    scratch_dirs: int = 0


def _unmount_all(path: Path) -> int:
    count = 0
    work = path / "work"
    while os.path.ismount(work):  # stacked mounts unwind one at a time
        subprocess.run(["umount", "-l", str(work)], capture_output=True)
        count += 1
        if count > 8:
            break
    return count


def reap_scratch(keep_tasks: set[str], only_tasks: set[str] | None = None,
                 root: Path = SCRATCH_ROOT) -> Reaped:
    """Unmount and remove scratch dirs; keep those of tasks still running (`keep_tasks`,
    16-char task id prefixes); with `only_tasks`, touch nothing else."""
    out = Reaped()
    if not root.is_dir():
        return out
    for entry in root.iterdir():
        if entry.name == BUNDLE_DIR or not entry.is_dir() or entry.is_symlink():
            continue
        prefix = entry.name.split("-", 1)[0]
        if prefix in keep_tasks or (only_tasks is not None and prefix not in only_tasks):
            continue
        out.mounts += _unmount_all(entry)
        shutil.rmtree(entry, ignore_errors=True)
        out.scratch_dirs += 1
    return out


def reap(run_id: str | None = None, include_running: bool = False,
         task_ids: set[str] | None = None) -> Reaped:
    """Containers of a run (or of every run), then the scratch they no longer use."""
    from runner.sandbox.docker import LABEL_RUN, LABEL_TASK, DockerSandbox, _remove

    label = f"{LABEL_RUN}={run_id}" if run_id else LABEL_RUN
    keep: set[str] = set()
    removed = 0
    for container in DockerSandbox().client.containers.list(all=True,
                                                            filters={"label": label}):
        if include_running or run_id or container.status != "running":
            _remove(container)
            removed += 1
        else:
            keep.add(container.labels.get(LABEL_TASK, "")[:16])
    only = {t[:16] for t in task_ids} if task_ids is not None else None
    scratch = reap_scratch(keep, only)
    return Reaped(containers=removed, mounts=scratch.mounts, scratch_dirs=scratch.scratch_dirs)

"""Remove the host-side leftovers of sessions whose owner died: workspace tmpfs mounts and
scratch directories (named after the first 16 characters of their trial id).

Backends call `reap_scratch` from `Sandbox.reap_run` after removing their own sessions;
`skill-eval gc` and the driver go through the backend, never through this module directly.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import time
from pathlib import Path

from runner import config
from runner.sandbox.base import Reaped

BUNDLE_DIR = "bundles"
SLOTS_DIR = "slots"  # session slots (runner.trial.slots): a holder's lock lives on its file


def _age_s(path: Path) -> float:
    try:
        return time.time() - path.stat().st_mtime
    except OSError:
        return float("inf")


# A trial's scratch dir mounts its working directory and, for a multi-turn case, claude's
# own state kept across the turns (runner.trial.template): both size-capped tmpfs mounts.
MOUNTED = ("work", "claude")


def _unmount_all(path: Path) -> int:
    count = 0
    for name in MOUNTED:
        tries = 0
        while os.path.ismount(path / name):  # stacked mounts unwind one at a time
            subprocess.run(["umount", "-l", str(path / name)], capture_output=True)
            count, tries = count + 1, tries + 1
            if tries > 8:
                break
    return count


RUN_MARK = ".run"  # in a trial's scratch dir: the run it belongs to


def mark_scratch(scratch: Path, run_id: str) -> None:
    """Name the run a trial's scratch dir belongs to (its name holds only the trial id prefix:
    a longer name would push the gateway's socket path past the AF_UNIX limit)."""
    (scratch / RUN_MARK).write_text(run_id)


def scratch_run(scratch: Path) -> str | None:
    try:
        return (scratch / RUN_MARK).read_text().strip()
    except OSError:
        return None


def reap_scratch(keep_trials: set[str], only_trials: set[str] | None = None,
                 root: Path | None = None, run_id: str | None = None,
                 grace_s: float = 0.0) -> Reaped:
    """Unmount and remove scratch dirs under `root` (default: the configured scratch root);
    keep those of trials still running (`keep_trials`); with `only_trials` or `run_id`, touch
    nothing else. Trial ids may be given whole or as the 16-character prefixes scratch dirs are
    named by."""
    root = root or config.SCRATCH_ROOT
    keep_trials = {t[:16] for t in keep_trials}
    only_trials = {t[:16] for t in only_trials} if only_trials is not None else None
    out = Reaped()
    if not root.is_dir():
        return out
    for entry in root.iterdir():
        if entry.name in (BUNDLE_DIR, SLOTS_DIR) or not entry.is_dir() or entry.is_symlink():
            continue
        prefix = entry.name.split("-", 1)[0]
        if prefix in keep_trials or (only_trials is not None and prefix not in only_trials):
            continue
        if run_id is not None and scratch_run(entry) != run_id:
            continue
        if grace_s and _age_s(entry) < grace_s:
            continue
        out.mounts += _unmount_all(entry)
        shutil.rmtree(entry, ignore_errors=True)
        out.scratch_dirs += 1
    return out


def reap_bundles(root: Path = config.SCRATCH_ROOT) -> Reaped:
    """Remove the node's cache of extracted skill and fixture bundles (call only when no
    trial runs here: a trial stages from it)."""
    cache = root / BUNDLE_DIR
    if not cache.is_dir():
        return Reaped()
    entries = [e for e in cache.iterdir() if not e.is_symlink()]
    for entry in entries:
        if entry.is_dir():
            shutil.rmtree(entry, ignore_errors=True)
        else:
            entry.unlink(missing_ok=True)
    return Reaped(bundles=len(entries))

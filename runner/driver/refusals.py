"""Refusals before trials: everything a preflight can know is asked once, before Ray starts,
before the key is read and before any trial, so a run that cannot work ends in seconds with
the reason and the fix, nothing spent and nothing left behind (exit 2; exit 3 for a fault of
the machine, such as a Docker engine that does not answer).

    the skill's programs    judge and grader programs under a backend that cannot contain
                            them, without --trust-target (runner.sandbox.programs)
    claude for --sandbox local   no binary at SKILL_EVAL_CLAUDE nor on PATH (before, every
                            trial was tried three times as an infrastructure hole, then exit 3)
    the sandbox image       missing, or not the pinned claude (images/CLAUDE_SDK_VERSION,
                            label skill-eval.claude-sdk): the docker backend's own preflight
    the store               cannot be written (a probe object put and removed)
    trigger queries         `run --with-triggers` on a skill with none (or none it should
                            fire on): refused here, not after the paired wave has been paid for

Called from the driver's preflight with one line (`refuse_before_trials`).
"""

from __future__ import annotations

import os
import shutil
import uuid
from collections.abc import Iterable
from pathlib import Path

from runner.driver.cluster import is_cluster
from runner.errors import RefusedInput, StoreError
from runner.sandbox.programs import refuse_untrusted
from runner.sandbox.registry import open_sandbox
from runner.schema.case import Case
from runner.schema.options import PassSettings, RunOptions
from runner.store.base import open_store
from runner.store.local import LocalStore
from runner.triggers.queries import load_trigger_set

PROBE_PREFIX = "_skill-eval-probe/"


def find_claude() -> str | None:
    """The claude the local sandbox would start: SKILL_EVAL_CLAUDE, else claude on PATH."""
    given = os.environ.get("SKILL_EVAL_CLAUDE")
    if given:
        return given if os.path.isfile(given) and os.access(given, os.X_OK) else None
    return shutil.which("claude")


def refuse_no_claude(opts: PassSettings) -> None:
    """--sandbox local runs claude from this machine (on a cluster, each node has its own)."""
    if opts.sandbox.backend != "local":
        return
    if opts.executor == "ray" and is_cluster(opts.ray_address):
        return
    if find_claude() is not None:
        return
    given = os.environ.get("SKILL_EVAL_CLAUDE")
    where = (f"SKILL_EVAL_CLAUDE={given} is not an executable file" if given else
             "SKILL_EVAL_CLAUDE is not set and there is no claude on PATH "
             f"({os.environ.get('PATH', '')})")
    raise RefusedInput(f"--sandbox local: no claude binary to run ({where}); install claude "
                       "(npm install -g @anthropic-ai/claude-code), set SKILL_EVAL_CLAUDE to "
                       "its path, or use the container sandbox (the default)")


def refuse_unwritable_store(opts: RunOptions) -> None:
    """The store takes a probe object (put, then removed): a store that cannot be written is
    refused now, not after the first session has been paid for. A local store's folders this
    probe had to create are removed again, so a later refusal leaves nothing behind."""
    store = open_store(opts.store_uri, opts.store_endpoint)
    if isinstance(store, LocalStore):
        made = _first_missing(store.root)
        store.preflight()  # creates the folder and writes a probe file there
        if made is not None:
            _remove_empty(store.root, made)
        return
    store.preflight()
    probe = f"{PROBE_PREFIX}{uuid.uuid4().hex}"
    try:
        store.put(probe, b"")
        store.delete(probe)
    except StoreError as exc:
        raise RefusedInput(f"--store {opts.store_uri}: cannot write there ({exc}); pick a "
                           "store this machine can write") from exc
    except OSError as exc:
        raise RefusedInput(f"--store {opts.store_uri}: cannot write there "
                           f"({exc.strerror or exc}); pick a writable store") from exc


def _first_missing(path: Path) -> Path | None:
    """The topmost folder of `path` that does not exist yet, or None."""
    missing = None
    for folder in (path, *path.parents):
        if folder.exists():
            break
        missing = folder
    return missing


def _remove_empty(path: Path, top: Path) -> None:
    """Remove `path` and its parents up to `top`, each only while it is empty."""
    for folder in (path, *path.parents):
        try:
            folder.rmdir()
        except OSError:
            return
        if folder == top:
            return


def refuse_bad_image(opts: RunOptions) -> None:
    """The sandbox backend's own preflight (the docker image exists and carries the pinned
    claude), asked before Ray starts rather than after."""
    if opts.sandbox.backend == "docker":
        open_sandbox(opts.sandbox).preflight()


def refuse_no_trigger_queries(skill: Path) -> None:
    """`run --with-triggers` reads the queries its trigger wave will ask now: the same reading
    the wave does, so what passes here cannot be refused after the paired wave spent."""
    try:
        load_trigger_set(skill, skill.name)
    except RefusedInput as exc:
        raise RefusedInput(f"--with-triggers: {exc}; write trigger queries under "
                           f"{skill / 'evals' / 'trigger'}/ (should-trigger.yaml and "
                           "should-not-trigger.yaml), or drop --with-triggers") from exc


def refuse_before_trials(opts: RunOptions, cases: Iterable[Case], skill: Path,
                         triggers: bool = False) -> None:
    """Every refusal a preflight can know, cheapest first. `triggers`: a trigger wave follows
    the paired one (`run --with-triggers`)."""
    try:
        refuse_untrusted(cases, opts.sandbox.backend, opts.trust_target)
    except RefusedInput as exc:
        raise RefusedInput(f"{skill}: {exc}") from exc
    if triggers:
        refuse_no_trigger_queries(skill)
    refuse_no_claude(opts)
    refuse_bad_image(opts)
    refuse_unwritable_store(opts)


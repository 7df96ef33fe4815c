"""Checks a pass makes before anything is planned, written or spent: each refuses with the
problem and the fix (exit 2) or reports the machinery unreachable (exit 3). The last of them,
`check_live`, spends one tiny model call per model (runner.gateway.preflight); `live_check`
charges those calls to the run's wave (its cap, the store's day)."""

from __future__ import annotations

import os
import re
import socket
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console

from runner.driver.cluster import check_cluster, is_cluster
from runner.driver.storewide import refuse_if_stopped
from runner.driver.wave import Wave
from runner.errors import RayError, RefusedInput
from runner.gateway.access import ModelAccess, Retry
from runner.gateway.preflight import PreflightResult, live_preflight
from runner.schema.case import Case
from runner.schema.options import PassSettings
from runner.schema.plan import Plan
from runner.store.base import Store
from runner.store.local import LocalStore

RAY_CONNECT_TIMEOUT_S = 3.0
SIZE_UNITS = {"": 1, "b": 1, "k": 1024, "m": 1024**2, "g": 1024**3, "t": 1024**4}


def parse_size(text: str) -> int:
    """Docker's size syntax: 512m, 2g, 100k, 4096."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([bkmgt]?)b?\s*", text.lower())
    if not match:
        raise RefusedInput(f"size {text!r}: expected a number with an optional k, m or g")
    return int(float(match.group(1)) * SIZE_UNITS[match.group(2)])


def check_metrics_port(port: int | None, host: str) -> None:
    if not port:
        return
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as exc:
            raise RefusedInput(f"--metrics-port {port}: cannot listen on {host}:{port} "
                               f"({exc.strerror}); pick a free port") from exc


def check_ray_address(address: str | None) -> None:
    """A cluster that does not answer fails here in seconds, not after minutes of retries."""
    address = address or os.environ.get("RAY_ADDRESS") or None
    if address is None or address in ("auto", "local"):
        return
    target = address.removeprefix("ray://")
    host, sep, port = target.rpartition(":")
    if not sep or not host or not port.isdigit():
        raise RefusedInput(f"--ray-address {address}: expected HOST:PORT of the cluster's head "
                           "(e.g. 10.0.0.5:6379), `auto`, or nothing for a local cluster")
    try:
        socket.create_connection((host.strip("[]"), int(port)),
                                 timeout=RAY_CONNECT_TIMEOUT_S).close()
    except OSError as exc:
        why = exc.strerror or type(exc).__name__
        raise RayError(f"cannot reach the Ray cluster at {address} ({why}); start it with "
                       "`ray start --head`, or leave out --ray-address to run on this "
                       "machine") from exc


def check_fixtures_fit(cases: Iterable[Case], skill_dir: Path, cap: str) -> None:
    """Fixtures larger than the working-directory cap would make every trial a hole."""
    limit = parse_size(cap)
    for case in cases:
        total = 0
        for file in case.files:
            path = skill_dir / file
            total += sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) \
                if path.is_dir() else path.stat().st_size
        if total > limit:
            raise RefusedInput(
                f"{skill_dir / 'evals/evals.json'}: case {case.id!r}: its fixtures take "
                f"{total / 1024**2:.1f} MiB, more than the {cap} working-directory cap; "
                "shrink them or raise the cap (Limits.workspace_size)")


def check_pass(settings: PassSettings, store: Store, image_id: str | None = None) -> None:
    """The pass's own checks, before anything is written: the store's place, the metrics port,
    the cluster (every node that runs trials asked, runner.driver.cluster), the store."""
    check_store_place(store)
    check_metrics_port(settings.metrics_port, settings.metrics_host)
    if settings.executor == "ray":
        check_ray_address(settings.ray_address)
        if is_cluster(settings.ray_address):
            needs = settings.model_script is None and not settings.forward_credentials
            check_cluster(settings, store, image_id, needs)
    store.preflight()
    refuse_if_stopped(store)


PREFLIGHT_ATTEMPTS = 2
PREFLIGHT_BACKOFF_S = 2.0


def models_asked(plans: list[Plan]) -> list[str]:
    """Every model the pass will call: each plan's agent model, its grader when a case has
    statements, its judge when a case has a rubric (or every row is judged)."""
    models: list[str] = []
    for plan in plans:
        cases = plan.cases_in_order()
        models.append(plan.model)
        if plan.grader_model and any(c.statements for c in cases):
            models.append(plan.grader_model)
        if plan.judge_model and (plan.judge_all or any(c.rubric for c in cases)):
            models.append(plan.judge_model)
    return list(dict.fromkeys(models))


def check_live(plans: list[Plan], settings: PassSettings, access: ModelAccess,
               console: Console) -> list[PreflightResult]:
    """One tiny real call per model through the runner's metered client (`access`: the
    wave's), before the first trial: a bad key, an unknown model or an endpoint that cannot
    be reached refuses the pass here (nothing written, no trial started). A dry run asks its
    model script the same way (`when: {purpose: preflight}`). The fake backend runs no agent:
    against a real upstream it asks nothing (tests point it at endpoints that do not exist);
    with a model script it does, so the refusals are testable without Docker."""
    return check_models(live_models(plans, settings), access, console)


def live_models(plans: list[Plan], settings: PassSettings) -> list[str]:
    """The models the live check asks (none for the fake backend against a real upstream)."""
    if settings.sandbox.backend == "fake" and settings.model_script is None:
        return []
    return models_asked(plans)


def live_check(wave: Wave, models: list[str], console: Console, spent: float = 0.0) -> None:
    """`check_models` as part of the run that follows: its calls are the run's spend (charged
    to the wave: the trials' ledger starts past them, under the same cap, and the store's day
    records them). `spent`: what the wave's own records already cost (a resume). Skipped when
    the run's cap is already spent: nothing would start (a later wave of such a run starts
    stopped), and --force skips the estimate's question, never the cap."""
    if not models:
        return
    if wave.cap_spent(spent):
        console.print(f"preflight: not asked, the {wave.caps.label} cap is already spent",
                      markup=False)
        return
    results = check_models(models, wave.access(), console)
    wave.charge(sum(r.usage.cost_usd for r in results), "preflight")


def check_models(models: list[str], access: ModelAccess,
                 console: Console) -> list[PreflightResult]:
    """`check_live` for a list of models (a catalog trigger wave has no plan). No governor:
    a pushback is reported at once, not waited out (the run's is)."""
    access = access.paced(None).retrying(Retry(PREFLIGHT_ATTEMPTS, PREFLIGHT_BACKOFF_S))
    results = live_preflight({m: access.client() for m in models}, access.label)
    spent = sum(r.usage.cost_usd for r in results)
    for result in results:
        if result.warning:
            console.print(result.warning, markup=False)
    console.print(f"preflight: {len(results)} model call(s) answered "
                  f"({', '.join(r.model for r in results)}), ${spent:.4f}", markup=False)
    return results


RAY_WORKING_DIR_MARK = "runtime_resources/working_dir_files/"


def ray_working_dir(cwd: Path | None = None) -> Path | None:
    """The root of Ray's temporary copy of a job's working directory, when this process runs
    inside one (`ray job submit --working-dir`): Ray deletes it after the job."""
    here = str((cwd or Path.cwd()).resolve())
    head, mark, tail = here.partition(RAY_WORKING_DIR_MARK)
    if not mark:
        return None
    return Path(head + mark + tail.split("/", 1)[0])


def check_store_place(store: Store, cwd: Path | None = None) -> None:
    """A local store inside a Ray job's working-directory copy is written where Ray deletes
    it, and where nobody looks: refused before anything runs."""
    copy = ray_working_dir(cwd)
    if copy is None or not isinstance(store, LocalStore):
        return
    if store.root == copy or copy in store.root.parents:
        raise RefusedInput(
            f"store {store.uri}: inside Ray's temporary copy of the job's working directory "
            f"({copy}), which Ray deletes when the job ends: give the store as an absolute "
            "path on a filesystem every node shares (store: /mnt/evals/nightly, with "
            "--shared-store on a cluster), or as s3://bucket/prefix")

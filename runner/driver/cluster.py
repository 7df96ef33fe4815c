"""Checks a pass makes of a Ray cluster before anything is written or spent.

One small task pinned to each alive node that runs trials (by node id) asks the node itself:
Docker answers, the sandbox image is there with the labels this runner expects (and is the
same build as the driver's), the Docker runtime is registered, the scratch folder has room,
and the node's gateways will have an upstream credential (whether one is set, never its
value). The refusal names every node and what it lacks. A run across several nodes with a
local store is refused too: each node would write its own disk.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

from pydantic import BaseModel, Field

from runner.errors import InfraError, RefusedInput
from runner.gateway.credentials import read_credential
from runner.schema.options import PassSettings, SandboxConfig
from runner.store.base import Store
from runner.store.local import LocalStore

NODE_CHECK_TIMEOUT_S = 120.0  # a node's first task starts a worker; Docker may be slow
MIN_FREE_BYTES = 2 * 1024**3   # scratch: working directories, bundles, transcripts
SHARED_STORE_FIX = ("use s3://... (an S3-compatible store every node reaches), or "
                    "`--shared-store` when the path is a shared filesystem mounted at the same "
                    "path on every node")
NO_CREDENTIAL = ("no upstream credential: set ANTHROPIC_API_KEY (or CLAUDE_CODE_OAUTH_TOKEN) "
                 "in the node's environment before `ray start`, or run with "
                 "--forward-credentials")


class NodeCheck(BaseModel):
    """What one node lacks (nothing: it is ready)."""

    node: str
    problems: list[str] = Field(default_factory=list)


def is_cluster(address: str | None) -> bool:
    """An existing cluster (an address, `auto`, or RAY_ADDRESS, as inside a Ray job), not the
    driver's own embedded one."""
    address = address or os.environ.get("RAY_ADDRESS") or None
    return address is not None and address != "local"


def probe_node(sandbox: SandboxConfig, image_id: str | None, needs_credential: bool,
               min_free_bytes: int = MIN_FREE_BYTES) -> list[str]:
    """Runs on the node: what it lacks to run a trial, in words."""
    from runner.sandbox.registry import open_sandbox

    problems = []
    if sandbox.backend == "docker":
        try:
            info = open_sandbox(sandbox).preflight()
            if image_id and info.image_id != image_id:
                problems.append(f"a different build of {sandbox.image} ({info.image_id!s:.19}; "
                                f"the driver's is {image_id[:19]}): run `make image` there so "
                                "every node runs the same sandbox")
        except InfraError as exc:
            problems.append(str(exc))
    folder = Path(sandbox.scratch_root)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    free = shutil.disk_usage(folder).free
    if free < min_free_bytes:
        problems.append(f"only {free / 1024**3:.1f} GiB free under {folder} (trials need "
                        f"{min_free_bytes / 1024**3:.0f} GiB for working directories)")
    if needs_credential and read_credential() is None:
        problems.append(NO_CREDENTIAL)
    return problems


def node_name(node: dict[str, Any]) -> str:
    return f"{node.get('NodeManagerAddress', '?')}/{str(node['NodeID'])[:12]}"


def trial_nodes(nodes: list[dict[str, Any]]) -> tuple[list[dict[str, Any]], list[NodeCheck]]:
    """The alive nodes trials can land on: those declaring a `sandbox` resource when any node
    does. When none does, every node is named: nothing would cap its sessions."""
    alive = [n for n in nodes if n.get("Alive")]
    declaring = [n for n in alive if (n.get("Resources") or {}).get("sandbox")]
    if declaring:
        return declaring, []
    return alive, [NodeCheck(node=node_name(n), problems=[
        "declares no `sandbox` resource, so nothing caps how many sessions it runs: start it "
        "with `ray start ... --resources='{\"sandbox\": N}'`"]) for n in alive]


def check_store_shared(store: Store, nodes: int, shared_store: bool) -> None:
    if nodes > 1 and isinstance(store, LocalStore) and not shared_store:
        raise RefusedInput(f"--store {store.uri}: a local folder, and the run spans {nodes} "
                           f"Ray nodes, each of which would write its own disk: "
                           f"{SHARED_STORE_FIX}")


def check_cluster(settings: PassSettings, store: Store, image_id: str | None,
                  needs_credential: bool) -> None:
    """Join the cluster and ask each node that runs trials whether it can; refuse naming
    every node that cannot. Nothing is written, no trial starts."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    from runner.driver.executor import ensure_ray

    ensure_ray(settings.ray_address)
    nodes, findings = trial_nodes(ray.nodes())  # type: ignore[no-untyped-call]
    check_store_shared(store, len(nodes), settings.shared_store)
    task = ray.remote(num_cpus=0, max_retries=0)(probe_node)
    refs = {node_name(n): task.options(scheduling_strategy=NodeAffinitySchedulingStrategy(
        node_id=n["NodeID"], soft=False)).remote(settings.sandbox, image_id, needs_credential)
        for n in nodes}
    for name, ref in refs.items():
        try:
            problems = ray.get(ref, timeout=NODE_CHECK_TIMEOUT_S)
        except Exception as exc:  # noqa: BLE001 - a node that cannot answer is named too
            ray.cancel(ref, force=True)
            first = (str(exc).strip().splitlines() or [type(exc).__name__])[0]
            problems = [f"did not answer the check ({type(exc).__name__}: {first[:200]})"]
        if problems:
            findings.append(NodeCheck(node=name, problems=problems))
    if findings:
        raise InfraError(
            f"the cluster is not ready: {len(findings)} of {len(nodes)} node(s) cannot run "
            "trials (nothing was started or spent): " + "; ".join(
                f"node {f.node}: {', '.join(f.problems)}" for f in findings))

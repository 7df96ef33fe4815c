"""Where trials run: the seam between the scheduling loop and Ray.

    Executor            the protocol the scheduler drives
    RayExecutor         one Ray task per trial, on one machine or a cluster
    InProcessExecutor   threads in the driver: unit tests of resume, stop, budget, leaks and
                        Ctrl-C without Ray, and debugging

Both run `runner.trial.template.run_trial`; a trial that raised or whose worker kept dying
comes back as an infrastructure hole, never as an exception.
"""

from __future__ import annotations

import concurrent.futures as cf
import contextlib
import logging
import os
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from pydantic import BaseModel, Field

from runner.errors import InfraError, RayError, RefusedInput
from runner.sandbox.base import Reaped
from runner.schema.enums import TrialStatus
from runner.schema.options import SandboxConfig
from runner.schema.trial import TrialResult, TrialSpec
from runner.store.base import Store
from runner.trial.template import run_trial

log = logging.getLogger(__name__)
CANCEL_GRACE_S = 30.0  # how long cancelled trials get to remove their containers


class Cleanup(BaseModel):
    """What reaping a run removed, node by node, and where it failed."""

    reaped: Reaped = Field(default_factory=Reaped)
    nodes: int = 0
    failures: dict[str, str] = Field(default_factory=dict, description="node -> why")

    def summary(self) -> str:
        r = self.reaped
        text = (f"removed {r.containers} container(s), {r.mounts} mount(s), "
                f"{r.scratch_dirs} scratch dir(s) on {self.nodes} node(s)")
        if r.failed:
            text += f"; {r.failed} container(s) could not be removed"
        for node, why in sorted(self.failures.items()):
            text += f"; node {node} not cleaned: {why}"
        return text

    @property
    def complete(self) -> bool:
        return not self.failures and not self.reaped.failed


def hole(spec: TrialSpec, why: str) -> TrialResult:
    return TrialResult(trial_id=spec.trial_id, case_id=spec.case.id, repetition=spec.repetition,
                       arm=spec.arm, status=TrialStatus.INFRA_ERROR, passed=None, error=why)


def reap_here(run_id: str, trial_ids: set[str], sandbox: SandboxConfig) -> Reaped:
    from runner.sandbox.registry import open_sandbox

    return open_sandbox(sandbox).reap_run(run_id, include_running=True, trial_ids=trial_ids,
                                          root=sandbox.scratch_root)


def reap_this_machine(run_id: str, trial_ids: set[str], sandbox: SandboxConfig) -> Cleanup:
    try:
        return Cleanup(reaped=reap_here(run_id, trial_ids, sandbox), nodes=1)
    except InfraError as exc:
        return Cleanup(nodes=1, failures={"local": str(exc)})


class Executor(Protocol):
    def submit(self, spec: TrialSpec) -> Any: ...

    def wait(self, handles: list[Any], timeout: float) -> list[Any]:
        """The handles among `handles` that finished, waiting up to `timeout` for one."""

    def result(self, handle: Any, spec: TrialSpec) -> TrialResult: ...

    def cancel(self, handles: list[Any]) -> None:
        """Cancel in-flight trials so that their own cleanup runs; returns when they ended
        or the grace period passed."""

    def reap(self, run_id: str, trial_ids: set[str], sandbox: SandboxConfig) -> Cleanup:
        """Remove what the run left on every node that may have run one of its trials."""

    def close(self) -> None: ...


class InProcessExecutor:
    """Trials on threads of this process (the store must be one this process can reach)."""

    def __init__(self, concurrency: int, store: Store | None = None,
                 run: Callable[[TrialSpec, Store | None], TrialResult] = run_trial) -> None:
        self._pool = cf.ThreadPoolExecutor(max_workers=concurrency,
                                           thread_name_prefix="skill-eval-trial")
        self._store = store
        self._run = run

    def submit(self, spec: TrialSpec) -> Any:
        return self._pool.submit(self._run, spec, self._store)

    def wait(self, handles: list[Any], timeout: float) -> list[Any]:
        done, _ = cf.wait(handles, timeout=timeout, return_when=cf.FIRST_COMPLETED)
        return [h for h in handles if h in done]

    def result(self, handle: Any, spec: TrialSpec) -> TrialResult:
        try:
            result: TrialResult = handle.result()
            return result
        except Exception as exc:  # noqa: BLE001 - a trial that raised is a hole, not a crash
            return hole(spec, f"trial raised: {type(exc).__name__}: {exc}")

    def cancel(self, handles: list[Any]) -> None:
        for handle in handles:
            handle.cancel()  # not started yet: never starts; running: ends on its own
        cf.wait(handles, timeout=CANCEL_GRACE_S)

    def reap(self, run_id: str, trial_ids: set[str], sandbox: SandboxConfig) -> Cleanup:
        return reap_this_machine(run_id, trial_ids, sandbox)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


def _run_remote(spec: TrialSpec) -> TrialResult:
    return run_trial(spec)


class RayExecutor:
    """One Ray task per trial; Ray retries a trial whose worker or node died (3 times)."""

    def __init__(self, address: str | None = None, share: float = 1.0,
                 env: dict[str, str] | None = None) -> None:
        import ray

        ensure_ray(address)
        self._ray = ray
        self._remote = ray.remote(_run_remote).options(**trial_options(share, env))

    def submit(self, spec: TrialSpec) -> Any:
        return self._remote.remote(spec)

    def wait(self, handles: list[Any], timeout: float) -> list[Any]:
        ready, rest = self._ray.wait(handles, num_returns=1, timeout=timeout)
        if ready and rest:
            # sweep every other trial that has finished too: one pass of the scheduler's loop
            # then handles a wave, not one result (100k trials would be 100k passes)
            more, _ = self._ray.wait(rest, num_returns=len(rest), timeout=0)
            ready = [*ready, *more]
        return list(ready)

    def result(self, handle: Any, spec: TrialSpec) -> TrialResult:
        from ray.exceptions import RayError

        try:
            result: TrialResult = self._ray.get(handle)
            return result
        except RayError as exc:
            cause = getattr(exc, "cause", None) or exc
            first = str(cause).splitlines()[0] if str(cause) else ""
            return hole(spec, f"trial failed after retries: {type(cause).__name__}: {first}")

    def cancel(self, handles: list[Any]) -> None:
        # Not force=True: that kills the worker before the trial's own cleanup (container,
        # workspace mount, scratch) can run. A plain cancel raises KeyboardInterrupt in the
        # trial, whose finally blocks remove what it started.
        try:
            for handle in handles:
                self._ray.cancel(handle, force=False)
        except Exception as exc:  # noqa: BLE001 - Ray itself is going: the reap cleans up
            log.warning("cancelling in-flight trials failed: %s", exc)
            return
        deadline = time.monotonic() + CANCEL_GRACE_S
        pending = handles
        while pending and time.monotonic() < deadline:
            if self._own_node_lost():
                # A SIGTERM sent to the driver's process group (systemd stopping a unit,
                # `kill -- -PGID`) also ends the Ray processes this driver started: no
                # cancelled trial can report back, and the driver reaps this machine itself.
                log.warning("the local Ray processes ended: not waiting for cancelled trials")
                return
            _, pending = self._ray.wait(pending, num_returns=len(pending),
                                        timeout=min(1.0, max(0.0, deadline - time.monotonic())))

    def _own_node(self) -> Any | None:
        """The Ray node this driver started itself (its embedded local cluster), or None when
        it joined a cluster that someone else runs. Ray keeps it only as a private global;
        a node this process merely connected to starts no processes of its own."""
        node = getattr(self._ray._private.worker, "_global_node", None)
        return node if node is not None and getattr(node, "all_processes", None) else None

    def _own_node_lost(self) -> bool:
        node = self._own_node()
        try:
            return node is not None and bool(node.dead_processes())
        except Exception:  # noqa: BLE001 - a node being torn down: treat as lost
            return True

    def reap(self, run_id: str, trial_ids: set[str], sandbox: SandboxConfig) -> Cleanup:
        """Containers of the run are removed wherever they are: on the driver's own embedded
        cluster, from the driver itself (it works when Ray's processes were killed with the
        driver); on a cluster, by a reap task pinned to every alive node."""
        from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

        if self._own_node() is not None:
            return reap_this_machine(run_id, trial_ids, sandbox)
        ray = self._ray
        task = ray.remote(num_cpus=0, max_retries=0)(reap_here)
        refs = {}
        for node in ray.nodes():
            if not node.get("Alive"):
                continue
            strategy = NodeAffinitySchedulingStrategy(node_id=node["NodeID"], soft=False)
            name = f"{node.get('NodeManagerAddress', '?')}/{node['NodeID'][:12]}"
            refs[name] = task.options(
                scheduling_strategy=strategy).remote(run_id, trial_ids, sandbox)
        out = Cleanup(nodes=len(refs))
        for name, ref in refs.items():
            try:
                out.reaped = out.reaped.plus(ray.get(ref, timeout=CANCEL_GRACE_S))
            except Exception as exc:  # noqa: BLE001 - report the node, clean the others
                out.failures[name] = f"{type(exc).__name__}: {str(exc).splitlines()[0]}"
        return out

    def close(self) -> None:
        pass


def trial_options(share: float, env: dict[str, str] | None = None,
                  retries: int = 3) -> dict[str, Any]:
    """The options every trial task runs with (and the warm-up tasks that start its workers,
    runner.driver.warm): Ray retries a trial whose worker or node died; nodes that declare a
    `sandbox` resource say how many sessions they hold, and a prefetched trial takes a
    `share` of one, so a node holds its sessions plus the trials waiting for them (its
    session slots keep the sessions to the count)."""
    import ray

    options: dict[str, Any] = {"num_cpus": 0, "max_retries": retries,
                               "retry_exceptions": False}
    resources: dict[str, float] = ray.cluster_resources()  # type: ignore[no-untyped-call]
    if resources.get("sandbox"):
        options["resources"] = {"sandbox": round(share, 4)}
    if env:
        # --forward-credentials: the trials' workers get these variables through Ray's
        # runtime environment (kept by the cluster's control store with the task; who can read
        # it there: docs/cluster.md#a-ray-cluster). The sandbox never sees them: its claude gets
        # the gateway's throwaway token.
        options["runtime_env"] = {"env_vars": env}
    return options


def ensure_ray(address: str | None = None) -> None:
    import ray

    if ray.is_initialized():
        return
    address = address or os.environ.get("RAY_ADDRESS") or None
    kwargs: dict[str, Any] = dict(include_dashboard=False, log_to_driver=False,
                                  configure_logging=False)
    if address is None:
        # A new embedded local cluster ("local": never silently join one that happens to run
        # here). Workers inherit the driver's environment (incl. the API key), which is never
        # placed in the object store.
        address = "local"
        kwargs["num_cpus"] = os.cpu_count() or 1
    try:
        with ray_output_to_log():
            ray.init(address=address, **kwargs)
    except Exception as exc:  # noqa: BLE001 - Ray raises many kinds; all mean "no cluster"
        first = (str(exc).strip().splitlines() or [type(exc).__name__])[0].rstrip(".")
        hint = ""
        if address != "local":
            # The address answered (preflight checked), yet the cluster would not have us.
            hint = (" The cluster answered but refused this driver: if it uses token "
                    "authentication (Ray's default for `ray start --head`), set RAY_AUTH_TOKEN "
                    "to its token (`ray get-auth-token` on the head node); also check that "
                    f"both sides run Ray {ray.__version__}.")
        raise RayError(f"cannot start or join Ray at {address}: {first[:300]}.{hint}") from exc


@contextlib.contextmanager
def ray_output_to_log() -> Iterator[None]:
    """Ray's start-up banners (token authentication, dashboard hints) and its C++ core's
    lines go to the run's log, not the user's terminal: stderr is captured at the file
    descriptor while ray.init runs (Ray resets its own loggers inside it)."""
    sys.stderr.flush()
    saved = os.dup(2)
    with tempfile.TemporaryFile() as sink:
        os.dup2(sink.fileno(), 2)
        try:
            yield
        finally:
            sys.stderr.flush()
            os.dup2(saved, 2)
            os.close(saved)
            sink.seek(0)
            for line in sink.read().decode("utf-8", "replace").splitlines():
                if line.strip():
                    log.info("ray: %s", line)


EXECUTORS = ("ray", "inprocess")


def open_executor(name: str, concurrency: int, address: str | None,
                  store: Store | None = None, prefetch: int = 0,
                  env: dict[str, str] | None = None) -> Executor:
    """`concurrency` sessions at once, and `prefetch` trials in flight beyond them; `env` is
    what the trials' processes get on top of their node's environment (forwarded
    credentials)."""
    if name == "ray":
        return RayExecutor(address, concurrency / (concurrency + prefetch), env)
    if name == "inprocess":
        return InProcessExecutor(concurrency + prefetch, store)
    raise RefusedInput(f"unknown executor {name!r}; known: {', '.join(EXECUTORS)}")

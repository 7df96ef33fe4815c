"""Pass actors: one object per scheduling pass that every gateway on every node talks to (the
budget ledger, the rate governor). In-process passes keep it in this process; Ray passes run it
as a named Ray actor, found by name from any node.

    start_actor   create (or, on resume, replace) a pass's actor of one kind
    find_actor    what a trial's gateway talks to: the local object or the Ray actor handle
    PassActor     the driver's handle, with blocking calls
    call_async    a gateway's call, awaited on its event loop whichever the target is
    head_node     where a pass's actors live: the cluster's head node
"""

from __future__ import annotations

from typing import Any

from runner.errors import RayError

_LOCAL: dict[tuple[str, str], Any] = {}
HEAD_RESOURCE = "node:__internal_head__"  # what Ray gives the head node alone


def actor_name(kind: str, pass_id: str) -> str:
    return f"skill-eval-{kind}-{pass_id}"


def is_remote(target: Any, local_type: type) -> bool:
    return target is not None and not isinstance(target, local_type)


class PassActor:
    """The driver's handle on a pass's actor: local object or Ray actor, blocking calls."""

    def __init__(self, kind: str, pass_id: str, target: Any, local_type: type) -> None:
        self.kind, self.pass_id = kind, pass_id
        self._target = target
        self._remote = is_remote(target, local_type)

    def call(self, method: str, *args: Any) -> Any:
        if not self._remote:
            return getattr(self._target, method)(*args)
        import ray

        try:
            return ray.get(getattr(self._target, method).remote(*args), timeout=60)
        except Exception as exc:  # noqa: BLE001 - any Ray failure: the actor is gone
            raise RayError(f"the run's {self.kind} (a Ray actor) is unreachable: "
                           f"{type(exc).__name__}") from exc

    def tell(self, method: str, *args: Any) -> None:
        """Fire and forget (a stop request)."""
        if self._remote:
            getattr(self._target, method).remote(*args)
        else:
            getattr(self._target, method)(*args)

    def close(self) -> None:
        if self._remote:
            import ray

            ray.kill(self._target)
        else:
            _LOCAL.pop((self.kind, self.pass_id), None)


def start_actor(kind: str, pass_id: str, local_type: type, args: tuple[Any, ...],
                in_process: bool) -> PassActor:
    if in_process:
        _LOCAL[(kind, pass_id)] = local_type(*args)
        return PassActor(kind, pass_id, _LOCAL[(kind, pass_id)], local_type)
    import ray

    name = actor_name(kind, pass_id)
    try:
        ray.kill(ray.get_actor(name))
    except ValueError:
        pass
    actor: Any = ray.remote(num_cpus=0)(local_type)
    handle = actor.options(name=name, max_concurrency=64,
                           scheduling_strategy=head_node()).remote(*args)
    return PassActor(kind, pass_id, handle, local_type)


def head_node() -> Any:
    """Place a pass's actor on the cluster's head node. Left to Ray it may land on any node,
    and a worker node leaving the cluster (`ray stop` there, a lost VM) took the run's
    governor and ledger with it: every gateway's call then failed, and each later session
    ended on a model API error. The head node holds the cluster's control store: while it
    is gone there is no cluster. A cluster without a marked head places it as Ray will."""
    import ray
    from ray.util.scheduling_strategies import NodeAffinitySchedulingStrategy

    heads = [n["NodeID"] for n in ray.nodes()  # type: ignore[no-untyped-call]
             if n.get("Alive") and HEAD_RESOURCE in n.get("Resources", {})]
    if not heads:
        return "DEFAULT"
    return NodeAffinitySchedulingStrategy(node_id=heads[0], soft=False)


def find_actor(kind: str, pass_id: str) -> Any:
    if (kind, pass_id) in _LOCAL:
        return _LOCAL[(kind, pass_id)]
    import ray

    return ray.get_actor(actor_name(kind, pass_id))


async def call_async(target: Any, remote: bool, method: str, *args: Any) -> Any:
    if remote:
        return await getattr(target, method).remote(*args)
    return getattr(target, method)(*args)

"""Sandbox backends by name; each imports lazily (docker-py loads only for `docker`).

One instance per distinct configuration per process, so a worker keeps its Docker client.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from runner.errors import RefusedInput
from runner.sandbox.base import Sandbox
from runner.schema.options import SandboxConfig


def _docker(config: SandboxConfig) -> Sandbox:
    from runner.sandbox.docker import DockerSandbox

    return DockerSandbox(config.image, config.runtime)


def _local(config: SandboxConfig) -> Sandbox:
    from runner.sandbox.local import LocalSandbox

    return LocalSandbox()


def _fake(config: SandboxConfig) -> Sandbox:
    from runner.sandbox.fake import FakeSandbox

    return FakeSandbox()


BACKENDS: dict[str, Callable[[SandboxConfig], Sandbox]] = {
    "docker": _docker, "local": _local, "fake": _fake}

_cache: dict[str, Sandbox] = {}
_lock = threading.Lock()


def open_sandbox(config: SandboxConfig) -> Sandbox:
    factory = BACKENDS.get(config.backend)
    if factory is None:
        raise RefusedInput(f"unknown sandbox backend {config.backend!r}; "
                           f"known: {', '.join(sorted(BACKENDS))}")
    key = config.model_dump_json(exclude={"image_id"})
    with _lock:
        if key not in _cache:
            _cache[key] = factory(config)
        return _cache[key]

"""A container the engine created while its trial was being cancelled is removed by its own
name: the trial's cleanup never got a handle to it."""

from __future__ import annotations

from typing import Any

import pytest
from docker.errors import NotFound

from runner.sandbox.docker import DockerSandbox


class _Container:
    def __init__(self, engine: _Engine, name: str) -> None:
        self.engine, self.name = engine, name

    def remove(self, force: bool = False) -> None:
        assert force
        self.engine.alive.discard(self.name)


class _Engine:
    """containers.run creates the container, then the interrupt lands before it returns."""

    def __init__(self, interrupt: BaseException | None) -> None:
        self.alive: set[str] = set()
        self.interrupt = interrupt
        self.containers = self

    def run(self, **kwargs: Any) -> _Container:
        self.alive.add(kwargs["name"])
        if self.interrupt is not None:
            raise self.interrupt
        return _Container(self, kwargs["name"])

    def get(self, name: str) -> _Container:
        if name not in self.alive:
            raise NotFound(name)
        return _Container(self, name)


def _sandbox(engine: _Engine) -> DockerSandbox:
    sandbox = DockerSandbox()
    sandbox._client = engine
    return sandbox


@pytest.mark.parametrize("interrupt", [KeyboardInterrupt(), SystemExit(143)])
def test_a_container_created_as_the_trial_is_interrupted_is_removed(
        interrupt: BaseException) -> None:
    engine = _Engine(interrupt)
    with pytest.raises(type(interrupt)):
        _sandbox(engine)._start({"name": "skill-eval-t1-abc123", "image": "x"})
    assert engine.alive == set()


def test_a_started_container_is_left_to_its_trial() -> None:
    engine = _Engine(None)
    container = _sandbox(engine)._start({"name": "skill-eval-t1-abc123", "image": "x"})
    assert container.name == "skill-eval-t1-abc123"
    assert engine.alive == {"skill-eval-t1-abc123"}

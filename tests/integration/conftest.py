"""Integration tests: real Docker engine, the real sandbox image with the real `claude`, real
Ray (one local cluster per test session), and the scripted model endpoint on loopback.

`make test` builds everything these need; they fail (not skip) when it is missing, so a
broken setup can never pass as green.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docker
import pytest
import yaml

from runner.plan import RunOptions
from runner.sandbox.docker import DEFAULT_IMAGE, LABEL_RUN

ROOT = Path(__file__).resolve().parents[2]
PROBE = ROOT / "tests" / "fixtures" / "skills" / "probe"
EXAMPLE = ROOT / "examples" / "csv-summary"
# A stand-in for the real key: the gateway injects it upstream; it must never reach a sandbox.
REAL_KEY = "sk-ant-api03-INTEGRATION-" + secrets.token_hex(16)

pytestmark = pytest.mark.integration


@pytest.fixture(scope="session")
def docker_client() -> Any:
    client = docker.from_env()
    client.ping()
    client.images.get(DEFAULT_IMAGE)  # raises ImageNotFound: run `make image`
    return client


@pytest.fixture(scope="session")
def ray_session(docker_client: Any) -> Iterator[None]:
    import ray

    from runner.scheduler import ensure_ray

    # Workers inherit the driver's environment at start: the gateway reads the key there.
    os.environ["ANTHROPIC_API_KEY"] = REAL_KEY
    ensure_ray()
    yield
    ray.shutdown()


@pytest.fixture
def options(tmp_path: Path, ray_session: None) -> Any:
    def make(skill: Path = PROBE, **changes: Any) -> RunOptions:
        base: dict[str, Any] = dict(skill_path=skill, store_uri=str(tmp_path / "store"),
                                    timeout_s=90, concurrency=2, fresh=True)
        base.update(changes)
        return RunOptions(**base)
    return make


@pytest.fixture
def write_script(tmp_path: Path) -> Any:
    def make(data: dict[str, Any]) -> Path:
        path = tmp_path / f"script-{secrets.token_hex(3)}.yaml"
        path.write_text(yaml.safe_dump(data))
        return path
    return make


@pytest.fixture(autouse=True)
def no_leftover_containers(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "docker_client" in request.fixturenames or "ray_session" in request.fixturenames:
        client = docker.from_env()
        left = client.containers.list(all=True, filters={"label": LABEL_RUN})
        assert left == [], f"containers left behind: {[c.name for c in left]}"

"""Fixtures shared by every suite: a real S3 server, and for the integration and security
suites the real Docker engine, the sandbox image and a Ray session (requested by name, so unit
tests never start them). `make test` builds what these need; they fail (not skip) when it is
missing, so a broken setup can never pass as green."""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import docker
import pytest
import yaml

from runner.sandbox.docker import DEFAULT_IMAGE
from runner.schema.options import RunOptions
from tests.helpers import PROBE, REAL_KEY, free_port, own_containers, own_runs, s3_of

# Fake credentials for the test S3 server; set at import so every Ray worker inherits them.
os.environ.setdefault("AWS_ACCESS_KEY_ID", "testing")
os.environ.setdefault("AWS_SECRET_ACCESS_KEY", "testing")
os.environ.setdefault("AWS_DEFAULT_REGION", "us-east-1")


@pytest.fixture(scope="session")
def s3_server() -> Iterator[str]:
    """A real S3-compatible server (moto's standalone server) on loopback, over HTTP."""
    port = free_port()
    moto = Path(sys.executable).parent / "moto_server"
    proc = subprocess.Popen([str(moto), "-H", "127.0.0.1", "-p", str(port)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
                break
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError("moto_server did not start")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


@pytest.fixture
def s3_bucket(s3_server: str) -> str:
    import uuid

    import boto3

    name = f"skill-eval-{uuid.uuid4().hex[:12]}"
    boto3.client("s3", endpoint_url=s3_server).create_bucket(Bucket=name)
    return name


@pytest.fixture(scope="session")
def docker_client() -> Any:
    client = docker.from_env()
    client.ping()
    client.images.get(DEFAULT_IMAGE)  # raises ImageNotFound: run `make image`
    return client


@pytest.fixture(scope="session")
def ray_session(docker_client: Any) -> Iterator[None]:
    import ray

    from runner.driver.executor import ensure_ray

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
def no_leftover_containers(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[None]:
    s3 = s3_of(request)
    yield
    if "docker_client" in request.fixturenames or "ray_session" in request.fixturenames:
        left = own_containers(docker.from_env(), own_runs(tmp_path, s3))
        assert left == [], f"containers left behind: {[c.name for c in left]}"

"""A cluster that cannot run trials is refused before anything is spent, node by node; a local
store across nodes is refused; credentials forwarded by the driver reach the gateways and
never the sandbox. Real `ray start` nodes on this machine (tests/raycluster.py)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from runner.planning.plan import make_plan
from runner.sandbox.docker import DEFAULT_IMAGE
from runner.schema.options import RunOptions
from tests.helpers import PROBE, REAL_KEY, ROOT, own_containers
from tests.raycluster import Cluster, engine_without_images

pytestmark = pytest.mark.integration
CREDENTIALS = ("ANTHROPIC_API_KEY", "CLAUDE_CODE_OAUTH_TOKEN")
ENV_DUMP = ("{ env; for f in /proc/[0-9]*/environ; do tr '\\0' '\\n' < $f; done; } "
            "> env.txt 2>&1; wc -c env.txt")


def _without_credentials(env: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in env.items() if k not in CREDENTIALS}


@pytest.fixture(scope="module")
def unready(docker_client: Any) -> Iterator[Cluster]:
    """Node 1 has Docker and the image but no credential; node 2 has the key, and an engine
    without the sandbox image."""
    root = Path(tempfile.mkdtemp(prefix="rc", dir="/tmp"))  # short: Ray's socket paths
    cluster = Cluster(root)
    with engine_without_images(root) as docker_host:
        try:
            cluster.start(2, [_without_credentials(cluster.env),
                              {**cluster.env, "ANTHROPIC_API_KEY": REAL_KEY,
                               "DOCKER_HOST": docker_host}])
            yield cluster
        finally:
            cluster.stop()
            shutil.rmtree(root, ignore_errors=True)


def _run(cluster: Cluster, env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "runner", "run", str(PROBE), "--case", "greet",
                           "--ray-address", cluster.address, "--timeout", "90", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)


def _labelled(docker_client: Any) -> list[Any]:
    """Containers of the run `_run` asks for: a refused run has no folder to read its id from,
    so its id is planned here (the same inputs, the sandbox image's id among them, give the
    same id); other evals on the machine run containers of their own."""
    opts = RunOptions(skill_path=PROBE, case_ids=("greet",), timeout_s=90)
    image = str(docker_client.images.get(DEFAULT_IMAGE).id)
    opts = opts.model_copy(update={"sandbox": opts.sandbox.model_copy(
        update={"image_id": image})})
    return own_containers(docker_client, {make_plan(opts).run_id})


def test_a_cluster_missing_a_key_and_an_image_is_refused_naming_both(
        unready: Cluster, tmp_path: Path, docker_client: Any) -> None:
    store = tmp_path / "store"
    proc = _run(unready, _without_credentials(unready.env), "--store", str(store),
                "--shared-store")
    assert proc.returncode == 3, proc.stderr[-3000:]
    err = " ".join(proc.stderr.split())
    assert "the cluster is not ready: 2 of 2 node(s)" in err, err[-3000:]
    lacking = err.split("node(s) cannot run trials")[1].split("; node ")
    assert len(lacking) == 2
    assert sum("no upstream credential" in part for part in lacking) == 1
    assert sum("sandbox image" in part and "not found" in part for part in lacking) == 1
    assert REAL_KEY not in proc.stderr + proc.stdout  # the check never reveals a credential
    assert "Traceback" not in proc.stderr
    assert not store.exists()  # nothing written, nothing spent
    assert _labelled(docker_client) == []


def test_a_local_store_across_nodes_is_refused(unready: Cluster, tmp_path: Path) -> None:
    store = tmp_path / "store"
    proc = _run(unready, unready.env, "--store", str(store))
    assert proc.returncode == 2, proc.stderr[-3000:]
    err = " ".join(proc.stderr.split())
    assert "spans 2 Ray nodes" in err and "s3://" in err and "--shared-store" in err, err
    assert not store.exists()


@pytest.fixture(scope="module")
def keyless(docker_client: Any) -> Iterator[Cluster]:
    """One node whose environment holds no credential at all."""
    root = Path(tempfile.mkdtemp(prefix="rc", dir="/tmp"))
    cluster = Cluster(root)
    try:
        cluster.start(1, [_without_credentials(cluster.env)])
        yield cluster
    finally:
        cluster.stop()
        shutil.rmtree(root, ignore_errors=True)


def test_forwarded_credentials_reach_the_gateway_and_never_the_sandbox(
        keyless: Cluster, tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps({
        "require_headers": {"x-api-key": REAL_KEY},  # the upstream refuses anything else
        "scenarios": [{"name": "dump", "when": {"prompt": "Inspect the environment"},
                       "turns": [{"tool_use": {"name": "Bash", "input": {"command": ENV_DUMP}}},
                                 {"text": "inspected"}]}]}))
    store = tmp_path / "store"
    report_path = tmp_path / "report.json"
    env = {**_without_credentials(keyless.env), "ANTHROPIC_API_KEY": REAL_KEY}  # driver only
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(PROBE), "--case", "env", "--arms",
         "baseline,candidate", "--model-script", str(script), "--ray-address", keyless.address,
         "--store", str(store), "--forward-credentials", "--report-json", str(report_path),
         "--timeout", "90"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    assert len(report["trials"]) == 2
    for trial in report["trials"]:
        assert trial["status"] == "completed" and trial["passed"], trial
    assert report["credentials"] == ["api_key"] and not report["cost_notional"]
    dumps = [p.read_text() for p in store.rglob("env.txt")]
    assert dumps and all("ANTHROPIC_API_KEY=sk-ant-task-" in d for d in dumps)  # it ran
    stored = b"".join(p.read_bytes() for p in store.rglob("*") if p.is_file())
    assert REAL_KEY.encode() not in stored  # not in the sandbox, its transcript, its outputs

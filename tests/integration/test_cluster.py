"""A real 2-node Ray cluster on this machine (`ray start --head` + a second `ray start`, each
declaring one `sandbox`), driven by the CLI over --ray-address and by `ray job submit`."""

from __future__ import annotations

import json
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import EXAMPLE, HANG, PROBE, ROOT, own_containers, own_runs, work_mounts
from tests.raycluster import RAY, Cluster

pytestmark = pytest.mark.integration
SCRIPT = {"latency_s": 0.5, "scenarios": [
    {"name": "with-skill", "when": {"prompt": "magic word", "skill": "probe"},
     "turns": [{"tool_use": {"name": "Skill", "input": {"skill": "probe:probe"}}},
               {"text": "The magic word is MAGIC."}]},
    {"name": "rows", "when": {"prompt": "How many data rows"},
     "turns": [{"text": "5 rows"}]},
    {"name": "plain", "turns": [{"text": "no idea"}]}]}


@pytest.fixture(scope="module")
def cluster(docker_client: Any) -> Iterator[Cluster]:
    root = Path(tempfile.mkdtemp(prefix="rc", dir="/tmp"))  # short: Ray's socket paths
    c = Cluster(root)
    try:
        c.start()
        yield c
    finally:
        c.stop()
        shutil.rmtree(root, ignore_errors=True)


def test_run_lands_on_both_nodes(cluster: Cluster, tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    report_path = tmp_path / "report.json"
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(PROBE), "--case", "greet", "--k", "3",
         "--model-script", str(script), "--ray-address", cluster.address, "--store",
         str(tmp_path / "store"), "--shared-store", "--report-json", str(report_path),
         "--timeout", "90"],
        cwd=ROOT, env=cluster.env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    report = json.loads(report_path.read_text())
    assert report["verdict"] == "PASS" and not report["partial"]
    assert len(report["trials"]) == 6
    nodes = {t["node"].split("/")[-1] for t in report["trials"]}
    assert len(nodes) == 2, nodes  # one sandbox per node: both nodes took work


def test_batch_submitted_as_a_ray_job(cluster: Cluster, tmp_path: Path) -> None:
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    batch = tmp_path / "batch.yaml"
    batch.write_text(json.dumps({
        "concurrency": 2, "model_script": str(script), "defaults": {"k": 1, "timeout": 90},
        "evals": [{"skill": str(PROBE), "cases": ["greet"]},
                  {"skill": str(EXAMPLE), "cases": ["row-count"]}]}))
    store = tmp_path / "store"
    command = [RAY, "job", "submit", "--address", f"http://127.0.0.1:{cluster.dashboard_port}",
               "--", str(Path(sys.executable).parent / "skill-eval"), "batch", str(batch),
               "--store", str(store), "--shared-store"]
    deadline = time.monotonic() + 120
    while True:  # the job agent comes up a little after the node itself
        proc = subprocess.run(command, cwd=ROOT, env=cluster.env, capture_output=True,
                              text=True, timeout=600)
        if "No available agent" not in proc.stderr or time.monotonic() > deadline:
            break
        time.sleep(3)
    assert proc.returncode == 0, (proc.stdout + proc.stderr)[-3000:]
    assert "succeeded" in proc.stdout + proc.stderr
    summaries = [p for p in store.glob("runs/b-*/report.json")]
    assert len(summaries) == 1
    summary = json.loads(summaries[0].read_text())
    verdicts = {r["skill"]: r["verdict"] for r in summary["runs"]}
    assert verdicts == {"probe": "PASS", "csv-summary": "NEUTRAL"}


def test_ctrl_c_twice_cleans_up_every_node(cluster: Cluster, tmp_path: Path,
                                           docker_client: Any) -> None:
    """Bug: Ctrl-C cancelled Ray tasks with force=True (no worker cleanup), reaped only the
    driver's node while saying "containers removed", and a second Ctrl-C left containers,
    workspace mounts and scratch behind."""
    script = tmp_path / "script.json"
    script.write_text(json.dumps({"scenarios": [{"name": "hang", "turns": [
        {"tool_use": {"name": "Bash", "input": {"command": HANG, "timeout": 600000}}},
        {"text": "done"}]}]}))
    mounts_before = work_mounts()
    driver = subprocess.Popen(
        [sys.executable, "-m", "runner", "run", str(PROBE), "--case", "greet", "--k", "1",
         "--model-script", str(script), "--ray-address", cluster.address, "--store",
         str(tmp_path / "store"), "--shared-store", "--timeout", "240", "--fresh"],
        cwd=ROOT, env=cluster.env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 180
    # only this test's run: other evals on the machine run containers of their own
    while len(running := own_containers(docker_client, own_runs(tmp_path), running=True)) < 2:
        assert time.monotonic() < deadline and driver.poll() is None, driver.stderr
        time.sleep(0.2)
    nodes = {c.labels["skill-eval.trial"] for c in running}
    assert len(nodes) == 2  # both trials (one per node: one sandbox each) are in flight
    time.sleep(3)
    for container in running:  # and really hanging, not about to finish on their own
        container.reload()
        assert container.status == "running"
    driver.send_signal(signal.SIGINT)
    time.sleep(0.3)
    driver.send_signal(signal.SIGINT)  # impatient user
    _, err = driver.communicate(timeout=180)
    assert driver.returncode == 130, err[-3000:]
    assert "interrupted" in err and "on 2 node(s)" in err, err[-3000:]
    assert "not cleaned" not in err, err[-3000:]
    run_ids = own_runs(tmp_path)
    assert len(run_ids) == 1
    assert own_containers(docker_client, run_ids) == []
    # the workspace mounts of this run's trials (named by trial id prefix) are gone
    trials = {c.labels["skill-eval.trial"][:16] for c in running}
    assert {m for m in work_mounts() - mounts_before
            if Path(m).parent.name[:16] in trials} == set()


def test_a_token_cluster_without_the_token_says_what_to_set(cluster: Cluster,
                                                            tmp_path: Path) -> None:
    """Bug: with token authentication on (Ray's default for `ray start --head`), a driver
    without the token retried for 20 s and died with a traceback."""
    script = tmp_path / "script.json"
    script.write_text(json.dumps(SCRIPT))
    env = {k: v for k, v in cluster.env.items() if not k.startswith("RAY_AUTH")}
    env["HOME"] = str(tmp_path)  # no ~/.ray/auth_token to fall back on
    started = time.monotonic()
    proc = subprocess.run(
        [sys.executable, "-m", "runner", "run", str(PROBE), "--case", "greet", "--model-script",
         str(script), "--ray-address", cluster.address, "--store", str(tmp_path / "store")],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 3, proc.stderr[-3000:]
    assert "Traceback" not in proc.stderr
    assert "RAY_AUTH_TOKEN" in proc.stderr, proc.stderr[-3000:]
    assert time.monotonic() - started < 120

"""The shipped deploy files work as written: each is checked by the tool that consumes it (Ray's
launcher schema and config preparation, KubeRay's RayJob CRD schema, promtool, `docker compose
config` where the plugin is installed, the dashboard's queries against the metric names the
driver exports), and for what the issue asked of it."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from runner.driver.metrics import RunMetrics
from runner.schema.enums import Arm

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
MONITORING = DEPLOY / "monitoring"


def test_ray_cluster_config_passes_the_launchers_validation() -> None:
    import jsonschema
    import ray.autoscaler
    from ray.autoscaler._private.util import prepare_config, validate_config

    config = yaml.safe_load((DEPLOY / "ray-cluster.yaml").read_text())
    schema = json.loads((Path(ray.autoscaler.__file__).parent / "ray-schema.json").read_text())
    jsonschema.validate(config, schema)  # what `ray up` checks the file against
    validate_config(prepare_config(config))
    starts = config["head_start_ray_commands"] + config["worker_start_ray_commands"]
    assert len(re.findall(r'sandbox\\?": \d+', " ".join(starts))) == 2  # both declare theirs


def test_ray_cluster_installs_where_its_user_writes_and_rebuilds_the_environment() -> None:
    config = yaml.safe_load((DEPLOY / "ray-cluster.yaml").read_text())
    assert all(target.startswith("~/") for target in config["file_mounts"])  # not /opt
    assert {".venv", ".skill-eval", "**/__pycache__"} <= set(config["rsync_exclude"])
    setup = " && ".join(config["setup_commands"])
    assert "rm -f .venv/.installed && make venv" in setup  # never a copied environment
    assert "sudo make docker image" in setup and 'usermod -aG docker "$USER"' in setup
    for command in config["head_start_ray_commands"] + config["worker_start_ray_commands"]:
        if " start " in command:
            # Ray (and so every trial) as root: the workspace tmpfs cap needs it
            assert command.startswith("sudo bash -c") and ".skill-eval.env" in command


def _pruned(value: Any, schema: dict[str, Any], where: str = "") -> list[str]:
    """Fields Kubernetes would drop as unknown (structural-schema pruning): typos that a
    plain JSON-schema validation, which allows extra properties, lets through."""
    if schema.get("x-kubernetes-preserve-unknown-fields"):
        return []
    found = []
    if isinstance(value, dict) and "properties" in schema:
        props = schema["properties"]
        for key, item in value.items():
            if key not in props:
                found.append(f"{where}.{key}")
            else:
                found += _pruned(item, props[key], f"{where}.{key}")
    elif isinstance(value, dict) and isinstance(schema.get("additionalProperties"), dict):
        for key, item in value.items():
            found += _pruned(item, schema["additionalProperties"], f"{where}.{key}")
    elif isinstance(value, list) and "items" in schema:
        for index, item in enumerate(value):
            found += _pruned(item, schema["items"], f"{where}[{index}]")
    return found


def test_kuberay_rayjob_matches_the_crd_schema() -> None:
    import jsonschema

    schema = json.loads((ROOT / "tests/fixtures/kuberay/rayjob-v1.schema.json").read_text())
    job = yaml.safe_load((DEPLOY / "kuberay/rayjob-nightly.yaml").read_text())
    assert (job["apiVersion"], job["kind"]) == ("ray.io/v1", "RayJob")
    jsonschema.validate(job, schema)
    assert _pruned(job, schema) == []
    # and the planted typo proves the pruning check can fail
    typo = {**job, "spec": {**job["spec"], "shutdownAfterJobFinish": True}}
    assert _pruned(typo, schema) == [".spec.shutdownAfterJobFinish"]


def test_kuberay_rayjob_runs_the_batch_with_an_engine_beside_each_worker() -> None:
    spec = yaml.safe_load((DEPLOY / "kuberay/rayjob-nightly.yaml").read_text())["spec"]
    assert spec["shutdownAfterJobFinishes"] is True
    assert spec["entrypoint"].startswith("skill-eval batch ")
    (group,) = spec["rayClusterSpec"]["workerGroupSpecs"]
    assert '\\"sandbox\\": ' in group["rayStartParams"]["resources"]
    pod = group["template"]["spec"]
    engine, pull = pod["initContainers"]
    assert engine["restartPolicy"] == "Always" and engine["securityContext"]["privileged"]
    assert "dind" in engine["image"] and "docker pull" in " ".join(pull["command"])
    (worker,) = pod["containers"]
    secrets = {e["name"]: e["valueFrom"]["secretKeyRef"]["name"] for e in worker["env"]
               if "valueFrom" in e}
    assert secrets == {"ANTHROPIC_API_KEY": "skill-eval-credentials",
                       "CLAUDE_CODE_OAUTH_TOKEN": "skill-eval-credentials"}
    shared = {m["mountPath"] for m in worker["volumeMounts"]} & {
        m["mountPath"] for m in engine["volumeMounts"]}
    assert "/tmp/skill-eval" in shared  # working dirs and gateway sockets: one path for both


def _compose() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load((MONITORING / "compose.yaml").read_text())
    return data


def test_compose_file_points_at_shipped_files_with_pinned_images() -> None:
    services = _compose()["services"]
    assert {"minio", "prometheus", "grafana"} <= set(services)
    for name, service in services.items():
        image = service["image"]
        assert ":" in image and not image.endswith(":latest"), f"{name}: {image} is not pinned"
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            if source.startswith("./"):
                assert (MONITORING / source).exists(), f"{name}: {source} is not shipped"
    # the store is reachable from every node; its secret must be given
    assert "9000:9000" in services["minio"]["ports"]
    assert "MINIO_ROOT_PASSWORD:?" in services["minio"]["environment"]["MINIO_ROOT_PASSWORD"]
    # Prometheus on the host's network reaches a driver on loopback, however it was started
    assert services["prometheus"]["network_mode"] == "host"
    scrape = yaml.safe_load((MONITORING / "prometheus.yml").read_text())["scrape_configs"][0]
    assert scrape["static_configs"][0]["targets"] == ["127.0.0.1:9464"]
    assert scrape["file_sd_configs"][0]["files"] == ["/etc/prometheus/targets/*.json"]
    json.loads((MONITORING / "targets/drivers.json").read_text())


def _compose_plugin() -> bool:
    docker = shutil.which("docker")
    return bool(docker) and subprocess.run([str(docker), "compose", "version"],
                                           capture_output=True).returncode == 0


@pytest.mark.skipif(not _compose_plugin(), reason="the docker compose plugin is not installed")
def test_docker_compose_accepts_the_compose_file() -> None:
    env = {**os.environ, "MINIO_ROOT_PASSWORD": "x" * 16}
    done = subprocess.run(["docker", "compose", "-f", str(MONITORING / "compose.yaml"),
                           "config", "--quiet"], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr


@pytest.mark.skipif(not shutil.which("promtool"),
                    reason="no promtool (scripts/ensure-prometheus.sh installs it)")
def test_promtool_accepts_the_prometheus_config() -> None:
    done = subprocess.run(["promtool", "check", "config", str(MONITORING / "prometheus.yml")],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


def test_dashboard_queries_only_exported_metrics() -> None:
    metrics = RunMetrics("r", cap_usd=1.0)
    for arm in Arm:
        metrics.queued.labels(str(arm))
    exported = set(re.findall(r"^# TYPE (\S+) (\w+)", metrics.snapshot().decode(), re.M))
    names = set()
    for name, kind in exported:
        names.add(name)
        if kind == "counter":
            names.add(f"{name}_total")
        if kind == "histogram":
            names |= {f"{name}_bucket", f"{name}_sum", f"{name}_count"}
    dashboard = json.loads((MONITORING / "grafana/dashboards/skill-eval.json").read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]
    assert exprs
    for expr in exprs:
        for used in re.findall(r"skill_eval_[a-z_]+", expr):
            assert used in names, f"dashboard queries {used}, which the driver does not export"
    titles = " ".join(p["title"] for p in dashboard["panels"]).lower()
    assert "held" in titles and "pushback" in titles and "governor limits" in titles

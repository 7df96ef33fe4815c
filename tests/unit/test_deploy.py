"""The shipped deploy files work as written: each is checked by the tool that consumes it
(Ray's launcher schema and config preparation, a YAML parse of the compose file, the
dashboard's queries against the metric names the driver exports). `promtool` checks the
Prometheus config in tests/integration/test_prometheus.py, where Prometheus is installed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from runner.driver.metrics import RunMetrics
from runner.schema.enums import Arm

DEPLOY = Path(__file__).resolve().parents[2] / "deploy"


def test_ray_cluster_config_passes_the_launchers_validation() -> None:
    import jsonschema
    import ray.autoscaler
    from ray.autoscaler._private.util import prepare_config, validate_config

    config = yaml.safe_load((DEPLOY / "ray-cluster.yaml").read_text())
    schema = json.loads((Path(ray.autoscaler.__file__).parent / "ray-schema.json").read_text())
    jsonschema.validate(config, schema)  # what `ray up` checks the file against
    validate_config(prepare_config(config))
    starts = " ".join(config["head_start_ray_commands"] + config["worker_start_ray_commands"])
    assert starts.count('"sandbox"') == 2  # every node declares its sandboxes


def test_compose_file_parses_and_points_at_shipped_files() -> None:
    folder = DEPLOY / "monitoring"
    compose = yaml.safe_load((folder / "compose.yaml").read_text())
    services = compose["services"]
    assert {"minio", "prometheus", "grafana"} <= set(services)
    for name, service in services.items():
        assert service.get("image"), name
        for volume in service.get("volumes", []):
            source = volume.split(":", 1)[0]
            if source.startswith("./"):
                assert (folder / source).exists(), f"{name}: {source} is not shipped"
    # the Prometheus container reaches the driver on the host through host-gateway, which
    # only works when the driver listens beyond loopback: the files say how
    assert "host.docker.internal:host-gateway" in services["prometheus"]["extra_hosts"]
    scrape = yaml.safe_load((folder / "prometheus.yml").read_text())
    targets = scrape["scrape_configs"][0]["static_configs"][0]["targets"]
    assert targets == ["host.docker.internal:9464"]
    assert "--metrics-host 0.0.0.0" in (folder / "prometheus.yml").read_text()
    assert "--metrics-host 0.0.0.0" in (folder / "compose.yaml").read_text()


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
    dashboard = json.loads((DEPLOY / "monitoring/grafana/dashboards/skill-eval.json").read_text())
    exprs = [t["expr"] for p in dashboard["panels"] for t in p.get("targets", [])]
    assert exprs
    for expr in exprs:
        for used in re.findall(r"skill_eval_[a-z_]+", expr):
            assert used in names, f"dashboard queries {used}, which the driver does not export"

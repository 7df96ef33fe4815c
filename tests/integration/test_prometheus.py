"""A real Prometheus server (Debian's package) scrapes the driver during a run the way the
shipped deploy/monitoring/prometheus.yml does (promtool checks that file first): on the host's
network, so a driver on its default loopback address is reached, and one listed in the
targets folder too. What it stored matches the run's report."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import requests

from runner.driver.api import run_eval
from tests.helpers import MAGIC_WITH_SKILL, ROOT, free_port

pytestmark = pytest.mark.integration


SHIPPED = ROOT / "deploy" / "monitoring" / "prometheus.yml"


def test_promtool_accepts_the_shipped_config() -> None:
    promtool = shutil.which("promtool")
    assert promtool, "no promtool: `make test` installs Prometheus (scripts/ensure-prometheus.sh)"
    done = subprocess.run([promtool, "check", "config", str(SHIPPED)], capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.fixture
def prometheus(tmp_path: Path, docker_client: Any) -> Any:
    binary = shutil.which("prometheus")
    assert binary, "no prometheus binary: `make test` installs it (scripts/ensure-prometheus.sh)"
    target, web = free_port(), free_port()
    shipped = SHIPPED.read_text()
    assert '"127.0.0.1:9464"' in shipped and "/etc/prometheus/targets/*.json" in shipped
    targets = tmp_path / "targets"
    targets.mkdir()
    (targets / "drivers.json").write_text((SHIPPED.parent / "targets/drivers.json").read_text())
    config = tmp_path / "prometheus.yml"
    config.write_text(shipped.replace("127.0.0.1:9464", f"127.0.0.1:{target}").replace(
        "/etc/prometheus/targets", str(targets)))
    gateway = "127.0.0.1"
    proc = subprocess.Popen([binary, f"--config.file={config}",
                             f"--storage.tsdb.path={tmp_path / 'tsdb'}",
                             f"--web.listen-address=127.0.0.1:{web}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)
    url = f"http://127.0.0.1:{web}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if requests.get(f"{url}/-/ready", timeout=1).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert time.monotonic() < deadline, "prometheus did not become ready"
            time.sleep(0.2)
        yield url, target, gateway
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def query(url: str, promql: str) -> dict[str, float]:
    data = requests.get(f"{url}/api/v1/query", params={"query": promql}, timeout=5).json()
    assert data["status"] == "success", data
    return {r["metric"].get("arm", ""): float(r["value"][1]) for r in data["data"]["result"]}


def test_prometheus_scrape_matches_the_report(prometheus: tuple[str, int, str], options: Any,
                                              write_script: Any) -> None:
    url, port, gateway = prometheus
    script = write_script({"latency_s": 0.5, "usage": {"input_tokens": 777, "output_tokens": 9},
                           "scenarios": [MAGIC_WITH_SKILL,
                                         {"name": "plain", "turns": [{"text": "no"}]}]})
    # the shipped scrape interval is 5 s: linger past one so the final values are scraped
    # the default metrics host (loopback): the shipped Prometheus shares the host's network
    report = run_eval(options(case_ids=("greet",), k=2, model_script=script, metrics_port=port,
                              metrics_linger_s=7.0))
    up = query(url, 'max_over_time(up{job="skill-eval"}[10m])')
    assert up and max(up.values()) == 1.0, f"Prometheus never reached {gateway}:{port}"
    finished = query(url, "sum by (arm) (max_over_time("
                          "skill_eval_trials_finished_total[10m]))")
    tokens = query(url, "sum by (arm) (max_over_time("
                        'skill_eval_tokens_total{kind="input"}[10m]))')
    dollars = query(url, "sum by (arm) (max_over_time(skill_eval_cost_usd_total[10m]))")
    for arm, cost in report.arms.items():
        assert finished[arm] == cost.trials
        assert tokens[arm] == cost.input_tokens
        assert dollars[arm] == pytest.approx(cost.cost_usd)
    assert query(url, "max_over_time(skill_eval_trials_queued[10m])")

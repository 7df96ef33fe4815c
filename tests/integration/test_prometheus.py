"""A real Prometheus server (Debian's package) scrapes the driver during a run; what it
stored matches the run's report."""

from __future__ import annotations

import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
import requests

from runner.driver.api import run_eval
from tests.helpers import MAGIC_WITH_SKILL, free_port

pytestmark = pytest.mark.integration


@pytest.fixture
def prometheus(tmp_path: Path) -> Any:
    binary = shutil.which("prometheus")
    assert binary, "no prometheus binary: `make test` installs it (scripts/ensure-prometheus.sh)"
    target, web = free_port(), free_port()
    config = tmp_path / "prometheus.yml"
    config.write_text(f"""global: {{scrape_interval: 1s, scrape_timeout: 1s}}
scrape_configs:
  - job_name: skill-eval
    static_configs: [{{targets: ["127.0.0.1:{target}"]}}]
""")
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
        yield url, target
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def query(url: str, promql: str) -> dict[str, float]:
    data = requests.get(f"{url}/api/v1/query", params={"query": promql}, timeout=5).json()
    assert data["status"] == "success", data
    return {r["metric"].get("arm", ""): float(r["value"][1]) for r in data["data"]["result"]}


def test_prometheus_scrape_matches_the_report(prometheus: tuple[str, int], options: Any,
                                              write_script: Any) -> None:
    url, port = prometheus
    script = write_script({"latency_s": 0.5, "usage": {"input_tokens": 777, "output_tokens": 9},
                           "scenarios": [MAGIC_WITH_SKILL,
                                         {"name": "plain", "turns": [{"text": "no"}]}]})
    report = run_eval(options(case_ids=("greet",), k=2, model_script=script, metrics_port=port,
                              metrics_linger_s=3.0))
    finished = query(url, "sum by (arm) (max_over_time("
                          "skill_eval_trials_finished_total[10m]))")
    tokens = query(url, "sum by (arm) (max_over_time("
                        'skill_eval_tokens_total{kind="input"}[10m]))')
    dollars = query(url, "sum by (arm) (max_over_time(skill_eval_cost_usd_total[10m]))")
    for arm, cost in report.arms.items():
        assert finished[arm] == cost.sessions
        assert tokens[arm] == cost.input_tokens
        assert dollars[arm] == pytest.approx(cost.cost_usd)
    assert query(url, "max_over_time(skill_eval_trials_queued[10m])")

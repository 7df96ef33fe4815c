"""Prometheus metrics of a run, exposed by the driver at /metrics while it runs.

Token and dollar figures come from the gateway's metering carried in each TrialResult, never
from what the agent reported. A final snapshot (text exposition format) is stored with the run.
"""

from __future__ import annotations

import time
from collections import deque
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.exposition import start_http_server

from runner.pacing.governor import GovernorState
from runner.schema.enums import Arm
from runner.schema.trial import TrialResult, TrialSpec

DURATION_BUCKETS = (1, 2, 5, 10, 20, 30, 60, 120, 300, 600, 1200, 1800)


class RunMetrics:
    def __init__(self, run_id: str, cap_usd: float | None) -> None:
        self.registry = CollectorRegistry()
        self.run_id = run_id
        r = self.registry
        self.queued = Gauge("skill_eval_trials_queued", "Trials not yet handed to the executor",
                            ["arm"], registry=r)
        self.running = Gauge("skill_eval_trials_running", "Trials in flight (sessions running, "
                             "and prefetched trials waiting at their start gate)", ["arm"],
                             registry=r)
        self.finished = Counter("skill_eval_trials_finished_total",
                                "Trials finished, by arm and status (completed, agent_error, "
                                "timed_out, crashed, api_error, infra_error, stopped)",
                                ["arm", "status"], registry=r)
        self.holes = Counter("skill_eval_trials_holes_total", "Trials that ended as holes",
                             ["arm"], registry=r)
        self.reused = Counter("skill_eval_trials_reused_total",
                              "Trials skipped on resume (DONE already stored)", ["arm"],
                              registry=r)
        self.rate = Gauge("skill_eval_trials_per_minute",
                          "Trials finished over the last 60 seconds", registry=r)
        self.duration = Histogram("skill_eval_session_duration_seconds",
                                  "Wall time of a trial's session phase (claude running)", ["arm"],
                                  buckets=DURATION_BUCKETS, registry=r)
        self.tokens = Counter("skill_eval_tokens_total", "Tokens metered at the gateway",
                              ["arm", "model", "kind"], registry=r)
        self.dollars = Counter("skill_eval_cost_usd_total",
                               "Dollars metered at the gateway (price table x tokens)",
                               ["arm", "model"], registry=r)
        self.model_errors = Counter("skill_eval_model_errors_total",
                                    "Error responses from the model endpoint, by status",
                                    ["status"], registry=r)
        self.held = Counter("skill_eval_gateway_held_seconds_total",
                            "Time model requests waited on the rate governor", ["arm"],
                            registry=r)
        self.pressure = Gauge("skill_eval_upstream_pushback",
                              "1 while the upstream pushes back (429/529 in the last 30 s)",
                              registry=r)
        self.governor_limit = Gauge("skill_eval_governor_limit",
                                    "The rate governor's limit in force per minute (configured "
                                    "or stated by the upstream; NaN: none)", ["kind"],
                                    registry=r)
        for kind in ("rpm", "itpm", "otpm"):
            self.governor_limit.labels(kind).set(float("nan"))
        self.governor_requests = Gauge("skill_eval_governor_requests_last_minute",
                                       "Model requests the governor let through in the last "
                                       "minute", registry=r)
        self.governor_holding = Gauge("skill_eval_governor_holding_seconds",
                                      "How long the governor holds every gateway from now "
                                      "(a pushback's retry-after, or a stated reset)",
                                      registry=r)
        self.budget_used = Gauge("skill_eval_budget_used_usd", "Dollars spent so far",
                                 registry=r)
        self.budget_cap = Gauge("skill_eval_budget_cap_usd",
                                "Run budget cap (NaN when uncapped)", registry=r)
        self.budget_cap.set(float("nan") if cap_usd is None else cap_usd)
        self._recent: deque[float] = deque()
        self._server: Any = None

    def serve(self, port: int, addr: str = "127.0.0.1") -> None:
        self._server, _ = start_http_server(port, addr=addr, registry=self.registry)

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def planned(self, specs: list[TrialSpec]) -> None:
        for spec in specs:
            self.queued.labels(str(spec.arm)).inc()

    def submitted(self, spec: TrialSpec) -> None:
        self.queued.labels(str(spec.arm)).dec()
        self.running.labels(str(spec.arm)).inc()

    def finished_trial(self, result: TrialResult, reused: bool) -> None:
        arm = str(result.arm)
        if reused:
            self.queued.labels(arm).dec()
            self.reused.labels(arm).inc()
            return
        self.running.labels(arm).dec()
        self.finished.labels(arm, str(result.status)).inc()
        if result.status.is_hole:
            self.holes.labels(arm).inc()
        if result.wall_s is not None:
            self.duration.labels(arm).observe(result.wall_s)
        now = time.monotonic()
        self._recent.append(now)
        while self._recent and self._recent[0] < now - 60:
            self._recent.popleft()
        self.rate.set(len(self._recent))
        usage = result.usage
        if usage is None:
            return
        if usage.held_s:
            self.held.labels(arm).inc(usage.held_s)
        model = usage.models[0] if usage.models else "unknown"
        for kind, value in (("input", usage.input_tokens), ("output", usage.output_tokens),
                            ("cache_read", usage.cache_read_input_tokens),
                            ("cache_write", usage.cache_creation_input_tokens)):
            self.tokens.labels(arm, model, kind).inc(value)
        self.dollars.labels(arm, model).inc(usage.cost_usd)
        for status, count in usage.errors_by_status.items():
            self.model_errors.labels(status).inc(count)

    def read_governor(self, state: GovernorState) -> None:
        """The governor's reading: the limits in force, what it let through in the last
        minute, how long it holds every gateway from now."""
        for kind, value in (("rpm", state.rpm), ("itpm", state.itpm), ("otpm", state.otpm)):
            self.governor_limit.labels(kind).set(float("nan") if value is None else value)
        self.governor_requests.set(state.requests_last_minute)
        self.governor_holding.set(state.holding_for_s)

    def budget(self, spent_usd: float) -> None:
        self.budget_used.set(spent_usd)

    def snapshot(self) -> bytes:
        return generate_latest(self.registry)


def touch_arms(metrics: RunMetrics, arms: list[Arm]) -> None:
    """Create every arm's series at zero so dashboards see them before the first result."""
    for arm in arms:
        metrics.queued.labels(str(arm))
        metrics.running.labels(str(arm))
        metrics.holes.labels(str(arm))
        metrics.held.labels(str(arm))

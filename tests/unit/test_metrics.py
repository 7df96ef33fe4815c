from prometheus_client.parser import text_string_to_metric_families

from runner.driver.metrics import RunMetrics, touch_arms
from runner.schema.case import Case
from runner.schema.enums import Arm, TrialStatus
from runner.schema.options import SessionLimits
from runner.schema.trial import PassContext, TrialResult, TrialSpec, Usage


def spec(arm: Arm, i: int) -> TrialSpec:
    return TrialSpec(run_id="r", trial_id=f"t{i}", case=Case(id="c", prompt="p"), repetition=i,
                    arm=arm, model="sonnet", skill_name="s", fixtures_bundle="f",
                    skill_bundle=None, context=PassContext(upstream_url="http://x", store_uri="m"),
                    limits=SessionLimits(timeout_s=10))


def samples(metrics: RunMetrics) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    out = {}
    for family in text_string_to_metric_families(metrics.snapshot().decode()):
        for s in family.samples:
            out[(s.name, tuple(sorted(s.labels.items())))] = s.value
    return out


def test_counters_follow_the_tasks() -> None:
    m = RunMetrics("r", cap_usd=1.0)
    specs = [spec(Arm.CANDIDATE, 0), spec(Arm.BASELINE, 1), spec(Arm.BASELINE, 2)]
    touch_arms(m, [Arm.BASELINE, Arm.CANDIDATE])
    m.planned(specs)
    for s in specs:
        m.submitted(s)
    usage = Usage(requests=2, input_tokens=100, output_tokens=10, cost_usd=0.5,
                  errors_by_status={"529": 2}, models=["claude-sonnet-4-5"])
    m.finished_trial(TrialResult(trial_id="t0", case_id="c", repetition=0, arm=Arm.CANDIDATE,
                               status=TrialStatus.COMPLETED, passed=True, usage=usage,
                               wall_s=3.0), reused=False)
    m.finished_trial(TrialResult(trial_id="t1", case_id="c", repetition=1, arm=Arm.BASELINE,
                               status=TrialStatus.INFRA_ERROR, passed=None, wall_s=30.0),
                    reused=False)
    m.budget(0.5)
    got = samples(m)
    assert got[("skill_eval_trials_finished_total", (("arm", "candidate"),
                                                   ("status", "completed")))] == 1
    assert got[("skill_eval_trials_holes_total", (("arm", "baseline"),))] == 1
    assert got[("skill_eval_trials_running", (("arm", "baseline"),))] == 1
    assert got[("skill_eval_trials_queued", (("arm", "baseline"),))] == 0
    assert got[("skill_eval_tokens_total", (("arm", "candidate"), ("kind", "input"),
                                           ("model", "claude-sonnet-4-5")))] == 100
    assert got[("skill_eval_cost_usd_total", (("arm", "candidate"),
                                             ("model", "claude-sonnet-4-5")))] == 0.5
    assert got[("skill_eval_model_errors_total", (("status", "529"),))] == 2
    assert got[("skill_eval_session_duration_seconds_count", (("arm", "baseline"),))] == 1
    assert got[("skill_eval_trials_per_minute", ())] == 2
    assert got[("skill_eval_budget_used_usd", ())] == 0.5
    assert got[("skill_eval_budget_cap_usd", ())] == 1.0


def test_dashboard_queries_only_exported_metrics() -> None:
    import json
    import re
    from pathlib import Path

    dashboard = Path(__file__).resolve().parents[2] / "deploy/monitoring/grafana/dashboards"
    exprs = [t["expr"] for p in json.loads((dashboard / "skill-eval.json").read_text())["panels"]
             for t in p["targets"]]
    used = {m for e in exprs for m in re.findall(r"skill_eval_[a-z_]+", e)}
    exported = {s.name for f in text_string_to_metric_families(
        RunMetrics("r", None).snapshot().decode()) for s in f.samples}
    m = RunMetrics("r", None)
    touch_arms(m, [Arm.BASELINE])
    m.duration.labels("baseline").observe(1)
    m.tokens.labels("baseline", "x", "input").inc()
    m.dollars.labels("baseline", "x").inc()
    m.model_errors.labels("529").inc()
    m.finished.labels("baseline", "completed").inc()
    exported |= {s.name for f in text_string_to_metric_families(m.snapshot().decode())
                 for s in f.samples}
    assert used <= exported, used - exported

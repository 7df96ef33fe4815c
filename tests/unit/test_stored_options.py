"""Stored shapes survive the options grouping: a plan stored before the settings were grouped
(SessionFields, StoreSettings, WaveSettings: runner.schema.options) loads, and writes back every
stored field with its value; a trial spec's pass context keeps its store fields; the old
option spellings (`timeout`, `store`, `s3_endpoint_url`) still load."""

from __future__ import annotations

import json
from pathlib import Path

from runner.schema.options import (
    PassSettings,
    RegradeOptions,
    RunOptions,
    SessionLimits,
    WaveSettings,
)
from runner.schema.plan import Plan
from runner.schema.trial import PassContext

STORED = Path(__file__).resolve().parents[1] / "fixtures" / "stored"


def test_a_plan_stored_before_the_grouping_loads_and_writes_back_the_same() -> None:
    raw = (STORED / "plan-before-waves.json").read_text()
    plan = Plan.model_validate_json(raw)
    assert plan.trials and plan.trials[0].limits.timeout_s == 600.0
    assert plan.trials[0].context.store_uri == ".skill-eval"
    assert kept(json.loads(raw), json.loads(plan.model_dump_json()))


def kept(stored: object, written: object) -> bool:
    """Every stored field written back with the same value (fields added since may be new)."""
    if isinstance(stored, dict):
        return isinstance(written, dict) and all(
            k in written and kept(v, written[k]) for k, v in stored.items())
    if isinstance(stored, list):
        return isinstance(written, list) and len(stored) == len(written) and all(
            kept(a, b) for a, b in zip(stored, written, strict=True))
    return stored == written


def test_a_pass_context_keeps_its_stored_field_names() -> None:
    stored = {"pass_id": "r-1", "store_uri": "s3://b/p", "store_endpoint": "http://s3:9000",
              "upstream_url": "http://127.0.0.1:1", "ledger": True}
    context = PassContext.model_validate(stored)
    assert context.store_uri == "s3://b/p" and context.store_endpoint == "http://s3:9000"
    dumped = context.model_dump()
    assert {k: dumped[k] for k in stored} == stored


def test_old_spellings_still_load() -> None:
    opts = RunOptions.model_validate({"skill_path": "x", "timeout": 30, "store": "/tmp/s",
                                      "s3_endpoint_url": "http://s3"})
    assert opts.limits == SessionLimits(timeout_s=30)
    assert opts.settings().store_uri == "/tmp/s" and opts.store_endpoint == "http://s3"
    regrade = RegradeOptions.model_validate({"run_id": "r-1", "store": "/tmp/s"})
    assert regrade.store_uri == "/tmp/s"


def test_the_groups_are_declared_once() -> None:
    """PassSettings and RegradeOptions hold the wave's settings by inheritance, not copies."""
    for model in (PassSettings, RegradeOptions):
        assert issubclass(model, WaveSettings)
        for name, field in WaveSettings.model_fields.items():
            assert model.model_fields[name].description == field.description
    assert set(SessionLimits.model_fields) <= set(RunOptions.model_fields)

"""The wave's one rule for each concern: the upstream it chooses (a model script's endpoint,
started once; an explicit endpoint; ANTHROPIC_BASE_URL; the API), its caps (the run's, or
what the store has left today when lower), the stop it was asked for, and the kill switch."""

from __future__ import annotations

from pathlib import Path

import pytest

from runner import config
from runner.driver.storewide import engage
from runner.driver.wave import RunBudget, Wave
from runner.errors import RefusedInput
from runner.pacing.stops import StopReason
from runner.schema.options import WaveSettings
from runner.store.keys import STORE_CONFIG, RunKeys
from runner.store.memory import MemoryStore


def test_the_upstream_is_chosen_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("ANTHROPIC_BASE_URL", raising=False)
    assert Wave("w", MemoryStore(), WaveSettings()).upstream() == config.UPSTREAM
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://proxy:1")
    assert Wave("w", MemoryStore(), WaveSettings()).upstream() == "http://proxy:1"
    given = WaveSettings(upstream_url="http://given:2")
    assert Wave("w", MemoryStore(), given).upstream() == "http://given:2"
    script = tmp_path / "s.yaml"
    script.write_text("scenarios: [{name: any, turns: [{text: ok}]}]\n")
    with Wave("w", MemoryStore(), WaveSettings(model_script=script)) as wave:
        first = wave.upstream()
        assert first.startswith("http://127.0.0.1:") and wave.upstream() == first
        assert wave.access().label == "(model script)"


def test_the_lower_cap_applies_and_a_later_wave_starts_from_the_run_spend() -> None:
    store = MemoryStore()
    store.put(STORE_CONFIG, b'{"daily_budget_usd": 2.0}')
    wave = Wave("w", store, WaveSettings(max_budget_usd=5.0), RunBudget(spent_usd=1.0))
    caps = wave.price(0.5, 0.0, "1 session(s)")
    assert caps.cap == pytest.approx(3.0) and caps.label.startswith("store budget")
    with pytest.raises(RefusedInput, match="on top of \\$1.00 already spent"):
        Wave("w", store, WaveSettings(max_budget_usd=1.2), RunBudget(1.0)).price(
            0.5, 0.0, "1 session(s)")
    forced = Wave("w", store, WaveSettings(max_budget_usd=1.2, force=True), RunBudget(1.0))
    assert forced.price(0.5, 0.0, "1 session(s)").cap == pytest.approx(1.2)  # never the cap
    guard = forced.access(1.3).guard
    assert guard is not None and guard._ledger.stopped is not None  # spent: starts stopped


def test_one_stop_reason_per_stop_and_the_kill_switch() -> None:
    store = MemoryStore()
    wave = Wave("w", store, WaveSettings())
    assert wave.stop_reason() is None
    store.put(RunKeys("w").stop_flag, b"stop requested\n")
    assert wave.stop_reason() is StopReason.USER
    engage(store)
    with pytest.raises(RefusedInput, match="every run is stopped"):
        Wave("w2", store, WaveSettings())


def test_a_charge_is_the_runs_spend_and_the_stores_day() -> None:
    """What a wave spends outside its ledger (the live check) counts for the run: a later
    ledger and a later wave start past it, the store's day records it (one record per charge,
    so a resume's check adds to the day, never overwrites), and a spent cap is seen."""
    from runner.driver.storewide import spent_today

    store = MemoryStore()
    budget = RunBudget(spent_usd=0.25)
    wave = Wave("w", store, WaveSettings(max_budget_usd=1.0, force=True), budget)
    wave.price(0.0, 0.0, "1 session(s)")
    wave.charge(0.5, "preflight")
    wave.charge(0.0, "preflight")  # nothing spent, nothing recorded
    assert budget.spent_usd == pytest.approx(0.75) and wave.prior == pytest.approx(0.75)
    assert spent_today(store) == pytest.approx(0.5)
    assert not wave.cap_spent(0.2) and wave.cap_spent(0.25)
    wave.charge(0.25, "preflight")
    assert spent_today(store) == pytest.approx(0.75)
    later = Wave("w2", store, WaveSettings(max_budget_usd=1.0, force=True), budget)
    later.price(0.0, 0.0, "1 session(s)")
    guard = later.access(later.prior).guard
    assert guard is not None and guard._ledger.stopped is not None  # the cap is spent

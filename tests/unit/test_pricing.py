"""One model, one price: an alias (`sonnet`) and the id it resolves to (`claude-sonnet-5`) cost
the same wherever a figure is made: the price table, the gateway meter that bills the run's
sessions, and the live check, which sends the resolved id."""

from __future__ import annotations

import pytest

from runner.costs.aliases import ALIASES, api_model
from runner.costs.pricing import cost_usd, price_for
from runner.gateway.meter import Meter

USAGE = {"input_tokens": 100_000, "output_tokens": 10_000, "cache_read_input_tokens": 5_000,
         "cache_creation_input_tokens": 1_000}


@pytest.mark.parametrize("alias", sorted(ALIASES))
def test_an_alias_is_priced_as_the_id_it_resolves_to(alias: str) -> None:
    resolved = api_model(alias)
    assert resolved != alias
    assert price_for(alias) == price_for(resolved)
    assert price_for(alias.upper())[0] == price_for(resolved)[0]
    assert cost_usd(alias, 1_000_000, 0, 0, 0) == cost_usd(resolved, 1_000_000, 0, 0, 0)


def test_the_sessions_meter_and_the_live_check_agree_on_sonnet() -> None:
    # the sessions are billed under the run's --model (the alias), the live check under the
    # id it sends: the same tokens must cost the same
    sessions, live_check = Meter(), Meter()
    assert sessions.record("sonnet", USAGE) == live_check.record(api_model("sonnet"), USAGE)
    assert price_for("sonnet")[0].input == 2.0  # claude-sonnet-5's $2/M, not the old $3/M


def test_the_alias_follows_the_id_claude_is_told_to_use(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ANTHROPIC_DEFAULT_SONNET_MODEL", "claude-opus-4-1")
    assert price_for("sonnet") == price_for("claude-opus-4-1")
    assert price_for("sonnet")[0].input == 15.0


def test_a_full_id_and_an_unknown_name_are_unchanged() -> None:
    assert price_for("claude-sonnet-4-5")[0].input == 3.0
    assert price_for("claude-haiku-4-5")[0].input == 1.0
    assert price_for("some-other-model") == price_for("another-model")
    assert price_for("some-other-model")[1] is False

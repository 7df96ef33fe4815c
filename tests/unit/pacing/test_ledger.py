from pathlib import Path

import pytest

from runner.costs.estimate import estimate_usd
from runner.gateway.server import TrialGateway
from runner.pacing.ledger import BudgetGuard, LocalLedger
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from tests.helpers import call, message

# 1000 in + 100 out on sonnet = $0.0045 per response
SCRIPT = Script.model_validate({"usage": {"input_tokens": 1000, "output_tokens": 100},
                                "scenarios": [{"name": "s", "turns": [{"text": "hi"}]}]})


def test_ledger_stops_at_the_cap_and_keeps_the_first_reason() -> None:
    ledger = LocalLedger(cap_usd=0.01)
    assert ledger.charge(0.004).stopped is None
    assert ledger.charge(0.004).stopped is None
    state = ledger.charge(0.004)
    assert state.stopped is not None and state.stopped.startswith("budget:")
    assert ledger.stop("user").stopped == state.stopped
    assert LocalLedger(None).charge(1e9).stopped is None


def test_gateway_refuses_once_the_budget_is_spent(tmp_path: Path) -> None:
    ledger = LocalLedger(cap_usd=0.01)
    with ScriptedEndpoint(SCRIPT) as url, TrialGateway(tmp_path / "gw", url, "k",
                                                      budget=BudgetGuard(ledger)) as gw:
        statuses = [call(gw.socket_path, "POST", "/v1/messages", gw.token, message())[0]
                    for _ in range(4)]
        status, body = call(gw.socket_path, "POST", "/v1/messages", gw.token, message())
    assert statuses == [200, 200, 200, 400]  # the third response crosses the cap
    assert status == 400 and b"run stopped (budget" in body
    assert ledger.spent_usd == pytest.approx(3 * 0.0045)


def test_gateway_refuses_after_a_stop(tmp_path: Path) -> None:
    ledger = LocalLedger(cap_usd=None)
    ledger.stop("stopped by `skill-eval stop`")
    with ScriptedEndpoint(SCRIPT) as url, TrialGateway(tmp_path / "gw", url, "k",
                                                      budget=BudgetGuard(ledger)) as gw:
        status, body = call(gw.socket_path, "POST", "/v1/messages", gw.token, message())
    assert status == 400 and b"skill-eval stop" in body


def test_estimate_scales_with_sessions_and_model() -> None:
    assert estimate_usd("sonnet", 10) == pytest.approx(10 * estimate_usd("sonnet", 1))
    assert estimate_usd("opus-4-1", 1) > estimate_usd("sonnet", 1) > estimate_usd("haiku", 1)


def test_a_resumed_run_counts_what_it_already_spent() -> None:
    from runner.driver.passes import check_budget
    from runner.errors import RefusedInput
    from runner.schema.case import Case
    from runner.schema.enums import Arm
    from runner.schema.options import SessionLimits
    from runner.schema.trial import PassContext, TrialSpec

    ledger = LocalLedger(cap_usd=1.0, spent_usd=0.9)
    assert ledger.charge(0.2).stopped is not None  # the cap covers the run, not the resume
    spec = TrialSpec(run_id="r", trial_id="t", case=Case(id="c", prompt="p"), repetition=0,
                    arm=Arm.BASELINE, model="sonnet", skill_name="s", fixtures_bundle="f",
                    skill_bundle=None, context=PassContext(upstream_url="http://x", store_uri="m"),
                    limits=SessionLimits(timeout_s=10))
    one = estimate_usd("sonnet", 1)
    check_budget(one * 1.5, False, [spec], spent_usd=0.0)
    with pytest.raises(RefusedInput, match="already spent"):
        check_budget(one * 1.5, False, [spec], spent_usd=one)
    check_budget(one * 1.5, True, [spec], spent_usd=one)  # --force

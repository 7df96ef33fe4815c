"""The runner's Message Batches path against the scripted endpoint's batches API: polling with
a doubling backoff, results priced at the batch rate and charged to the ledger, failed items
retried alone, a pending batch recorded so the next driver polls it instead of a new one."""

from __future__ import annotations

from typing import Any

import pytest
import requests

from runner.costs.pricing import BATCH_RATE, cost_usd
from runner.errors import ModelStopped
from runner.gateway.batches import BatchClient, Polling
from runner.grading.calls import ROUNDS, run_calls
from runner.pacing.ledger import BudgetGuard, LocalLedger
from runner.schema.batches import BatchRecord
from runner.scripted.script import Script
from runner.scripted.server import ScriptedEndpoint
from runner.store.memory import MemoryStore

MODEL = "claude-sonnet-4-5"
KEY = "runs/b-1/batches/grader.json"


def script(**batches: Any) -> Script:
    return Script.model_validate({
        "usage": {"input_tokens": 1000, "output_tokens": 200},
        "batches": batches,
        "scenarios": [{"name": "grader", "when": {"purpose": "grader"}, "turns": [
            {"tool_use": {"name": "record_grades", "input": {"grades": []}}}]}]})


def grader_call(text: str) -> dict[str, Any]:
    return {"model": MODEL, "max_tokens": 100,
            "messages": [{"role": "user", "content": text}],
            "tools": [{"name": "record_grades", "input_schema": {}}],
            "tool_choice": {"type": "tool", "name": "record_grades"}}


CALLS = {f"g-{name}": grader_call(f"the work of trial {name}") for name in ("a", "b", "c")}


class Sleeps(list[float]):
    def __call__(self, seconds: float) -> None:
        self.append(seconds)


def client(url: str, sleeps: Sleeps | None = None, ledger: LocalLedger | None = None,
           poll_s: float = 1.0, max_poll_s: float = 3.0) -> BatchClient:
    return BatchClient(url, "sk-test", BudgetGuard(ledger), attempts=2, backoff_s=0,
                       polling=Polling(poll_s, max_poll_s,
                                       Sleeps() if sleeps is None else sleeps))


def never() -> str | None:
    return None


def test_polls_with_a_doubling_backoff_capped_until_the_batch_ends() -> None:
    endpoint = ScriptedEndpoint(script(pending_polls=4))
    sleeps = Sleeps()
    with endpoint as url:
        c = client(url, sleeps)
        batch = c.submit(CALLS)
        assert batch.processing_status == "in_progress"
        assert batch.request_counts.processing == 3
        ended = c.wait(batch.id, never)
    assert ended.processing_status == "ended"
    assert ended.request_counts.succeeded == 3
    assert sleeps == [1.0, 2.0, 3.0, 3.0]  # doubling, capped at max_poll_s
    assert c.polls == 5


def test_results_are_priced_at_the_batch_rate_and_charged_to_the_ledger() -> None:
    ledger = LocalLedger(cap_usd=10.0)
    with ScriptedEndpoint(script()) as url:
        c = client(url, ledger=ledger)
        batch = c.wait(c.submit(CALLS).id, never)
        results = c.results(batch)
    assert sorted(r.custom_id for r in results) == sorted(CALLS)
    assert all(r.result.type == "succeeded" for r in results)
    full = cost_usd(MODEL, 1000, 200, 0, 0)
    assert BATCH_RATE == 0.5
    assert c.usage().cost_usd == pytest.approx(3 * full * 0.5)
    assert c.usage().requests == 3
    assert ledger.spent_usd == pytest.approx(3 * full * 0.5)


def test_a_failed_item_is_retried_alone_in_its_own_batch() -> None:
    endpoint = ScriptedEndpoint(script(fail=[{"prompt": "trial b", "times": 1}]))
    answered: list[str] = []
    store = MemoryStore()
    with endpoint as url:
        answers = run_calls(CALLS, client(url), store, KEY, never,
                            lambda cid, message: answered.append(cid))
    created = endpoint.model.batches.created
    assert created[0] == list(CALLS)  # the first batch failed b ...
    assert created[1:] == [["g-b"]]  # ... which went again, alone, and succeeded
    assert sorted(answered) == sorted(CALLS)
    assert answers.failed == {}
    assert len(answers.batches) == 2
    assert not store.exists(KEY)  # nothing left pending


def test_an_item_failing_every_round_is_reported_failed_after_the_last_round() -> None:
    endpoint = ScriptedEndpoint(script(fail=[{"prompt": "trial c", "times": 99,
                                              "type": "overloaded_error"}]))
    with endpoint as url:
        answers = run_calls(CALLS, client(url), MemoryStore(), KEY, never, lambda *_: None)
    assert endpoint.model.batches.created[1:] == [["g-c"]] * (ROUNDS - 1)
    assert set(answers.messages) == {"g-a", "g-b"}
    assert list(answers.failed) == ["g-c"]
    assert "overloaded_error" in answers.failed["g-c"]


def test_a_batch_pending_past_its_expiry_ends_with_its_items_expired() -> None:
    endpoint = ScriptedEndpoint(script(pending_s=60, expires_s=0.01))
    with endpoint as url:
        answers = run_calls(CALLS, client(url), MemoryStore(), KEY, never, lambda *_: None,
                            rounds=1)
    assert answers.messages == {}
    assert answers.failed == {cid: "expired" for cid in CALLS}


def test_a_stopped_driver_leaves_the_pending_batch_and_the_next_one_polls_it() -> None:
    endpoint = ScriptedEndpoint(script(pending_polls=3))
    store = MemoryStore()
    asked: list[int] = []

    def stop_after_submitting() -> str | None:
        asked.append(1)
        return "stop requested" if len(asked) > 1 else None

    with endpoint as url:
        with pytest.raises(ModelStopped, match="pending"):
            run_calls(CALLS, client(url), store, KEY, stop_after_submitting, lambda *_: None)
        record = BatchRecord.model_validate_json(store.get(KEY))
        assert record.custom_ids == list(CALLS)
        answered: list[str] = []
        answers = run_calls(CALLS, client(url), store, KEY, never,
                            lambda cid, message: answered.append(cid))
    assert len(endpoint.model.batches.created) == 1  # the resumed driver made no new batch
    assert answers.batches == [record.batch_id]
    assert sorted(answered) == sorted(CALLS)
    assert not store.exists(KEY)


def test_a_recorded_batch_the_endpoint_does_not_know_is_submitted_again() -> None:
    endpoint = ScriptedEndpoint(script())
    store = MemoryStore()
    store.put(KEY, BatchRecord(batch_id="msgbatch_gone", custom_ids=list(CALLS),
                               submitted_at="2026-12-01T00:00:00Z").model_dump_json().encode())
    with endpoint as url:
        answers = run_calls(CALLS, client(url), store, KEY, never, lambda *_: None)
    assert endpoint.model.batches.created == [list(CALLS)]
    assert set(answers.messages) == set(CALLS)


def test_a_stopped_run_submits_nothing() -> None:
    endpoint = ScriptedEndpoint(script())
    with endpoint as url, pytest.raises(ModelStopped):
        run_calls(CALLS, client(url), MemoryStore(), KEY, lambda: "budget", lambda *_: None)
    assert endpoint.model.batches.created == []


def test_the_scripted_batches_api_speaks_the_real_shapes() -> None:
    with ScriptedEndpoint(script(fail=[{"prompt": "trial a"}])) as url:
        headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
        bad = requests.post(f"{url}/v1/messages/batches", headers=headers, timeout=5,
                            json={"requests": [{"custom_id": "has space", "params": {}}]})
        assert bad.status_code == 400
        made = requests.post(f"{url}/v1/messages/batches", headers=headers, timeout=5, json={
            "requests": [{"custom_id": cid, "params": body} for cid, body in CALLS.items()]})
        batch = made.json()
        assert batch["type"] == "message_batch"
        assert batch["processing_status"] == "in_progress"
        assert batch["results_url"] is None
        polled = requests.get(f"{url}/v1/messages/batches/{batch['id']}", headers=headers,
                              timeout=5).json()
        assert polled["processing_status"] == "ended"
        assert polled["request_counts"] == {"processing": 0, "succeeded": 2, "errored": 1,
                                            "canceled": 0, "expired": 0}
        lines = requests.get(polled["results_url"], headers=headers, timeout=5).text
        results = {r["custom_id"]: r["result"] for r in map(__import__("json").loads,
                                                             lines.splitlines())}
        assert results["g-a"]["type"] == "errored"
        assert results["g-a"]["error"]["error"]["type"] == "api_error"
        assert results["g-b"]["type"] == "succeeded"
        assert results["g-b"]["message"]["content"][0]["name"] == "record_grades"
        missing = requests.get(f"{url}/v1/messages/batches/msgbatch_nope", headers=headers,
                               timeout=5)
        assert missing.status_code == 404

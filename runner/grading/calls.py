"""Independent single-turn calls answered through the Message Batches API, resumably.

    run_calls   submit every call in one batch, persist the batch (its id and custom_ids) in
                the store before waiting, poll it, hand each answer to the caller as soon as
                the batch ends, then submit the items that failed (errored, expired,
                canceled) again, alone, up to ROUNDS batches in all

A driver killed or stopped while a batch is pending leaves its record: the next driver polls
that same batch for those custom_ids instead of paying for a new one. A recorded batch the
endpoint no longer knows (404: expired and archived, or another endpoint) is dropped and its
items submitted again.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from pydantic import ValidationError

from runner.errors import ModelCallError, ModelStopped
from runner.gateway.batches import BatchClient
from runner.schema.batches import BatchRecord, MessageBatch, ResultType
from runner.store.base import Store

log = logging.getLogger(__name__)

ROUNDS = 3  # batches per item at most: the first, then retries of what failed, alone


@dataclass
class Answers:
    """What came back: each answered call's message, and why each other call failed."""

    messages: dict[str, dict[str, Any]] = field(default_factory=dict)
    failed: dict[str, str] = field(default_factory=dict)
    batches: list[str] = field(default_factory=list)  # ids of the batches read, in order


def _record(store: Store, key: str) -> BatchRecord | None:
    try:
        return BatchRecord.model_validate_json(store.get(key))
    except KeyError:
        return None
    except (ValidationError, ValueError):
        log.warning("unreadable batch record %s: its items are submitted again", key)
        return None


def run_calls(calls: dict[str, dict[str, Any]], client: BatchClient, store: Store, key: str,
              stopped: Callable[[], str | None],
              on_answer: Callable[[str, dict[str, Any]], None],
              rounds: int = ROUNDS) -> Answers:
    """Answer `calls` (custom_id -> Messages params) in batches; `on_answer(custom_id,
    message)` stores each answer before the batch's record is let go. ModelStopped when the
    run is stopped (a pending batch stays recorded for the next driver); ModelCallError when
    the endpoint fails the batch itself."""
    answers = Answers()
    record = _record(store, key)
    made = record.round if record is not None else 0
    while True:
        todo = [cid for cid in calls if cid not in answers.messages]
        if record is not None:
            mine = [cid for cid in record.custom_ids if cid in calls]
            if not mine:
                store.delete(key)  # a batch of items nobody waits for any more
                record = None
                continue
            log.info("batch %s: resuming the wait for %d call(s)", record.batch_id, len(mine))
        else:
            if not todo or made >= rounds:
                break
            reason = stopped()
            if reason:
                raise ModelStopped(f"run stopped: {reason}")
            made += 1
            batch = client.submit({cid: calls[cid] for cid in todo})
            record = BatchRecord(batch_id=batch.id, custom_ids=todo, round=made,
                                 submitted_at=datetime.now(UTC))
            store.put(key, record.model_dump_json(indent=1).encode())
            log.info("batch %s: %d call(s) submitted (round %d)", batch.id, len(todo), made)
            mine = todo
        try:
            ended = client.wait(record.batch_id, stopped)
        except ModelCallError as exc:
            if exc.status != 404:
                raise
            log.warning("batch %s is unknown to the endpoint: its %d call(s) are submitted "
                        "again", record.batch_id, len(mine))
            store.delete(key)
            record = None
            continue
        _take(client, ended, mine, answers, on_answer)
        store.delete(key)
        record = None
    return answers


def _take(client: BatchClient, ended: MessageBatch, mine: list[str], answers: Answers,
          on_answer: Callable[[str, dict[str, Any]], None]) -> None:
    """Read the ended batch's results for `mine`: each answer handed on, each other noted."""
    wanted = set(mine)
    seen: set[str] = set()
    for result in client.results(ended):
        if result.custom_id not in wanted:
            continue
        seen.add(result.custom_id)
        message = result.result.message
        if result.result.type is ResultType.SUCCEEDED and message is not None:
            on_answer(result.custom_id, message)
            answers.messages[result.custom_id] = message
            answers.failed.pop(result.custom_id, None)
        else:
            answers.failed[result.custom_id] = result.why
    for cid in wanted - seen:
        answers.failed[cid] = "no result in the batch"
    answers.batches.append(ended.id)
    failed = [cid for cid in mine if cid not in answers.messages]
    if failed:
        log.warning("batch %s: %d of %d call(s) failed (first: %s)", ended.id,
                    len(failed), len(mine), answers.failed[failed[0]])
